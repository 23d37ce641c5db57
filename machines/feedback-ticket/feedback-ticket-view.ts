/**
 * What the feedback screens read of the feedback ticket machine (machines/feedback-ticket.machine.ts): the list, the
 * result, the receipts and the open ticket, each a screen's one read.
 */
import type { SnapshotFrom } from 'xstate'
import type { UploadedFile } from '../../domain/api-types'
import { receiptRows } from '../kit/upload-queue'
import type { feedbackTicketMachine } from '../feedback-ticket.machine'
import type { FeedbackTicketContext } from './feedback-ticket-context'

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
