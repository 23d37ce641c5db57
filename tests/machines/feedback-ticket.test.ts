import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef } from 'xstate'
import { feedbackTicketMachine } from '../../machines/feedback-ticket.machine'
import { THREAD_PAGE_SIZE } from '../../machines/feedback-ticket/feedback-ticket-rules'
import type { UploadEvent, UploadTarget } from '../../machines/kit/upload-queue'
import {
  submitMachine,
  type DraftStoreEvent,
  type FormValues,
  type DraftStoreReply,
} from '../../machines/submit.machine'
import type { FeedbackDetail, FeedbackItem, FeedbackMessage, Page, UploadedFile } from '../../domain/api-types'
import type { ApiFailure } from '../../domain/api-result'
import type { FeedbackStatusCode } from '../../domain/enums'

const MB = 1024 * 1024
const photo = (name: string, bytes = 200_000, type = 'image/jpeg') =>
  Object.assign(new Blob([new Uint8Array(bytes)], { type }), { name })

const item = (feedbackId: string, status: FeedbackStatusCode = 1): FeedbackItem => ({
  feedbackId,
  type: 1,
  status,
  summary: 'Nimelipa lakini deni bado linaonekana',
  createTime: '2027-02-01T09:00:00.000Z',
  updatedAt: '2027-02-01T09:00:00.000Z',
  unread: false,
  rating: null,
})

const detail = (status: FeedbackStatusCode, canRate = status === 4): FeedbackDetail => ({
  ...item('F-1', status),
  description: 'Nimelipa lakini deni bado linaonekana',
  receiverAccount: '0712345678',
  contact: 'asha@gmail.com',
  contactTime: 'morning',
  receipts: [],
  loanOrderId: null,
  messages: [],
  canRate,
})

const uploaded = (fileId: string): UploadedFile => ({
  fileId,
  url: `/files/${fileId}`,
  contentType: 'image/jpeg',
  size: 1000,
})

interface Options {
  /** What loading the list fails with (e.g. the client's NotLoggedIn without a token). */
  listFails?: ApiFailure
  tickets?: FeedbackItem[]
  ticket?: FeedbackDetail
  compress?: (file: Blob) => Promise<Blob>
  create?: (values: FormValues) => Promise<unknown>
  message?: () => Promise<unknown>
  /** The whole thread, served THREAD_PAGE_SIZE a page (default: none). */
  thread?: FeedbackMessage[]
  /** The images the server serves (default: each one asked for). */
  images?: (files: UploadedFile[]) => Promise<Record<string, Blob>>
}

const message = (n: number, attachments: UploadedFile[] = []): FeedbackMessage => ({
  messageId: `M-${n}`,
  from: n % 2 === 0 ? 'borrower' : 'support',
  content: `Ujumbe ${n}`,
  attachments,
  createTime: '2027-02-02T09:00:00.000Z',
})

function open(o: Options = {}) {
  const all = o.tickets ?? [item('F-1'), item('F-2'), item('F-3')]
  const loadTickets = vi.fn(async ({ input }: { input: { page: number } }): Promise<Page<FeedbackItem>> => {
    if (o.listFails) throw o.listFails
    return {
      items: all.slice((input.page - 1) * 2, input.page * 2),
      page: input.page,
      pageSize: 2,
      total: all.length,
    }
  })
  /** The upload actor of each receipt in flight, to report its progress and outcome. */
  const uploads = new Map<string, (event: UploadEvent) => void>()
  const uploadTargets = new Map<string, UploadTarget>()
  const cancelled: string[] = []
  const uploadReceipt = fromCallback<{ type: 'upload.cancelled' }, { localId: string; file: Blob; to: UploadTarget }>(
    ({ input, sendBack }) => {
      uploads.set(input.localId, sendBack)
      uploadTargets.set(input.localId, input.to)
      return () => {
        if (uploads.delete(input.localId)) cancelled.push(input.localId)
      }
    },
  )
  const finish = (localId: string, file: UploadedFile) => {
    const send = uploads.get(localId)!
    uploads.delete(localId)
    send({ type: 'receipt.uploaded', localId, file })
  }
  const compressReceipt = vi.fn(async ({ input }: { input: { file: Blob } }) =>
    o.compress ? o.compress(input.file) : new Blob([new Uint8Array(50_000)], { type: 'image/jpeg' }),
  )
  const create = vi.fn(async ({ input }: { input: { values: FormValues } }) =>
    o.create ? o.create(input.values) : { feedbackId: 'F-9' },
  )
  const leaveMessage = vi.fn(
    async (_: { input: { feedbackId: string; content: string; attachments: string[] } }): Promise<unknown> =>
      o.message ? o.message() : { messageId: 'M-1' },
  )
  const rateTicket = vi.fn(
    async (_: { input: { feedbackId: string; rating: number } }): Promise<unknown> => ({}),
  )
  const loadTicket = vi.fn(async () => o.ticket ?? detail(3))
  const thread = o.thread ?? []
  const loadMessages = vi.fn(
    async ({ input }: { input: { feedbackId: string; page: number; pageSize: number } }): Promise<Page<FeedbackMessage>> => ({
      items: thread.slice((input.page - 1) * input.pageSize, input.page * input.pageSize),
      page: input.page,
      pageSize: input.pageSize,
      total: thread.length,
    }),
  )
  const loadImages = vi.fn(async ({ input }: { input: { files: UploadedFile[] } }) =>
    o.images
      ? o.images(input.files)
      : Object.fromEntries(input.files.map((f) => [f.fileId, new Blob([f.fileId], { type: 'image/jpeg' })])),
  )
  const machine = feedbackTicketMachine.provide({
    actors: {
      loadTickets: fromPromise(loadTickets),
      loadRedDot: fromPromise(async () => ({ unread: 2 })),
      compressReceipt: fromPromise(compressReceipt),
      uploadReceipt,
      ticketForm: submitMachine.provide({
        actors: {
          submit: fromPromise(create),
          draftStore: fromCallback<DraftStoreEvent, { formId: string }, DraftStoreReply>(() => {}),
        },
      }),
      loadTicket: fromPromise(loadTicket),
      loadMessages: fromPromise(loadMessages),
      loadImages: fromPromise(loadImages),
      leaveMessage: fromPromise(leaveMessage),
      rateTicket: fromPromise(rateTicket),
    },
  })
  const actor = createActor(machine, { input: { country: 'TZ' } }).start()
  return {
    actor,
    uploads,
    uploadTargets,
    finish,
    cancelled,
    loadTickets,
    compressReceipt,
    create,
    leaveMessage,
    rateTicket,
    loadTicket,
    loadMessages,
    loadImages,
  }
}

const settled = (actor: AnyActorRef) => waitFor(actor, (s) => !s.hasTag('busy'))
const uploading = (t: ReturnType<typeof open>, localId: string) =>
  waitFor(t.actor, () => t.uploads.has(localId))

describe('feedback ticket list', () => {
  it('lists the tickets a page at a time and shows the red dot of unread replies', async () => {
    const { actor } = open()
    await settled(actor)
    expect(actor.getSnapshot().context.tickets.map((t) => t.feedbackId)).toEqual(['F-1', 'F-2'])
    expect(actor.getSnapshot().context.unread).toBe(2)
    actor.send({ type: 'tickets.more' })
    await settled(actor)
    expect(actor.getSnapshot().context.tickets).toHaveLength(3)
    expect(actor.getSnapshot().can({ type: 'tickets.more' })).toBe(false)
  })

  it('has nothing to list without a session, without saying a session ended (the public feedback FAQ)', async () => {
    const { actor } = open({ listFails: { ok: false, kind: 'sessionEnded', code: 10010301 } })
    const ended = vi.fn()
    actor.on('session.ended', ended)
    await settled(actor)
    expect(actor.getSnapshot().matches({ list: 'signedOut' })).toBe(true)
    expect(actor.getSnapshot().status).toBe('active')
    expect(ended).not.toHaveBeenCalled()
    expect(actor.getSnapshot().can({ type: 'ticket.started' })).toBe(true)
  })

  it('ends with the session when the server refuses the token', async () => {
    const { actor } = open({ listFails: { ok: false, kind: 'sessionEnded', code: 10010303 } })
    await waitFor(actor, (s) => s.status === 'done')
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sessionEnded' })
  })
})

describe('a new ticket with receipts', () => {
  it('refuses a photo over 20 MB, a file that is not an image, and a fourth receipt', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })

    t.actor.send({ type: 'receipt.added', file: photo('huge.jpg', 20 * MB + 1) })
    expect(t.actor.getSnapshot().context.error).toEqual({ key: 'validation.file.tooLarge' })
    t.actor.send({ type: 'receipt.added', file: photo('statement.pdf', 1000, 'application/pdf') })
    expect(t.actor.getSnapshot().context.error).toEqual({ key: 'validation.file.type' })

    for (const n of [1, 2, 3]) t.actor.send({ type: 'receipt.added', file: photo(`r${n}.jpg`) })
    t.actor.send({ type: 'receipt.added', file: photo('r4.jpg') })
    expect(t.actor.getSnapshot().context.error).toEqual({
      key: 'validation.feedback.tooManyReceipts',
      values: { max: 3 },
    })
    expect(t.actor.getSnapshot().context.receipts).toHaveLength(3)
  })

  it('compresses and uploads one receipt at a time, with its progress', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })
    t.actor.send({ type: 'receipt.added', file: photo('a.jpg', 3 * MB) })
    t.actor.send({ type: 'receipt.added', file: photo('b.jpg') })
    await uploading(t, 'r1')
    expect(t.uploads.has('r2')).toBe(false)
    expect(t.actor.getSnapshot().context.receipts[0]!.file.size).toBe(50_000)

    t.uploads.get('r1')!({ type: 'receipt.progressed', localId: 'r1', fraction: 0.4 })
    expect(t.actor.getSnapshot().context.receipts[0]).toMatchObject({ status: 'uploading', progress: 0.4 })
    t.finish('r1', uploaded('file-1'))
    await uploading(t, 'r2')
    expect(t.actor.getSnapshot().context.receipts[0]).toMatchObject({ status: 'uploaded', progress: 1 })
    expect(t.compressReceipt).toHaveBeenCalledTimes(2)
  })

  it('sends the photo as chosen when the compressor cannot read it', async () => {
    const t = open({ compress: () => Promise.reject(new Error('unsupported image')) })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })
    const original = photo('a.heic', 900_000, 'image/heic')
    t.actor.send({ type: 'receipt.added', file: original })
    await uploading(t, 'r1')
    expect(t.actor.getSnapshot().context.receipts[0]!.file).toBe(original)
  })

  it('stops the upload of a receipt the borrower removes and goes on with the next', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })
    t.actor.send({ type: 'receipt.added', file: photo('a.jpg') })
    t.actor.send({ type: 'receipt.added', file: photo('b.jpg') })
    await uploading(t, 'r1')
    t.actor.send({ type: 'receipt.removed', localId: 'r1' })
    expect(t.cancelled).toEqual(['r1'])
    await uploading(t, 'r2')
    expect(t.actor.getSnapshot().context.receipts.map((r) => r.localId)).toEqual(['r2'])
  })

  it('lets the borrower retry a receipt whose upload failed', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })
    t.actor.send({ type: 'receipt.added', file: photo('a.jpg') })
    await uploading(t, 'r1')
    const network: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
    t.uploads.get('r1')!({ type: 'receipt.failed', localId: 'r1', error: network })
    expect(t.actor.getSnapshot().context.receipts[0]).toMatchObject({
      status: 'failed',
      error: { key: 'errors.network' },
    })
    t.actor.send({ type: 'receipt.retried', localId: 'r1' })
    await uploading(t, 'r1')
  })

  it('waits for the receipts, then opens the ticket with them and shows the result', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })
    const form = t.actor.getSnapshot().children.ticketForm!
    form.send({
      type: 'form.changed',
      values: {
        type: 1,
        description: 'Nimelipa jana',
        receiverAccount: '0712345678',
        contact: 'asha@gmail.com',
      },
    })
    t.actor.send({ type: 'receipt.added', file: photo('a.jpg') })
    await uploading(t, 'r1')

    t.actor.send({ type: 'ticket.submitted' })
    expect(t.actor.getSnapshot().context.error).toEqual({ key: 'machines.feedback.receiptsUploading' })
    expect(t.create).not.toHaveBeenCalled()

    t.finish('r1', uploaded('file-1'))
    t.actor.send({ type: 'ticket.submitted' })
    await waitFor(t.actor, (s) => s.hasTag('created'))
    expect(t.create.mock.calls[0]![0].input.values).toEqual({
      type: 1,
      description: 'Nimelipa jana',
      receiverAccount: '0712345678',
      contact: 'asha@gmail.com',
      contactTime: 'anytime',
      receipts: ['file-1'],
    })
    expect(t.actor.getSnapshot().context.createdId).toBe('F-9')

    t.actor.send({ type: 'result.acknowledged' })
    await settled(t.actor)
    expect(t.actor.getSnapshot().matches('list')).toBe(true)
  })

  it('keeps the borrower on the form with the messages of the fields still wrong', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.started' })
    t.actor.send({ type: 'ticket.submitted' })
    const form = t.actor.getSnapshot().children.ticketForm!.getSnapshot()
    expect(form.context.fieldErrors.description).toEqual({ key: 'validation.feedback.description' })
    expect(t.create).not.toHaveBeenCalled()
  })
})

describe("a ticket's thread", () => {
  it('sends a message on an open ticket and shows the thread again', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    t.actor.send({ type: 'message.sent' })
    expect(t.actor.getSnapshot().context.error).toEqual({ key: 'validation.feedback.message' })

    t.actor.send({ type: 'message.changed', text: '  Nimeambatisha risiti  ' })
    t.actor.send({ type: 'message.sent' })
    await settled(t.actor)
    expect(t.leaveMessage.mock.calls[0]![0].input).toEqual({
      feedbackId: 'F-1',
      content: 'Nimeambatisha risiti',
      attachments: [],
    })
    expect(t.loadTicket).toHaveBeenCalledTimes(2)
    expect(t.actor.getSnapshot().context.messageText).toBe('')
  })

  it('takes no more messages on a resolved ticket, and rates it once from 1 to 5', async () => {
    const t = open({ ticket: detail(4) })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    t.actor.send({ type: 'message.changed', text: 'Asante' })
    expect(t.actor.getSnapshot().can({ type: 'message.sent' })).toBe(false)
    expect(t.actor.getSnapshot().can({ type: 'ticket.rated', rating: 6 })).toBe(false)
    expect(t.actor.getSnapshot().can({ type: 'ticket.rated', rating: 0 })).toBe(false)

    t.actor.send({ type: 'ticket.rated', rating: 5 })
    await settled(t.actor)
    expect(t.rateTicket.mock.calls[0]![0].input).toEqual({ feedbackId: 'F-1', rating: 5 })
  })

  it('reads the thread with /feedback/list/leave-message, a short one from its first page', async () => {
    const t = open({ thread: [message(1), message(2)] })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    expect(t.loadMessages.mock.calls.map((c) => c[0].input)).toEqual([
      { feedbackId: 'F-1', page: 1, pageSize: THREAD_PAGE_SIZE },
    ])
    expect(t.actor.getSnapshot().context.thread.map((m) => m.messageId)).toEqual(['M-1', 'M-2'])
    expect(t.actor.getSnapshot().can({ type: 'thread.earlier' })).toBe(false)
  })

  it('opens a long thread on its latest messages and reads the earlier pages on demand', async () => {
    const long = Array.from({ length: THREAD_PAGE_SIZE * 2 + 3 }, (_, i) => message(i + 1))
    const t = open({ thread: long })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    let context = t.actor.getSnapshot().context
    expect(context.thread.map((m) => m.messageId)).toEqual(['M-41', 'M-42', 'M-43'])
    expect(context.threadFirstPage).toBe(3)
    t.actor.send({ type: 'thread.earlier' })
    expect(t.actor.getSnapshot().hasTag('loadingEarlier')).toBe(true)
    await waitFor(t.actor, (s) => !s.hasTag('loadingEarlier'))
    t.actor.send({ type: 'thread.earlier' })
    await waitFor(t.actor, (s) => !s.hasTag('loadingEarlier') && s.context.threadFirstPage === 1)
    context = t.actor.getSnapshot().context
    expect(context.thread.map((m) => m.messageId)).toEqual(long.map((m) => m.messageId))
    expect(t.actor.getSnapshot().can({ type: 'thread.earlier' })).toBe(false)
    expect(t.loadMessages.mock.calls.map((c) => c[0].input.page)).toEqual([1, 3, 2, 1])
  })

  it('fetches the images of the ticket and of the thread once each, and keeps the ones it could read', async () => {
    const t = open({
      ticket: { ...detail(3), receipts: [uploaded('R-1')] },
      thread: [message(1, [uploaded('A-1'), uploaded('A-2')])],
      images: async (files) =>
        Object.fromEntries(files.filter((f) => f.fileId !== 'A-2').map((f) => [f.fileId, new Blob(['x'])])),
    })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await waitFor(t.actor, (s) => s.context.imagesAsked.length === 3 && s.context.imagesLoading.length === 0)
    expect(Object.keys(t.actor.getSnapshot().context.images).sort()).toEqual(['A-1', 'R-1'])
    expect(t.loadImages).toHaveBeenCalledTimes(1)
    expect(t.loadImages.mock.calls[0]![0].input.files.map((f) => f.fileId)).toEqual(['R-1', 'A-1', 'A-2'])
  })

  it('attaches images to a message: compressed, uploaded with /feedback/uploadFile, then sent with it', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    t.actor.send({ type: 'receipt.added', file: photo('risiti.jpg') })
    await uploading(t, 'r1')
    expect(t.uploadTargets.get('r1')).toBe('message')
    expect(t.compressReceipt).toHaveBeenCalledTimes(1)
    t.actor.send({ type: 'message.changed', text: 'Hii hapa risiti' })
    t.actor.send({ type: 'message.sent' })
    expect(t.actor.getSnapshot().context.error).toEqual({ key: 'machines.feedback.receiptsUploading' })
    expect(t.leaveMessage).not.toHaveBeenCalled()
    t.finish('r1', uploaded('U-1'))
    t.actor.send({ type: 'message.sent' })
    await settled(t.actor)
    expect(t.leaveMessage.mock.calls[0]![0].input).toEqual({
      feedbackId: 'F-1',
      content: 'Hii hapa risiti',
      attachments: ['U-1'],
    })
    expect(t.actor.getSnapshot().context.receipts).toEqual([])
  })

  it('refuses a message image over 20 MB and more images than a message may carry', async () => {
    const t = open()
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    t.actor.send({ type: 'receipt.added', file: photo('big.jpg', 21 * MB) })
    expect(t.actor.getSnapshot().context.receipts).toEqual([])
    expect(t.actor.getSnapshot().context.error).not.toBeNull()
    for (const name of ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']) t.actor.send({ type: 'receipt.added', file: photo(name) })
    expect(t.actor.getSnapshot().context.receipts.map((r) => r.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg'])
    expect(t.actor.getSnapshot().context.error).toEqual({ key: 'validation.feedback.tooManyReceipts', values: { max: 3 } })
  })

  it('takes no image on a resolved ticket', async () => {
    const t = open({ ticket: detail(4) })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    expect(t.actor.getSnapshot().can({ type: 'receipt.added', file: photo('a.jpg') })).toBe(false)
  })

  it('offers no rating for a ticket still being handled', async () => {
    const t = open({ ticket: detail(2) })
    await settled(t.actor)
    t.actor.send({ type: 'ticket.opened', feedbackId: 'F-1' })
    await settled(t.actor)
    expect(t.actor.getSnapshot().can({ type: 'ticket.rated', rating: 4 })).toBe(false)
  })
})
