/**
 * The feedback ticket machine's I/O (machines/feedback-ticket.machine.ts): tickets, the red dot, receipts and a
 * message's images compressed on the phone and uploaded with their progress, a ticket's thread a page at a time,
 * its images (served only to the borrower's session), messages and the rating. Composition:
 *
 *   const forms = createSubmitActors({ api, storage })
 *   feedbackTicketMachine.provide({ actors: {
 *     ...createFeedbackTicketActors({ api, token: () => storage.get('token') }),
 *     ticketForm: submitMachine.provide({ actors: { submit: forms.submitTo('/feedback/create'), draftStore: forms.draftStore } }),
 *   } })
 */
import { fromCallback, fromPromise } from 'xstate'
import type { FeedbackDetail, FeedbackItem, FeedbackMessage, Page, UploadedFile } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import { compressImage } from '../uploads/compress'
import { dataOf } from './call'

export interface FeedbackTicketActorDeps {
  api: Pick<ApiClient, 'request' | 'upload' | 'axios'>
  /** The session's token: the images of a ticket are served only with it (GET /feedback/files/<id>). */
  token: () => string | null
  /** Shrinks a photo before it is sent (default: services/uploads/compress.ts). */
  compress?: (file: Blob) => Promise<Blob>
  /** Tickets per page (the API's default is 20). */
  pageSize?: number
}

/** What the upload actor tells the machine (kept in step with machines/kit/upload-queue.ts UploadEvent). */
type UploadEvent =
  | { type: 'receipt.progressed'; localId: string; fraction: number }
  | { type: 'receipt.uploaded'; localId: string; file: UploadedFile }
  | { type: 'receipt.failed'; localId: string; error: unknown }

const UPLOAD_PATH = { ticket: '/feedback/upload/credential', message: '/feedback/uploadFile' } as const

export function createFeedbackTicketActors({
  api,
  token,
  compress = (file) => compressImage(file),
  pageSize = 20,
}: FeedbackTicketActorDeps) {
  /** One image of the borrower's own, or null when it cannot be read (gone, offline, not an image). */
  const image = async (file: UploadedFile, signal: AbortSignal): Promise<Blob | null> => {
    const bearer = token()
    if (!bearer) return null
    try {
      const response = await api.axios.get<Blob>(file.url, {
        responseType: 'blob',
        headers: { Authorization: `Bearer ${bearer}` },
        signal,
      })
      const blob = response.data
      return response.status === 200 && blob instanceof Blob && blob.type.startsWith('image/') ? blob : null
    } catch {
      return null
    }
  }
  return {
    loadTickets: fromPromise<Page<FeedbackItem>, { page: number }>(async ({ input, signal }) =>
      dataOf(await api.request('/feedback/list/feedback', { page: input.page, pageSize }, { signal })),
    ),
    loadRedDot: fromPromise<{ unread: number }>(async ({ signal }) =>
      dataOf(await api.request('/feedback/red-dot-marker', {}, { signal })),
    ),
    compressReceipt: fromPromise<Blob, { file: Blob }>(({ input }) => compress(input.file)),
    /**
     * Uploads one image — a new ticket's receipt or a message's — reporting its progress; stopping the actor
     * (image removed) aborts the upload.
     */
    uploadReceipt: fromCallback<
      { type: 'upload.cancelled' },
      { localId: string; file: Blob; to: keyof typeof UPLOAD_PATH }
    >(
      ({ input, sendBack: send }) => {
        const sendBack = (event: UploadEvent) => send(event)
        const controller = new AbortController()
        const { localId } = input
        api
          .upload(
            UPLOAD_PATH[input.to],
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
    loadMessages: fromPromise<Page<FeedbackMessage>, { feedbackId: string; page: number; pageSize: number }>(
      async ({ input, signal }) => dataOf(await api.request('/feedback/list/leave-message', input, { signal })),
    ),
    /** The images it could read, by fileId; the others are left out (the screen says they cannot be shown). */
    loadImages: fromPromise<Record<string, Blob>, { files: UploadedFile[] }>(async ({ input, signal }) => {
      const read = await Promise.all(input.files.map(async (f) => [f.fileId, await image(f, signal)] as const))
      return Object.fromEntries(read.filter((entry): entry is readonly [string, Blob] => entry[1] !== null))
    }),
    leaveMessage: fromPromise<unknown, { feedbackId: string; content: string; attachments: string[] }>(
      async ({ input, signal }) => dataOf(await api.request('/feedback/add/leaveMsg', input, { signal })),
    ),
    rateTicket: fromPromise<unknown, { feedbackId: string; rating: number }>(async ({ input, signal }) =>
      dataOf(await api.request('/feedback/submit-rating', input, { signal })),
    ),
  }
}
