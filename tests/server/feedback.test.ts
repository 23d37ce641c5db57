/**
 * Feedback tickets through the real server: receipts uploaded and checked by content and size, a ticket opened
 * with them, the platform's replies (the development endpoint) lighting the red dot, the borrower's answers, the
 * statuses 1–4, rating a resolved ticket, and every refusal with its code and translated message — on every
 * database, through inject and HTTP.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import { images } from '../../server/db/schema/profile'
import { summarize } from '../../server/feedback/tickets'
import type { SmsMessage, SmsProvider } from '../../server/sms'
import { approvedBorrower, startServicesServer } from './borrower-services-harness'
import { describeOnEachDatabase } from './helpers/databases'
import { pdfAsJpeg, photo, png } from './helpers/images'
import { realKyc } from './helpers/real-providers'
import { startTestServer, TRANSPORTS, type TestServer } from './helpers/server'
import { advance, register, type Borrower, type LoanServer } from './loans-harness'

const HOUR = 3_600_000
type Fields = { fields: Record<string, string> }

const ticket = (receipts: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: 1,
  description: 'I paid TSh 54,095 by M-Pesa yesterday but the loan still shows as unpaid.',
  receiverAccount: '0754 123 456',
  receipts,
  contact: '0754123456',
  contactTime: 'morning',
  ...extra,
})

describe('A ticket’s summary', () => {
  it('keeps a short description whole and cuts a long one at a word, marking the cut', () => {
    expect(summarize('  Money   not received ')).toBe('Money not received')
    const long = 'word '.repeat(40)
    const cut = summarize(long)
    expect(cut.length).toBeLessThanOrEqual(80)
    expect(cut.endsWith('word…')).toBe(true)
  })
})

describeOnEachDatabase('Feedback tickets', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    ls = await startServicesServer(target)
  })
  afterAll(() => ls.close())

  /** The "platform" answers through the development endpoint. */
  async function platform(feedbackId: string, body: Record<string, unknown>) {
    const res = await ls.s.raw({
      method: 'POST',
      url: '/dev/feedback/reply',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ feedbackId, ...body }),
    })
    return { status: res.status, body: JSON.parse(res.body) as Record<string, unknown> }
  }

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await ls.s.as(transport)
    })
    const as = (b: Borrower, lang = 'en') => ({ token: b.token, lang })
    const upload = (
      b: Borrower,
      file = photo(),
      path: '/feedback/upload/credential' | '/feedback/uploadFile' = '/feedback/upload/credential',
    ) => s.upload<T.UploadedFile>(path, file, {}, as(b))
    const redDot = async (b: Borrower) =>
      (await s.call<T.RedDot>('/feedback/red-dot-marker', {}, as(b))).data.unread

    it('lets a borrower report an unpaid-looking loan with receipts and follow the conversation to a rating', async () => {
      const b = await register(ls.s)
      const first = await upload(b)
      expect(first).toMatchObject({ code: ApiCode.Ok, data: { contentType: 'image/png' } })
      expect(first.data.url).toBe(`/feedback/files/${first.data.fileId}`)
      const second = await upload(b, { bytes: png(64, 64, 'noise'), name: 'r.png', type: 'image/png' })

      const created = await s.call<T.FeedbackCreated>(
        '/feedback/create',
        ticket([first.data.fileId, second.data.fileId]),
        as(b),
      )
      expect(created.code).toBe(ApiCode.Ok)
      const id = created.data.feedbackId

      const list = await s.call<T.Page<T.FeedbackItem>>('/feedback/list/feedback', {}, as(b))
      expect(list.data).toMatchObject({ total: 1, page: 1, pageSize: 20 })
      expect(list.data.items[0]).toMatchObject({
        feedbackId: id,
        type: 1,
        status: 1,
        unread: false,
        rating: null,
      })
      expect(list.data.items[0]!.summary).toContain('I paid TSh 54,095')
      expect(await redDot(b)).toBe(0)

      const detail = await s.call<T.FeedbackDetail>('/feedback/detail', { feedbackId: id }, as(b))
      expect(detail.data).toMatchObject({
        receiverAccount: '0754 123 456',
        contact: '+255754123456',
        contactTime: 'morning',
        messages: [],
        canRate: false,
      })
      expect(detail.data.receipts.map((r) => r.fileId)).toEqual([first.data.fileId, second.data.fileId])

      // The receipt is served to its owner only.
      const mine = await s.raw({
        method: 'GET',
        url: first.data.url,
        headers: { authorization: `Bearer ${b.token}` },
      })
      expect(mine.status).toBe(200)
      expect(mine.headers['content-type']).toBe('image/png')
      expect(mine.headers['cache-control']).toContain('no-store')
      expect(Number(mine.headers['content-length'])).toBe(first.data.size)
      expect((await s.raw({ method: 'GET', url: first.data.url })).status).toBe(401)
      const other = await register(ls.s)
      const theirs = await s.raw({
        method: 'GET',
        url: first.data.url,
        headers: { authorization: `Bearer ${other.token}` },
      })
      expect(theirs.status).toBe(404)

      // The platform asks for the transaction code: the ticket waits for the borrower, with a red dot.
      const asked = await platform(id, { content: 'Please send the M-Pesa transaction code.' })
      expect(asked).toMatchObject({ status: 200, body: { feedbackId: id, status: 3 } })
      expect(await redDot(b)).toBe(1)
      const waiting = await s.call<T.Page<T.FeedbackItem>>('/feedback/list/feedback', { status: 3 }, as(b))
      expect(waiting.data.items[0]).toMatchObject({ feedbackId: id, status: 3, unread: true })

      const read = await s.call<T.FeedbackDetail>('/feedback/detail', { feedbackId: id }, as(b))
      expect(read.data.messages).toMatchObject([
        { from: 'support', content: 'Please send the M-Pesa transaction code.' },
      ])
      expect(read.data.unread).toBe(false)
      expect(await redDot(b)).toBe(0)

      // The borrower answers with a screenshot: back to the platform (2).
      const shot = await upload(b, photo(), '/feedback/uploadFile')
      const answered = await s.call<T.MessageCreated>(
        '/feedback/add/leaveMsg',
        { feedbackId: id, content: 'The code is QH72KD9PLM.', attachments: [shot.data.fileId] },
        as(b),
      )
      expect(answered.code).toBe(ApiCode.Ok)
      const processing = await s.call<T.Page<T.FeedbackItem>>('/feedback/list/feedback', { status: 1 }, as(b))
      expect(processing.data.items.map((i) => [i.feedbackId, i.status])).toEqual([[id, 2]])
      const thread = await s.call<T.Page<T.FeedbackMessage>>(
        '/feedback/list/leave-message',
        { feedbackId: id },
        as(b),
      )
      expect(thread.data.items.map((m) => [m.from, m.attachments.map((a) => a.fileId)])).toEqual([
        ['support', []],
        ['borrower', [shot.data.fileId]],
      ])
      const page2 = await s.call<T.Page<T.FeedbackMessage>>(
        '/feedback/list/leave-message',
        { feedbackId: id, page: 2, pageSize: 1 },
        as(b),
      )
      expect(page2.data).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ from: 'borrower' }] })

      // Rating is for a resolved ticket only.
      const early = await s.call('/feedback/submit-rating', { feedbackId: id, rating: 5 }, as(b))
      expect(early.code).toBe(ApiCode.FeedbackNotRateable)

      expect(
        await platform(id, { content: 'Your payment is now recorded. Thank you!', status: 4 }),
      ).toMatchObject({
        status: 200,
        body: { status: 4 },
      })
      expect(await redDot(b)).toBe(1)
      const done = await s.call<T.FeedbackDetail>('/feedback/detail', { feedbackId: id }, as(b))
      expect(done.data).toMatchObject({ status: 4, canRate: true })

      const closed = await s.call(
        '/feedback/add/leaveMsg',
        { feedbackId: id, content: 'Thanks' },
        as(b, 'sw_KE'),
      )
      expect(closed.code).toBe(ApiCode.FeedbackClosed)
      expect(closed.msg).toContain('tiketi mpya')

      expect((await s.call('/feedback/submit-rating', { feedbackId: id, rating: 4 }, as(b))).code).toBe(
        ApiCode.Ok,
      )
      const again = await s.call('/feedback/submit-rating', { feedbackId: id, rating: 1 }, as(b))
      expect(again.code).toBe(ApiCode.FeedbackNotRateable)
      const rated = await s.call<T.FeedbackDetail>('/feedback/detail', { feedbackId: id }, as(b))
      expect(rated.data).toMatchObject({ rating: 4, canRate: false })
      expect(await platform(id, { status: 2 })).toMatchObject({ status: 409 })
    })

    it('ties a ticket to one of the borrower’s own orders only', async () => {
      const { b, order } = await approvedBorrower(ls)
      const mine = await s.call<T.FeedbackCreated>(
        '/feedback/create',
        ticket([], { type: 7, loanOrderId: order.loanOrderId }),
        as(b),
      )
      const detail = await s.call<T.FeedbackDetail>(
        '/feedback/detail',
        { feedbackId: mine.data.feedbackId },
        as(b),
      )
      expect(detail.data.loanOrderId).toBe(order.loanOrderId)

      const stranger = await register(ls.s)
      const refused = await s.call(
        '/feedback/create',
        ticket([], { loanOrderId: order.loanOrderId }),
        as(stranger),
      )
      expect(refused.code).toBe(ApiCode.LoanOrderNotFound)
      expect(
        (await s.call('/feedback/detail', { feedbackId: mine.data.feedbackId }, as(stranger))).code,
      ).toBe(ApiCode.FeedbackNotFound)
      expect((await s.call('/feedback/detail', { feedbackId: 'abc' }, as(stranger))).code).toBe(
        ApiCode.FeedbackNotFound,
      )
    })

    it('explains at each field what is wrong with a ticket, in the borrower’s language', async () => {
      const b = await register(ls.s)
      const cases: [Record<string, unknown>, string][] = [
        [ticket([], { description: '   ' }), 'description'],
        [ticket([], { type: 8 }), 'type'],
        [ticket([], { receiverAccount: '' }), 'receiverAccount'],
        [ticket([], { contact: 'someone' }), 'contact'],
        [ticket([], { contactTime: 'midnight' }), 'contactTime'],
        [ticket([], { description: 'x'.repeat(1001) }), 'description'],
      ]
      for (const [body, field] of cases) {
        const en = await s.call<Fields>('/feedback/create', body, as(b))
        const sw = await s.call<Fields>('/feedback/create', body, as(b, 'sw_KE'))
        expect(en.code, field).toBe(ApiCode.ValidationFailed)
        expect(Object.keys(en.data.fields), field).toContain(field)
        expect(sw.data.fields[field], field).not.toBe(en.data.fields[field])
        expect(sw.data.fields[field], field).not.toMatch(/^validation\./)
      }
      // Type 3 (other) does not ask which account received the money; an e-mail address is a contact.
      const other = await s.call(
        '/feedback/create',
        ticket([], { type: 3, receiverAccount: undefined, contact: 'Asha.M@Gmail.com' }),
        as(b),
      )
      expect(other.code).toBe(ApiCode.Ok)
      const list = await s.call<T.Page<T.FeedbackItem>>('/feedback/list/feedback', {}, as(b))
      expect(list.data.total).toBe(1)
    })

    it('takes at most three receipts, each one an unattached upload of the borrower', async () => {
      const b = await register(ls.s)
      const ids = []
      for (let i = 0; i < 4; i++) ids.push((await upload(b)).data.fileId)
      const four = await s.call<Fields>('/feedback/create', ticket(ids), as(b))
      expect(four.code).toBe(ApiCode.ValidationFailed)
      expect(four.data.fields.receipts).toBe('You can add at most 3 images')

      const stranger = await register(ls.s)
      const theirs = (await upload(stranger)).data.fileId
      for (const receipts of [[ids[0]!, theirs], ['999999999'], ['not-a-file']]) {
        const res = await s.call('/feedback/create', ticket(receipts), as(b))
        expect(res.code).toBe(ApiCode.FeedbackFileUnknown)
      }
      expect((await s.call<T.Page<T.FeedbackItem>>('/feedback/list/feedback', {}, as(b))).data.total).toBe(0)

      expect((await s.call('/feedback/create', ticket(ids.slice(0, 3)), as(b))).code).toBe(ApiCode.Ok)
      const reused = await s.call('/feedback/create', ticket([ids[0]!]), as(b))
      expect(reused.code).toBe(ApiCode.FeedbackFileUnknown)
    })

    it('refuses a file that is not a photo, one over 20 MB, and a missing file, with their reasons', async () => {
      const b = await register(ls.s)
      const pdf = await upload(b, pdfAsJpeg())
      expect(pdf.code).toBe(ApiCode.BadUpload)
      expect(pdf.msg).toMatch(/photo/i)
      const huge = Buffer.concat([png(8, 8, 'blank'), Buffer.alloc(20 * 1024 * 1024)])
      const big = await upload(b, { bytes: huge, name: 'big.png', type: 'image/png' })
      expect(big.code).toBe(ApiCode.BadUpload)
      expect(big.msg).toMatch(/20 MB/)
      const none = await s.upload('/feedback/uploadFile', null, {}, as(b))
      expect(none.code).toBe(ApiCode.BadUpload)
    })

    it('limits uploads waiting for a ticket, and deletes the ones never sent after a day', async () => {
      const b = await register(ls.s)
      const waiting: T.UploadedFile[] = []
      for (let i = 0; i < 10; i++)
        waiting.push(
          (await upload(b, { bytes: png(16, 16, 'noise'), name: 'x.png', type: 'image/png' })).data,
        )
      const eleventh = await upload(b)
      expect(eleventh.code).toBe(ApiCode.FeedbackUploadLimit)

      const db = ls.s.server.ctx.db
      const [row] = await db.select().from(images).where(eq(images.userId, b.userId)).limit(1)
      const file = path.join(ls.s.server.ctx.config.uploadDir, row!.fileName)
      expect(existsSync(file)).toBe(true)
      await advance(ls, 25 * HOUR)
      expect(existsSync(file)).toBe(false)
      expect(await db.select().from(images).where(eq(images.userId, b.userId))).toEqual([])
      const gone = await s.raw({
        method: 'GET',
        url: waiting[0]!.url,
        headers: { authorization: `Bearer ${b.token}` },
      })
      expect(gone.status).toBe(404)
      expect((await upload(b)).code).toBe(ApiCode.Ok)
    })

    it('lets a borrower open at most ten tickets a day', async () => {
      const b = await register(ls.s)
      for (let i = 0; i < 10; i++)
        expect((await s.call('/feedback/create', ticket(), as(b))).code).toBe(ApiCode.Ok)
      expect((await s.call('/feedback/create', ticket(), as(b))).code).toBe(ApiCode.RateLimited)
      await advance(ls, 24 * HOUR + 1000)
      expect((await s.call('/feedback/create', ticket(), as(b))).code).toBe(ApiCode.Ok)
    })

    it('answers the development reply endpoint’s mistakes plainly', async () => {
      expect((await platform('999999999', { content: 'Hello' })).status).toBe(404)
      expect((await platform('x', { content: 'Hello' })).status).toBe(400)
      expect((await platform('1', { status: 1 })).status).toBe(400)
      expect((await platform('1', {})).status).toBe(400)
    })
  })
})

describeOnEachDatabase('Feedback in production', (target) => {
  const sent: SmsMessage[] = []
  const gateway: SmsProvider = { name: 'test-gateway', send: async (m) => void sent.push(m) }
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(target, 'inject', {
      config: { mode: 'production' },
      // No loan products in production (nothing is seeded), so only the identity checks must be real.
      overrides: { sms: gateway, kyc: realKyc() },
    })
  })
  afterAll(() => s.close())

  it('has no development reply or coupon endpoints', async () => {
    for (const url of ['/dev/feedback/reply', '/dev/coupons/grant']) {
      const res = await s.raw({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(res.status, url).toBe(404)
    }
  })
})
