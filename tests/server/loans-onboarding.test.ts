/**
 * The application and the profile module together, through their real calls: a borrower applies first, then
 * fills personal info, ID (front, back, face), work info and the wallet; each save moves the order on through
 * the lifecycle machine (6 → 12 → 11 → 5 → 19), the assessment scores what was saved, and a pay-out failure is
 * corrected by adding a wallet with the same call.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type * as T from '../../domain/api-types'
import { describeOnEachDatabase } from './helpers/databases'
import { photo } from './helpers/images'
import {
  PRODUCT,
  expectBooksBalanced,
  ok,
  register,
  settle,
  startLoanServer,
  type Borrower,
  type LoanServer,
} from './loans-harness'
import { tanzanianPersonalInfo, workInfo } from '../domain/onboarding-bodies'

const TZS = 100

const personal = tanzanianPersonalInfo

const work = workInfo

const wallet = (accountNumber: string) => ({
  provider: 'mpesa',
  accountNumber,
  confirmAccountNumber: accountNumber,
})

describeOnEachDatabase('Applying through the profile calls', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target)
  })
  afterAll(() => ls.close())
  afterEach(() => expectBooksBalanced(ls))

  /** Each borrower is another person: another ID number (one loan at a time per person, across accounts). */
  async function onboard(b: Borrower, account: string, nationalId = personal.nationalId) {
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 250_000 * TZS,
      tenureDays: 120,
    })
    expect(applied.status).toBe(6)
    const steps: number[] = []
    steps.push(
      (await ok<T.StepResult>(ls, b, '/user/saveBasicInfo-market', { ...personal, nationalId })).status,
    )
    for (const path of [
      '/user/upload/curp/front',
      '/user/upload/curp/back',
      '/user/saveFaceImage',
    ] as const) {
      const res = await ls.s.upload<T.ImageCheckResult>(path, photo(), {}, { token: b.token })
      expect(res.data.accepted).toBe(true)
    }
    steps.push((await ok<T.StepResult>(ls, b, '/user/finishUploadAllImg')).status)
    steps.push((await ok<T.StepResult>(ls, b, '/user/saveAdditionInfo-market', work)).status)
    const last = await ok<T.StepResult>(ls, b, '/user/addBankCard', wallet(account))
    steps.push(last.status)
    expect(steps).toEqual([12, 11, 5, 19])
    expect(last.orderNo).toBe(applied.orderNo)
    return applied
  }

  it('moves the order with each saved step, then assesses what was saved and pays out', async () => {
    const b = await register(ls.s, 'TZ')
    const applied = await onboard(b, '0754123456')
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    const approved = await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
    expect(approved).toMatchObject({ status: 14, amountMinor: 250_000 * TZS })
    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    expect(info.wallet).toMatchObject({ provider: 'mpesa' })
    // The same account reads the same on confirm borrow as in the profile (the wallet form after a failed pay-out).
    const me = await ok<T.UserInfo>(ls, b, '/security/getUserInfo')
    expect(info.wallet.maskedNumber).toBe('0754 *** 456')
    expect(me.wallet?.maskedNumber).toBe(info.wallet.maskedNumber)
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await settle(ls)
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(2)
  })

  it('sends a failed pay-out back to collection when the borrower adds a corrected wallet', async () => {
    const b = await register(ls.s, 'TZ')
    const applied = await onboard(b, '0754120000', '19900517-12345-00003-26')
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await settle(ls)
    expect((await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')).status).toBe(10)

    const corrected = await ok<T.StepResult>(ls, b, '/user/addBankCard', wallet('0754127777'))
    expect(corrected).toEqual({ status: 19, orderNo: applied.orderNo })
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
    await settle(ls)
    const paid = await ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')
    expect(paid.status).toBe(2)
    const info = await ok<T.ConfirmProductInfo>(ls, b, '/loan/confirm/product-info', {
      loanOrderId: applied.loanOrderId,
    })
    expect(info.wallet.maskedNumber).toMatch(/777$/)
  })
})
