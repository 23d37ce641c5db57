/**
 * Account deletion through the real server: refused while a loan is open, exactly one reason, confirmed by the SMS
 * code; a borrower without loans is deleted with their images, tickets and coupons; one with loan records keeps an
 * anonymised row and the books still balance; the web link opens the same screen — on every database, through
 * inject and HTTP.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { accountDeletions } from '../../server/db/schema/account-deletions'
import { coupons } from '../../server/db/schema/coupons'
import { users } from '../../server/db/schema/core'
import { feedbackTickets } from '../../server/db/schema/feedback'
import { loanOrders } from '../../server/db/schema/loans'
import { images, profiles, walletAccounts } from '../../server/db/schema/profile'
import { approvedBorrower, repaidBorrower, startServicesServer } from './borrower-services-harness'
import { describeOnEachDatabase } from './helpers/databases'
import { photo } from './helpers/images'
import { TRANSPORTS, type TestServer } from './helpers/server'
import { codeFor } from './helpers/session'
import {
  advance,
  completeSteps,
  expectBooksBalanced,
  register,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const MINUTE = 60_000
type Fields = { fields: Record<string, string> }

describeOnEachDatabase('Account deletion', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startServicesServer(target)
  })
  afterAll(() => ls.close())

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await ls.s.as(transport)
    })
    const as = (b: Borrower, lang = 'en') => ({ token: b.token, lang })
    const db = () => ls.s.server.ctx.db

    async function askCode(b: Borrower, lang = 'en') {
      const sent = await s.call<T.VerifyCodeSent>('/user/account/delete/code', {}, as(b, lang))
      expect(sent, sent.msg).toMatchObject({
        code: ApiCode.Ok,
        data: { resendAfterSeconds: 60, expiresInSeconds: 300 },
      })
      return codeFor(s, b.mobile)
    }

    it('refuses while a loan is open, and says why in the borrower’s language', async () => {
      const { b, order } = await approvedBorrower(ls)
      const code = await s.call('/user/account/delete/code', {}, as(b, 'sw_KE'))
      expect(code).toMatchObject({
        code: ApiCode.AccountLoanOpen,
        data: { orderNo: order.orderNo, status: 14 },
      })
      expect(code.msg).toContain('mkopo unaoendelea')
      const direct = await s.call('/user/account/delete', { reasons: ['feesTooHigh'], code: '123456' }, as(b))
      expect(direct.code).toBe(ApiCode.AccountLoanOpen)
      expect((await s.call('/security/getUserInfo', {}, as(b))).code).toBe(ApiCode.Ok)
    })

    it('deletes a borrower without loans: profile, photos, tickets, coupons, sessions — and the number is free again', async () => {
      const b = await register(ls.s)
      await completeSteps(ls, b, ['basicInfo', 'additionalInfo', 'wallet'])
      const receipt = await s.upload<T.UploadedFile>('/feedback/upload/credential', photo(), {}, as(b))
      await s.call(
        '/feedback/create',
        {
          type: 3,
          description: 'How do coupons work?',
          receipts: [receipt.data.fileId],
          contact: '0754123456',
          contactTime: 'anytime',
        },
        as(b),
      )
      await s.call('/lottery-draw/create', {}, as(b))
      const [image] = await db().select().from(images).where(eq(images.userId, b.userId))
      const file = path.join(ls.s.server.ctx.config.uploadDir, image!.fileName)
      expect(existsSync(file)).toBe(true)

      await advance(ls, MINUTE)
      const code = await askCode(b)
      const page = await s.raw({ method: 'GET', url: '/dev/sms' })
      expect(page.body).toContain('delete your account')

      const wrong = await s.call<Fields>(
        '/user/account/delete',
        { reasons: ['noLongerNeeded'], code: code === '000000' ? '111111' : '000000' },
        as(b),
      )
      expect(wrong.code).toBe(ApiCode.ValidationFailed)
      expect(wrong.data.fields.code).toBe('Invalid verification code')

      const deleted = await s.call<T.AccountDeleted>(
        '/user/account/delete',
        { reasons: ['noLongerNeeded'], remark: 'Thanks, all good', code },
        as(b),
      )
      expect(deleted.code).toBe(ApiCode.Ok)
      expect(Date.parse(deleted.data.deletedAt)).toBeLessThanOrEqual(ls.s.server.ctx.clock.nowMs())

      expect((await s.call('/security/getUserInfo', {}, as(b))).code).toBe(ApiCode.TokenInvalid)
      expect(await db().select().from(users).where(eq(users.id, b.userId))).toEqual([])
      for (const table of [images, profiles, walletAccounts, feedbackTickets, coupons]) {
        expect(await db().select().from(table).where(eq(table.userId, b.userId))).toEqual([])
      }
      expect(existsSync(file)).toBe(false)
      const records = await db()
        .select()
        .from(accountDeletions)
        .where(eq(accountDeletions.deletedAt, new Date(deleted.data.deletedAt)))
      expect(records).toMatchObject([
        { userId: null, country: 'TZ', reason: 'noLongerNeeded', loanRecordsKept: false },
      ])
      expect(JSON.stringify(ls.s.logs.filter((l) => l.includes('account deleted')))).not.toContain(
        b.mobile.slice(1),
      )

      // The number registers again as a new borrower.
      await advance(ls, MINUTE)
      const again = await register(ls.s, 'TZ', b.mobile)
      expect(again.userId).not.toBe(b.userId)
    })

    it('keeps a repaid borrower’s loan records without their number or profile, and the books still balance', async () => {
      const { b, order } = await repaidBorrower(ls)
      await advance(ls, MINUTE)
      const code = await askCode(b)
      const deleted = await s.call('/user/account/delete', { reasons: ['usingAnotherApp'], code }, as(b))
      expect(deleted.code).toBe(ApiCode.Ok)

      const [user] = await db().select().from(users).where(eq(users.id, b.userId))
      expect(user!.mobile).toBe(`deleted-${b.userId}`)
      expect(await db().select().from(profiles).where(eq(profiles.userId, b.userId))).toEqual([])
      const wallets = await db().select().from(walletAccounts).where(eq(walletAccounts.userId, b.userId))
      expect(wallets.length).toBe(1)
      expect(wallets[0]!.account).toBe(`deleted-${wallets[0]!.id}`)
      const [loan] = await db()
        .select()
        .from(loanOrders)
        .where(eq(loanOrders.id, Number(order.loanOrderId)))
      expect(loan).toMatchObject({ status: 4, userId: b.userId })
      const [record] = await db().select().from(accountDeletions).where(eq(accountDeletions.userId, b.userId))
      expect(record).toMatchObject({ reason: 'usingAnotherApp', loanRecordsKept: true })
      await expectBooksBalanced(ls)
      expect((await s.call('/security/getUserInfo', {}, as(b))).code).toBe(ApiCode.TokenInvalid)
    })

    it('asks for exactly one reason and a 6-digit code', async () => {
      const b = await register(ls.s)
      const cases: [Record<string, unknown>, string, string][] = [
        [{ reasons: [], code: '123456' }, 'reasons', 'You have to choose the reason'],
        [{ reasons: ['feesTooHigh', 'other'], code: '123456' }, 'reasons', 'Choose only one reason'],
        [{ reasons: ['bored'], code: '123456' }, 'reasons.0', 'Choose a reason from the list'],
        [{ reasons: ['other'], code: '12ab' }, 'code', 'The verification code has 6 digits'],
      ]
      for (const [body, field, message] of cases) {
        const res = await s.call<Fields>('/user/account/delete', body, as(b))
        expect(res.code, field).toBe(ApiCode.ValidationFailed)
        expect(res.data.fields[field], field).toBe(message)
      }
      expect((await s.call('/user/account/delete', { reasons: ['other'], code: '123456' })).code).toBe(
        ApiCode.NotLoggedIn,
      )
      expect((await s.call('/security/getUserInfo', {}, as(b))).code).toBe(ApiCode.Ok)
    })
  })

  it('has a web link that opens the same deletion screen in the app', async () => {
    // Through inject: a real HTTP client would follow the redirect to the app itself.
    const res = await ls.s.raw({ method: 'GET', url: '/account/delete' })
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/#/user_center/delete_account')
  })
})
