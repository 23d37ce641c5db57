/**
 * Issue 20 item 2: support reads the inbox by status, opens a ticket, answers it (checked before it is sent) and
 * moves its status only as the ticket allows; a receipt is fetched as a picture; an ended session is reported
 * with the reply as typed.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, createMachine, fromPromise, sendTo, waitFor } from 'xstate'
import type { ConsoleTicket, InboxFilter, InboxPage } from '../../domain/console-inbox'
import type { FeedbackStatusCode } from '../../domain/enums'
import { consoleInboxMachine, inboxView, type InboxInput } from '../../machines/console-inbox.machine'
import { pictureKeeperReleasing } from '../../services/console/console-actors'
import { NETWORK, refused, SIGNED_OUT } from './console-fixtures'

const ROW = {
  ticketId: '7',
  type: 1 as const,
  status: 1 as FeedbackStatusCode,
  summary: 'I paid but the loan shows unpaid',
  borrowerName: 'Asha Juma',
  borrowerMobile: '******001',
  createdAt: '2026-11-28T08:00:00.000Z',
  updatedAt: '2026-11-28T08:00:00.000Z',
  lastBorrowerAt: null,
  dueAt: '2026-11-29T08:00:00.000Z',
  overdue: false,
}
const page = (filter: InboxFilter): InboxPage => ({
  now: '2026-11-28T09:00:00.000Z',
  filter,
  page: 1,
  pageSize: 50,
  total: filter === 'open' ? 1 : 0,
  tickets: filter === 'open' ? [ROW] : [],
})
const TICKET: ConsoleTicket = {
  ...ROW,
  description: 'I paid TSh 54,095 by M-Pesa yesterday but the loan still shows as unpaid.',
  receiverAccount: '********3456',
  contact: '*********456',
  contactTime: 'morning',
  orderNo: null,
  rating: null,
  receipts: [{ fileId: '3', url: '/console/api/tickets/7/files/3', contentType: 'image/png', size: 100 }],
  messages: [],
  nextStatuses: [2, 4],
}

function start(
  answers: {
    replyToTicket?: () => Promise<void>
    readTicket?: () => Promise<ConsoleTicket>
  } = {},
  input: Partial<InboxInput> = {},
) {
  const stubs = {
    readInbox: vi.fn(async (q: { status: InboxFilter; page: number }) => page(q.status)),
    readTicket: vi.fn(async (_: { ticketId: string }) => (answers.readTicket ?? (async () => TICKET))()),
    replyToTicket: vi.fn(async (_: { ticketId: string; text: string; pictures: string[] }): Promise<void> =>
      (answers.replyToTicket ?? (async () => undefined))(),
    ),
    moveTicket: vi.fn(
      async (_: { ticketId: string; status: FeedbackStatusCode }): Promise<void> => undefined,
    ),
    readTicketFile: vi.fn(async (input: { url: string }) => `blob:${input.url.split('/').pop()}`),
    letGo: vi.fn((_url: string) => {}),
    readPicture: vi.fn(async (input: { file: File }) => `base64-of-${input.file.name}`),
  }
  const machine = consoleInboxMachine.provide({
    actors: {
      readInbox: fromPromise(({ input }: { input: { status: InboxFilter; page: number } }) =>
        stubs.readInbox(input),
      ),
      readTicket: fromPromise(({ input }: { input: { ticketId: string } }) => stubs.readTicket(input)),
      replyToTicket: fromPromise(
        ({ input }: { input: { ticketId: string; text: string; pictures: string[] } }) =>
          stubs.replyToTicket(input),
      ),
      moveTicket: fromPromise(({ input }: { input: { ticketId: string; status: FeedbackStatusCode } }) =>
        stubs.moveTicket(input),
      ),
      readTicketFile: fromPromise(({ input }: { input: { url: string } }) => stubs.readTicketFile(input)),
      readPicture: fromPromise(({ input }: { input: { file: File } }) => stubs.readPicture(input)),
      // The console's own keeper, letting go through the test's stub instead of URL.revokeObjectURL.
      pictureKeeper: pictureKeeperReleasing(stubs.letGo),
    },
  })
  const actor = createActor(machine, { input: { timeZone: 'Africa/Dar_es_Salaam', ...input } }).start()
  return { actor, stubs }
}

describe('the support inbox', () => {
  it('lists the open tickets first, and another status when chosen', async () => {
    const { actor, stubs } = start()
    await waitFor(actor, (s) => s.matches('list'))
    expect(stubs.readInbox).toHaveBeenCalledWith({ status: 'open', page: 1 })
    expect(inboxView(actor.getSnapshot())).toMatchObject({ filter: 'open', total: 1, tickets: [ROW] })
    actor.send({ type: 'inbox.filterChosen', filter: 'done' })
    await waitFor(actor, (s) => s.matches('list') && s.context.filter === 'done')
    expect(inboxView(actor.getSnapshot())).toMatchObject({ total: 0, tickets: [] })
  })

  it('opens a ticket, refuses an empty reply before sending, sends it trimmed and reads the ticket again', async () => {
    const { actor, stubs } = start()
    await waitFor(actor, (s) => s.matches('list'))
    actor.send({ type: 'inbox.ticketOpened', ticketId: '7' })
    await waitFor(actor, (s) => s.matches('ticket'))
    expect(inboxView(actor.getSnapshot()).ticket).toEqual(TICKET)
    actor.send({ type: 'inbox.replySent' })
    expect(actor.getSnapshot().context.replyError).toEqual({ key: 'console.inbox.replyEmpty' })
    actor.send({ type: 'inbox.replyChanged', text: 'x'.repeat(2001) })
    actor.send({ type: 'inbox.replySent' })
    expect(actor.getSnapshot().context.replyError).toEqual({
      key: 'console.inbox.replyLong',
      values: { max: 2000 },
    })
    expect(stubs.replyToTicket).not.toHaveBeenCalled()
    actor.send({ type: 'inbox.replyChanged', text: '  Please send the M-Pesa code.  ' })
    actor.send({ type: 'inbox.replySent' })
    await waitFor(actor, (s) => s.matches('ticket') && s.context.done === 'answered')
    expect(stubs.replyToTicket).toHaveBeenCalledWith({
      ticketId: '7',
      text: 'Please send the M-Pesa code.',
      pictures: [],
    })
    expect(stubs.readTicket).toHaveBeenCalledTimes(2)
    expect(actor.getSnapshot().context.reply).toBe('')
  })

  it('adds up to three pictures to the reply, refusing other files, and sends them with it', async () => {
    const { actor, stubs } = start({}, { draft: { ticketId: '7' } })
    await waitFor(actor, (s) => s.matches('ticket'))
    const file = (name: string, type = 'image/png', size = 10) =>
      new File([new Uint8Array(size)], name, { type })
    actor.send({ type: 'inbox.pictureAdded', file: file('notes.pdf', 'application/pdf') })
    expect(actor.getSnapshot().context.pictureError).toEqual({ key: 'console.inbox.pictureType' })
    actor.send({ type: 'inbox.pictureAdded', file: file('huge.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1) })
    expect(actor.getSnapshot().context.pictureError).toEqual({
      key: 'console.inbox.pictureBig',
      values: { max: 5 },
    })
    for (const name of ['a.png', 'b.png', 'c.png']) {
      actor.send({ type: 'inbox.pictureAdded', file: file(name) })
      await waitFor(
        actor,
        (s) => s.matches({ ticket: 'idle' }) && s.context.pictures.some((p) => p.name === name),
      )
    }
    expect(inboxView(actor.getSnapshot())).toMatchObject({
      pictures: ['a.png', 'b.png', 'c.png'],
      canAddPicture: false,
    })
    actor.send({ type: 'inbox.pictureAdded', file: file('d.png') })
    expect(actor.getSnapshot().context.pictureError).toEqual({
      key: 'console.inbox.pictureMany',
      values: { max: 3 },
    })
    actor.send({ type: 'inbox.pictureRemoved', index: 1 })
    expect(inboxView(actor.getSnapshot()).pictures).toEqual(['a.png', 'c.png'])
    actor.send({ type: 'inbox.replyChanged', text: 'See the pictures' })
    actor.send({ type: 'inbox.replySent' })
    await waitFor(actor, (s) => s.matches('ticket') && s.context.done === 'answered')
    expect(stubs.replyToTicket).toHaveBeenCalledWith({
      ticketId: '7',
      text: 'See the pictures',
      pictures: ['base64-of-a.png', 'base64-of-c.png'],
    })
    expect(inboxView(actor.getSnapshot()).pictures).toEqual([])
  })

  it('moves the status only as the ticket allows', async () => {
    const { actor, stubs } = start({}, { draft: { ticketId: '7' } })
    await waitFor(actor, (s) => s.matches('ticket'))
    actor.send({ type: 'inbox.statusChosen', status: 3 })
    expect(actor.getSnapshot().matches('ticket')).toBe(true)
    actor.send({ type: 'inbox.statusChosen', status: 4 })
    await waitFor(actor, (s) => s.matches('ticket') && s.context.done === 'moved')
    expect(stubs.moveTicket).toHaveBeenCalledWith({ ticketId: '7', status: 4 })
    expect(stubs.moveTicket).toHaveBeenCalledTimes(1)
  })

  it('shows a receipt as a picture fetched with the member’s token, and closes it', async () => {
    const { actor, stubs } = start({}, { draft: { ticketId: '7' } })
    await waitFor(actor, (s) => s.matches('ticket'))
    actor.send({ type: 'inbox.receiptOpened', url: TICKET.receipts[0]!.url })
    await waitFor(actor, (s) => inboxView(s).picture !== null)
    expect(stubs.readTicketFile).toHaveBeenCalledWith({ url: '/console/api/tickets/7/files/3' })
    expect(inboxView(actor.getSnapshot()).picture).toBe('blob:3')
    actor.send({ type: 'inbox.receiptClosed' })
    expect(inboxView(actor.getSnapshot()).picture).toBeNull()
  })

  it('lets go of the picture shown at once when another is opened, when it is closed and with its ticket', async () => {
    const { actor, stubs } = start({}, { draft: { ticketId: '7' } })
    await waitFor(actor, (s) => s.matches('ticket'))
    const open = async (file: string) => {
      actor.send({ type: 'inbox.receiptOpened', url: `/console/api/tickets/7/files/${file}` })
      await waitFor(actor, (s) => inboxView(s).picture === `blob:${file}`)
    }
    const released = () => stubs.letGo.mock.calls.map(([url]) => url)
    await open('3')
    expect(released()).toEqual([])

    // Kept while the reply is written and sent beside it.
    actor.send({ type: 'inbox.replyChanged', text: 'See the receipt' })
    actor.send({ type: 'inbox.replySent' })
    await waitFor(actor, (s) => s.matches('ticket') && s.context.done === 'answered')
    expect(inboxView(actor.getSnapshot()).picture).toBe('blob:3')
    expect(released()).toEqual([])

    // Another receipt opened: the first picture goes at once, before the next one arrives.
    actor.send({ type: 'inbox.receiptOpened', url: '/console/api/tickets/7/files/4' })
    expect(inboxView(actor.getSnapshot()).picture).toBeNull()
    expect(released()).toEqual(['blob:3'])
    await waitFor(actor, (s) => inboxView(s).picture === 'blob:4')
    expect(released()).toEqual(['blob:3'])
    actor.send({ type: 'inbox.receiptClosed' })
    expect(released()).toEqual(['blob:3', 'blob:4'])
    await open('5')
    actor.send({ type: 'inbox.ticketClosed' })
    expect(released()).toEqual(['blob:3', 'blob:4', 'blob:5'])
    await waitFor(actor, (s) => s.matches('list'))
    actor.send({ type: 'inbox.ticketOpened', ticketId: '7' })
    await waitFor(actor, (s) => s.matches('ticket'))
    expect(inboxView(actor.getSnapshot()).picture).toBeNull() // the last ticket's picture is not this one's
    actor.stop()
    expect(released()).toEqual(['blob:3', 'blob:4', 'blob:5']) // none let go of twice
  })

  it('lets go of the picture shown when the inbox stops with it open, and of none it let go of before', async () => {
    const shown = start({}, { draft: { ticketId: '7' } })
    await waitFor(shown.actor, (s) => s.matches('ticket'))
    shown.actor.send({ type: 'inbox.receiptOpened', url: '/console/api/tickets/7/files/3' })
    await waitFor(shown.actor, (s) => inboxView(s).picture === 'blob:3')
    shown.actor.stop() // the inbox page left with the picture open
    expect(shown.stubs.letGo.mock.calls).toEqual([['blob:3']])

    const closed = start({}, { draft: { ticketId: '7' } })
    await waitFor(closed.actor, (s) => s.matches('ticket'))
    closed.actor.send({ type: 'inbox.receiptOpened', url: '/console/api/tickets/7/files/3' })
    await waitFor(closed.actor, (s) => inboxView(s).picture === 'blob:3')
    closed.actor.send({ type: 'inbox.receiptClosed' })
    expect(closed.stubs.letGo.mock.calls).toEqual([['blob:3']])
    closed.actor.stop()
    expect(closed.stubs.letGo.mock.calls).toEqual([['blob:3']])
  })

  it('says a refused change, a missing ticket and a lost connection, and tries again', async () => {
    let answer: unknown = refused(404, 'notFound')
    const { actor } = start(
      {
        readTicket: async () => {
          if (answer) throw answer
          return TICKET
        },
        replyToTicket: async () => {
          throw refused(409, 'notAllowed')
        },
      },
      { draft: { ticketId: '9' } },
    )
    await waitFor(actor, (s) => s.hasTag('failed'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.inbox.noTicket' })
    answer = NETWORK
    actor.send({ type: 'inbox.retried' })
    await waitFor(
      actor,
      (s) =>
        s.hasTag('failed') &&
        JSON.stringify(s.context.error) === JSON.stringify({ key: 'console.error.network' }),
    )
    answer = null
    actor.send({ type: 'inbox.retried' })
    await waitFor(actor, (s) => s.matches('ticket'))
    actor.send({ type: 'inbox.replyChanged', text: 'Hello' })
    actor.send({ type: 'inbox.replySent' })
    await waitFor(actor, (s) => s.matches('ticket') && s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.inbox.notAllowed' })
    expect(actor.getSnapshot().context.reply).toBe('Hello')
  })

  it('reports an ended session to the console with the reply as typed', async () => {
    const parent = createMachine({
      types: {} as {
        events: { type: 'console.sessionEnded'; form?: string; draft?: Record<string, string> }
      },
      context: { ended: null as null | Record<string, unknown> },
      invoke: {
        id: 'inbox',
        src: consoleInboxMachine.provide({
          actors: {
            readInbox: fromPromise(async () => page('open')),
            readTicket: fromPromise(async () => TICKET),
            replyToTicket: fromPromise(async (): Promise<void> => {
              throw SIGNED_OUT
            }),
            moveTicket: fromPromise(async (): Promise<void> => undefined),
            readTicketFile: fromPromise(async () => ''),
            readPicture: fromPromise(async () => ''),
          },
        }),
        input: { timeZone: 'UTC', draft: { ticketId: '7' } },
      },
      on: { 'console.sessionEnded': { actions: sendTo('inbox', { type: 'inbox.ticketClosed' }) } },
    })
    const ended = vi.fn()
    const actor = createActor(parent, {
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'console.sessionEnded') ended(e.event)
      },
    }).start()
    const child = () => actor.getSnapshot().children.inbox!
    await waitFor(child(), (s) => s.matches('ticket'))
    child().send({ type: 'inbox.replyChanged', text: 'Half a reply' })
    child().send({ type: 'inbox.replySent' })
    await vi.waitFor(() => expect(ended).toHaveBeenCalled())
    expect(ended).toHaveBeenCalledWith({
      type: 'console.sessionEnded',
      form: 'inbox',
      draft: { filter: 'open', ticketId: '7', reply: 'Half a reply' },
    })
  })
})
