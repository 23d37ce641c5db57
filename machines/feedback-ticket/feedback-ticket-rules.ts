/**
 * The feedback ticket machine's rules (machines/feedback-ticket.machine.ts): the thread's pages, the images still to
 * read, the message a borrower sends, the ticket just created, and the context of no ticket open. Pure: no xstate.
 */
import type { Page, UploadedFile } from '../../domain/api-types'
import { queueUpdates, uploadedIds } from '../kit/upload-queue'
import type { FeedbackTicketContext } from './feedback-ticket-context'

/** Messages a page of a ticket's thread. */
export const THREAD_PAGE_SIZE = 20

/** What /feedback/add/leaveMsg is sent: the open ticket's message as typed, and its images uploaded so far. */
export const messageRequest = (c: FeedbackTicketContext) => ({
  feedbackId: c.feedbackId ?? '',
  content: c.messageText.trim(),
  attachments: uploadedIds(c),
})

/** The ticket's receipts and the thread's images not asked for yet. */
export const imagesToAsk = (c: FeedbackTicketContext): UploadedFile[] => {
  const files = [...(c.ticket?.receipts ?? []), ...c.thread.flatMap((m) => m.attachments)]
  const seen = new Set(c.imagesAsked)
  return files.filter((f) => !seen.has(f.fileId) && (seen.add(f.fileId), true))
}

/** The last page of a paged list (1 for an empty one). */
export const lastPageOf = (page: Page<unknown>) => Math.max(1, Math.ceil(page.total / page.pageSize))

/** The id of the ticket /feedback/create made (the submit child's data as the server answered it). */
export const createdIdOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && 'feedbackId' in data && typeof data.feedbackId === 'string'
    ? data.feedbackId
    : null

/** No ticket open: what opening one starts from (its thread, images, message and its images all empty). */
export const noTicket = () => ({
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
