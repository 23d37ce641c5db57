/**
 * A wallet provider the test scripts: it keeps the truth of every transfer it was sent (by our reference, like a
 * real one: a reference it has seen is the same transfer), moves money once per reference, and does exactly what
 * the test tells it next — time out after or before recording a request, answer duplicate or refuse, and send
 * whatever callback the test writes, true or not.
 */
import { randomUUID } from 'node:crypto'
import type {
  CallbackInput,
  CollectionRequest,
  PaymentProvider,
  PayoutRequest,
  ProviderAck,
  ProviderStatus,
  TransferKind,
  TransferLookup,
  VerifiedCallback,
} from '../../../server/payments/provider'
import { ProviderError } from '../../../server/payments/provider'

export type Truth = 'succeeded' | 'failed' | 'pending' | 'reversed'

export interface ScriptedTransfer {
  reference: string
  providerRef: string
  kind: TransferKind
  amountMinor: number
  account: string
  truth: Truth
  /** Requests received with this reference (first and every retry). */
  requests: number
}

export type NextAnswer = 'timeoutAfter' | 'timeoutBefore' | 'duplicate' | 'refuse' | 'accept'

export const SCRIPTED_HEADER = 'x-scripted-secret'
const SECRET = 'scripted-provider-secret'

export class ScriptedProvider implements PaymentProvider {
  readonly name = 'scripted'
  readonly transfers = new Map<string, ScriptedTransfer>()
  /** Answers to the next requests, in order; then 'accept'. */
  readonly next: NextAnswer[] = []
  /** The truth a new transfer gets (a test may change a transfer's truth later). */
  defaultTruth: Truth = 'pending'
  /** Status queries answer pending this many more times before the truth. */
  statusPendingFor = 0
  statusQueries = 0

  private receive(kind: TransferKind, reference: string, amountMinor: number, account: string): ProviderAck {
    const answer = this.next.shift() ?? 'accept'
    if (answer === 'timeoutBefore') throw new ProviderError('timed out before the provider got it')
    if (answer === 'refuse') return { result: 'refused', reason: 'invalid account' }
    const seen = this.transfers.get(reference)
    const t = seen ?? {
      reference,
      providerRef: `SCR-${randomUUID()}`,
      kind,
      amountMinor,
      account,
      truth: this.defaultTruth,
      requests: 0,
    }
    t.requests += 1
    this.transfers.set(reference, t)
    if (answer === 'timeoutAfter') throw new ProviderError('timed out after the provider recorded it')
    if (answer === 'duplicate' || seen) return { result: 'duplicate' }
    return { result: 'accepted', providerRef: t.providerRef }
  }

  disburse(r: PayoutRequest): Promise<ProviderAck> {
    return Promise.resolve().then(() => this.receive('payout', r.reference, r.amountMinor, r.account))
  }

  requestPayment(r: CollectionRequest): Promise<ProviderAck> {
    return Promise.resolve().then(() => this.receive('collection', r.reference, r.amountMinor, r.payer))
  }

  status(lookup: TransferLookup): Promise<ProviderStatus> {
    this.statusQueries += 1
    const t = this.transfers.get(lookup.reference)
    if (!t) return Promise.resolve({ state: 'notFound' })
    if (this.statusPendingFor > 0) {
      this.statusPendingFor -= 1
      return Promise.resolve({ state: 'pending', providerRef: t.providerRef })
    }
    if (t.truth === 'pending') return Promise.resolve({ state: 'pending', providerRef: t.providerRef })
    return Promise.resolve({
      state: t.truth,
      providerRef: t.providerRef,
      ...(t.truth === 'failed' ? { reason: 'declined' } : { amountMinor: t.amountMinor, receipt: `R${t.providerRef.slice(4, 12)}` }),
    })
  }

  verifyCallback(input: CallbackInput): VerifiedCallback {
    if (input.headers[SCRIPTED_HEADER] !== SECRET) return { ok: false, reason: 'bad secret' }
    const b = input.body as {
      providerRef?: string
      reference?: string
      kind: TransferKind
      state: 'succeeded' | 'failed' | 'pending' | 'reversed'
      amountMinor?: number
      key: string
    }
    return {
      ok: true,
      outcome: {
        kind: b.kind,
        ...(b.providerRef ? { providerRef: b.providerRef } : {}),
        ...(b.reference ? { reference: b.reference } : {}),
        state: b.state,
        idempotencyKey: b.key,
        ...(b.amountMinor !== undefined ? { amountMinor: b.amountMinor } : {}),
        ...(b.state === 'succeeded' ? { receipt: 'RCPT' } : {}),
        ...(b.state === 'failed' ? { reason: 'declined' } : {}),
      },
    }
  }

  callbackReply(accepted: boolean): unknown {
    return { ok: accepted }
  }

  /** The one transfer of this kind whose reference starts with `prefix` (PO… pay-outs, PY… payment orders). */
  only(prefix: string): ScriptedTransfer {
    const found = [...this.transfers.values()].filter((t) => t.reference.startsWith(prefix))
    if (found.length !== 1) throw new Error(`${found.length} scripted transfers start with ${prefix}`)
    return found[0]!
  }

  /** A callback body about `t` (headers included), saying what the test wants. */
  callback(
    t: ScriptedTransfer,
    said: {
      state: 'succeeded' | 'failed' | 'pending' | 'reversed'
      amountMinor?: number | null
      key?: string
      by?: 'providerRef' | 'reference' | 'both'
    },
  ): { body: string; headers: Record<string, string> } {
    const by = said.by ?? 'providerRef'
    const body = JSON.stringify({
      ...(by !== 'reference' ? { providerRef: t.providerRef } : {}),
      ...(by !== 'providerRef' ? { reference: t.reference } : {}),
      kind: t.kind,
      state: said.state,
      ...(said.amountMinor === null ? {} : { amountMinor: said.amountMinor ?? t.amountMinor }),
      key: said.key ?? `${t.providerRef}:${said.state}`,
    })
    return { body, headers: { 'content-type': 'application/json', [SCRIPTED_HEADER]: SECRET } }
  }
}
