import { describe, expect, it } from 'vitest'
import { COUNTRIES, COUNTRY_CODES } from '../../domain/countries'
import {
  WALLET_PROVIDERS,
  isValidWalletNumber,
  normalizeWalletNumber,
  providerForNumber,
  providersFor,
} from '../../domain/wallets'

describe('wallet providers', () => {
  it('offers each country the providers its profile lists', () => {
    for (const c of COUNTRY_CODES) expect(providersFor(c).map((p) => p.code)).toEqual(COUNTRIES[c].walletProviders)
    expect(providersFor('TZ').map((p) => p.code)).toEqual(['mpesa', 'airtel', 'tigo', 'halopesa'])
  })

  it('never gives one number range to two providers of a country', () => {
    for (const c of COUNTRY_CODES) {
      const prefixes = providersFor(c).flatMap((p) => p.prefixes.map((x) => [p.code, x] as const))
      for (const [a, x] of prefixes)
        for (const [b, y] of prefixes) if (a !== b) expect(x.startsWith(y), `${c} ${a} ${x} / ${b} ${y}`).toBe(false)
    }
  })

  it('refuses an Airtel number for M-Pesa in Tanzania and accepts it for Airtel', () => {
    expect(isValidWalletNumber('TZ', 'mpesa', '0754123456')).toBe(true)
    expect(isValidWalletNumber('TZ', 'mpesa', '0684123456')).toBe(false)
    expect(isValidWalletNumber('TZ', 'airtel', '+255 684 123 456')).toBe(true)
  })

  it('tells the Tanzanian network from the number', () => {
    expect(providerForNumber('TZ', '0714123456')).toBe('tigo')
    expect(providerForNumber('TZ', '0774123456')).toBe('tigo')
    expect(providerForNumber('TZ', '0621123456')).toBe('halopesa')
    expect(providerForNumber('TZ', '0731123456')).toBeNull()
    expect(providerForNumber('TZ', 'not a number')).toBeNull()
  })

  it('tells the Tanzanian network of the newer ranges: Halotel 063, Mixx by Yas 070, Vodacom 072 and 079, Airtel 066', () => {
    expect(providerForNumber('TZ', '0631123456')).toBe('halopesa')
    expect(providerForNumber('TZ', '0701123456')).toBe('tigo')
    expect(providerForNumber('TZ', '0721123456')).toBe('mpesa')
    expect(providerForNumber('TZ', '0791123456')).toBe('mpesa')
    expect(providerForNumber('TZ', '0661123456')).toBe('airtel')
    expect(isValidWalletNumber('TZ', 'mpesa', '0791123456')).toBe(true)
    expect(isValidWalletNumber('TZ', 'airtel', '0791123456')).toBe(false)
  })

  it('takes Safaricom’s 0749, 011x, 014x and 018x numbers for M-Pesa and Airtel’s 0103–0108 and 0761 for Airtel Money', () => {
    for (const input of ['0749123456', '0116123456', '0119123456', '0140123456', '0145123456', '0181123456'])
      expect(providerForNumber('KE', input), input).toBe('mpesa')
    for (const input of ['0103123456', '0108123456', '0761123456']) expect(providerForNumber('KE', input), input).toBe('airtel')
    expect(providerForNumber('KE', '0771123456')).toBeNull() // Telkom: no wallet offered
  })

  it('refuses an Airtel number for M-Pesa in Kenya, across the 07 and 01 ranges', () => {
    expect(isValidWalletNumber('KE', 'mpesa', '0722123456')).toBe(true)
    expect(isValidWalletNumber('KE', 'mpesa', '0733123456')).toBe(false)
    expect(providerForNumber('KE', '0110123456')).toBe('mpesa')
    expect(providerForNumber('KE', '0100123456')).toBe('airtel')
    expect(providerForNumber('KE', '0757123456')).toBe('mpesa')
    expect(providerForNumber('KE', '0756123456')).toBe('airtel')
    expect(providerForNumber('KE', '0747123456')).toBeNull()
  })

  it('pays Mexican borrowers to a CLABE with a correct check digit only', () => {
    expect(isValidWalletNumber('MX', 'clabe', '002010077777777771')).toBe(true)
    expect(isValidWalletNumber('MX', 'clabe', '002010077777777772')).toBe(false)
    expect(isValidWalletNumber('MX', 'mpesa', '5512345678')).toBe(false)
  })

  it('stores the national number of a wallet and the bare digits of a CLABE', () => {
    expect(normalizeWalletNumber('TZ', 'mpesa', '+255 754 123 456')).toBe('754123456')
    expect(normalizeWalletNumber('MX', 'clabe', '002 010 077777777771')).toBe('002010077777777771')
    expect(normalizeWalletNumber('TZ', 'mpesa', '0684123456')).toBeNull()
  })

  it('labels every provider under enums.wallet', () => {
    for (const p of WALLET_PROVIDERS) expect(p.nameKey).toBe(`enums.wallet.${p.code}`)
  })
})
