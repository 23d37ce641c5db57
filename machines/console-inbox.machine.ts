/**
 * console-inbox — support answers the borrowers' tickets (issue 20 item 2): the tickets by status, those the
 * platform owes an answer the soonest due first with their SLA (24 hours from the opening or the borrower's latest
 * message) and whether they are overdue; a ticket opened shows its thread and receipts; a reply (checked at its
 * field, 1 to TICKET_REPLY_MAX characters) sets the ticket "waiting for the borrower", whose app shows it with its
 * red dot; the status moves along the transitions the server lists for the ticket. A receipt is opened with the
 * member's token (readTicketFile) and shown as a picture.
 *
 * A call that finds the session ended tells the console with the reply as typed (machines/console-app.machine.ts).
 *
 * Input: { timeZone, draft? }
 * Events: inbox.filterChosen {filter}, inbox.ticketOpened {ticketId}, inbox.ticketClosed, inbox.replyChanged {text},
 *         inbox.replySent, inbox.statusChosen {status}, inbox.receiptOpened {url}, inbox.receiptClosed, inbox.retried,
 *         inbox.pictureAdded {file}, inbox.pictureRemoved {index}
 * Tags:   busy (reading, sending), failed
 * Actors the composition provides (services/console/console-actors.ts):
 *   readInbox ({ status, page }) → InboxPage          (GET /console/api/tickets)
 *   readTicket ({ ticketId }) → ConsoleTicket         (GET /console/api/tickets/:id)
 *   replyToTicket ({ ticketId, text }) → void         (POST /console/api/tickets/:id/replies)
 *   moveTicket ({ ticketId, status }) → void          (POST /console/api/tickets/:id/status)
 *   readTicketFile ({ url }) → string                 (the picture as an object URL)
 *   readPicture ({ file }) → string                    (a picture chosen for the reply, in base64)
 *   pictureKeeper, told pictures.kept {urls}          (lets go of the receipt's object URL no longer shown,
 *                                                      and of the one it keeps when the inbox stops)
 *
 * The picture is let go of by the inbox's picture keeper, never the view. The inbox tells it what is shown
 * (keepPictures): the picture when it arrives, none where it is replaced (another receipt opened) or closed (the
 * picture or its ticket closed); the keeper lets go at once of what it is no longer told, and, stopped with the
 * inbox (a stopped actor runs no exit actions), of the picture open when the page is left.
 */
import { assign, fromPromise, sendParent, sendTo, setup, type SnapshotFrom } from 'xstate'
import { consoleFailureOf, isSignedOut } from '../domain/console'
import {
  TICKET_PICTURE_MAX_BYTES,
  TICKET_PICTURES_MAX,
  TICKET_REPLY_MAX,
  type ConsoleTicket,
  type InboxFilter,
  type InboxPage,
} from '../domain/console-inbox'
import type { FeedbackStatusCode } from '../domain/enums'
import {
  consoleCallErrors,
  failureMessage,
  type ConsoleSessionEndedEvent,
  type Message,
  msg,
} from './console-calls'
import { notProvided } from './kit/not-provided'
import { keepsNothing, PICTURES_CLOSED, picturesKept } from './kit/picture-keeper'

export interface InboxInput {
  timeZone: string
  draft?: { filter?: string; ticketId?: string; reply?: string } | null
}

export interface InboxContext {
  timeZone: string
  filter: InboxFilter
  page: InboxPage | null
  ticketId: string | null
  ticket: ConsoleTicket | null
  reply: string
  replyError: Message | null
  /** Pictures to send with the reply (at most TICKET_PICTURES_MAX), in base64. */
  pictures: { name: string; data: string }[]
  pictureError: Message | null
  /** The picture being read. */
  adding: File | null
  /** What was last done to the open ticket, for the toast: 'answered' or 'moved'. */
  done: 'answered' | 'moved' | null
  status: FeedbackStatusCode | null
  /** The receipt being fetched (its url), then the picture shown (an object URL). */
  receipt: string | null
  picture: string | null
  error: Message | null
}

export type InboxEvent =
  | { type: 'inbox.filterChosen'; filter: InboxFilter }
  | { type: 'inbox.ticketOpened'; ticketId: string }
  | { type: 'inbox.ticketClosed' }
  | { type: 'inbox.replyChanged'; text: string }
  | { type: 'inbox.replySent' }
  | { type: 'inbox.statusChosen'; status: FeedbackStatusCode }
  | { type: 'inbox.receiptOpened'; url: string }
  | { type: 'inbox.receiptClosed' }
  | { type: 'inbox.retried' }
  | { type: 'inbox.pictureAdded'; file: File }
  | { type: 'inbox.pictureRemoved'; index: number }

const FILTERS: readonly string[] = ['open', 'waiting', 'done']

function replyError(text: string): Message | null {
  const t = text.trim()
  if (t.length === 0) return msg('console.inbox.replyEmpty')
  if (t.length > TICKET_REPLY_MAX) return msg('console.inbox.replyLong', { max: TICKET_REPLY_MAX })
  return null
}

const PICTURE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp']

function pictureError(file: File, count: number): Message | null {
  if (count >= TICKET_PICTURES_MAX) return msg('console.inbox.pictureMany', { max: TICKET_PICTURES_MAX })
  if (!PICTURE_TYPES.includes(file.type)) return msg('console.inbox.pictureType')
  if (file.size > TICKET_PICTURE_MAX_BYTES)
    return msg('console.inbox.pictureBig', { max: TICKET_PICTURE_MAX_BYTES / (1024 * 1024) })
  return null
}

function failureOf(error: unknown): Message {
  const f = consoleFailureOf(error)
  if (f.kind === 'refused' && f.status === 404) return msg('console.inbox.noTicket')
  if (f.kind === 'refused' && f.status === 409) return msg('console.inbox.notAllowed')
  return failureMessage(error)
}


export const consoleInboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
    input: {} as InboxInput,
    tags: {} as 'busy' | 'failed',
  },
  actors: {
    readInbox: fromPromise<InboxPage, { status: InboxFilter; page: number }>(
      notProvided('readInbox', 'services/console'),
    ),
    readTicket: fromPromise<ConsoleTicket, { ticketId: string }>(
      notProvided('readTicket', 'services/console'),
    ),
    replyToTicket: fromPromise<void, { ticketId: string; text: string; pictures: string[] }>(
      notProvided('replyToTicket', 'services/console'),
    ),
    moveTicket: fromPromise<void, { ticketId: string; status: FeedbackStatusCode }>(
      notProvided('moveTicket', 'services/console'),
    ),
    readTicketFile: fromPromise<string, { url: string }>(notProvided('readTicketFile', 'services/console')),
    readPicture: fromPromise<string, { file: File }>(notProvided('readPicture', 'services/console')),
    /** Keeps nothing until the composition provides the real keeper (machines/kit/picture-keeper.ts). */
    pictureKeeper: keepsNothing,
  },
  guards: {
    replyValid: ({ context }) => replyError(context.reply) === null,
    pictureFits: ({ context }, params: { file: File }) =>
      pictureError(params.file, context.pictures.length) === null,
    sessionEnded: (_, params: { error: unknown }) => isSignedOut(params.error),
    hasTicket: ({ context }) => context.ticketId !== null,
    statusAllowed: ({ context }, params: { status: FeedbackStatusCode }) =>
      context.ticket?.nextStatuses.includes(params.status) ?? false,
  },
  actions: {
    /** Tells the picture keeper what is shown now (machines/kit/picture-keeper.ts). */
    keepPictures: sendTo('pictureKeeper', picturesKept),
    chooseFilter: assign((_, params: { filter: InboxFilter }) => ({ filter: params.filter, error: null })),
    takePage: assign((_, params: { page: InboxPage }) => ({ page: params.page, error: null })),
    chooseTicket: assign((_, params: { ticketId: string }) => ({
      ticketId: params.ticketId,
      ticket: null,
      reply: '',
      replyError: null,
      pictures: [],
      pictureError: null,
      receipt: null,
      picture: null,
      done: null,
      error: null,
    })),
    takeTicket: assign((_, params: { ticket: ConsoleTicket }) => ({ ticket: params.ticket, error: null })),
    closeTicket: assign({
      ticket: null,
      ticketId: null,
      reply: '',
      replyError: null,
      pictures: [],
      pictureError: null,
      receipt: null,
      picture: null,
      done: null,
      error: null,
    }),
    choosePicture: assign((_, params: { file: File }) => ({ adding: params.file, pictureError: null })),
    refusePicture: assign(({ context }, params: { file: File }) => ({
      pictureError: pictureError(params.file, context.pictures.length),
    })),
    keepPicture: assign(({ context }, params: { data: string }) => ({
      pictures: [...context.pictures, { name: context.adding?.name ?? '', data: params.data }],
      adding: null,
    })),
    dropPicture: assign(({ context }, params: { index: number }) => ({
      pictures: context.pictures.filter((_, i) => i !== params.index),
      pictureError: null,
    })),
    unreadablePicture: assign({ adding: null, pictureError: msg('console.inbox.pictureType') }),
    changeReply: assign((_, params: { text: string }) => ({ reply: params.text, replyError: null })),
    showReplyError: assign(({ context }) => ({ replyError: replyError(context.reply) })),
    markAnswered: assign({ reply: '', pictures: [], done: 'answered' as const }),
    chooseStatus: assign((_, params: { status: FeedbackStatusCode }) => ({
      status: params.status,
      done: null,
    })),
    markMoved: assign({ done: 'moved' as const }),
    chooseReceipt: assign((_, params: { url: string }) => ({ receipt: params.url, picture: null })),
    showPicture: assign((_, params: { url: string }) => ({ picture: params.url })),
    closePicture: assign({ picture: null }),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error) })),
    reportSessionEnded: sendParent(({ context }): ConsoleSessionEndedEvent => ({
      type: 'console.sessionEnded',
      form: 'inbox',
      draft: { filter: context.filter, ticketId: context.ticketId ?? '', reply: context.reply },
    })),
  },
}).createMachine({
  id: 'consoleInbox',
  description: 'Support reads the tickets by SLA, opens one, answers it and moves its status.',
  invoke: { id: 'pictureKeeper', src: 'pictureKeeper' },
  context: ({ input }) => ({
    timeZone: input.timeZone,
    filter: FILTERS.includes(input.draft?.filter ?? '') ? (input.draft!.filter as InboxFilter) : 'open',
    page: null,
    ticketId: input.draft?.ticketId || null,
    ticket: null,
    reply: input.draft?.reply ?? '',
    replyError: null,
    pictures: [],
    pictureError: null,
    adding: null,
    done: null,
    status: null,
    receipt: null,
    picture: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasTicket', target: 'reading' }, { target: 'listing' }],
    },
    listing: {
      tags: ['busy'],
      invoke: {
        src: 'readInbox',
        input: ({ context }) => ({ status: context.filter, page: 1 }),
        onDone: {
          target: 'list',
          actions: { type: 'takePage', params: ({ event }) => ({ page: event.output }) },
        },
        onError: consoleCallErrors('list'),
      },
    },
    list: {
      description: 'The tickets of one status; choose another status, or open a ticket.',
      on: {
        'inbox.filterChosen': {
          target: 'listing',
          actions: { type: 'chooseFilter', params: ({ event }) => event },
        },
        'inbox.ticketOpened': {
          target: 'reading',
          actions: { type: 'chooseTicket', params: ({ event }) => event },
        },
        'inbox.retried': { target: 'listing' },
      },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'readTicket',
        input: ({ context }) => ({ ticketId: context.ticketId! }),
        onDone: {
          target: 'ticket',
          actions: { type: 'takeTicket', params: ({ event }) => ({ ticket: event.output }) },
        },
        onError: consoleCallErrors('failed'),
      },
    },
    failed: {
      description: 'The ticket could not be read; try again or go back to the list.',
      tags: ['failed'],
      on: {
        'inbox.retried': { guard: 'hasTicket', target: 'reading' },
        'inbox.ticketClosed': {
          target: 'listing',
          actions: [PICTURES_CLOSED, 'closeTicket'],
        },
      },
    },
    ticket: {
      description: 'The thread; reply, move the status, look at a receipt, or go back to the list.',
      on: {
        'inbox.replyChanged': { actions: { type: 'changeReply', params: ({ event }) => event } },
        'inbox.replySent': [{ guard: 'replyValid', target: 'replying' }, { actions: 'showReplyError' }],
        'inbox.statusChosen': {
          guard: { type: 'statusAllowed', params: ({ event }) => event },
          target: 'moving',
          actions: { type: 'chooseStatus', params: ({ event }) => event },
        },
        'inbox.receiptOpened': {
          target: '.opening',
          actions: [PICTURES_CLOSED, { type: 'chooseReceipt', params: ({ event }) => event }],
        },
        'inbox.receiptClosed': {
          actions: [PICTURES_CLOSED, 'closePicture'],
        },
        'inbox.pictureAdded': [
          {
            guard: { type: 'pictureFits', params: ({ event }) => event },
            target: '.reading',
            actions: { type: 'choosePicture', params: ({ event }) => event },
          },
          { actions: { type: 'refusePicture', params: ({ event }) => event } },
        ],
        'inbox.pictureRemoved': { actions: { type: 'dropPicture', params: ({ event }) => event } },
        'inbox.ticketClosed': {
          target: 'listing',
          actions: [PICTURES_CLOSED, 'closeTicket'],
        },
      },
      initial: 'idle',
      states: {
        idle: {},
        reading: {
          invoke: {
            src: 'readPicture',
            input: ({ context }) => ({ file: context.adding! }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepPicture', params: ({ event }) => ({ data: event.output }) },
            },
            onError: { target: 'idle', actions: 'unreadablePicture' },
          },
        },
        opening: {
          invoke: {
            src: 'readTicketFile',
            input: ({ context }) => ({ url: context.receipt! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'showPicture', params: ({ event }) => ({ url: event.output }) },
                { type: 'keepPictures', params: ({ event }) => ({ urls: [event.output] }) },
              ],
            },
            onError: consoleCallErrors('idle'),
          },
        },
      },
    },
    replying: {
      tags: ['busy'],
      invoke: {
        src: 'replyToTicket',
        input: ({ context }) => ({
          ticketId: context.ticketId!,
          text: context.reply.trim(),
          pictures: context.pictures.map((p) => p.data),
        }),
        onDone: { target: 'reading', actions: 'markAnswered' },
        onError: consoleCallErrors('ticket'),
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        src: 'moveTicket',
        input: ({ context }) => ({ ticketId: context.ticketId!, status: context.status! }),
        onDone: { target: 'reading', actions: 'markMoved' },
        onError: consoleCallErrors('ticket'),
      },
    },
  },
})

/** What the inbox page shows. */
export function inboxView(s: SnapshotFrom<typeof consoleInboxMachine>) {
  const c = s.context
  const open = s.matches('ticket') || s.matches('replying') || s.matches('moving')
  return {
    busy: s.hasTag('busy'),
    failed: s.hasTag('failed'),
    filter: c.filter,
    tickets: c.page?.tickets ?? null,
    total: c.page?.total ?? 0,
    ticket: open ? c.ticket : null,
    ticketId: c.ticketId,
    reply: c.reply,
    replyError: c.replyError,
    pictures: c.pictures.map((p) => p.name),
    pictureError: c.pictureError,
    canAddPicture: c.pictures.length < TICKET_PICTURES_MAX,
    done: c.done,
    picture: s.matches({ ticket: 'idle' }) ? c.picture : null,
    error: c.error,
    timeZone: c.timeZone,
    canReply: s.can({ type: 'inbox.replySent' }),
  }
}
