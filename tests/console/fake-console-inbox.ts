/**
 * The console API's support inbox as msw handlers (server/console/tickets.ts): one open ticket with a receipt,
 * answered the way the server does (a reply sets status 3; status changes along TICKET_TRANSITIONS; 400 with
 * fields, 404, 409; audited as ticket.answered and ticket.status).
 */
import { http, HttpResponse } from 'msw'
import type { ConsolePermission, StaffMember } from '../../domain/console'
import { TICKET_REPLY_MAX, TICKET_TRANSITIONS, type ConsoleTicket } from '../../domain/console-inbox'
import type { FeedbackStatusCode } from '../../domain/enums'

/** A 1×1 PNG, the receipt's picture. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
)

interface Host {
  seen: (request: Request) => void
  guard: (request: Request, permission?: ConsolePermission) => StaffMember | Response
  log: (staffId: number | null, action: string, subject: string, after?: unknown) => void
}

export class FakeInbox {
  ticket: ConsoleTicket = {
    ticketId: '12',
    type: 1,
    status: 1,
    summary: 'I paid TSh 54,095 by M-Pesa yesterday but the loan still shows as unpaid.',
    borrowerName: 'Asha Juma',
    borrowerMobile: '******001',
    createdAt: '2026-03-09T08:00:00.000Z',
    updatedAt: '2026-03-09T08:00:00.000Z',
    lastBorrowerAt: null,
    dueAt: '2026-03-10T08:00:00.000Z',
    overdue: true,
    description: 'I paid TSh 54,095 by M-Pesa yesterday but the loan still shows as unpaid.',
    receiverAccount: '********3456',
    contact: '*********456',
    contactTime: 'morning',
    orderNo: 'KP261128000000001',
    rating: null,
    receipts: [
      { fileId: '3', url: '/console/api/tickets/12/files/3', contentType: 'image/png', size: PNG.length },
    ],
    messages: [],
    nextStatuses: [2, 4],
  }

  private now = '2026-03-10T09:00:00.000Z'

  private move(status: FeedbackStatusCode) {
    this.ticket = {
      ...this.ticket,
      status,
      updatedAt: this.now,
      dueAt: status === 1 || status === 2 ? this.ticket.dueAt : null,
      overdue: status === 1 || status === 2 ? this.ticket.overdue : false,
      nextStatuses: [...TICKET_TRANSITIONS[status]],
    }
  }

  handlers(api: string, host: Host) {
    return [
      http.get(`${api}/tickets`, ({ request }) => {
        host.seen(request)
        const member = host.guard(request, 'tickets.answer')
        if (member instanceof Response) return member
        const filter = new URL(request.url).searchParams.get('status') ?? 'open'
        if (!['open', 'waiting', 'done'].includes(filter))
          return HttpResponse.json({ error: 'invalidInput', fields: ['status'] }, { status: 400 })
        const wanted = { open: [1, 2], waiting: [3], done: [4] }[filter as 'open']
        const tickets = wanted.includes(this.ticket.status) ? [this.ticket] : []
        return HttpResponse.json({
          now: this.now,
          filter,
          page: 1,
          pageSize: 50,
          total: tickets.length,
          tickets,
        })
      }),
      http.get(`${api}/tickets/:id/files/:fileId`, ({ request, params }) => {
        host.seen(request)
        const member = host.guard(request, 'tickets.answer')
        if (member instanceof Response) return member
        if (params.id !== this.ticket.ticketId || params.fileId !== '3')
          return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        return new HttpResponse(PNG, { headers: { 'content-type': 'image/png' } })
      }),
      http.get(`${api}/tickets/:id`, ({ request, params }) => {
        host.seen(request)
        const member = host.guard(request, 'tickets.answer')
        if (member instanceof Response) return member
        if (params.id !== this.ticket.ticketId)
          return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        return HttpResponse.json(this.ticket)
      }),
      http.post(`${api}/tickets/:id/replies`, async ({ request, params }) => {
        host.seen(request)
        const member = host.guard(request, 'tickets.answer')
        if (member instanceof Response) return member
        if (params.id !== this.ticket.ticketId)
          return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        const body = (await request.json().catch(() => null)) as { text?: unknown; pictures?: unknown } | null
        const text = typeof body?.text === 'string' ? body.text.trim() : ''
        if (!text || text.length > TICKET_REPLY_MAX)
          return HttpResponse.json({ error: 'invalidInput', fields: ['text'] }, { status: 400 })
        const pictures = Array.isArray(body?.pictures) ? (body.pictures as unknown[]) : []
        if (pictures.length > 3 || pictures.some((p) => typeof p !== 'string' || p.length === 0))
          return HttpResponse.json({ error: 'invalidInput', fields: ['pictures'] }, { status: 400 })
        if (this.ticket.rating !== null) return HttpResponse.json({ error: 'notAllowed' }, { status: 409 })
        const messageId = String(this.ticket.messages.length + 1)
        this.ticket = {
          ...this.ticket,
          messages: [
            ...this.ticket.messages,
            {
              messageId,
              from: 'support',
              content: text,
              attachments: pictures.map((_, i) => ({
                fileId: `${messageId}0${i}`,
                url: `/console/api/tickets/12/files/${messageId}0${i}`,
                contentType: 'image/png',
                size: PNG.length,
              })),
              createdAt: this.now,
            },
          ],
        }
        this.move(3)
        host.log(member.id, 'ticket.answered', `ticket:${this.ticket.ticketId}`, { status: 3, messageId })
        return HttpResponse.json({ status: 3, messageId })
      }),
      http.post(`${api}/tickets/:id/status`, async ({ request, params }) => {
        host.seen(request)
        const member = host.guard(request, 'tickets.answer')
        if (member instanceof Response) return member
        if (params.id !== this.ticket.ticketId)
          return HttpResponse.json({ error: 'notFound' }, { status: 404 })
        const body = (await request.json().catch(() => null)) as { status?: unknown } | null
        const status = body?.status
        if (status !== 1 && status !== 2 && status !== 3 && status !== 4)
          return HttpResponse.json({ error: 'invalidInput', fields: ['status'] }, { status: 400 })
        if (!this.ticket.nextStatuses.includes(status))
          return HttpResponse.json({ error: 'notAllowed', status: this.ticket.status }, { status: 409 })
        this.move(status)
        host.log(member.id, 'ticket.status', `ticket:${this.ticket.ticketId}`, { status })
        return HttpResponse.json({ status })
      }),
    ]
  }
}
