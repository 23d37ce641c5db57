/**
 * Issue 20 item 3: finance reviews manual repayment proofs — the queue by state, one proof with its receipts'
 * pictures, approve (the amount in the currency's units, sent in minor units, never above what the loan takes;
 * the receipt code) or reject (a reason) — with the server's refusals at the fields or above the form, and a
 * session that ended reported to the console.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, setup, waitFor } from 'xstate'
import type { ProofDecisionReply, ProofDetail, ProofItem, ProofState } from '../../domain/console'
import { consoleProofsMachine, proofsView } from '../../machines/console-proofs.machine'
import { amountToMinor, minorToAmount } from '../../machines/console-proofs/proofs-context'
import { pictureKeeperReleasing } from '../../services/console/console-actors'
import { NETWORK, refused, SIGNED_OUT } from './console-fixtures'

const item = (over: Partial<ProofItem> = {}): ProofItem => ({
  ticketId: '7',
  state: 'waiting',
  orderNo: 'KP202603100000001',
  orderStatus: 5,
  currency: 'TZS',
  dueNowMinor: 5_409_500,
  uploadedAt: '2026-03-10T08:00:00.000Z',
  reviewBy: '2026-03-12T08:00:00.000Z',
  overdue: false,
  receipts: 1,
  decidedAt: null,
  amountMinor: null,
  ...over,
})
const detail = (over: Partial<ProofDetail> = {}): ProofDetail => ({
  ...item(),
  description: 'I paid by M-Pesa yesterday.',
  receiptsList: [
    { fileId: '3', contentType: 'image/png', size: 120, url: '/console/api/repayment-proofs/7/receipts/3' },
  ],
  receipt: null,
  reason: null,
  ...over,
})

function start(
  answers: {
    approveProof?: (input: {
      ticketId: string
      request: { amountMinor: number; reference: string }
    }) => Promise<ProofDecisionReply>
    rejectProof?: (input: { ticketId: string; request: { reason: string } }) => Promise<ProofDecisionReply>
    readProofs?: (input: { state: ProofState }) => Promise<ProofItem[]>
    readProof?: (input: { ticketId: string }) => Promise<ProofDetail>
    readReceipts?: (input: { urls: string[] }) => Promise<string[]>
  } = {},
) {
  const stubs = {
    readProofs: vi.fn(answers.readProofs ?? (async () => [item()])),
    readProof: vi.fn(answers.readProof ?? (async (_: { ticketId: string }) => detail())),
    readReceipts: vi.fn(
      answers.readReceipts ??
        (async ({ urls }: { urls: string[] }) => urls.map((_, i) => `blob:receipt-${i}`)),
    ),
    letGo: vi.fn((_url: string) => {}),
    approveProof: vi.fn(
      answers.approveProof ??
        (async ({ request }) => ({
          decidedNow: true,
          proof: detail({ state: 'approved', amountMinor: request.amountMinor, receipt: request.reference }),
        })),
    ),
    rejectProof: vi.fn(
      answers.rejectProof ??
        (async ({ request }) => ({
          decidedNow: true,
          proof: detail({ state: 'rejected', reason: request.reason }),
        })),
    ),
  }
  const machine = consoleProofsMachine.provide({
    actors: {
      readProofs: fromPromise(({ input }: { input: { state: ProofState } }) => stubs.readProofs(input)),
      readProof: fromPromise(({ input }: { input: { ticketId: string } }) => stubs.readProof(input)),
      readReceipts: fromPromise(({ input }: { input: { urls: string[] } }) => stubs.readReceipts(input)),
      approveProof: fromPromise(
        ({ input }: { input: { ticketId: string; request: { amountMinor: number; reference: string } } }) =>
          stubs.approveProof(input),
      ),
      rejectProof: fromPromise(({ input }: { input: { ticketId: string; request: { reason: string } } }) =>
        stubs.rejectProof(input),
      ),
      // The console's own keeper, letting go through the test's stub instead of URL.revokeObjectURL.
      pictureKeeper: pictureKeeperReleasing(stubs.letGo),
    },
  })
  const actor = createActor(machine, { input: { timeZone: 'Africa/Dar_es_Salaam' } }).start()
  return { actor, stubs }
}

async function opened() {
  const started = start()
  await waitFor(started.actor, (s) => s.matches('queue'))
  started.actor.send({ type: 'proofs.opened', ticketId: '7' })
  await waitFor(started.actor, (s) => s.matches({ reviewing: 'idle' }))
  return started
}

describe('amounts typed in a currency’s units', () => {
  it('reads whole and decimal amounts as minor units, and refuses anything else', () => {
    expect(amountToMinor('54095', 'TZS')).toBe(5_409_500)
    expect(amountToMinor('54,095.5', 'TZS')).toBe(5_409_550)
    expect(amountToMinor('0', 'TZS')).toBeNull()
    expect(amountToMinor('12.345', 'TZS')).toBeNull()
    expect(amountToMinor('-3', 'TZS')).toBeNull()
    expect(amountToMinor('abc', 'TZS')).toBeNull()
    expect(minorToAmount(5_409_500, 'TZS')).toBe('54095')
    expect(minorToAmount(5_409_550, 'TZS')).toBe('54095.50')
  })
})

describe('reviewing repayment proofs', () => {
  it('reads the waiting proofs first, then another state when asked', async () => {
    const { actor, stubs } = start()
    await waitFor(actor, (s) => s.matches('queue'))
    expect(stubs.readProofs).toHaveBeenCalledWith({ state: 'waiting' })
    expect(proofsView(actor.getSnapshot()).proofs).toHaveLength(1)
    actor.send({ type: 'proofs.filtered', state: 'approved' })
    expect(proofsView(actor.getSnapshot()).loading).toBe(true)
    await waitFor(actor, (s) => s.matches('queue'))
    expect(stubs.readProofs).toHaveBeenLastCalledWith({ state: 'approved' })
  })

  it('opens a proof with its pictures and what the loan takes today as the amount to begin with', async () => {
    const { actor, stubs } = await opened()
    const view = proofsView(actor.getSnapshot())
    expect(stubs.readReceipts).toHaveBeenCalledWith({ urls: ['/console/api/repayment-proofs/7/receipts/3'] })
    expect(view.pictures).toEqual(['blob:receipt-0'])
    expect(view.form.amount).toBe('54095')
    expect(view.canDecide).toBe(true)
  })

  it('checks the amount and the receipt code before approving, and sends minor units', async () => {
    const { actor, stubs } = await opened()
    actor.send({ type: 'proofs.amountChanged', value: '60000' })
    actor.send({ type: 'proofs.approved' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      amount: { key: 'console.proofs.aboveBalance' },
      reference: { key: 'console.proofs.referenceInvalid' },
    })
    expect(stubs.approveProof).not.toHaveBeenCalled()
    actor.send({ type: 'proofs.amountChanged', value: '20000' })
    actor.send({ type: 'proofs.referenceChanged', value: ' qk81xyz ' })
    actor.send({ type: 'proofs.approved' })
    expect(proofsView(actor.getSnapshot()).deciding).toBe(true)
    await waitFor(actor, (s) => s.context.notice !== null)
    expect(stubs.approveProof).toHaveBeenCalledWith({
      ticketId: '7',
      request: { amountMinor: 2_000_000, reference: 'QK81XYZ' },
    })
    const view = proofsView(actor.getSnapshot())
    expect(view.notice).toEqual({ key: 'console.proofs.decided.approved' })
    expect(view.proof?.state).toBe('approved')
    // Decided: no second decision is offered.
    expect(view.canDecide).toBe(false)
  })

  it('shows the server’s refusals at their fields or above the form', async () => {
    const answers = [
      refused(409, 'receiptUsed'),
      refused(409, 'aboveBalance'),
      refused(409, 'paymentInProgress'),
      NETWORK,
    ]
    const { actor } = start({
      approveProof: async () => {
        throw answers.shift()
      },
    })
    await waitFor(actor, (s) => s.matches('queue'))
    actor.send({ type: 'proofs.opened', ticketId: '7' })
    await waitFor(actor, (s) => s.matches({ reviewing: 'idle' }))
    actor.send({ type: 'proofs.referenceChanged', value: 'QK81XYZ' })
    const attempt = async () => {
      actor.send({ type: 'proofs.approved' })
      await waitFor(actor, (s) => s.matches({ reviewing: 'idle' }))
      return proofsView(actor.getSnapshot())
    }
    expect((await attempt()).fieldErrors.reference).toEqual({ key: 'console.proofs.receiptUsed' })
    expect((await attempt()).fieldErrors.amount).toEqual({ key: 'console.proofs.aboveBalance' })
    expect((await attempt()).error).toEqual({ key: 'console.proofs.refused.paymentInProgress' })
    expect((await attempt()).error).toEqual({ key: 'console.error.network' })
  })

  it('asks for a reason before rejecting, and says the proof had been decided by someone else', async () => {
    const { actor, stubs } = start({
      rejectProof: async ({ request }) => ({
        decidedNow: false,
        proof: detail({ state: 'rejected', reason: request.reason }),
      }),
    })
    await waitFor(actor, (s) => s.matches('queue'))
    actor.send({ type: 'proofs.opened', ticketId: '7' })
    await waitFor(actor, (s) => s.matches({ reviewing: 'idle' }))
    actor.send({ type: 'proofs.rejected' })
    expect(actor.getSnapshot().context.fieldErrors.reason).toEqual({
      key: 'console.proofs.reasonInvalid',
      values: { max: 300 },
    })
    actor.send({ type: 'proofs.reasonChanged', value: 'The receipt is for another number.' })
    actor.send({ type: 'proofs.rejected' })
    await waitFor(actor, (s) => s.context.notice !== null)
    expect(stubs.rejectProof).toHaveBeenCalledWith({
      ticketId: '7',
      request: { reason: 'The receipt is for another number.' },
    })
    expect(proofsView(actor.getSnapshot()).notice).toEqual({ key: 'console.proofs.decidedBefore' })
  })

  it('lets go of a proof’s pictures at once when another proof is opened or it is closed, never while they are shown', async () => {
    // Proof 7 has two receipts, proof 8 one; each picture is named by its proof, its file and the read that made it.
    const receipts = (ticketId: string, files: string[]) =>
      files.map((fileId) => ({
        fileId,
        contentType: 'image/png',
        size: 120,
        url: `/console/api/repayment-proofs/${ticketId}/receipts/${fileId}`,
      }))
    let reads = 0
    const { actor, stubs } = start({
      readProof: async ({ ticketId }) =>
        detail({ ticketId, receiptsList: receipts(ticketId, ticketId === '7' ? ['3', '4'] : ['5']) }),
      readReceipts: async ({ urls }) => {
        reads += 1
        return urls.map((url) => `blob:${url.split('/').slice(-3).join('-')}#${reads}`)
      },
    })
    const released = () => stubs.letGo.mock.calls.map(([url]) => url)
    const open = async (ticketId: string) => {
      actor.send({ type: 'proofs.opened', ticketId })
      await waitFor(actor, (s) => s.matches({ reviewing: 'idle' }) && s.context.ticketId === ticketId)
    }
    await waitFor(actor, (s) => s.matches('queue'))
    await open('7')
    expect(proofsView(actor.getSnapshot()).pictures).toEqual(['blob:7-receipts-3#1', 'blob:7-receipts-4#1'])
    expect(released()).toEqual([])

    // Written on and decided beside its pictures: they stay.
    actor.send({ type: 'proofs.referenceChanged', value: 'QK81XYZ' })
    actor.send({ type: 'proofs.approved' })
    expect(proofsView(actor.getSnapshot()).deciding).toBe(true)
    await waitFor(actor, (s) => s.context.notice !== null)
    expect(proofsView(actor.getSnapshot()).pictures).toEqual(['blob:7-receipts-3#1', 'blob:7-receipts-4#1'])
    expect(released()).toEqual([])

    // Another proof opened: the first one's pictures go at once, in the order they were shown, before the next
    // ones arrive — which stay until that proof is closed.
    actor.send({ type: 'proofs.opened', ticketId: '8' })
    expect(proofsView(actor.getSnapshot()).pictures).toEqual([])
    expect(released()).toEqual(['blob:7-receipts-3#1', 'blob:7-receipts-4#1'])
    await waitFor(actor, (s) => s.matches({ reviewing: 'idle' }) && s.context.ticketId === '8')
    expect(proofsView(actor.getSnapshot()).pictures).toEqual(['blob:8-receipts-5#2'])
    expect(released()).toEqual(['blob:7-receipts-3#1', 'blob:7-receipts-4#1'])
    actor.send({ type: 'proofs.closed' })
    expect(released()).toEqual(['blob:7-receipts-3#1', 'blob:7-receipts-4#1', 'blob:8-receipts-5#2'])
    expect(proofsView(actor.getSnapshot()).pictures).toEqual([])

    // The same proof opened again: its pictures read anew, the old ones let go of at once.
    await waitFor(actor, (s) => s.matches('queue'))
    await open('8')
    expect(proofsView(actor.getSnapshot()).pictures).toEqual(['blob:8-receipts-5#3'])
    actor.send({ type: 'proofs.opened', ticketId: '8' })
    expect(released().at(-1)).toBe('blob:8-receipts-5#3')
    await waitFor(actor, (s) => s.matches({ reviewing: 'idle' }) && s.context.pictures.length > 0)
    expect(proofsView(actor.getSnapshot()).pictures).toEqual(['blob:8-receipts-5#4'])

    // Another state of the queue chosen with a proof open: its pictures go as well.
    actor.send({ type: 'proofs.filtered', state: 'approved' })
    expect(released()).toEqual([
      'blob:7-receipts-3#1',
      'blob:7-receipts-4#1',
      'blob:8-receipts-5#2',
      'blob:8-receipts-5#3',
      'blob:8-receipts-5#4',
    ])

    // Stopped with nothing shown: none is let go of twice.
    await waitFor(actor, (s) => s.matches('queue'))
    actor.stop()
    expect(released()).toHaveLength(5)
  })

  it('lets go of the pictures shown when the desk stops, and of none it let go of before', async () => {
    const shown = await opened()
    expect(proofsView(shown.actor.getSnapshot()).pictures).toEqual(['blob:receipt-0'])
    shown.actor.stop() // the page left with the proof open
    expect(shown.stubs.letGo.mock.calls).toEqual([['blob:receipt-0']])

    const closed = await opened()
    closed.actor.send({ type: 'proofs.closed' })
    expect(closed.stubs.letGo.mock.calls).toEqual([['blob:receipt-0']])
    await waitFor(closed.actor, (s) => s.matches('queue'))
    closed.actor.stop()
    expect(closed.stubs.letGo.mock.calls).toEqual([['blob:receipt-0']])
  })

  it('offers another try when the queue cannot be read, and tells the console when the session ended', async () => {
    let answer: unknown = NETWORK
    const readProofs = async () => {
      if (answer) throw answer
      return [item()]
    }
    const child = consoleProofsMachine.provide({
      actors: {
        readProofs: fromPromise(readProofs),
      },
    })
    const ended = vi.fn()
    const parent = setup({ actors: { child } }).createMachine({
      invoke: { id: 'proofs', src: 'child', input: { timeZone: 'UTC' } },
      on: { 'console.sessionEnded': { actions: () => ended() } },
    })
    const host = createActor(parent).start()
    const proofs = host.getSnapshot().children.proofs!
    await waitFor(proofs, (s) => s.hasTag('failed'))
    expect(proofsView(proofs.getSnapshot()).error).toEqual({ key: 'console.error.network' })
    answer = SIGNED_OUT
    proofs.send({ type: 'proofs.retried' })
    await waitFor(proofs, (s) => s.hasTag('failed'))
    expect(ended).toHaveBeenCalledTimes(1)
    answer = null
    proofs.send({ type: 'proofs.retried' })
    await waitFor(proofs, (s) => s.matches('queue'))
    expect(proofsView(proofs.getSnapshot()).proofs).toHaveLength(1)
  })
})
