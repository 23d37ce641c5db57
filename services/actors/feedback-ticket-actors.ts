/**
 * The feedback ticket machine's I/O (machines/feedback-ticket.machine.ts): tickets, the red dot, receipts
 * compressed on the phone and uploaded with their progress, a ticket's thread, messages and the rating.
 * Composition:
 *
 *   const forms = createSubmitActors({ api, storage })
 *   feedbackTicketMachine.provide({ actors: {
 *     ...createFeedbackTicketActors({ api }),
 *     ticketForm: submitMachine.provide({ actors: { submit: forms.submitTo('/feedback/create'), draftStore: forms.draftStore } }),
 *   } })
 */
import { fromCallback, fromPromise } from 'xstate'
import type { FeedbackDetail, FeedbackItem, Page, UploadedFile } from '../../src/domain/api-types'
import type { ApiClient } from '../api/client'
import { compressImage } from '../uploads/compress'
import { dataOf } from './call'

export interface FeedbackTicketActorDeps {
  api: Pick<ApiClient, 'request' | 'upload'>
  /** Shrinks a photo before it is sent (default: services/uploads/compress.ts). */
  compress?: (file: Blob) => Promise<Blob>
  /** Tickets per page (the API's default is 20). */
  pageSize?: number
}

/** What the upload actor tells the machine (kept in step with machines/feedback-ticket.machine.ts UploadEvent). */
type UploadEvent =
  | { type: 'receipt.progressed'; localId: string; fraction: number }
  | { type: 'receipt.uploaded'; localId: string; file: UploadedFile }
  | { type: 'receipt.failed'; localId: string; error: unknown }

export function createFeedbackTicketActors({
  api,
  compress = (file) => compressImage(file),
  pageSize = 20,
}: FeedbackTicketActorDeps) {
  return {
    loadTickets: fromPromise<Page<FeedbackItem>, { page: number }>(async ({ input, signal }) =>
      dataOf(await api.request('/feedback/list/feedback', { page: input.page, pageSize }, { signal })),
    ),
    loadRedDot: fromPromise<{ unread: number }>(async ({ signal }) =>
      dataOf(await api.request('/feedback/red-dot-marker', {}, { signal })),
    ),
    compressReceipt: fromPromise<Blob, { file: Blob }>(({ input }) => compress(input.file)),
    /** Uploads one receipt, reporting its progress; stopping the actor (receipt removed) aborts the upload. */
    uploadReceipt: fromCallback<{ type: 'upload.cancelled' }, { localId: string; file: Blob }>(
      ({ input, sendBack: send }) => {
        const sendBack = (event: UploadEvent) => send(event)
        const controller = new AbortController()
        const { localId } = input
        api
          .upload(
            '/feedback/upload/credential',
            { file: input.file },
            {},
            (fraction) => sendBack({ type: 'receipt.progressed', localId, fraction }),
            { signal: controller.signal },
          )
          .then((result) => {
            if (controller.signal.aborted) return
            if (result.ok) sendBack({ type: 'receipt.uploaded', localId, file: result.data })
            else sendBack({ type: 'receipt.failed', localId, error: result })
          })
        return () => controller.abort()
      },
    ),
    loadTicket: fromPromise<FeedbackDetail, { feedbackId: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/feedback/detail', input, { signal })),
    ),
    leaveMessage: fromPromise<unknown, { feedbackId: string; content: string; attachments: string[] }>(
      async ({ input, signal }) => dataOf(await api.request('/feedback/add/leaveMsg', input, { signal })),
    ),
    rateTicket: fromPromise<unknown, { feedbackId: string; rating: number }>(async ({ input, signal }) =>
      dataOf(await api.request('/feedback/submit-rating', input, { signal })),
    ),
  }
}
