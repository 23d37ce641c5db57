/**
 * feedback ticket — the borrower's tickets with customer service: the list (with the red dot of unread
 * replies), a new ticket with receipt images, the thread of one ticket with a message box, and the 1–5 rating of
 * a resolved one.
 *
 * Receipts: at most `maxReceipts` (decisions.md: 3 unless configured), each an image of at most 20 MB before
 * compression (the domain's rules), run by the kit's upload queue (machines/kit/upload-queue.ts); the ticket can
 * be sent once none is still on its way. The form itself (type, description, account, contact, time) is the
 * submit machine, invoked as `ticketForm` with the domain's feedback schema, so it keeps a draft; the screen
 * sends form.changed to that child and ticket.submitted here, which adds the uploaded receipts.
 *
 * The thread of a ticket is read with /feedback/list/leave-message, THREAD_PAGE_SIZE messages a page, oldest
 * first: a long thread opens on its latest page, and `thread.earlier` reads the page before. A message may carry
 * images like a new ticket's receipts (the same rules, compression and progress; `receipts` holds them while the
 * message is written), uploaded with /feedback/uploadFile. The images of the thread and the ticket's receipts are
 * served only to the borrower's session, so they are fetched (`loadImages`) and kept as Blobs in `images`.
 *
 * Input (FeedbackTicketInput): { country, maxReceipts? }
 * Events: tickets.more, tickets.refreshed, ticket.opened {feedbackId}, ticket.started, composing.cancelled,
 *         receipt.added {file}, receipt.removed {localId}, receipt.retried {localId}, ticket.submitted,
 *         result.acknowledged, message.changed {text}, message.sent, thread.earlier, ticket.rated {rating},
 *         detail.closed (and, from the upload actor: receipt.progressed, receipt.uploaded, receipt.failed)
 * Tags:   busy, uploading, canSubmit, created, loadFailed, loadingEarlier, sending (a message), rating; the
 *         message box and the stars ask snapshot.can() ({ type: 'message.sent' } only while the ticket is not
 *         resolved; { type: 'ticket.rated', rating } only for a resolved, unrated one; { type: 'thread.earlier' }
 *         while earlier pages remain). The screens read it through the views at the end of this file.
 * Output: { outcome: 'sessionEnded' } — it runs while the borrower is in the feedback screens
 * Actors the composition provides:
 *   loadTickets     ({ page }) → Page<FeedbackItem>                   (POST /feedback/list/feedback)
 *   loadRedDot      () → RedDot                                       (GET /feedback/red-dot-marker)
 *   compressReceipt ({ file }) → Blob                                 (the image compressor)
 *   uploadReceipt   callback ({ localId, file, to }) → sends receipt.progressed / receipt.uploaded /
 *                   receipt.failed                  (to 'ticket': POST /feedback/upload/credential,
 *                                                    to 'message': POST /feedback/uploadFile)
 *   ticketForm      = submitMachine with its submit (POST /feedback/create) and draftStore actors provided
 *   loadTicket      ({ feedbackId }) → FeedbackDetail                 (GET /feedback/detail)
 *   loadMessages    ({ feedbackId, page, pageSize }) → Page<FeedbackMessage> (POST /feedback/list/leave-message)
 *   loadImages      ({ files }) → { [fileId]: Blob }, the ones it could read (GET /feedback/files/<id>)
 *   leaveMessage    ({ feedbackId, content, attachments }) → MessageCreated (POST /feedback/add/leaveMsg)
 *   rateTicket      ({ feedbackId, rating }) → Empty                  (POST /feedback/submit-rating)
 */
import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  not,
  sendTo,
  setup,
  type SnapshotFrom,
} from 'xstate'
import { ApiCode } from '../domain/api-codes'
import type { FeedbackDetail, FeedbackItem, FeedbackMessage, Page, UploadedFile } from '../domain/api-types'
import type { CountryCode } from '../domain/countries'
import { feedbackSchema, leaveMessageSchema, MAX_RECEIPTS, ratingSchema } from '../domain/schemas/feedback'
import { fieldErrors } from '../domain/schemas/field-errors'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { submitMachine, type SubmitOutput } from './submit.machine'
import { notProvided } from './kit/not-provided'
import {
  queueGuards,
  queueUpdates,
  receiptRows,
  uploadedIds,
  uploadQueue,
  type Chosen,
  type OneReceipt,
  type Progressed,
  type Receipt,
  type UploadEvent,
  type UploadFailed,
  type Uploaded,
  type UploadTarget,
} from './kit/upload-queue'
import { callErrors, loadErrors, loadFailedState } from './kit/loadable'
import { outputParams, type Output } from './kit/params'

/** Messages a page of a ticket's thread. */
export const THREAD_PAGE_SIZE = 20

export interface FeedbackTicketInput {
  country: CountryCode
  /** decisions.md: 3 unless the lender configures another number. */
  maxReceipts?: number
}

export interface FeedbackTicketContext {
  country: CountryCode
  maxReceipts: number
  tickets: FeedbackItem[]
  page: number
  total: number
  /** Tickets with a reply not read yet (the red dot). */
  unread: number
  receipts: Receipt[]
  nextReceiptId: number
  /** The ticket created last (feedback_result). */
  createdId: string | null
  feedbackId: string | null
  ticket: FeedbackDetail | null
  /** The messages read so far, oldest first: the pages from `threadFirstPage` to the last one read. */
  thread: FeedbackMessage[]
  threadFirstPage: number
  threadTotal: number
  /** The ticket's and the thread's images read so far, by fileId. */
  images: Record<string, Blob>
  /** Images asked for (read or not): never asked twice. */
  imagesAsked: string[]
  /** The images being read now. */
  imagesLoading: UploadedFile[]
  messageText: string
  error: Message | null
}

export type FeedbackTicketEvent =
  | { type: 'tickets.more' }
  | { type: 'tickets.refreshed' }
  | { type: 'ticket.opened'; feedbackId: string }
  | { type: 'ticket.started' }
  | { type: 'composing.cancelled' }
  | { type: 'receipt.added'; file: Blob & { name?: string } }
  | { type: 'receipt.removed'; localId: string }
  | { type: 'receipt.retried'; localId: string }
  | { type: 'ticket.submitted' }
  | { type: 'result.acknowledged' }
  | { type: 'message.changed'; text: string }
  | { type: 'message.sent' }
  | { type: 'thread.earlier' }
  | { type: 'ticket.rated'; rating: number }
  | { type: 'detail.closed' }
  | UploadEvent

export type FeedbackTicketOutput = { outcome: 'sessionEnded' }

const messageRequest = (c: FeedbackTicketContext) => ({
  feedbackId: c.feedbackId ?? '',
  content: c.messageText.trim(),
  attachments: uploadedIds(c),
})

/** The ticket's receipts and the thread's images not asked for yet. */
const imagesToAsk = (c: FeedbackTicketContext): UploadedFile[] => {
  const files = [...(c.ticket?.receipts ?? []), ...c.thread.flatMap((m) => m.attachments)]
  const seen = new Set(c.imagesAsked)
  return files.filter((f) => !seen.has(f.fileId) && (seen.add(f.fileId), true))
}

const lastPageOf = (page: Page<unknown>) => Math.max(1, Math.ceil(page.total / page.pageSize))

/** The id of the ticket /feedback/create made (the submit child's data as the server answered it). */
const createdIdOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && 'feedbackId' in data && typeof data.feedbackId === 'string'
    ? data.feedbackId
    : null

/** A page of the thread read with loadMessages: the first, the latest of a long thread, or the one before. */
const threadPage = (page: (c: FeedbackTicketContext) => number) => ({
  src: 'loadMessages' as const,
  input: ({ context }: { context: FeedbackTicketContext }) => ({
    feedbackId: context.feedbackId!,
    page: page(context),
    pageSize: THREAD_PAGE_SIZE,
  }),
})

const ENDED = '#feedbackTicket.sessionEnded'

/** No ticket open: what opening one starts from (its thread, images, message and its images all empty). */
const noTicket = () => ({
  feedbackId: null as string | null,
  ticket: null,
  thread: [],
  threadFirstPage: 1,
  threadTotal: 0,
  images: {},
  imagesAsked: [],
  imagesLoading: [],
  messageText: '',
  ...queueUpdates.emptied(),
})

export const feedbackTicketMachine = setup({
  types: {
    context: {} as FeedbackTicketContext,
    events: {} as FeedbackTicketEvent,
    input: {} as FeedbackTicketInput,
    output: {} as FeedbackTicketOutput,
    emitted: {} as SessionEndedEvent,
    children: {} as { ticketForm: 'ticketForm' },
    tags: {} as
      'busy' | 'uploading' | 'canSubmit' | 'created' | 'loadFailed' | 'loadingEarlier' | 'sending' | 'rating',
  },
  actors: {
    loadTickets: fromPromise<Page<FeedbackItem>, { page: number }>(notProvided('loadTickets')),
    loadRedDot: fromPromise<{ unread: number }>(notProvided('loadRedDot')),
    compressReceipt: fromPromise<Blob, { file: Blob }>(notProvided('compressReceipt')),
    uploadReceipt: fromCallback<
      { type: 'upload.cancelled' },
      { localId: string; file: Blob; to: UploadTarget }
    >(notProvided('uploadReceipt')),
    ticketForm: submitMachine,
    loadTicket: fromPromise<FeedbackDetail, { feedbackId: string }>(notProvided('loadTicket')),
    loadMessages: fromPromise<Page<FeedbackMessage>, { feedbackId: string; page: number; pageSize: number }>(
      notProvided('loadMessages'),
    ),
    loadImages: fromPromise<Record<string, Blob>, { files: UploadedFile[] }>(notProvided('loadImages')),
    leaveMessage: fromPromise<unknown, ReturnType<typeof messageRequest>>(notProvided('leaveMessage')),
    rateTicket: fromPromise<unknown, { feedbackId: string; rating: number }>(notProvided('rateTicket')),
  },
  guards: {
    moreToLoad: ({ context }) => context.tickets.length < context.total,
    receiptAcceptable: ({ context }, { file }: Chosen) => queueGuards.acceptable(context, file),
    receiptQueued: ({ context }) => queueGuards.queued(context),
    currentRemoved: ({ context }, { localId }: OneReceipt) => queueGuards.isCurrent(context, localId),
    receiptFailed: ({ context }, { localId }: OneReceipt) => queueGuards.failed(context, localId),
    receiptsSettled: ({ context }) => queueGuards.settled(context),
    formSaved: (_, { output }: Output<SubmitOutput>) => output.status === 'saved',
    ticketResolved: ({ context }) => context.ticket?.status === 4,
    /** The first page read is not the thread's last: open on the latest messages. */
    threadLonger: (_, { output: page }: Output<Page<FeedbackMessage>>) => lastPageOf(page) > page.page,
    earlierPages: ({ context }) => context.threadFirstPage > 1,
    imagesToAsk: ({ context }) => imagesToAsk(context).length > 0,
    messageValid: ({ context }) =>
      Object.keys(fieldErrors(leaveMessageSchema(), messageRequest(context))).length === 0,
    rateable: ({ context }, { rating }: { rating: number }) =>
      !!context.ticket?.canRate &&
      Object.keys(fieldErrors(ratingSchema(), { feedbackId: context.ticket.feedbackId, rating })).length ===
        0,
    sessionEnded: ({ event }) => endsSession(event),
    /** The app has no token (the client answers NotLoggedIn without calling): not a session that ended. */
    neverSignedIn: ({ event }) => {
      const failure = failureOf(errorOf(event))
      return failure.kind === 'sessionEnded' && failure.code === ApiCode.NotLoggedIn
    },
  },
  actions: {
    keepPage: assign(({ context }, { output: page }: Output<Page<FeedbackItem>>) => ({
      tickets: [...context.tickets, ...page.items],
      page: page.page,
      total: page.total,
      error: null,
    })),
    startOver: assign({ tickets: [], page: 0, total: 0 }),
    keepRedDot: assign({ unread: (_, { output }: Output<{ unread: number }>) => output.unread }),
    addReceipt: assign(({ context }, { file }: Chosen) => queueUpdates.added(context, file)),
    refuseReceipt: assign(({ context }, { file }: Chosen) => queueUpdates.refused(context, file)),
    removeReceipt: assign(({ context }, { localId }: OneReceipt) => queueUpdates.removed(context, localId)),
    retryReceipt: assign(({ context }, { localId }: OneReceipt) => queueUpdates.retried(context, localId)),
    startNextReceipt: assign(({ context }) => queueUpdates.startedNext(context)),
    keepCompressed: assign(({ context }, { output }: Output<Blob>) =>
      queueUpdates.compressed(context, output),
    ),
    uploadAsChosen: assign(({ context }) => queueUpdates.asChosen(context)),
    showProgress: assign(({ context }, event: Progressed) => queueUpdates.progressed(context, event)),
    keepUploaded: assign(({ context }, event: Uploaded) => queueUpdates.uploaded(context, event)),
    markFailed: assign(({ context }, event: UploadFailed) => queueUpdates.failed(context, event)),
    sendTicket: sendTo('ticketForm', ({ context }) => ({
      type: 'form.submitted' as const,
      extra: { receipts: uploadedIds(context) },
    })),
    showReceiptsUploading: assign({ error: msg('machines.feedback.receiptsUploading') }),
    keepCreated: assign((_, { output }: Output<SubmitOutput>) => ({
      createdId: output.status === 'saved' ? createdIdOf(output.data) : null,
      ...queueUpdates.emptied(),
    })),
    forgetComposition: assign({ ...queueUpdates.emptied(), error: null }),
    chooseTicket: assign((_, { feedbackId }: { feedbackId: string }) => ({ ...noTicket(), feedbackId })),
    keepTicket: assign({ ticket: (_, { output }: Output<FeedbackDetail>) => output, error: null }),
    /** The thread as read now (its first page, or its latest when it is long). */
    keepThread: assign((_, { output: page }: Output<Page<FeedbackMessage>>) => ({
      thread: page.items,
      threadFirstPage: page.page,
      threadTotal: page.total,
    })),
    /** A long thread opens on its latest page: the one read next. */
    aimAtLatestPage: assign((_, { output }: Output<Page<FeedbackMessage>>) => ({
      threadFirstPage: lastPageOf(output),
    })),
    keepEarlier: assign(({ context }, { output: page }: Output<Page<FeedbackMessage>>) => ({
      thread: [...page.items, ...context.thread],
      threadFirstPage: page.page,
      threadTotal: page.total,
    })),
    askImages: assign(({ context }) => {
      const files = imagesToAsk(context)
      return { imagesLoading: files, imagesAsked: [...context.imagesAsked, ...files.map((f) => f.fileId)] }
    }),
    keepImages: assign(({ context }, { output }: Output<Record<string, Blob>>) => ({
      images: { ...context.images, ...output },
      imagesLoading: [],
    })),
    imagesNotRead: assign({ imagesLoading: [] }),
    changeMessage: assign((_, { text }: { text: string }) => ({ messageText: text, error: null })),
    showMessageProblem: assign({
      error: ({ context }) => {
        const key = fieldErrors(leaveMessageSchema(), messageRequest(context)).content
        return key ? msg(key) : null
      },
    }),
    clearMessage: assign({ messageText: '', ...queueUpdates.emptied() }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'feedbackTicket',
  description:
    "The borrower's feedback tickets: list, a new ticket with receipts, a ticket's thread and rating.",
  context: ({ input }) => ({
    country: input.country,
    maxReceipts: input.maxReceipts ?? MAX_RECEIPTS,
    tickets: [],
    page: 0,
    total: 0,
    unread: 0,
    nextReceiptId: 1,
    createdId: null,
    ...noTicket(),
    error: null,
  }),
  initial: 'list',
  states: {
    list: {
      description: 'feedback_list: the tickets a page at a time, and the red dot of unread replies.',
      initial: 'loading',
      invoke: {
        src: 'loadRedDot',
        onDone: { actions: { type: 'keepRedDot', params: outputParams } },
        onError: {},
      },
      on: {
        'ticket.opened': {
          target: 'detail',
          actions: { type: 'chooseTicket', params: ({ event }) => ({ feedbackId: event.feedbackId }) },
        },
        'ticket.started': 'composing',
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadTickets',
            input: ({ context }) => ({ page: context.page + 1 }),
            onDone: { target: 'shown', actions: { type: 'keepPage', params: outputParams } },
            onError: [{ guard: 'neverSignedIn', target: 'signedOut' }, ...loadErrors(ENDED)],
          },
        },
        loadFailed: {
          tags: ['loadFailed'],
          on: { 'tickets.refreshed': { target: 'loading', actions: ['startOver', 'clearError'] } },
        },
        signedOut: {
          description:
            'No session at all (the questions before a ticket are open to anyone): nothing to list, and no session ' +
            'that ended. Writing a ticket still starts here; the journey asks for login first.',
        },
        shown: {
          on: {
            'tickets.more': { guard: 'moreToLoad', target: 'loading' },
            'tickets.refreshed': { target: 'loading', actions: 'startOver' },
          },
        },
      },
    },
    composing: {
      description:
        'add_feedback: the form (a submit child with a draft) and the receipts, uploaded as they are added.',
      type: 'parallel',
      invoke: {
        id: 'ticketForm',
        src: 'ticketForm',
        input: ({ context }) => ({
          formId: 'feedback.new',
          schema: feedbackSchema(context.country, { maxReceipts: context.maxReceipts }),
          initialValues: { contactTime: 'anytime' },
        }),
        onDone: [
          {
            guard: { type: 'formSaved', params: outputParams },
            target: 'created',
            actions: { type: 'keepCreated', params: outputParams },
          },
          { target: 'sessionEnded' },
        ],
      },
      on: { 'composing.cancelled': { target: 'list', actions: 'forgetComposition' } },
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              tags: ['canSubmit'],
              on: {
                'ticket.submitted': [
                  { guard: 'receiptsSettled', actions: ['clearError', 'sendTicket'] },
                  { actions: 'showReceiptsUploading' },
                ],
              },
            },
          },
        },
        receipts: uploadQueue('ticket', 'One receipt at a time: compress, then upload with its progress.'),
      },
    },
    created: {
      description: 'feedback_result: the ticket was opened.',
      tags: ['created'],
      on: { 'result.acknowledged': { target: 'list', actions: 'startOver' } },
    },
    detail: {
      description:
        'feedbackDetail: one ticket and its thread (its latest page first); a message box with images while it is ' +
        'open, the rating once resolved.',
      initial: 'loading',
      on: { 'detail.closed': { target: 'list', actions: 'startOver' } },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadTicket',
            input: ({ context }) => ({ feedbackId: context.feedbackId! }),
            onDone: { target: 'loadingThread', actions: { type: 'keepTicket', params: outputParams } },
            onError: loadErrors(ENDED),
          },
        },
        loadingThread: {
          description: "The thread's first page; a longer thread is shown from its latest page.",
          tags: ['busy'],
          invoke: {
            ...threadPage(() => 1),
            onDone: [
              {
                guard: { type: 'threadLonger', params: outputParams },
                target: 'loadingLatest',
                actions: { type: 'aimAtLatestPage', params: outputParams },
              },
              { target: 'shown', actions: { type: 'keepThread', params: outputParams } },
            ],
            onError: loadErrors(ENDED),
          },
        },
        loadingLatest: {
          tags: ['busy'],
          invoke: {
            ...threadPage((c) => c.threadFirstPage),
            onDone: { target: 'shown', actions: { type: 'keepThread', params: outputParams } },
            onError: loadErrors(ENDED),
          },
        },
        loadFailed: loadFailedState('tickets.refreshed'),
        shown: {
          type: 'parallel',
          on: {
            'message.changed': {
              actions: { type: 'changeMessage', params: ({ event }) => ({ text: event.text }) },
            },
            'message.sent': [
              { guard: 'ticketResolved' },
              { guard: not('receiptsSettled'), actions: 'showReceiptsUploading' },
              { guard: 'messageValid', target: 'sending' },
              { actions: 'showMessageProblem' },
            ],
            'ticket.rated': {
              guard: { type: 'rateable', params: ({ event }) => ({ rating: event.rating }) },
              target: 'rating',
            },
          },
          states: {
            thread: {
              initial: 'idle',
              states: {
                idle: { on: { 'thread.earlier': { guard: 'earlierPages', target: 'loadingEarlier' } } },
                loadingEarlier: {
                  tags: ['loadingEarlier'],
                  invoke: {
                    ...threadPage((c) => c.threadFirstPage - 1),
                    onDone: { target: 'idle', actions: { type: 'keepEarlier', params: outputParams } },
                    onError: callErrors(ENDED, 'idle'),
                  },
                },
              },
            },
            attachments: uploadQueue(
              'message',
              "A message's images, one at a time: compress, then upload (/feedback/uploadFile).",
              'ticketResolved',
            ),
            images: {
              description: "The ticket's and the thread's images, fetched with the session as they appear.",
              initial: 'idle',
              states: {
                idle: { always: { guard: 'imagesToAsk', target: 'loading', actions: 'askImages' } },
                loading: {
                  invoke: {
                    src: 'loadImages',
                    input: ({ context }) => ({ files: context.imagesLoading }),
                    onDone: { target: 'idle', actions: { type: 'keepImages', params: outputParams } },
                    onError: { target: 'idle', actions: 'imagesNotRead' },
                  },
                },
              },
            },
          },
        },
        sending: {
          tags: ['busy', 'sending'],
          invoke: {
            src: 'leaveMessage',
            input: ({ context }) => messageRequest(context),
            onDone: { target: 'loading', actions: 'clearMessage' },
            onError: callErrors(ENDED, 'shown'),
          },
        },
        rating: {
          tags: ['busy', 'rating'],
          invoke: {
            src: 'rateTicket',
            input: ({ context, event }) => ({
              feedbackId: context.feedbackId!,
              rating: event.type === 'ticket.rated' ? event.rating : 0,
            }),
            onDone: 'loading',
            onError: callErrors(ENDED, 'shown'),
          },
        },
      },
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): FeedbackTicketOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as FeedbackTicketOutput,
})

type FeedbackTicketSnapshot = SnapshotFrom<typeof feedbackTicketMachine>

/** What feedback_list shows — its one read of this machine: the tickets, how the list stands, the red dot. */
export function feedbackListView(s: FeedbackTicketSnapshot) {
  const { context } = s
  const loading = s.hasTag('busy')
  const none = context.tickets.length === 0
  return {
    tickets: context.tickets,
    /** Tickets with a reply not read yet, when there are any (the notice above the list). */
    unreadTickets: context.unread > 0 ? context.unread : null,
    loading,
    listed: !none,
    loadingFirst: none && loading,
    empty: none && !loading,
    failed: s.hasTag('loadFailed'),
    error: context.error,
    canMore: s.can({ type: 'tickets.more' }),
  }
}

/** Whether a ticket may be written now (feedback_faq's button). */
export const canWriteTicketView = (s: FeedbackTicketSnapshot) => ({
  canWrite: s.can({ type: 'ticket.started' }),
})

/** What feedback_result shows: the number of the ticket just opened, when the server gave one. */
export const feedbackResultView = (s: FeedbackTicketSnapshot) => ({ createdId: s.context.createdId })

/** What the receipts of a new ticket or of a message show: the rows, their limit and the machine's message. */
export function receiptsView(s: FeedbackTicketSnapshot) {
  const { context } = s
  return {
    receipts: receiptRows(context.receipts),
    max: context.maxReceipts,
    full: context.receipts.length >= context.maxReceipts,
    error: context.error,
  }
}

/** A picture of the ticket or its thread: still being read, read (the image), or not readable. */
export type PictureView = { state: 'loading' } | { state: 'shown'; image: Blob } | { state: 'missing' }
const LOADING: PictureView = { state: 'loading' }
const MISSING: PictureView = { state: 'missing' }

/** The pictures by fileId, the same object while the images read and asked are the same. */
const pictures = new WeakMap<
  Record<string, Blob>,
  { asked: string[]; loading: UploadedFile[]; of: PictureLookup }
>()
export type PictureLookup = (fileId: string) => PictureView
function pictureLookup(c: FeedbackTicketContext): PictureLookup {
  const kept = pictures.get(c.images)
  if (kept && kept.asked === c.imagesAsked && kept.loading === c.imagesLoading) return kept.of
  const of: PictureLookup = (fileId) => {
    const image = c.images[fileId]
    if (image) return { state: 'shown', image }
    const pending = !c.imagesAsked.includes(fileId) || c.imagesLoading.some((f) => f.fileId === fileId)
    return pending ? LOADING : MISSING
  }
  pictures.set(c.images, { asked: c.imagesAsked, loading: c.imagesLoading, of })
  return of
}

/**
 * What feedbackDetail shows — its one read of this machine: the ticket, its thread and pictures, the message box
 * (open while a message may be sent or one is on its way) and the rating (given, open, or neither).
 */
export function feedbackDetailView(s: FeedbackTicketSnapshot) {
  const { context } = s
  const loadingEarlier = s.hasTag('loadingEarlier')
  const sending = s.hasTag('sending')
  const rating = s.hasTag('rating')
  const rated = context.ticket?.rating ?? null
  return {
    ticket: context.ticket,
    failed: s.hasTag('loadFailed'),
    error: context.error,
    thread: context.thread,
    picture: pictureLookup(context),
    showEarlier: loadingEarlier || s.can({ type: 'thread.earlier' }),
    loadingEarlier,
    messageOpen: sending || s.can({ type: 'message.sent' }),
    messageText: context.messageText,
    sending,
    rated,
    ratingOpen: rated === null && (rating || s.can({ type: 'ticket.rated', rating: 1 })),
    ratingSent: rating,
  }
}

export type FeedbackListView = ReturnType<typeof feedbackListView>
export type FeedbackDetailView = ReturnType<typeof feedbackDetailView>
export type ReceiptsView = ReturnType<typeof receiptsView>
