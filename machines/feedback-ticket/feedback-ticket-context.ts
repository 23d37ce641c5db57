/**
 * The feedback ticket machine's input, events, output and context (machines/feedback-ticket.machine.ts).
 */
import type { FeedbackDetail, FeedbackItem, FeedbackMessage, UploadedFile } from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import type { Message } from '../kit/call-failure'
import type { Receipt, UploadEvent } from '../kit/upload-queue'

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
