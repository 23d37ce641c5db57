/**
 * The feedback ticket machine's setup (machines/feedback-ticket.machine.ts): every actor, guard and action it names.
 * The actors are stubs the composition provides (services/actors/feedback-ticket-actors.ts); the upload queue's
 * names are each a one-line call of the kit's rules (machines/kit/upload-queue.ts). The open ticket's states
 * (ticket-states.ts) are built on it.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import { ApiCode } from '../../domain/api-codes'
import type {
  FeedbackDetail,
  FeedbackItem,
  FeedbackMessage,
  Page,
  UploadedFile,
} from '../../domain/api-types'
import { leaveMessageSchema, ratingSchema } from '../../domain/schemas/feedback'
import { fieldErrors } from '../../domain/schemas/field-errors'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  msg,
  type SessionEndedEvent,
} from '../kit/call-failure'
import { notProvided } from '../kit/not-provided'
import type { Output } from '../kit/params'
import {
  queueGuards,
  queueUpdates,
  uploadedIds,
  type Chosen,
  type OneReceipt,
  type Progressed,
  type UploadFailed,
  type Uploaded,
  type UploadTarget,
} from '../kit/upload-queue'
import { submitMachine, type SubmitOutput } from '../submit.machine'
import type {
  FeedbackTicketContext,
  FeedbackTicketEvent,
  FeedbackTicketInput,
  FeedbackTicketOutput,
} from './feedback-ticket-context'
import { createdIdOf, imagesToAsk, lastPageOf, messageRequest, noTicket } from './feedback-ticket-rules'

/** Where a call that finds the session ended goes, from any state. */
export const ENDED = '#feedbackTicket.sessionEnded'

export const feedbackTicketSetup = setup({
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
})
