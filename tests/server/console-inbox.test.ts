/**
 * The support inbox in the console (issue 20 item 2): tickets by status with their SLA (24 hours from the opening
 * or the borrower's latest message, whichever is later), oldest due first, masked by role; the thread with its
 * receipts behind the member's token; a reply that the borrower's app shows at once with its red dot; status
 * changes along the allowed transitions; bad input as 400 with its fields, the reply rate limit as 429; each
 * action audited by ids only — on every database.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import type { ConsoleTicket, InboxPage } from '../../domain/console-inbox'
import { auditLog } from '../../server/db/schema/staff'
import { startServicesServer } from './borrower-services-harness'
import { consoleStaff, type ConsoleStaff } from './helpers/console-staff'
import { describeOnEachDatabase } from './helpers/databases'
import { photo, png } from './helpers/images'
import { register, type Borrower, type LoanServer } from './loans-harness'

const HOUR = 3_600_000
const DESCRIPTION = 'I paid TSh 54,095 by M-Pesa yesterday but the loan still shows as unpaid.'

describeOnEachDatabase('The support inbox in the console', (target) => {
  let ls: LoanServer
  let staff: ConsoleStaff
  const inject = async (method: 'GET' | 'POST', url: string, as?: string, payload?: unknown) => {
    const res = await ls.s.server.app.inject({
      method,
      url,
      headers: as ? { authorization: `Bearer ${staff.tokens.get(as)}` } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    })
    return { status: res.statusCode, json: () => res.json(), res }
  }
  const inbox = async (query = '', as = 'sam.support') =>
    (await inject('GET', `/console/api/tickets${query}`, as)).json() as InboxPage
  const thread = async (id: string, as = 'sam.support') =>
    (await inject('GET', `/console/api/tickets/${id}`, as)).json() as ConsoleTicket
  const as = (b: Borrower) => ({ token: b.token, lang: 'en' })
  async function openTicket(b: Borrower, receipts: string[] = []) {
    const created = await ls.s.call<T.FeedbackCreated>(
      '/feedback/create',
      {
        type: 1,
        description: DESCRIPTION,
        receiverAccount: '0754 123 456',
        receipts,
        contact: '0754123456',
        contactTime: 'morning',
      },
      as(b),
    )
    expect(created.code, created.msg).toBe(ApiCode.Ok)
    return created.data.feedbackId
  }

  beforeAll(async () => {
    ls = await startServicesServer(target)
    staff = await consoleStaff(ls.s, [
      ['sam.support', 'support'],
      ['ada.admin', 'admin'],
      ['fatma.finance', 'finance'],
    ])
  })
  /** Sessions idle out after 30 minutes and the tests move the clock by hours: the members sign in afresh. */
  beforeEach(() => staff.signIn())
  afterAll(() => ls.close())

  it('lists open tickets oldest due first with their SLA, and a borrower’s message moves the due time', async () => {
    const { clock } = ls.s.server.ctx
    const first = await register(ls.s)
    const older = await openTicket(first)
    await clock.advance(2 * HOUR)
    const second = await register(ls.s)
    const newer = await openTicket(second)
    await staff.signIn()

    let page = await inbox()
    const ids = page.tickets.map((t) => t.ticketId)
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer))
    const row = page.tickets.find((t) => t.ticketId === newer)!
    expect(row).toMatchObject({
      status: 1,
      type: 1,
      overdue: false,
      lastBorrowerAt: null,
      borrowerMobile: expect.stringMatching(new RegExp(`^\\*+${second.mobile.slice(-3)}$`)),
    })
    expect(row.dueAt).toBe(new Date(Date.parse(row.createdAt) + 24 * HOUR).toISOString())
    expect(row.summary).toContain('I paid TSh 54,095')

    // The older ticket's borrower writes again 3 hours later: its clock starts over, so it is now due after the newer.
    await clock.advance(3 * HOUR)
    await staff.signIn()
    const left = await ls.s.call(
      '/feedback/add/leaveMsg',
      { feedbackId: older, content: 'Any news?', attachments: [] },
      as(first),
    )
    expect(left.code, left.msg).toBe(ApiCode.Ok)
    page = await inbox()
    const after = page.tickets.map((t) => t.ticketId)
    expect(after.indexOf(newer)).toBeLessThan(after.indexOf(older))
    const moved = page.tickets.find((t) => t.ticketId === older)!
    expect(Date.parse(moved.lastBorrowerAt!)).toBeGreaterThan(Date.parse(moved.createdAt) + 5 * HOUR - 60_000)
    expect(moved.dueAt).toBe(new Date(Date.parse(moved.lastBorrowerAt!) + 24 * HOUR).toISOString())

    await clock.advance(22 * HOUR)
    await staff.signIn()
    page = await inbox()
    expect(page.tickets.find((t) => t.ticketId === newer)!.overdue).toBe(true)
    expect(page.tickets.find((t) => t.ticketId === older)!.overdue).toBe(false)
  })

  it('shows the thread with receipts behind the member’s token; the reply reaches the borrower with the red dot', async () => {
    const b = await register(ls.s)
    const upload = await ls.s.upload<T.UploadedFile>('/feedback/upload/credential', photo(), {}, as(b))
    const id = await openTicket(b, [upload.data.fileId])

    const t = await thread(id)
    expect(t).toMatchObject({
      ticketId: id,
      description: DESCRIPTION,
      status: 1,
      nextStatuses: [2, 4],
      messages: [],
    })
    expect(t.receipts).toHaveLength(1)
    expect(t.contact).toMatch(/^\*+456$/)
    expect((await thread(id, 'ada.admin')).contact).toBe('+255754123456')
    const image = await inject('GET', t.receipts[0]!.url, 'sam.support')
    expect(image.status).toBe(200)
    expect(image.res.headers['content-type']).toBe('image/png')
    expect((await inject('GET', t.receipts[0]!.url)).status).toBe(401)
    expect((await inject('GET', t.receipts[0]!.url, 'fatma.finance')).status).toBe(403)
    expect((await inject('GET', `/console/api/tickets/${id}/files/999999`, 'sam.support')).status).toBe(404)

    const answered = await inject('POST', `/console/api/tickets/${id}/replies`, 'sam.support', {
      text: '  We found your payment; please confirm the M-Pesa code.  ',
    })
    expect(answered.status).toBe(200)
    expect(answered.json()).toMatchObject({ status: 3 })

    const dot = await ls.s.call<T.RedDot>('/feedback/red-dot-marker', {}, as(b))
    expect(dot.data.unread).toBe(1)
    const list = await ls.s.call<T.Page<T.FeedbackItem>>('/feedback/list/feedback', {}, as(b))
    expect(list.data.items[0]).toMatchObject({ feedbackId: id, status: 3, unread: true })
    const detail = await ls.s.call<T.FeedbackDetail>('/feedback/detail', { feedbackId: id }, as(b))
    expect(detail.data.messages.at(-1)).toMatchObject({
      from: 'support',
      content: 'We found your payment; please confirm the M-Pesa code.',
    })

    const waiting = await inbox('?status=waiting')
    expect(waiting.tickets.find((x) => x.ticketId === id)).toMatchObject({
      status: 3,
      dueAt: null,
      overdue: false,
    })

    const audit = await ls.s.server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ticket:${id}`))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'ticket.answered', before: { status: 1 } })
    expect(JSON.stringify(audit[0])).not.toContain('M-Pesa')
  })

  it('attaches pictures to a reply, which the borrower’s app fetches like its own, and refuses what is not a picture', async () => {
    const b = await register(ls.s)
    const id = await openTicket(b)
    const picture = Buffer.from(png(48, 32, 'noise')).toString('base64')
    const bad = await inject('POST', `/console/api/tickets/${id}/replies`, 'sam.support', {
      text: 'See the picture',
      pictures: [Buffer.from('%PDF-1.7 not a picture').toString('base64')],
    })
    expect(bad.status).toBe(400)
    expect(bad.json()).toEqual({ error: 'invalidInput', fields: ['pictures.0'] })
    const tooMany = await inject('POST', `/console/api/tickets/${id}/replies`, 'sam.support', {
      text: 'See the pictures',
      pictures: [picture, picture, picture, picture],
    })
    expect(tooMany.status).toBe(400)

    const sent = await inject('POST', `/console/api/tickets/${id}/replies`, 'sam.support', {
      text: 'This is where to find the M-Pesa code',
      pictures: [picture],
    })
    expect(sent.status).toBe(200)
    const detail = await ls.s.call<T.FeedbackDetail>('/feedback/detail', { feedbackId: id }, as(b))
    const message = detail.data.messages.at(-1)!
    expect(message).toMatchObject({ from: 'support', content: 'This is where to find the M-Pesa code' })
    expect(message.attachments).toHaveLength(1)
    const own = await ls.s.raw({
      method: 'GET',
      url: message.attachments[0]!.url,
      headers: { authorization: `Bearer ${b.token}` },
    })
    expect(own.status).toBe(200)
    const staffView = await thread(id)
    expect(staffView.messages.at(-1)!.attachments).toHaveLength(1)
    expect((await inject('GET', staffView.messages.at(-1)!.attachments[0]!.url, 'sam.support')).status).toBe(
      200,
    )
  })

  it('changes the status only along the allowed transitions, and a rated ticket stays done', async () => {
    const b = await register(ls.s)
    const id = await openTicket(b)
    const move = (status: unknown) =>
      inject('POST', `/console/api/tickets/${id}/status`, 'sam.support', { status })

    expect((await move(3)).status).toBe(409)
    expect((await move(2)).json()).toEqual({ status: 2 })
    expect((await move(2)).status).toBe(409)
    expect((await move(4)).json()).toEqual({ status: 4 })
    expect(await ls.s.call<T.RedDot>('/feedback/red-dot-marker', {}, as(b))).toMatchObject({
      data: { unread: 1 },
    })
    const rated = await ls.s.call('/feedback/submit-rating', { feedbackId: id, rating: 5 }, as(b))
    expect(rated.code, rated.msg).toBe(ApiCode.Ok)
    expect((await thread(id)).nextStatuses).toEqual([])
    expect((await move(2)).json()).toEqual({ error: 'notAllowed', status: 4 })
    expect(
      (await inject('POST', `/console/api/tickets/${id}/replies`, 'sam.support', { text: 'Hello' })).status,
    ).toBe(409)

    const actions = await ls.s.server.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `ticket:${id}`))
    expect(actions.map((a) => [a.action, a.after])).toEqual([
      ['ticket.status', { status: 2 }],
      ['ticket.status', { status: 4 }],
    ])
  })

  it('answers bad input with 400 and its fields, unknown tickets with 404, and other roles with 403', async () => {
    const b = await register(ls.s)
    const id = await openTicket(b)
    for (const [url, payload, fields] of [
      [`/console/api/tickets/${id}/replies`, { text: '   ' }, ['text']],
      [`/console/api/tickets/${id}/replies`, { text: 'x'.repeat(2001) }, ['text']],
      [`/console/api/tickets/${id}/replies`, {}, ['text']],
      [`/console/api/tickets/${id}/status`, { status: 'done' }, ['status']],
      [`/console/api/tickets/${id}/status`, { status: 9 }, ['status']],
    ] as const) {
      const res = await inject('POST', url, 'sam.support', payload)
      expect(res.status).toBe(400)
      expect(res.json()).toEqual({ error: 'invalidInput', fields })
    }
    const badQuery = await inject('GET', '/console/api/tickets?status=lost&page=0', 'sam.support')
    expect(badQuery.status).toBe(400)
    expect(badQuery.json().fields).toEqual(['status', 'page'])
    expect((await inject('GET', '/console/api/tickets/abc', 'sam.support')).status).toBe(404)
    expect((await inject('GET', '/console/api/tickets/999999', 'sam.support')).status).toBe(404)
    expect(
      (await inject('POST', '/console/api/tickets/999999/replies', 'sam.support', { text: 'Hi' })).status,
    ).toBe(404)
    expect((await inject('GET', '/console/api/tickets', 'fatma.finance')).status).toBe(403)
    expect((await inject('GET', '/console/api/tickets')).status).toBe(401)
  })

  it('limits one member’s replies to 30 a minute before doing any work', async () => {
    const b = await register(ls.s)
    const id = await openTicket(b)
    await ls.s.server.ctx.clock.advance(60_000)
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await inject('POST', `/console/api/tickets/${id}/replies`, 'ada.admin', { text: `Reply ${i}` }))
          .status,
      )
    expect(statuses.slice(0, 30).every((s) => s === 200 || s === 404 || s === 409)).toBe(true)
    const last = await inject('POST', `/console/api/tickets/${id}/replies`, 'ada.admin', { text: 'One more' })
    expect(last.status).toBe(429)
    expect(last.json()).toEqual({ error: 'tooMany' })
    expect(last.res.headers['retry-after']).toBeDefined()
  })
})
