/**
 * The app-rating prompt's state (popEvaluateTime) through the real server: due after a repaid loan, never after a
 * rejection, once per loan and at most every 30 days, over for good once the borrower rated — and nothing given
 * for a rating — on every database, through inject and HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { createCouponsModule } from '../../server/coupons/module'
import {
  approvedBorrower,
  rejectedBorrower,
  repaidBorrower,
  repayAgain,
  startServicesServer,
} from './borrower-services-harness'
import { describeOnEachDatabase } from './helpers/databases'
import { TRANSPORTS, type TestServer } from './helpers/server'
import { advance, register, type Borrower, type LoanServer } from './loans-harness'

const DAY = 24 * 3_600_000

describeOnEachDatabase('The app-rating prompt', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startServicesServer(target, {
      config: { tokenTtlMs: 400 * DAY },
      // Every draw gives nothing, so a coupon could only come from a rating — and must not.
      replace: [createCouponsModule({ random: () => 99 })],
    })
  })
  afterAll(() => ls.close())

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await ls.s.as(transport)
    })
    const state = async (b: Borrower) =>
      (await s.call<T.RatingPromptState>('/app/evaluate/state', {}, { token: b.token })).data
    const record = (b: Borrower, loanOrderId: string, outcome: string, lang = 'en') =>
      s.call<T.RatingPromptState>('/app/evaluate/record', { loanOrderId, outcome }, { token: b.token, lang })

    it('stays away from a borrower without a repaid loan', async () => {
      const fresh = await register(ls.s)
      expect(await state(fresh)).toEqual({
        show: false,
        loanOrderId: null,
        popupTime: null,
        rejectState: false,
        nextAllowedAt: null,
      })
      const { b } = await approvedBorrower(ls)
      expect((await state(b)).show).toBe(false)
    })

    it('never follows a rejection', async () => {
      const { b, order } = await rejectedBorrower(ls)
      expect(await state(b)).toMatchObject({ show: false, rejectState: true, loanOrderId: null })
      const refused = await record(b, order.loanOrderId, 'shown', 'sw_KE')
      expect(refused.code).toBe(ApiCode.LoanActionNotAllowed)
      expect(refused.msg).not.toMatch(/^errors\./)
    })

    it('asks once after a repaid loan, never again for that loan, and again for the next loan repaid 30 days on', async () => {
      const { b, order } = await repaidBorrower(ls)
      const due = await state(b)
      expect(due).toMatchObject({
        show: true,
        loanOrderId: order.loanOrderId,
        popupTime: null,
        rejectState: false,
      })

      const shownAt = ls.s.server.ctx.clock.nowMs()
      const shown = await record(b, order.loanOrderId, 'shown')
      expect(shown.code).toBe(ApiCode.Ok)
      expect(shown.data.show).toBe(false)
      expect(Date.parse(shown.data.popupTime!)).toBeGreaterThanOrEqual(shownAt)
      expect(Date.parse(shown.data.nextAllowedAt!) - Date.parse(shown.data.popupTime!)).toBe(30 * DAY)

      // The same loan never asks again, even after 30 days.
      await advance(ls, 31 * DAY)
      expect((await state(b)).show).toBe(false)

      // Declining keeps the 30 days from when it was shown; the next repaid loan, past them, asks again.
      const declined = await record(b, order.loanOrderId, 'declined')
      expect(declined.data.popupTime).toBe(shown.data.popupTime)
      const second = await repayAgain(ls, b)
      expect(await state(b)).toMatchObject({ show: true, loanOrderId: second.loanOrderId })
    })

    it('spaces prompts 30 days apart across loans', async () => {
      const { b, order } = await repaidBorrower(ls)
      await record(b, order.loanOrderId, 'shown')
      const second = await repayAgain(ls, b)
      const waiting = await state(b)
      expect(waiting).toMatchObject({ show: false, loanOrderId: second.loanOrderId })
      await advance(ls, Date.parse(waiting.nextAllowedAt!) - ls.s.server.ctx.clock.nowMs() + 1000)
      expect(await state(b)).toMatchObject({ show: true, loanOrderId: second.loanOrderId })
    })

    it('stops for good once the borrower rated, and gives nothing for it', async () => {
      const { b, order } = await repaidBorrower(ls)
      const quantity = async () =>
        (await s.call<T.CouponQuantity>('/lottery-draw/coupon/quantity', {}, { token: b.token })).data
          .available
      const drawsOffered = async () =>
        (await s.call<T.LotteryVisibility>('/lottery-draw/is-show', {}, { token: b.token })).data.show
      const before = { coupons: await quantity(), draws: await drawsOffered() }

      await record(b, order.loanOrderId, 'shown')
      const rated = await record(b, order.loanOrderId, 'rated')
      expect(rated.data.show).toBe(false)
      expect({ coupons: await quantity(), draws: await drawsOffered() }).toEqual(before)

      const second = await repayAgain(ls, b)
      await advance(ls, 31 * DAY)
      expect(await state(b)).toMatchObject({ show: false, loanOrderId: second.loanOrderId })
    })

    it('refuses an order that is not the borrower’s, and an outcome it does not know', async () => {
      const { b, order } = await repaidBorrower(ls)
      const stranger = await register(ls.s)
      expect((await record(stranger, order.loanOrderId, 'shown')).code).toBe(ApiCode.LoanOrderNotFound)
      expect((await record(b, 'abc', 'shown')).code).toBe(ApiCode.LoanOrderNotFound)
      const bad = await record(b, order.loanOrderId, 'loved', 'es_MX')
      expect(bad.code).toBe(ApiCode.ValidationFailed)
      expect((bad.data as unknown as { fields: Record<string, string> }).fields.outcome).toBe(bad.msg)
      expect((await s.call('/app/evaluate/state')).code).toBe(ApiCode.NotLoggedIn)
    })
  })
})
