/**
 * A wallet provider that misbehaves on purpose, for the fault simulation (tests/money/simulation.ts).
 *
 * It stands for a real provider: it is NOT flagged `simulated`, it is idempotent by our reference (a reference
 * it has seen is the same transfer: answered `duplicate`, or `accepted` with the same providerRef, and never
 * moved twice), and it keeps its own book in memory — for each reference what it was asked, its truth (succeeded
 * or failed, drawn from the scenario's seed the first time it sees the reference), when it completes, and
 * whether money moved. That book is the simulation's ground truth: `movements` is every shilling that really
 * moved, per reference, payer and payee.
 *
 * Faults, each with a probability the scenario's seed chooses (`ProviderFaults`):
 *   requests   time out BEFORE the provider recorded them (thrown, nothing recorded), time out AFTER it did
 *              (thrown, recorded), or are answered `duplicate` on first sight;
 *   callbacks  dropped, duplicated (the same notification twice), delayed, delivered in a shuffled order, preceded
 *              by one naming a wrong amount, or preceded by a contradicting failure (for a transfer that succeeded);
 *              sometimes they carry only the provider's reference (not ours), so the server must match them
 *              later, or a success names no amount; a callback the route does not take (non-2xx) is sent again later, like a provider would;
 *   statuses   time out, answer `pending` for a while after completion, then tell the truth.
 * `calm()` stops every fault (the scenario's quiescence phase): requests and queries answer, status queries tell
 * the truth as soon as the transfer completed; callbacks already scheduled are still delivered.
 *
 * Callbacks are signed with HMAC-SHA256 of the raw body (header x-faulty-signature) and posted to
 * POST /payments/callback/faulty through the server's own fastify.inject, at the times and in the order
 * `deliverDue(now)` decides.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  ProviderError,
  type CallbackInput,
  type CollectionRequest,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderAck,
  type ProviderContext,
  type ProviderStatus,
  type TransferKind,
  type TransferLookup,
  type VerifiedCallback,
} from '../../server/payments/provider'
import { Rng } from './rng'

export const FAULTY = 'faulty'
export const FAULTY_CALLBACK_PATH = `/payments/callback/${FAULTY}`
export const FAULTY_SIGNATURE_HEADER = 'x-faulty-signature'
/** Times a callback the route does not take is sent in all. */
const MAX_DELIVERIES = 8
const MINUTE = 60_000

export interface ProviderFaults {
  /** A request times out before the provider recorded it. */
  timeoutBefore: number
  /** A request times out after the provider recorded it. */
  timeoutAfter: number
  /** A first request is answered `duplicate` (look it up). */
  duplicateAck: number
  /** A pay-out that will fail is refused at once instead (nothing moves). */
  refuseAtOnce: number
  /** Truth: a pay-out of a loan fails (the wallet does not take it). */
  payoutFails: number
  /** Truth: a payer declines or ignores a payment prompt. */
  collectionFails: number
  /** Truth: a refund to a payer fails. */
  refundFails: number
  callbackDrop: number
  callbackDuplicate: number
  /** A callback comes minutes to hours late. */
  callbackDelay: number
  /** Due callbacks are delivered in a shuffled order. */
  callbackReorder: boolean
  /** A success callback naming another amount comes first. */
  wrongAmountFirst: number
  /** A failure callback comes first for a transfer that succeeded. */
  contradictingFailure: number
  /** A callback carries only the provider's reference. */
  withoutReference: number
  /** A success callback names no amount (the server must look the transfer up to trust it). */
  withoutAmount: number
  statusTimeout: number
  /** Status queries answer `pending` for up to this long after completion. */
  statusLagMs: number
  /** Share of transfers that complete late: pay-outs after their hour, payments after their 15 minutes. */
  slow: number
}

export const NO_FAULTS: ProviderFaults = {
  timeoutBefore: 0,
  timeoutAfter: 0,
  duplicateAck: 0,
  refuseAtOnce: 0,
  payoutFails: 0,
  collectionFails: 0,
  refundFails: 0,
  callbackDrop: 0,
  callbackDuplicate: 0,
  callbackDelay: 0,
  callbackReorder: false,
  wrongAmountFirst: 0,
  contradictingFailure: 0,
  withoutReference: 0,
  withoutAmount: 0,
  statusTimeout: 0,
  statusLagMs: 0,
  slow: 0,
}

/** The faults of one scenario, each probability chosen by its seed. */
export function drawFaults(rng: Rng): ProviderFaults {
  const p = () => rng.pick([0, 0, 0.05, 0.15, 0.3])
  return {
    timeoutBefore: p(),
    timeoutAfter: p(),
    duplicateAck: p(),
    refuseAtOnce: rng.pick([0, 0.5, 1]),
    payoutFails: rng.pick([0, 0.1, 0.25]),
    collectionFails: rng.pick([0, 0.1, 0.3]),
    refundFails: rng.pick([0, 0.1]),
    callbackDrop: p(),
    callbackDuplicate: p(),
    callbackDelay: p(),
    callbackReorder: rng.chance(0.5),
    wrongAmountFirst: p(),
    contradictingFailure: p(),
    withoutReference: p(),
    withoutAmount: p(),
    statusTimeout: p(),
    statusLagMs: rng.pick([0, 0, MINUTE, 10 * MINUTE, 60 * MINUTE]),
    slow: rng.pick([0, 0.1, 0.3]),
  }
}

/** What the provider knows of one reference. */
export interface HeldTransfer {
  reference: string
  providerRef: string
  kind: TransferKind
  amountMinor: number
  /** Payee of a pay-out, payer of a collection. */
  account: string
  truth: 'succeeded' | 'failed'
  reason: string | null
  /** Refused when asked: not a transfer, nothing will move. */
  refused: boolean
  recordedAt: number
  completesAt: number
  /** Status queries say `pending` before this. */
  statusTruthAt: number
  completed: boolean
  /** Requests received for this reference (the first included). */
  requests: number
}

/** The provider's receipt (transaction id) of a movement it made, as its callbacks and status answers carry it. */
export function receiptOf(providerRef: string): string {
  return `R${providerRef.slice(4)}`
}

/** Money that really moved at the provider. */
export interface Movement {
  reference: string
  providerRef: string
  kind: TransferKind
  amountMinor: number
  account: string
  at: number
}

export interface FaultyCallbackBody {
  notificationId: string
  providerRef: string
  reference?: string
  kind: TransferKind
  status: 'SUCCESS' | 'FAILED'
  /** Absent when the provider does not say (a fault: withoutAmount). */
  amountMinor?: number
  receipt: string | null
  reason: string | null
}

interface ScheduledCallback {
  seq: number
  at: number
  body: FaultyCallbackBody
  deliveries: number
  label: string
  /** A message a vendor's fake rendered itself (the answer of an asynchronous status query), posted as it is. */
  wire?: RenderedCallback
}

/** A callback as it goes over the wire: the route it is posted to, its headers and raw body. */
export interface RenderedCallback {
  path: string
  headers: Record<string, string>
  raw: string
}

export type CallbackPoster = (path: string, headers: Record<string, string>, body: string) => Promise<number>

/**
 * How a callback of the book reaches the server: by default as the faulty provider's own signed JSON; a real
 * adapter's local fake (tests/money/faulty-*.ts) renders it in its vendor's shape and posts it to that adapter's
 * route instead, so the same faults reach the server through the real adapter.
 */
export interface CallbackWire {
  /** Null: the vendor sends no such message (SPEI says nothing of a transfer nobody made). */
  render(body: FaultyCallbackBody, held: HeldTransfer): RenderedCallback | null
  /**
   * A payment in that the receiver refuses (4xx) goes back to the payer and is not sent again: STP returns a
   * deposit whose abono was answered DEVOLUCION. Otherwise a refused callback is sent again later.
   */
  readonly returnsRefusedPayments?: boolean
}

export function signFaulty(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')
}

export class FaultyProvider implements PaymentProvider {
  readonly name = FAULTY

  private rng = new Rng(1)
  private faults: ProviderFaults = NO_FAULTS
  private calmNow = true
  private seq = 0
  private refs = 0
  private readonly held = new Map<string, HeldTransfer>()
  private readonly byProviderRef = new Map<string, HeldTransfer>()
  private readonly incomplete = new Set<HeldTransfer>()
  private callbacks: ScheduledCallback[] = []
  /** Every movement of money, in the order it happened. */
  readonly movements: Movement[] = []
  /** Things a real provider would find odd (the same reference asked with another amount…). */
  readonly anomalies: string[] = []
  /** What happened, for a failing scenario's report. */
  trace: (line: string) => void = () => undefined
  /** How often each fault was injected in the current scenario. */
  counts: Record<string, number> = {}

  /** How callbacks are posted: the faulty provider's own signed JSON unless a vendor's fake renders them. */
  wire: CallbackWire | null = null

  constructor(private readonly secret: string) {}

  /** Starts a scenario: its stream of chance and its faults. Transfers of earlier scenarios are kept. */
  begin(rng: Rng, faults: ProviderFaults): void {
    this.rng = rng
    this.faults = faults
    this.calmNow = false
    this.counts = {}
  }

  /** No more faults (quiescence); truths already drawn stand. */
  calm(): void {
    this.calmNow = true
  }

  private fault(name: keyof ProviderFaults, detail: string): boolean {
    const p = this.faults[name]
    if (this.calmNow || typeof p !== 'number' || !this.rng.chance(p)) return false
    this.counts[name] = (this.counts[name] ?? 0) + 1
    this.trace(`provider fault ${name}: ${detail}`)
    return true
  }

  transfer(reference: string): HeldTransfer | undefined {
    return this.held.get(reference)
  }

  /**
   * The money that moved at the provider up to `now`, as a vendor's list of transactions shows it (Daraja's Pull
   * Transactions); the list can time out like a status query.
   */
  movedBy(now: Date): readonly Movement[] {
    this.complete(now.getTime())
    if (this.fault('statusTimeout', 'the list of transactions times out'))
      throw new ProviderError('the list of transactions timed out')
    return this.movements.filter((m) => m.at <= now.getTime())
  }

  /** Callbacks still to deliver and transfers not yet complete. */
  outstanding(): { callbacks: number; incomplete: number; nextAt: number | null } {
    const times = [...this.callbacks.map((c) => c.at), ...[...this.incomplete].map((h) => h.completesAt)]
    return {
      callbacks: this.callbacks.length,
      incomplete: this.incomplete.size,
      nextAt: times.length ? Math.min(...times) : null,
    }
  }

  // -------------------------------------------------------------------------------------------- requests

  disburse(request: PayoutRequest, ctx: ProviderContext): Promise<ProviderAck> {
    return this.receive('payout', request.reference, request.amountMinor, request.account, ctx.now)
  }

  requestPayment(request: CollectionRequest, ctx: ProviderContext): Promise<ProviderAck> {
    return this.receive('collection', request.reference, request.amountMinor, request.payer, ctx.now)
  }

  /**
   * A request as the book sees it, whoever asked (this provider, or a real adapter's fake of its vendor's API): its
   * faults, its truth drawn on first sight, and the answer a real provider would give. Throws on a time-out.
   */
  async receive(
    kind: TransferKind,
    reference: string,
    amountMinor: number,
    account: string,
    now: Date,
  ): Promise<ProviderAck> {
    this.complete(now.getTime())
    if (this.fault('timeoutBefore', `${reference} never reached the provider`))
      throw new ProviderError(`timed out before reaching the provider (${reference})`)
    let h = this.held.get(reference)
    const first = !h
    if (!h) {
      h = this.record(kind, reference, amountMinor, account, now.getTime())
    } else {
      h.requests += 1
      if (h.kind !== kind || h.amountMinor !== amountMinor || h.account !== account)
        this.anomalies.push(
          `${reference} asked again as ${kind} ${amountMinor} to/from another account or amount ` +
            `(first: ${h.kind} ${h.amountMinor})`,
        )
    }
    this.complete(now.getTime())
    if (this.fault('timeoutAfter', `${reference} recorded, the answer is lost`))
      throw new ProviderError(`timed out after the provider recorded it (${reference})`)
    if (h.refused) return { result: 'refused', reason: h.reason ?? 'refused' }
    if (!first) {
      return this.rng.chance(0.5)
        ? { result: 'duplicate', ...(this.rng.chance(0.5) ? { providerRef: h.providerRef } : {}) }
        : { result: 'accepted', providerRef: h.providerRef }
    }
    if (this.fault('duplicateAck', `${reference} answered duplicate on first sight`))
      return { result: 'duplicate', ...(this.rng.chance(0.5) ? { providerRef: h.providerRef } : {}) }
    return { result: 'accepted', providerRef: h.providerRef }
  }

  private record(
    kind: TransferKind,
    reference: string,
    amountMinor: number,
    account: string,
    now: number,
  ): HeldTransfer {
    const f = this.calmNow ? { ...this.faults, slow: 0 } : this.faults
    const refund = reference.startsWith('RF')
    const failRate = kind === 'collection' ? f.collectionFails : refund ? f.refundFails : f.payoutFails
    const fails = this.rng.chance(failRate)
    const slow = this.rng.chance(f.slow)
    const window = kind === 'payout' ? 60 * MINUTE : 15 * MINUTE
    const delay = slow
      ? window + this.rng.int(-2 * MINUTE, 45 * MINUTE)
      : this.rng.weighted([
          [6, 0],
          [10, this.rng.int(1_000, 2 * MINUTE)],
          [3, this.rng.int(2 * MINUTE, Math.floor(window * 0.8))],
        ])
    this.refs += 1
    const h: HeldTransfer = {
      reference,
      providerRef: `FLT-${this.refs.toString(36).padStart(6, '0')}`,
      kind,
      amountMinor,
      account,
      truth: fails ? 'failed' : 'succeeded',
      reason: fails
        ? kind === 'collection'
          ? this.rng.pick(['payer declined', 'payer did not answer', 'insufficient funds'])
          : 'wallet account does not exist'
        : null,
      refused: false,
      recordedAt: now,
      completesAt: now + Math.max(0, delay),
      statusTruthAt: 0,
      completed: false,
      requests: 1,
    }
    h.statusTruthAt = h.completesAt + (this.calmNow ? 0 : this.rng.int(0, f.statusLagMs))
    if (fails && kind === 'payout' && this.rng.chance(f.refuseAtOnce)) {
      h.refused = true
      h.completed = true
    } else {
      this.incomplete.add(h)
    }
    this.held.set(reference, h)
    this.byProviderRef.set(h.providerRef, h)
    this.trace(
      `provider recorded ${reference} (${kind} ${amountMinor}) as ${h.providerRef}: ` +
        `${h.refused ? 'refused' : h.truth} at +${Math.round((h.completesAt - now) / 1000)}s`,
    )
    return h
  }

  /** Completes every transfer whose time has come: money moves, callbacks are scheduled. */
  private complete(now: number): void {
    for (const h of [...this.incomplete]) {
      if (h.completesAt > now) continue
      this.incomplete.delete(h)
      h.completed = true
      if (h.truth === 'succeeded') {
        this.movements.push({
          reference: h.reference,
          providerRef: h.providerRef,
          kind: h.kind,
          amountMinor: h.amountMinor,
          account: h.account,
          at: h.completesAt,
        })
      }
      this.trace(`provider completed ${h.reference}: ${h.truth}`)
      this.scheduleCallbacks(h)
    }
  }

  private scheduleCallbacks(h: HeldTransfer): void {
    const at = h.completesAt
    const withRef = () => !this.fault('withoutReference', `callback of ${h.reference} carries no reference`)
    const body = (
      n: number,
      status: 'SUCCESS' | 'FAILED',
      amountMinor: number,
      reason: string | null,
    ): FaultyCallbackBody => ({
      notificationId: `${h.providerRef}-${n}`,
      providerRef: h.providerRef,
      ...(withRef() ? { reference: h.reference } : {}),
      kind: h.kind,
      status,
      amountMinor,
      receipt: status === 'SUCCESS' ? receiptOf(h.providerRef) : null,
      reason,
    })
    if (h.truth === 'succeeded') {
      if (this.fault('contradictingFailure', `a failure callback first for ${h.reference}`))
        this.schedule(
          at + this.rng.int(0, MINUTE),
          body(1, 'FAILED', h.amountMinor, 'declined'),
          'contradicting',
        )
      if (this.fault('wrongAmountFirst', `a callback with a wrong amount first for ${h.reference}`)) {
        const wrong = h.amountMinor + this.rng.pick([-1, 1]) * this.rng.int(1, Math.max(1, h.amountMinor - 1))
        this.schedule(at + this.rng.int(0, MINUTE), body(2, 'SUCCESS', wrong, null), 'wrong amount')
      }
    }
    if (this.fault('callbackDrop', `the callback of ${h.reference} is lost`)) return
    const late = this.fault('callbackDelay', `the callback of ${h.reference} is late`)
    const trueAt = at + MINUTE + (late ? this.rng.int(10 * MINUTE, 3 * 60 * MINUTE) : this.rng.int(0, MINUTE))
    const truth = body(
      0,
      h.truth === 'succeeded' ? 'SUCCESS' : 'FAILED',
      h.amountMinor,
      h.truth === 'failed' ? (h.reason ?? 'failed') : null,
    )
    if (
      h.truth === 'succeeded' &&
      this.fault('withoutAmount', `the callback of ${h.reference} names no amount`)
    )
      delete truth.amountMinor
    this.schedule(trueAt, truth, 'truth')
    if (this.fault('callbackDuplicate', `the callback of ${h.reference} comes twice`))
      this.schedule(trueAt + this.rng.int(0, 30 * MINUTE), truth, 'duplicate')
  }

  private schedule(at: number, body: FaultyCallbackBody, label: string, wire?: RenderedCallback): void {
    this.seq += 1
    this.callbacks.push({ seq: this.seq, at, body, deliveries: 0, label, ...(wire ? { wire } : {}) })
  }

  /**
   * A message a vendor's fake sends of its own accord about `about` — Daraja answers a Transaction Status query on
   * our callback URL — delivered with the book's callbacks (shuffled among them, retried while refused).
   */
  sendLater(
    at: number,
    about: Pick<HeldTransfer, 'providerRef' | 'reference' | 'kind'> & { truth?: HeldTransfer['truth'] },
    wire: RenderedCallback,
    label: string,
  ): void {
    this.schedule(
      at,
      {
        notificationId: `${about.providerRef}-${label}-${this.seq + 1}`,
        providerRef: about.providerRef,
        reference: about.reference,
        kind: about.kind,
        status: about.truth === 'succeeded' ? 'SUCCESS' : 'FAILED',
        receipt: null,
        reason: null,
      },
      label,
      wire,
    )
  }

  // -------------------------------------------------------------------------------------------- callbacks

  /** Posts every callback due at `now`, in time order or shuffled; returns how many the route took. */
  async deliverDue(now: Date, post: CallbackPoster): Promise<number> {
    const t = now.getTime()
    this.complete(t)
    const due = this.callbacks.filter((c) => c.at <= t).sort((a, b) => a.at - b.at || a.seq - b.seq)
    if (due.length === 0) return 0
    this.callbacks = this.callbacks.filter((c) => c.at > t)
    const order = !this.calmNow && this.faults.callbackReorder ? this.rng.shuffle(due) : due
    let taken = 0
    for (const c of order) {
      const held = this.byProviderRef.get(c.body.providerRef)!
      const wire =
        c.wire ??
        (this.wire
          ? this.wire.render(c.body, held)
          : {
              path: FAULTY_CALLBACK_PATH,
              headers: {
                'content-type': 'application/json',
                [FAULTY_SIGNATURE_HEADER]: signFaulty(this.secret, JSON.stringify(c.body)),
              },
              raw: JSON.stringify(c.body),
            })
      if (!wire) {
        this.trace(
          `callback ${c.label} of ${c.body.reference ?? c.body.providerRef} ${c.body.status}: none sent`,
        )
        continue
      }
      let status: number
      try {
        status = await post(wire.path, wire.headers, wire.raw)
      } catch {
        status = 0
      }
      c.deliveries += 1
      this.trace(
        `callback ${c.label} of ${c.body.reference ?? c.body.providerRef} ${c.body.status} ` +
          `${c.body.amountMinor ?? '(no amount)'} → HTTP ${status}`,
      )
      if (status >= 200 && status < 300) taken += 1
      else if (
        this.wire?.returnsRefusedPayments &&
        status >= 400 &&
        status < 500 &&
        held.kind === 'collection' &&
        c.body.status === 'SUCCESS'
      )
        this.returnToPayer(held)
      else if (c.deliveries < MAX_DELIVERIES) this.callbacks.push({ ...c, at: t + MINUTE })
    }
    return taken
  }

  /** The money of a collection goes back to its payer (refused by the receiver): it no longer moved. */
  private returnToPayer(h: HeldTransfer): void {
    const i = this.movements.findIndex((m) => m.reference === h.reference)
    if (i < 0) return
    this.movements.splice(i, 1)
    this.counts.returnedToPayer = (this.counts.returnedToPayer ?? 0) + 1
    this.trace(`provider returned ${h.reference} to the payer: the receiver refused it`)
  }

  verifyCallback(input: CallbackInput): VerifiedCallback {
    const signature = input.headers[FAULTY_SIGNATURE_HEADER]
    const expected = signFaulty(this.secret, input.rawBody)
    if (
      typeof signature !== 'string' ||
      signature.length !== expected.length ||
      !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
    )
      return { ok: false, reason: 'bad signature' }
    const body = input.body as Partial<FaultyCallbackBody> | null
    if (
      !body ||
      typeof body.notificationId !== 'string' ||
      typeof body.providerRef !== 'string' ||
      (body.kind !== 'payout' && body.kind !== 'collection') ||
      (body.status !== 'SUCCESS' && body.status !== 'FAILED') ||
      (body.amountMinor !== undefined && typeof body.amountMinor !== 'number')
    )
      return { ok: false, reason: 'malformed faulty callback' }
    const ok = body.status === 'SUCCESS'
    return {
      ok: true,
      outcome: {
        kind: body.kind,
        providerRef: body.providerRef,
        ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
        state: ok ? 'succeeded' : 'failed',
        idempotencyKey: `${FAULTY}:${body.notificationId}`,
        ...(body.amountMinor !== undefined ? { amountMinor: body.amountMinor } : {}),
        ...(ok && body.receipt ? { receipt: body.receipt } : {}),
        ...(ok ? {} : { reason: body.reason ?? 'failed' }),
      },
    }
  }

  callbackReply(accepted: boolean): unknown {
    return { ok: accepted }
  }

  // -------------------------------------------------------------------------------------------- status

  async status(lookup: TransferLookup, ctx: ProviderContext): Promise<ProviderStatus> {
    const now = ctx.now.getTime()
    this.complete(now)
    if (this.fault('statusTimeout', `status query of ${lookup.reference} times out`))
      throw new ProviderError(`status query timed out (${lookup.reference})`)
    const h =
      this.held.get(lookup.reference) ??
      (lookup.providerRef ? this.byProviderRef.get(lookup.providerRef) : undefined)
    if (!h) return { state: 'notFound' }
    if (h.refused) return { state: 'failed', providerRef: h.providerRef, reason: h.reason ?? 'refused' }
    if (!h.completed || (!this.calmNow && now < h.statusTruthAt))
      return { state: 'pending', providerRef: h.providerRef }
    if (h.truth === 'failed')
      return { state: 'failed', providerRef: h.providerRef, reason: h.reason ?? 'failed' }
    // Some status APIs confirm a fixed-amount request without naming the amount.
    return {
      state: 'succeeded',
      providerRef: h.providerRef,
      ...(this.rng.chance(0.3) ? {} : { amountMinor: h.amountMinor }),
      receipt: receiptOf(h.providerRef),
    }
  }
}
