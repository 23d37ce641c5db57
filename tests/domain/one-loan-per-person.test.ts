/**
 * One loan at a time per person (domain/one-loan-per-person.ts): which typings of an ID number or wallet are
 * the same person's, which statuses hold them, and what another account's orders refuse.
 */
import { describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import {
  PERSON_HELD_STATUSES,
  canonicalNationalId,
  canonicalWallet,
  holdsPerson,
  samePersonRefusal,
  type SamePersonOrder,
} from '../../domain/one-loan-per-person'
import { ONBOARDING_STATUSES } from '../../domain/order-status'
import { CLOSED_STATUSES, OPEN_STATUSES } from '../../machines/order-lifecycle/order-policy'

const DAY = 86_400_000
const NOW = Date.UTC(2025, 5, 1)

const other = (o: Partial<SamePersonOrder> & Pick<SamePersonOrder, 'status'>): SamePersonOrder => ({
  sameIdNumber: false,
  sameWallet: false,
  retryAtMs: null,
  ...o,
})

describe('the same person, however the number was typed', () => {
  it('reads a NIDA number dashed, spaced or run together as the same 20 digits', () => {
    const want = '19900517123450000226'
    expect(canonicalNationalId('TZ', '19900517-12345-00002-26')).toBe(want)
    expect(canonicalNationalId('TZ', ' 19900517 12345 00002 26 ')).toBe(want)
    expect(canonicalNationalId('TZ', want)).toBe(want)
    expect(canonicalNationalId('TZ', '19900517-12345-00002-27')).not.toBe(want)
  })

  it('reads a Kenyan ID card number with or without a leading zero as the same serial number', () => {
    expect(canonicalNationalId('KE', '01234567')).toBe('1234567')
    expect(canonicalNationalId('KE', '1234567')).toBe('1234567')
    expect(canonicalNationalId('KE', '12345678')).toBe('12345678')
  })

  it('reads a CURP in capitals', () => {
    expect(canonicalNationalId('MX', 'gomc900101hdfrrr06')).toBe('GOMC900101HDFRRR06')
  })

  it('has no canonical form for a number that is not valid for the country', () => {
    expect(canonicalNationalId('TZ', '12345678')).toBeNull()
    expect(canonicalNationalId('KE', '123')).toBeNull()
    expect(canonicalNationalId('MX', 'GOMC900101HDFRRR07')).toBeNull()
  })

  it('reads a wallet number in any usual format as its national number, and a CLABE as its 18 digits', () => {
    expect(canonicalWallet('TZ', 'mpesa', '0754123456')).toBe('754123456')
    expect(canonicalWallet('TZ', 'mpesa', '+255 754 123 456')).toBe('754123456')
    expect(canonicalWallet('MX', 'clabe', '0020 1007 7777 7777 71')).toBe('002010077777777771')
    expect(canonicalWallet('TZ', 'airtel', '0754123456')).toBeNull()
  })
})

describe('which orders hold the person', () => {
  it('holds from submission (19) until repaid, cancelled or rejected; onboarding does not hold', () => {
    expect([...PERSON_HELD_STATUSES].sort((a, b) => a - b)).toEqual(
      OPEN_STATUSES.filter((s) => !ONBOARDING_STATUSES.includes(s)).sort((a, b) => a - b),
    )
    for (const s of ONBOARDING_STATUSES) expect(holdsPerson(s)).toBe(false)
    for (const s of CLOSED_STATUSES) expect(holdsPerson(s)).toBe(false)
    for (const s of [19, 1, 14, 18, 7, 10, 2, 3] as const) expect(holdsPerson(s)).toBe(true)
  })
})

describe('what another account of the same person refuses', () => {
  it('refuses a second loan under the same ID number, whatever the other loan is doing', () => {
    for (const status of PERSON_HELD_STATUSES)
      expect(samePersonRefusal([other({ status, sameIdNumber: true })], NOW)).toEqual({
        code: ApiCode.LoanIdNumberInUse,
      })
  })

  it('refuses a second loan to the same wallet', () => {
    expect(samePersonRefusal([other({ status: 2, sameWallet: true })], NOW)).toEqual({
      code: ApiCode.LoanWalletInUse,
    })
  })

  it('names the ID number before the wallet when both are in use', () => {
    expect(samePersonRefusal([other({ status: 3, sameIdNumber: true, sameWallet: true })], NOW)?.code).toBe(
      ApiCode.LoanIdNumberInUse,
    )
  })

  it('does not let another account skip a rejection’s 30 days, by ID number or by wallet', () => {
    const retryAt = NOW + 10 * DAY
    expect(samePersonRefusal([other({ status: 9, sameIdNumber: true, retryAtMs: retryAt })], NOW)).toEqual({
      code: ApiCode.LoanPersonRetryLater,
      retryAtMs: retryAt,
    })
    expect(samePersonRefusal([other({ status: 9, sameWallet: true, retryAtMs: retryAt })], NOW)?.code).toBe(
      ApiCode.LoanPersonRetryLater,
    )
    // Two rejections: the later retry date is the one that counts.
    const later = NOW + 20 * DAY
    expect(
      samePersonRefusal(
        [
          other({ status: 9, sameIdNumber: true, retryAtMs: retryAt }),
          other({ status: 9, sameWallet: true, retryAtMs: later }),
        ],
        NOW,
      ),
    ).toEqual({ code: ApiCode.LoanPersonRetryLater, retryAtMs: later })
  })

  it('lets the person apply again once the 30 days are over, exactly at the retry date', () => {
    expect(samePersonRefusal([other({ status: 9, sameIdNumber: true, retryAtMs: NOW })], NOW)).toBeNull()
    expect(
      samePersonRefusal([other({ status: 9, sameIdNumber: true, retryAtMs: NOW - DAY })], NOW),
    ).toBeNull()
  })

  it('lets the person borrow again after repaying or cancelling, and ignores unfinished onboarding', () => {
    for (const status of [4, 8, 6, 12, 11, 5, 17] as const)
      expect(samePersonRefusal([other({ status, sameIdNumber: true, sameWallet: true })], NOW)).toBeNull()
  })

  it('does not refuse a different person', () => {
    expect(samePersonRefusal([], NOW)).toBeNull()
    expect(
      samePersonRefusal([other({ status: 2 }), other({ status: 9, retryAtMs: NOW + DAY })], NOW),
    ).toBeNull()
  })
})
