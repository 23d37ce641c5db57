/**
 * upload-queue — images a borrower attaches, uploaded as soon as they are added, one at a time: compress (an
 * injected actor; a photo it cannot read is sent as chosen), then upload with its progress; a failed one may be
 * retried, any may be removed (the one in flight is dropped and the next starts). The feedback ticket runs it
 * twice: for a new ticket's receipts and for a message's images on an open ticket.
 *
 * What `uploadQueue(to, description)` names in the machine's setup():
 *   guards   receiptQueued, currentRemoved
 *   actions  startNextReceipt, keepCompressed (params Output<Blob>), uploadAsChosen, keepUploaded, markFailed,
 *            removeReceipt
 *   actors   compressReceipt ({ file }) → Blob; uploadReceipt (callback; input { localId, file, to }) that sends
 *            back the UploadEvents below
 * Its region carries the tag 'uploading' while a receipt is compressed or uploaded.
 */
import type { UploadedFile } from '../../domain/api-types'
import { imageFile } from '../../domain/schemas/common'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { msg, type Message } from './call-failure'
import { outputParams } from './params'

/** Where an image goes: a new ticket's receipts, or a message on an open ticket. */
export type UploadTarget = 'ticket' | 'message'

export interface Receipt {
  localId: string
  name: string
  /** The photo as chosen, then as compressed. */
  file: Blob
  status: 'queued' | 'compressing' | 'uploading' | 'uploaded' | 'failed'
  /** 0–1 while uploading. */
  progress: number
  uploaded: UploadedFile | null
  error: Message | null
}

/** What the upload actor sends back. */
export type UploadEvent =
  | { type: 'receipt.progressed'; localId: string; fraction: number }
  | { type: 'receipt.uploaded'; localId: string; file: UploadedFile }
  | { type: 'receipt.failed'; localId: string; error: unknown }

/** The part of a machine's context the queue keeps. */
export interface ReceiptQueue {
  maxReceipts: number
  receipts: Receipt[]
  nextReceiptId: number
}

export const inFlight = (r: Receipt) =>
  r.status === 'queued' || r.status === 'compressing' || r.status === 'uploading'
/** The receipt being compressed or uploaded now. */
export const current = (c: ReceiptQueue) =>
  c.receipts.find((r) => r.status === 'compressing' || r.status === 'uploading')
export const patch = (c: ReceiptQueue, localId: string, change: Partial<Receipt>) =>
  c.receipts.map((r) => (r.localId === localId ? { ...r, ...change } : r))
/** The file ids of the receipts uploaded so far. */
export const uploadedIds = (c: ReceiptQueue) => c.receipts.flatMap((r) => (r.uploaded ? [r.uploaded.fileId] : []))

/** Why a chosen photo cannot be a receipt (too many, not an image, over 20 MB), as the domain says. */
export function receiptProblem(c: ReceiptQueue, file: Blob): Message | null {
  const kept = c.receipts.filter((r) => r.status !== 'failed').length
  if (kept >= c.maxReceipts) return msg('validation.feedback.tooManyReceipts', { max: c.maxReceipts })
  const key = Object.values(fieldErrors(imageFile(), file))[0]
  return key ? msg(key) : null
}

/** The queue's region of a parallel state: idle → compressing → uploading → idle, for images going `to`. */
export const uploadQueue = <const To extends UploadTarget>(to: To, description: string) =>
  ({
    description,
    initial: 'idle',
    on: {
      'receipt.removed': [
        { guard: 'currentRemoved', target: '.idle', reenter: true, actions: 'removeReceipt' },
        { actions: 'removeReceipt' },
      ],
    },
    states: {
      idle: {
        always: { guard: 'receiptQueued', target: 'compressing', actions: 'startNextReceipt' },
      },
      compressing: {
        tags: ['uploading'],
        invoke: {
          src: 'compressReceipt',
          input: ({ context }: { context: ReceiptQueue }) => ({ file: current(context)!.file }),
          onDone: { target: 'uploading', actions: { type: 'keepCompressed', params: outputParams } },
          onError: { target: 'uploading', actions: 'uploadAsChosen' },
        },
      },
      uploading: {
        tags: ['uploading'],
        invoke: {
          src: 'uploadReceipt',
          input: ({ context }: { context: ReceiptQueue }) => ({
            localId: current(context)!.localId,
            file: current(context)!.file,
            to,
          }),
        },
        on: {
          'receipt.uploaded': { target: 'idle', actions: 'keepUploaded' },
          'receipt.failed': { target: 'idle', actions: 'markFailed' },
        },
      },
    },
  }) as const
