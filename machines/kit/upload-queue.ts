/**
 * upload-queue — images a borrower attaches, uploaded as soon as they are added, one at a time: compress (an
 * injected actor; a photo it cannot read is sent as chosen), then upload with its progress; a failed one may be
 * retried, any may be removed (the one in flight is dropped and the next starts). The feedback ticket runs it
 * twice: for a new ticket's receipts and for a message's images on an open ticket.
 *
 * What `uploadQueue(to, description, closedWhen?)` names in the machine's setup() (each a one-line call of the
 * predicates and updates below, so the machine keeps every name and the kit keeps the rules):
 *   guards   receiptAcceptable (params Chosen), receiptQueued, currentRemoved (params OneReceipt), receiptFailed
 *            (params OneReceipt), and `closedWhen` when given (no image is added while it holds)
 *   actions  addReceipt, refuseReceipt (params Chosen), removeReceipt, retryReceipt (params OneReceipt),
 *            startNextReceipt, keepCompressed (params Output<Blob>), uploadAsChosen, showProgress, keepUploaded,
 *            markFailed (params: the upload actor's event)
 *   actors   compressReceipt ({ file }) → Blob; uploadReceipt (callback; input { localId, file, to }) that sends
 *            back the UploadEvents below
 * Its region carries the tag 'uploading' while a receipt is compressed or uploaded, and handles receipt.added,
 * receipt.removed, receipt.retried and the upload actor's events itself.
 */
import type { UploadedFile } from '../../domain/api-types'
import { imageFile } from '../../domain/schemas/common'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { failureOf, messageOf, msg, type Message } from './call-failure'
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
export const uploadedIds = (c: ReceiptQueue) =>
  c.receipts.flatMap((r) => (r.uploaded ? [r.uploaded.fileId] : []))

/** Why a chosen photo cannot be a receipt (too many, not an image, over 20 MB), as the domain says. */
export function receiptProblem(c: ReceiptQueue, file: Blob): Message | null {
  const kept = c.receipts.filter((r) => r.status !== 'failed').length
  if (kept >= c.maxReceipts) return msg('validation.feedback.tooManyReceipts', { max: c.maxReceipts })
  const key = Object.values(fieldErrors(imageFile(), file))[0]
  return key ? msg(key) : null
}

/** The params of the guards and actions about a chosen photo. */
export interface Chosen {
  file: Blob & { name?: string }
}
/** The params of the guards and actions about one receipt of the list. */
export interface OneReceipt {
  localId: string
}
const chosen = ({ event }: { event: Chosen }): Chosen => ({ file: event.file })
const oneReceipt = ({ event }: { event: OneReceipt }): OneReceipt => ({ localId: event.localId })
/** The upload actor's event, handed on as the params of the action that keeps what it says. */
const reported = <E extends UploadEvent>({ event }: { event: E }): E => event
export type Progressed = Extract<UploadEvent, { type: 'receipt.progressed' }>
export type Uploaded = Extract<UploadEvent, { type: 'receipt.uploaded' }>
export type UploadFailed = Extract<UploadEvent, { type: 'receipt.failed' }>

/** The predicates of the queue's guards. */
export const queueGuards = {
  acceptable: (c: ReceiptQueue, file: Blob) => receiptProblem(c, file) === null,
  queued: (c: ReceiptQueue) => c.receipts.some((r) => r.status === 'queued'),
  isCurrent: (c: ReceiptQueue, localId: string) => current(c)?.localId === localId,
  failed: (c: ReceiptQueue, localId: string) =>
    c.receipts.some((r) => r.localId === localId && r.status === 'failed'),
  /** None is still on its way: the ticket or the message may be sent. */
  settled: (c: ReceiptQueue) => !c.receipts.some(inFlight),
}

/** What the queue's actions change in the context (each an assign of the machine's setup()). */
export const queueUpdates = {
  added: (c: ReceiptQueue, file: Chosen['file']) => ({
    receipts: [
      ...c.receipts,
      {
        localId: `r${c.nextReceiptId}`,
        name: file.name ?? `receipt-${c.nextReceiptId}`,
        file,
        status: 'queued',
        progress: 0,
        uploaded: null,
        error: null,
      } satisfies Receipt,
    ],
    nextReceiptId: c.nextReceiptId + 1,
    error: null,
  }),
  refused: (c: ReceiptQueue, file: Blob) => ({ error: receiptProblem(c, file) }),
  removed: (c: ReceiptQueue, localId: string) => ({
    receipts: c.receipts.filter((r) => r.localId !== localId),
  }),
  retried: (c: ReceiptQueue, localId: string) => ({
    receipts: patch(c, localId, { status: 'queued', progress: 0, error: null }),
  }),
  startedNext: (c: ReceiptQueue) => {
    const next = c.receipts.find((r) => r.status === 'queued')
    return { receipts: next ? patch(c, next.localId, { status: 'compressing' }) : c.receipts }
  },
  compressed: (c: ReceiptQueue, file: Blob) => ({
    receipts: patch(c, current(c)!.localId, { file, status: 'uploading' }),
  }),
  /** A photo the compressor cannot read (an unusual format) is sent as it is; it is within 20 MB already. */
  asChosen: (c: ReceiptQueue) => ({ receipts: patch(c, current(c)!.localId, { status: 'uploading' }) }),
  progressed: (c: ReceiptQueue, { localId, fraction }: Progressed) => ({
    receipts: patch(c, localId, { progress: fraction }),
  }),
  uploaded: (c: ReceiptQueue, { localId, file }: Uploaded) => ({
    receipts: patch(c, localId, { status: 'uploaded', progress: 1, uploaded: file }),
  }),
  failed: (c: ReceiptQueue, { localId, error }: UploadFailed) => ({
    receipts: patch(c, localId, { status: 'failed', error: messageOf(failureOf(error)) }),
  }),
  /** An empty list (the ticket or the message was sent, or given up). */
  emptied: () => ({ receipts: [] as Receipt[] }),
}

/** A receipt as the screen lists it: whether it shows a progress bar (and its percent) and may be retried. */
export interface ReceiptRow extends Receipt {
  uploading: boolean
  percent: number
  retryable: boolean
}
const rows = new WeakMap<readonly Receipt[], readonly ReceiptRow[]>()
/** The receipts as rows (the same array while the receipts are the same). */
export function receiptRows(receipts: readonly Receipt[]): readonly ReceiptRow[] {
  let kept = rows.get(receipts)
  if (!kept) {
    kept = receipts.map((r) => ({
      ...r,
      uploading: r.status === 'uploading',
      percent: Math.round(r.progress * 100),
      retryable: r.status === 'failed',
    }))
    rows.set(receipts, kept)
  }
  return kept
}

/**
 * The queue's region of a parallel state: idle → compressing → uploading → idle, for images going `to`; while
 * the guard `closedWhen` (when given) holds, an added image is ignored.
 */
export const uploadQueue = <const To extends UploadTarget, const Closed extends string = never>(
  to: To,
  description: string,
  closedWhen?: Closed,
) =>
  ({
    description,
    initial: 'idle',
    on: {
      'receipt.added': [
        ...(closedWhen ? [{ guard: closedWhen }] : []),
        {
          guard: { type: 'receiptAcceptable', params: chosen },
          actions: { type: 'addReceipt', params: chosen },
        },
        { actions: { type: 'refuseReceipt', params: chosen } },
      ],
      'receipt.removed': [
        {
          guard: { type: 'currentRemoved', params: oneReceipt },
          target: '.idle',
          reenter: true,
          actions: { type: 'removeReceipt', params: oneReceipt },
        },
        { actions: { type: 'removeReceipt', params: oneReceipt } },
      ],
      'receipt.retried': {
        guard: { type: 'receiptFailed', params: oneReceipt },
        actions: { type: 'retryReceipt', params: oneReceipt },
      },
      'receipt.progressed': { actions: { type: 'showProgress', params: reported<Progressed> } },
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
          'receipt.uploaded': {
            target: 'idle',
            actions: { type: 'keepUploaded', params: reported<Uploaded> },
          },
          'receipt.failed': {
            target: 'idle',
            actions: { type: 'markFailed', params: reported<UploadFailed> },
          },
        },
      },
    },
  }) as const
