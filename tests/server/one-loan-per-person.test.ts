/**
 * One loan at a time per person (issue 11; docs/decisions.md "One loan at a time per person"): a second phone
 * number is not a second person. Through the real calls: the same national ID number or the same payout wallet
 * cannot hold two applications or loans on two accounts, nor skip a rejection's 30 days — not even after the first
 * account is deleted; repaying frees them; two different people are never stopped; and the database refuses a
 * second held order under one key whoever inserts it.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { loadConfig } from '../../server/config'
import { isUniqueViolation } from '../../server/db/client'
import { loanOrders, PERSON_KEY_INDEX, WALLET_KEY_INDEX } from '../../server/db/schema/loans'
import { profiles } from '../../server/db/schema/profile'
import { backfillPersonKeys, idNumberKey } from '../../server/profile/person-keys'
import { tanzanianPersonalInfo } from '../domain/onboarding-bodies'
import { describeOnEachDatabase } from './helpers/databases'
import { codeFor } from './helpers/session'
import {
  ADDITION,
  DAY,
  MINUTE,
  PRODUCT,
  advance,
  call,
  completeSteps,
  expectBooksBalanced,
  mobileFor,
  ok,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const TZS = 100

let serial = 0
/** A NIDA number no other borrower of this run has, dash-joined as the form sends it. */
function freshNida(): string {
  serial += 1
  const middle = String(10_000 + ((serial * 7_919 + process.pid) % 90_000))
  return `19900517-${middle}-${String(serial).padStart(5, '0')}-26`
}

describe('The person-key secret', () => {
  it('must be configured in production: its own, long enough', () => {
    const production = { NODE_ENV: 'production', KOPA_DATA_DIR: '/srv/kopa' }
    expect(() => loadConfig(production)).toThrow(/KOPA_PERSON_KEY_SECRET/)
    expect(() => loadConfig({ ...production, KOPA_PERSON_KEY_SECRET: 'short' })).toThrow(
      /KOPA_PERSON_KEY_SECRET/,
    )
    const secret = 'k'.repeat(40)
    expect(loadConfig({ ...production, KOPA_PERSON_KEY_SECRET: secret }).personKeySecret).toBe(secret)
  })

  it('keys the same number typed two ways alike, and never as the number itself', () => {
    const a = idNumberKey('s'.repeat(32), 'TZ', '19900517-12345-00002-26')
    expect(a).toBe(idNumberKey('s'.repeat(32), 'TZ', '19900517 12345 00002 26'))
    expect(a).not.toContain('19900517')
    expect(a).not.toBe(idNumberKey('t'.repeat(32), 'TZ', '19900517-12345-00002-26'))
    expect(idNumberKey('s'.repeat(32), 'KE', '01234567')).toBe(idNumberKey('s'.repeat(32), 'KE', '1234567'))
  })
})

describeOnEachDatabase('One loan at a time per person', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target)
  })
  afterAll(() => ls.close())
  afterEach(() => expectBooksBalanced(ls))

  const db = () => ls.s.server.ctx.db

  const saveId = (b: Borrower, nationalId: string, lang = 'en') =>
    call<T.StepResult>(
      ls,
      b,
      '/user/saveBasicInfo-market',
      { ...tanzanianPersonalInfo, nationalId },
      { lang },
    )

  const addWallet = (b: Borrower, account: string) =>
    call<T.StepResult>(ls, b, '/user/addBankCard', {
      provider: 'mpesa',
      accountNumber: account,
      confirmAccountNumber: account,
    })

  const apply = (b: Borrower, lang = 'en') =>
    call<T.ApplyResult>(
      ls,
      b,
      '/loan/loan-order/apply-market',
      { productId: PRODUCT.TZ, amountMinor: 200_000 * TZS, tenureDays: 91 },
      { lang },
    )

  const latest = (b: Borrower) => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')

  /** A new account whose whole profile is saved (the ID number and the wallet through their calls), no order yet. */
  async function person(p: { nationalId: string; wallet: string; addition?: keyof typeof ADDITION }) {
    const b = await register(ls.s, 'TZ')
    expect((await saveId(b, p.nationalId)).code).toBe(ApiCode.Ok)
    await completeSteps(ls, b, ['identity', 'additionalInfo'], { addition: p.addition ?? 'good' })
    expect((await addWallet(b, p.wallet)).code).toBe(ApiCode.Ok)
    return b
  }

  /** Applies with a complete profile and is assessed: 14 approved, or 9 rejected. */
  async function assessed(b: Borrower) {
    const applied = await apply(b)
    expect(applied.code, applied.msg).toBe(ApiCode.Ok)
    expect(applied.data.status).toBe(19)
    await ok(ls, b, '/user/submit', { orderNo: applied.data.orderNo })
    await settle(ls)
    return latest(b)
  }

  async function paidOut(b: Borrower) {
    const order = await assessed(b)
    expect(order.status).toBe(14)
    await ok(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
    await settle(ls)
    const paid = await latest(b)
    expect(paid.status).toBe(2)
    return paid
  }

  it('refuses a second account under the same ID number, at apply or at the step that names it', async () => {
    const nida = freshNida()
    const first = await person({ nationalId: nida, wallet: mobileFor('TZ') })
    expect((await assessed(first)).status).toBe(14)

    // The same number typed without dashes, on another phone number: a complete profile is refused at apply.
    const second = await person({ nationalId: nida.replace(/-/g, ''), wallet: mobileFor('TZ') })
    const refused = await apply(second)
    expect(refused).toMatchObject({ code: ApiCode.LoanIdNumberInUse, data: null })
    expect(refused.msg).toBe(
      'This ID number already has a loan in progress with us. Repay it before applying again',
    )
    expect((await call(ls, second, '/loan/loan-order/latest')).data).toBeNull()
    const sw = await apply(second, 'sw')
    expect(sw.msg).toBe(
      'Namba hii ya kitambulisho tayari ina mkopo unaoendelea kwetu. Ulipe kwanza kabla ya kuomba tena',
    )

    // An application started before the ID number was known is refused at the personal-info step, which is not
    // saved; the order waits at 6.
    const third = await register(ls.s, 'TZ')
    expect((await apply(third)).data.status).toBe(6)
    const atStep = await saveId(third, nida)
    expect(atStep.code).toBe(ApiCode.LoanIdNumberInUse)
    expect((await latest(third)).status).toBe(6)
    expect((await ok<T.UserInfo>(ls, third, '/security/getUserInfo')).personalInfo).toBeNull()
    // Its own number goes through.
    expect((await saveId(third, freshNida())).data.status).toBe(12)
  })

  it('refuses a second account paid out to the same wallet, at apply or when the wallet is added', async () => {
    const wallet = mobileFor('TZ')
    const first = await person({ nationalId: freshNida(), wallet })
    await paidOut(first)

    const second = await person({ nationalId: freshNida(), wallet: wallet.replace(/^0/, '+255') })
    const refused = await apply(second)
    expect(refused).toMatchObject({ code: ApiCode.LoanWalletInUse, data: null })
    expect(refused.msg).toBe(
      'This wallet account already has a loan in progress with us. Repay that loan before applying again, or add an account of your own',
    )

    // Applying first, the wallet step is where it is refused; the borrower's own wallet submits the application.
    const third = await register(ls.s, 'TZ')
    expect((await saveId(third, freshNida())).code).toBe(ApiCode.Ok)
    await completeSteps(ls, third, ['identity', 'additionalInfo'])
    expect((await apply(third)).data.status).toBe(5)
    expect((await addWallet(third, wallet)).code).toBe(ApiCode.LoanWalletInUse)
    expect((await latest(third)).status).toBe(5)
    expect((await addWallet(third, mobileFor('TZ'))).data.status).toBe(19)
  })

  it('keeps a person rejected on one account waiting 30 days on another, even after deleting the first', async () => {
    const nida = freshNida()
    const wallet = mobileFor('TZ')
    const first = await person({ nationalId: nida, wallet, addition: 'poor' })
    const rejected = await assessed(first)
    expect(rejected.status).toBe(9)

    const byId = await person({ nationalId: nida, wallet: mobileFor('TZ') })
    const refused = await apply(byId)
    expect(refused).toMatchObject({ code: ApiCode.LoanPersonRetryLater, data: { retryAt: rejected.retryAt } })
    expect(refused.msg).toBe(
      'An application with this ID number or wallet account was not approved recently. You can apply again 30 days after that decision',
    )
    const byWallet = await person({ nationalId: freshNida(), wallet })
    expect((await apply(byWallet, 'es')).code).toBe(ApiCode.LoanPersonRetryLater)

    // Deleting the rejected account keeps its loan records, and the wait with them.
    await advance(ls, MINUTE)
    expect((await call(ls, first, '/user/account/delete/code')).code).toBe(ApiCode.Ok)
    const code = await codeFor(ls.s, first.mobile)
    expect((await call(ls, first, '/user/account/delete', { reasons: ['feesTooHigh'], code })).code).toBe(
      ApiCode.Ok,
    )
    expect((await apply(byId)).code).toBe(ApiCode.LoanPersonRetryLater)

    await advance(ls, 30 * DAY)
    expect((await apply(byId)).data.status).toBe(19)
    expect((await apply(byWallet)).data.status).toBe(19)
  })

  it('lets the same person borrow again on another account once the loan is repaid', async () => {
    const nida = freshNida()
    const wallet = mobileFor('TZ')
    const first = await person({ nationalId: nida, wallet })
    const loan = await paidOut(first)
    const again = await person({ nationalId: nida, wallet })
    expect((await apply(again)).code).toBe(ApiCode.LoanIdNumberInUse)

    const detail = await ok<T.RepaymentDetail>(ls, first, '/portal/repayment/detail', {
      orderNo: loan.orderNo,
    })
    await ok(ls, first, '/portal/repayment/confirm', {
      orderNo: loan.orderNo,
      amountMinor: detail.balance.totalMinor,
      channelId: 'mpesa',
    })
    await settle(ls)
    expect((await latest(first)).status).toBe(4)
    expect((await paidOut(again)).status).toBe(2)
  })

  it('never stops two different people', async () => {
    const a = await person({ nationalId: freshNida(), wallet: mobileFor('TZ') })
    const b = await person({ nationalId: freshNida(), wallet: mobileFor('TZ') })
    expect((await assessed(a)).status).toBe(14)
    expect((await assessed(b)).status).toBe(14)
  })

  it('keeps the ID number a loan was assessed under: changing it afterwards frees nothing', async () => {
    const nida = freshNida()
    const first = await person({ nationalId: nida, wallet: mobileFor('TZ') })
    expect((await assessed(first)).status).toBe(14)
    expect((await saveId(first, freshNida())).code).toBe(ApiCode.Ok)
    const second = await person({ nationalId: nida, wallet: mobileFor('TZ') })
    expect((await apply(second)).code).toBe(ApiCode.LoanIdNumberInUse)
  })

  it('is held by the database: a second held order under one key is refused whoever inserts it', async () => {
    const first = await person({ nationalId: freshNida(), wallet: mobileFor('TZ') })
    await assessed(first)
    const [held] = await db().select().from(loanOrders).where(eq(loanOrders.userId, first.userId))
    expect(held!.personKey).toMatch(/^[\w-]{43}$/)
    expect(held!.walletKey).toMatch(/^[\w-]{43}$/)
    const other = await register(ls.s, 'TZ')
    const { id: _id, ...copy } = held!
    const insert = (changes: Partial<typeof copy>) =>
      db()
        .insert(loanOrders)
        .values({
          ...copy,
          orderNo: `${copy.orderNo}${changes.status ?? ''}X`,
          userId: other.userId,
          ...changes,
        })
        .then(
          () => null,
          (err: unknown) => err,
        )

    expect(isUniqueViolation(await insert({ status: 19, walletKey: null }), PERSON_KEY_INDEX)).toBe(true)
    expect(isUniqueViolation(await insert({ status: 2, personKey: null }), WALLET_KEY_INDEX)).toBe(true)
    // Onboarding holds nothing: an application abandoned at a step never locks its owner out.
    expect(await insert({ status: 12 })).toBeNull()
  })

  it('fills in the keys of profiles and orders saved before migration 0005', async () => {
    const nida = freshNida()
    /** An account whose profile and open order were saved before there were keys. */
    async function savedBefore() {
      const b = await register(ls.s, 'TZ')
      await completeSteps(ls, b)
      await db()
        .update(profiles)
        .set({ basicInfo: sql`${profiles.basicInfo} || ${JSON.stringify({ nationalId: nida })}::jsonb` })
        .where(eq(profiles.userId, b.userId))
      expect((await apply(b)).data.status).toBe(19)
      return b
    }
    const old = await savedBefore()
    // Before the rule, the same person could have opened a second one.
    const twice = await savedBefore()
    const orderOf = async (b: Borrower) =>
      (await db().select().from(loanOrders).where(eq(loanOrders.userId, b.userId)))[0]!
    expect(await orderOf(old)).toMatchObject({ personKey: null, walletKey: null })

    const { config, log, clock } = ls.s.server.ctx
    await backfillPersonKeys(db(), config.personKeySecret, log, clock.now())
    const after = await orderOf(old)
    expect(after.personKey).toBe(idNumberKey(config.personKeySecret, 'TZ', nida))
    expect(after.walletKey).not.toBeNull()
    // The second cannot take the key the first holds: left without it (and logged), its own wallet's key taken.
    expect(await orderOf(twice)).toMatchObject({ personKey: null, walletKey: expect.any(String) as unknown })
    expect(ls.s.logs.some((l) => l.includes('another open order already holds this key'))).toBe(true)

    const same = await person({ nationalId: nida, wallet: mobileFor('TZ') })
    expect((await apply(same)).code).toBe(ApiCode.LoanIdNumberInUse)
  })
})
