/**
 * Payments: every movement of money at a wallet provider, as a transfer that follows machines/transfer.machine.ts.
 *
 * The outbox. A business change that moves money (a confirmed loan, a payment order, a refund) records the
 * transfer (`requested`) and its send job in ITS OWN transaction, through `request`. Nothing is sent before that
 * commits. The job worker then sends it (`payments.send`, an effect job: server/jobs.ts): it marks the transfer
 * `submitted` and commits, calls the provider with the transfer's stable reference, and records the answer in a
 * second transaction. A crash or a time-out anywhere in between leaves the transfer `submitted`; sending again
 * carries the same reference, which the provider recognises (`duplicate` means "look it up", never "refused").
 * `send(transferId)` sends one at once after the request that made it committed, with the worker as the net.
 *
 * Every answer — acknowledgement, callback, status query — is stored in payment_observations with what came of
 * it, and goes through `decideTransfer`. A callback is recognised by its idempotency key (a replay changes
 * nothing); one for a transfer we cannot match yet is kept and applied when the transfer's providerRef is known;
 * one the machine refuses (another amount than asked, a pay-out failure not confirmed) makes us ask the provider
 * instead; one whose application fails is stored as an error and answered 200, so the provider does not retry it
 * forever — reconciliation finds the truth.
 *
 * Reconciliation (`payments.reconcile`, every reconcileMs): every transfer whose `check_at` has come is looked up
 * at its provider (`payments.query`): open ones after their window or a silence, expired ones with a growing
 * interval until the provider gives a final answer, failures learned from a callback once more to confirm them.
 * Answers in any order converge on the provider's: a late success after a failure or an expiry is booked.
 *
 * What a state change means for a loan is the listener's business (server/loans/service.ts), inside the same
 * transaction as the change.
 */
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  decideTransfer,
  transferAt,
  type TransferEvent,
  type TransferState,
} from '../../machines/transfer.machine'
import type { Db, Queryable, Tx } from '../db/client'
import {
  journalEntries,
  paymentObservations,
  paymentTransfers,
  type Account,
  type ObservationOutcome,
  type TransferPurpose,
} from '../db/schema/loans'
import { suspenseResolutions } from '../db/schema/staff'
import type { JobRunner } from '../jobs'
import { heldInSuspense, post, transfer, UNMATCHED_RECEIPT_KEY } from '../money/ledger'
import { safeError, type Log } from '../log'
import type { Ops } from '../ops'
import { NAME_MISMATCH_REASON, namesMatch } from './names'
import type { Payee } from './payee'
import type {
  CallbackInput,
  CallbackOutcome,
  PaymentProvider,
  ProviderAck,
  ProviderStatus,
  TransferKind,
} from './provider'

export type TransferRow = typeof paymentTransfers.$inferSelect

/** What the loan module does when a transfer's state changes (inside the transaction that changed it). */
export interface TransferListener {
  changed(tx: Tx, before: TransferRow, after: TransferRow, now: Date): Promise<void>
}

export interface RequestTransfer {
  orderId: number
  reference: string
  kind: TransferKind
  purpose: TransferPurpose
  provider: string
  /** The wallet provider code (or channel id) the money goes through. */
  channel: string
  /** Wallet number paid to, or paying. */
  account: string
  amountMinor: number
  currency: string
  /** A payment order's window, a pay-out's horizon. */
  expiresAt: Date
  refundOf?: number
}

/** Timings of the outbox and reconciliation (server/loans/settings.ts holds the loan module's values). */
export interface PaymentTimings {
  /** How often reconciliation looks for transfers to ask about. */
  reconcileMs: number
  /** A transfer sent without an answer is asked about after this long. */
  sendCheckMs: number
  /** An accepted pay-out with no result is first asked about after this long. */
  payoutCheckMs: number
  /**
   * An accepted payment order with no result is first asked about after this long (then with a growing interval,
   * and at the end of its window): a callback lost on the way (Daraja does not send one twice) is found in
   * minutes, before the borrower pays again.
   */
  collectionCheckMs: number
  /** A failure learned from a callback is confirmed by a status query after this long. */
  confirmFailureMs: number
  /** The longest interval between two queries of an unresolved transfer. */
  maxCheckIntervalMs: number
  /** Sends of one transfer (each a job with its own retries) before it is given up as never sent. */
  maxSends: number
}

export const DEFAULT_PAYMENT_TIMINGS: PaymentTimings = {
  reconcileMs: 30_000,
  sendCheckMs: 60_000,
  payoutCheckMs: 5 * 60_000,
  collectionCheckMs: 60_000,
  confirmFailureMs: 60_000,
  maxCheckIntervalMs: 6 * 60 * 60_000,
  maxSends: 5,
}

export const PAYMENT_JOBS = {
  send: 'payments.send',
  query: 'payments.query',
  reconcile: 'payments.reconcile',
} as const

/** Where the fault simulation crashes the server on purpose (tests/money): a throw here is a crash. */
export type FaultPoint =
  | 'send.beforeProvider'
  | 'send.afterProvider'
  | 'query.afterProvider'
  | 'callback.beforeCommit'
  | 'changed.beforeCommit'

export interface PaymentsOptions {
  db: Db
  jobs: JobRunner
  providers: readonly PaymentProvider[]
  now: () => Date
  /** Called before each callback is handled (the shared clock's sync). */
  beforeCallback?: () => Promise<void>
  log: Log
  /** Counts failed callbacks for GET /ops/health (server/ops.ts). */
  ops?: Ops
  timings?: Partial<PaymentTimings>
  faults?: (point: FaultPoint) => void | Promise<void>
  /**
   * Whom a pay-out pays (server/payments/payee.ts): the name goes with the pay-out, and before the first pay-out
   * to a wallet a provider that can look names up (`lookupName`) is asked whose the wallet is — another name than
   * the borrower's refuses the pay-out (server/payments/names.ts).
   */
  payee?: (q: Queryable, t: TransferRow) => Promise<Payee | null>
}

export interface Payments {
  provider(name: string): PaymentProvider | undefined
  /** Records a transfer and its send job in the caller's transaction; nothing is sent before it commits. */
  request(q: Queryable, now: Date, r: RequestTransfer): Promise<TransferRow>
  /**
   * Asks the provider about an open transfer now, outside any transaction, and applies its answer (expired when
   * its window is over and it still has no final word). Errors are the caller's to ignore: reconciliation asks too.
   */
  lookUp(transferId: number): Promise<void>
  /**
   * A collection that already reached the lender outside any provider's API — a manual repayment finance confirmed
   * from the borrower's proof: recorded in the caller's transaction and taken through the transfer machine to
   * `succeeded` as a confirmed callback would (an observation, then the listener books it: the same ledger path,
   * entry key movement:<reference>). Never sent, never asked about. The reference is the idempotency key: a second
   * call with it records nothing and returns the transfer the first recorded.
   */
  receivedOutside(
    tx: Tx,
    now: Date,
    r: Omit<RequestTransfer, 'kind' | 'expiresAt' | 'refundOf'> & { receipt: string },
  ): Promise<TransferRow>
  /** Sends a requested transfer now (call after the transaction that requested it committed). */
  send(transferId: number): Promise<void>
  /** Looks every due transfer up at its provider now (the recurring job does it every reconcileMs). */
  reconcile(): Promise<number>
  setListener(listener: TransferListener): void
  /** Defines the outbox and reconciliation jobs. */
  defineJobs(): void
  /** Mounts POST /payments/callback/:provider. */
  mount(app: FastifyInstance): Promise<void>
}

/**
 * Job keys. A key is used at most once, ever (server/jobs.ts), even by a job that failed for good: so a job that
 * reconciliation or a look-up queues again carries the moment it is queued for (`at`), and a transfer whose last
 * job gave up gets a new one at its next check instead of waiting forever behind the old key.
 */
const sendKey = (t: Pick<TransferRow, 'id' | 'sendAttempts'>, at?: Date) =>
  `payments.send:${t.id}:${t.sendAttempts}${at ? `@${at.getTime()}` : ''}`
const queryKey = (t: Pick<TransferRow, 'id' | 'statusQueries'>, at: Date) =>
  `payments.query:${t.id}:${t.statusQueries}@${at.getTime()}`

/** The state a provider answer would put the transfer in, to tell "nothing new" from "refused". */
const IMPLIED: Partial<Record<TransferEvent['type'], TransferState>> = {
  'provider.succeeded': 'succeeded',
  'provider.failed': 'failed',
  'provider.reversed': 'reversed',
  'provider.accepted': 'accepted',
}

export function createPayments(options: PaymentsOptions): Payments {
  const providers = new Map(options.providers.map((p) => [p.name, p]))
  const timings: PaymentTimings = { ...DEFAULT_PAYMENT_TIMINGS, ...options.timings }
  const { db, jobs, log } = options
  const fault = async (point: FaultPoint) => {
    await options.faults?.(point)
  }
  let listener: TransferListener | null = null

  async function lockTransfer(tx: Queryable, id: number): Promise<TransferRow | null> {
    const [row] = await tx.select().from(paymentTransfers).where(eq(paymentTransfers.id, id)).for('update')
    return row ?? null
  }

  function backoff(t: TransferRow, now: Date): Date {
    const step = Math.min(
      timings.maxCheckIntervalMs,
      timings.sendCheckMs * 2 ** Math.min(t.statusQueries, 20),
    )
    return new Date(now.getTime() + step)
  }

  type Changes = Partial<Omit<TransferRow, 'id' | 'state'>>

  /**
   * Asks the transfer machine about `event`; when it allows it, writes the state it chose with `changes` and tells
   * the listener of a change. The update is conditional on the state read, so two writers cannot both apply.
   */
  async function apply(
    tx: Tx,
    t: TransferRow,
    event: TransferEvent,
    now: Date,
    changes: Changes = {},
  ): Promise<{ row: TransferRow; outcome: ObservationOutcome }> {
    const decision = decideTransfer(
      transferAt(t.state as TransferState, {
        kind: t.kind as TransferKind,
        amountMinor: t.amountMinor,
        late: t.late,
      }),
      event,
    )
    if (!decision.allowed) {
      const same = IMPLIED[event.type] === t.state
      return { row: t, outcome: same ? 'noChange' : 'notApplied' }
    }
    const final =
      decision.state === 'succeeded' || decision.state === 'failed' || decision.state === 'reversed'
    const [row] = await tx
      .update(paymentTransfers)
      .set({
        ...changes,
        state: decision.state,
        late: decision.late,
        ...(decision.changed && (final || decision.state === 'expired') ? { completedAt: now } : {}),
      })
      .where(and(eq(paymentTransfers.id, t.id), eq(paymentTransfers.state, t.state)))
      .returning()
    if (!row) throw new Error(`Transfer ${t.reference} changed under us`)
    if (decision.changed) {
      await fault('changed.beforeCommit')
      if (listener) await listener.changed(tx, t, row, now)
    }
    return { row, outcome: decision.changed ? 'applied' : 'noChange' }
  }

  async function observe(
    q: Queryable,
    row: {
      transferId: number | null
      provider: string
      source: 'ack' | 'callback' | 'status'
      state: string
      outcome: ObservationOutcome
      idempotencyKey?: string | null
      providerRef?: string | null
      reference?: string | null
      amountMinor?: number | null
      receipt?: string | null
      reason?: string | null
      note?: string | null
    },
    now: Date,
  ): Promise<number | null> {
    const [inserted] = await q
      .insert(paymentObservations)
      .values({
        transferId: row.transferId,
        provider: row.provider,
        source: row.source,
        idempotencyKey: row.idempotencyKey ?? null,
        providerRef: row.providerRef ?? null,
        reference: row.reference ?? null,
        state: row.state,
        amountMinor: row.amountMinor ?? null,
        receipt: row.receipt ?? null,
        reason: row.reason?.slice(0, 200) ?? null,
        outcome: row.outcome,
        note: row.note ?? null,
        at: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentObservations.id })
    return inserted?.id ?? null
  }

  /** Asks the provider about the transfer soon (a status query job), whatever its schedule said. */
  async function lookUpSoon(tx: Queryable, t: TransferRow, now: Date): Promise<void> {
    await tx.update(paymentTransfers).set({ checkAt: now }).where(eq(paymentTransfers.id, t.id))
    await jobs.enqueue(PAYMENT_JOBS.query, { transferId: t.id }, { q: tx, key: queryKey(t, now), runAt: now })
  }

  /** The event a provider's word about a transfer stands for; null when it is no final word. */
  function eventOf(
    said: {
      state: CallbackOutcome['state'] | ProviderStatus['state']
      amountMinor?: number
      reason?: string
    },
    confirmed: boolean,
  ): TransferEvent | null {
    switch (said.state) {
      case 'succeeded':
        return { type: 'provider.succeeded', amountMinor: said.amountMinor ?? null, confirmed }
      case 'failed':
        return { type: 'provider.failed', reason: said.reason ?? 'failed', confirmed }
      case 'reversed':
        return { type: 'provider.reversed' }
      default:
        return null
    }
  }

  /** What a final word changes on the row besides its state. */
  function resultChanges(
    said: { state: string; amountMinor?: number; receipt?: string; reason?: string },
    t: TransferRow,
    now: Date,
    confirmed: boolean,
  ): Changes {
    if (said.state === 'succeeded')
      return {
        movedMinor: said.amountMinor ?? t.amountMinor,
        receipt: said.receipt ?? t.receipt,
        failureReason: null,
        checkAt: null,
      }
    if (said.state === 'failed')
      return {
        failureReason: (said.reason ?? 'failed').slice(0, 200),
        // A failure we only heard of in a callback is confirmed once by asking.
        checkAt: confirmed ? null : new Date(now.getTime() + timings.confirmFailureMs),
      }
    return { checkAt: null }
  }

  // ------------------------------------------------------------------------------------------ sending

  /**
   * A pay-out's payee, and the refusal of a wallet registered to someone else. Asked before the transfer is marked
   * sent, so a lookup that fails (it throws) leaves the transfer as it was and the job tries again.
   */
  async function checkPayee(transferId: number, now: Date): Promise<{ name?: string; refusal?: string }> {
    if (!options.payee) return {}
    const [t] = await db.select().from(paymentTransfers).where(eq(paymentTransfers.id, transferId))
    if (!t || t.kind !== 'payout' || (t.state !== 'requested' && t.state !== 'submitted')) return {}
    const p = providers.get(t.provider)
    const payee = p ? await options.payee(db, t) : null
    if (!p || !payee) return {}
    const named = payee.name ? { name: payee.name } : {}
    // A submitted pay-out that the provider would take twice is looked up, not sent again: nothing to check.
    const resent = t.state === 'submitted' && p.idempotentRequests?.payout === false
    if (!payee.confirmWallet || !p.lookupName || resent) return named
    const found = await p.lookupName({ account: t.account, walletProvider: t.channel }, { q: db, now })
    if (!found.found) return { ...named, refusal: `name lookup: ${found.reason}`.slice(0, 200) }
    return namesMatch(payee.name, found.name) ? named : { ...named, refusal: NAME_MISMATCH_REASON }
  }

  async function sendNow(transferId: number, now: Date): Promise<void> {
    const payee = await checkPayee(transferId, now)
    const t = await db.transaction(async (tx) => {
      const row = await lockTransfer(tx, transferId)
      if (!row || (row.state !== 'requested' && row.state !== 'submitted')) return null
      const p = providers.get(row.provider)
      if (row.state === 'submitted' && p?.idempotentRequests?.[row.kind as TransferKind] === false) {
        // It may have reached a provider that would take it twice: ask about it instead of sending it again.
        await lookUpSoon(tx, row, now)
        return null
      }
      const { row: sent, outcome } = await apply(tx, row, { type: 'transfer.sent' }, now, {
        submittedAt: now,
        sendAttempts: row.sendAttempts + 1,
        checkAt: new Date(now.getTime() + timings.sendCheckMs),
      })
      return outcome === 'notApplied' ? null : sent
    })
    if (!t) return
    await fault('send.beforeProvider')
    const p = providers.get(t.provider)
    const ack: ProviderAck = !p
      ? { result: 'refused', reason: `no payment provider "${t.provider}" is configured` }
      : t.kind === 'payout'
        ? payee.refusal
          ? { result: 'refused', reason: payee.refusal }
          : await p.disburse(
              {
                reference: t.reference,
                amountMinor: t.amountMinor,
                currency: t.currency,
                account: t.account,
                walletProvider: t.channel,
                ...(payee.name ? { payeeName: payee.name } : {}),
              },
              { q: db, now },
            )
        : await p.requestPayment(
            {
              reference: t.reference,
              amountMinor: t.amountMinor,
              currency: t.currency,
              payer: t.account,
              description: t.reference,
              walletProvider: t.channel,
            },
            { q: db, now },
          )
    await fault('send.afterProvider')
    await db.transaction(async (tx) => {
      const row = await lockTransfer(tx, transferId)
      if (row) await recordAck(tx, row, ack, now)
    })
  }

  async function recordAck(tx: Tx, t: TransferRow, ack: ProviderAck, now: Date): Promise<void> {
    const base = { transferId: t.id, provider: t.provider, source: 'ack' as const, reference: t.reference }
    if (ack.result === 'refused') {
      const { outcome } = await apply(tx, t, { type: 'provider.refused', reason: ack.reason }, now, {
        failureReason: ack.reason.slice(0, 200),
        checkAt: null,
      })
      await observe(tx, { ...base, state: 'refused', reason: ack.reason, outcome }, now)
      return
    }
    const providerRef = ack.providerRef ?? t.providerRef
    let row = t
    // A callback naming this providerRef that came before the answer is kept as unmatched and replayed below; the
    // lock makes sure it is either already kept (and replayed) or finds the transfer (handleCallback).
    if (providerRef) await lockProviderRef(tx, t.provider, providerRef)
    if (providerRef && !t.providerRef) {
      ;[row] = (await tx
        .update(paymentTransfers)
        .set({ providerRef })
        .where(eq(paymentTransfers.id, t.id))
        .returning()) as [TransferRow]
    }
    if (ack.result === 'duplicate') {
      await observe(
        tx,
        { ...base, state: 'duplicate', providerRef, outcome: 'noChange', note: 'looked up' },
        now,
      )
      await lookUpSoon(tx, row, now)
    } else {
      const firstCheck = new Date(
        now.getTime() + (row.kind === 'collection' ? timings.collectionCheckMs : timings.payoutCheckMs),
      )
      const checkAt = row.expiresAt ? minDate(row.expiresAt, firstCheck) : firstCheck
      const { row: accepted, outcome } = await apply(
        tx,
        row,
        { type: 'provider.accepted', providerRef: ack.providerRef },
        now,
        row.state === 'submitted' ? { acceptedAt: now, checkAt } : {},
      )
      row = accepted
      await observe(tx, { ...base, state: 'accepted', providerRef, outcome }, now)
    }
    if (providerRef) {
      row = await replayUnmatched(tx, row, providerRef, now)
      await replaySuspense(tx, row, now)
    }
  }

  /**
   * Serializes, per provider's reference, recording a provider's answer with a callback that cannot be matched yet:
   * on PostgreSQL the two run at once, and without it each missed the other (a callback kept as unmatched after
   * the answer's replay had looked for it), leaving a settled pay-out accepted until the next status query.
   */
  async function lockProviderRef(tx: Tx, provider: string, providerRef: string): Promise<void> {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`kopa.payments.ref:${provider}:${providerRef}`}))`,
    )
  }

  /** Callbacks that arrived before we knew the transfer's providerRef, applied now that we do. */
  async function replayUnmatched(
    tx: Tx,
    t: TransferRow,
    providerRef: string,
    now: Date,
  ): Promise<TransferRow> {
    const waiting = await tx
      .select()
      .from(paymentObservations)
      .where(
        and(
          eq(paymentObservations.provider, t.provider),
          eq(paymentObservations.providerRef, providerRef),
          eq(paymentObservations.outcome, 'unmatched'),
        ),
      )
      .orderBy(asc(paymentObservations.id))
    let row = t
    for (const o of waiting) {
      const said = {
        state: o.state as CallbackOutcome['state'],
        ...(o.amountMinor !== null ? { amountMinor: o.amountMinor } : {}),
        ...(o.receipt ? { receipt: o.receipt } : {}),
        ...(o.reason ? { reason: o.reason } : {}),
      }
      const result = await applyWord(tx, row, said, false, now)
      row = result.row
      await tx
        .update(paymentObservations)
        .set({ transferId: t.id, outcome: result.outcome, note: 'matched later' })
        .where(eq(paymentObservations.id, o.id))
    }
    return row
  }

  /**
   * A success that went to suspense under this transfer's providerRef before we knew it was this transfer's (the
   * push's answer was being recorded while the callback found several waiting pushes): now that the answer names
   * it, it is this transfer's money. Applied as its success, which unwinds the receipt from suspense — or fails the
   * push when a person resolved the receipt already (applyWord).
   */
  async function replaySuspense(tx: Tx, t: TransferRow, now: Date): Promise<void> {
    if (t.kind !== 'collection' || t.state === 'succeeded' || t.state === 'reversed') return
    const held = await inSuspense(tx, t)
    if (!held) return
    await applyWord(
      tx,
      t,
      { state: 'succeeded', amountMinor: held.amountMinor, receipt: held.receipt },
      false,
      now,
    )
  }

  /**
   * The receipt in suspense that a success callback under this collection's providerRef was booked to (toSuspense:
   * the only observation applied to no transfer), its entry locked — before the order is, as the console's
   * resolution locks them — with its amount and whether it is resolved already. Null when there is none.
   */
  async function inSuspense(
    tx: Tx,
    t: TransferRow,
  ): Promise<{ entryId: number; receipt: string; amountMinor: number; resolved: boolean } | null> {
    if (t.kind !== 'collection' || !t.providerRef) return null
    const [said] = await tx
      .select({ receipt: paymentObservations.receipt })
      .from(paymentObservations)
      .where(
        and(
          eq(paymentObservations.provider, t.provider),
          eq(paymentObservations.providerRef, t.providerRef),
          isNull(paymentObservations.transferId),
          eq(paymentObservations.outcome, 'applied'),
          isNotNull(paymentObservations.receipt),
        ),
      )
      .orderBy(asc(paymentObservations.id))
      .limit(1)
    if (!said?.receipt) return null
    const [entry] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, `${UNMATCHED_RECEIPT_KEY}${t.provider}:${said.receipt}`))
      .for('update')
    if (!entry) return null
    const [resolution] = await tx
      .select({ outcome: suspenseResolutions.outcome })
      .from(suspenseResolutions)
      .where(eq(suspenseResolutions.entryId, entry.id))
    return {
      entryId: entry.id,
      receipt: said.receipt,
      amountMinor: await heldInSuspense(tx, entry.id),
      resolved: resolution !== undefined,
    }
  }

  /**
   * The receipt's suspense entry unwound onto the transfer that turned out to be its money, whose own movement
   * entry now books it (Dr clearing, as every collection): Dr suspense Cr clearing.<provider>.collection, key
   * resolved:<entry id>, resolved as `matched` to the transfer — once (the key and the resolution's primary key).
   */
  async function unwindSuspense(
    tx: Tx,
    t: TransferRow,
    held: { entryId: number; amountMinor: number },
    now: Date,
  ): Promise<void> {
    const key = `resolved:${held.entryId}`
    const posted = await post(tx, {
      orderId: null,
      kind: 'suspenseResolved',
      currency: t.currency,
      key,
      at: now,
      lines: transfer('suspense', `clearing.${t.provider}.collection` as Account, held.amountMinor),
    })
    if (!posted) return
    const [resolution] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(eq(journalEntries.uniqueKey, key))
    await tx.insert(suspenseResolutions).values({
      entryId: held.entryId,
      outcome: 'matched',
      transferId: t.id,
      resolutionEntryId: resolution!.id,
      at: now,
    })
    log.info({ provider: t.provider, transfer: t.reference }, 'a receipt in suspense matched its push')
  }

  /** Applies a provider's word (callback or status) to a locked transfer; asks the provider when refused. */
  async function applyWord(
    tx: Tx,
    t: TransferRow,
    said: { state: string; amountMinor?: number; receipt?: string; reason?: string },
    confirmed: boolean,
    now: Date,
  ): Promise<{ row: TransferRow; outcome: ObservationOutcome }> {
    const event = eventOf(said as Parameters<typeof eventOf>[0], confirmed)
    if (!event) {
      if (!confirmed) await lookUpSoon(tx, t, now)
      return { row: t, outcome: 'noChange' }
    }
    // A reversal of a transfer we never saw succeed: it moved first.
    if (event.type === 'provider.reversed' && t.state !== 'succeeded') {
      const moved = await applyWord(
        tx,
        t,
        { state: 'succeeded', ...(said.amountMinor !== undefined ? { amountMinor: said.amountMinor } : {}) },
        true,
        now,
      )
      if (moved.row.state !== 'succeeded') return moved
      return apply(tx, moved.row, event, now, { checkAt: null })
    }
    // A collection's success whose money a callback under its providerRef booked to suspense: that receipt is this
    // money. Unresolved, it is unwound onto this transfer as its movement is booked, once; resolved by a person
    // already (applied to an order, or paid back), the money is accounted for there and must not be booked again:
    // the push fails, as every push whose money went to suspense does.
    const held = event.type === 'provider.succeeded' ? await inSuspense(tx, t) : null
    if (held?.resolved) {
      const reason = 'its money went to suspense and was resolved there'
      return apply(tx, t, { type: 'provider.failed', reason, confirmed: true }, now, {
        failureReason: reason,
        checkAt: null,
      })
    }
    const words = held ? { ...said, receipt: said.receipt ?? held.receipt } : said
    const result = await apply(tx, t, event, now, resultChanges(words, t, now, confirmed))
    if (held && result.outcome === 'applied' && result.row.state === 'succeeded')
      await unwindSuspense(tx, result.row, held, now)
    if (result.outcome === 'notApplied' && !confirmed) await lookUpSoon(tx, result.row, now)
    return result
  }

  // ------------------------------------------------------------------------------------------ status queries

  async function queryNow(transferId: number, now: Date): Promise<void> {
    const [t] = await db.select().from(paymentTransfers).where(eq(paymentTransfers.id, transferId))
    if (!t || t.checkAt === null) return
    const p = providers.get(t.provider)
    if (!p) return
    const status = await p.status(
      {
        kind: t.kind as TransferKind,
        reference: t.reference,
        providerRef: t.providerRef,
        amountMinor: t.amountMinor,
        walletProvider: t.channel,
      },
      { q: db, now },
    )
    await fault('query.afterProvider')
    await db.transaction(async (tx) => {
      let row = await lockTransfer(tx, transferId)
      if (!row) return
      const base = {
        transferId: row.id,
        provider: row.provider,
        source: 'status' as const,
        reference: row.reference,
        providerRef: status.providerRef ?? row.providerRef,
        state: status.state,
        amountMinor: status.amountMinor ?? null,
        receipt: status.receipt ?? null,
        reason: status.reason ?? null,
      }
      let outcome: ObservationOutcome = 'noChange'
      if (status.providerRef && !row.providerRef) {
        ;[row] = (await tx
          .update(paymentTransfers)
          .set({ providerRef: status.providerRef })
          .where(eq(paymentTransfers.id, row.id))
          .returning()) as [TransferRow]
      }
      if (status.state === 'pending') {
        if (row.state === 'submitted' && status.providerRef) {
          row = (
            await apply(tx, row, { type: 'provider.accepted', providerRef: status.providerRef }, now, {
              acceptedAt: now,
            })
          ).row
        }
        const windowOver = row.expiresAt !== null && row.expiresAt <= now
        if (windowOver && (row.state === 'submitted' || row.state === 'accepted')) {
          ;({ row, outcome } = await apply(tx, row, { type: 'window.passed' }, now, {
            failureReason: 'timed out',
          }))
        }
      } else if (status.state === 'notFound') {
        ;({ row, outcome } = await neverReached(tx, row, now))
      } else {
        ;({ row, outcome } = await applyWord(tx, row, status as { state: string }, true, now))
      }
      await observe(tx, { ...base, outcome }, now)
      await tx
        .update(paymentTransfers)
        .set({ statusQueries: row.statusQueries + 1, checkAt: nextCheck(row, status, now) })
        .where(eq(paymentTransfers.id, row.id))
    })
  }

  /**
   * The provider says (its status query, synchronous or on a callback) it never received the transfer: one still
   * submitted is sent again under the same reference (or abandoned after maxSends), one expired or failed is
   * failed for certain — nothing moved — and no longer asked about.
   */
  async function neverReached(
    tx: Tx,
    t: TransferRow,
    now: Date,
  ): Promise<{ row: TransferRow; outcome: ObservationOutcome }> {
    if (t.state === 'submitted') {
      if (t.sendAttempts >= timings.maxSends) {
        return apply(tx, t, { type: 'send.abandoned', reason: 'never reached the provider' }, now, {
          failureReason: 'never reached the provider',
          checkAt: null,
        })
      }
      const result = await apply(tx, t, { type: 'provider.notFound' }, now)
      await jobs.enqueue(
        PAYMENT_JOBS.send,
        { transferId: result.row.id },
        { q: tx, key: sendKey(result.row), runAt: now },
      )
      return result
    }
    if (t.state === 'expired' || t.state === 'failed') {
      // It never reached the provider: nothing moved, for certain.
      return apply(
        tx,
        t,
        { type: 'provider.failed', reason: 'never reached the provider', confirmed: true },
        now,
        { failureReason: t.failureReason ?? 'never reached the provider', checkAt: null },
      )
    }
    return { row: t, outcome: 'noChange' }
  }

  /** When to ask about a transfer again after a status query's answer: never, once it is final for certain. */
  function nextCheck(row: TransferRow, status: ProviderStatus, now: Date): Date | null {
    switch (row.state) {
      case 'requested':
        return new Date(now.getTime() + timings.sendCheckMs)
      case 'submitted':
      case 'accepted': {
        const later = backoff(row, now)
        return row.expiresAt && row.expiresAt > now ? minDate(row.expiresAt, later) : later
      }
      case 'expired':
        return backoff(row, now)
      case 'failed':
        // The provider still says pending after a failure callback: keep asking until it says. Only a collection
        // fails on a callback alone; a pay-out is failed only once confirmed (transfer.machine.ts), and Daraja's
        // status query answers `pending` every time (its result comes on a callback): no more asking.
        return row.kind === 'collection' && status.state === 'pending' ? backoff(row, now) : null
      default:
        return null
    }
  }

  /** Enqueues a send or a status query for every transfer whose check time has come. */
  async function reconcileDue(q: Queryable, now: Date): Promise<number> {
    const due = await q
      .select()
      .from(paymentTransfers)
      .where(and(isNotNull(paymentTransfers.checkAt), lte(paymentTransfers.checkAt, now)))
      .orderBy(asc(paymentTransfers.checkAt))
      .limit(200)
      .for('update', { skipLocked: true })
    for (const t of due) {
      if (t.state === 'requested') {
        await jobs.enqueue(PAYMENT_JOBS.send, { transferId: t.id }, { q, key: sendKey(t, now), runAt: now })
      } else if (t.state === 'succeeded' || t.state === 'reversed') {
        await q.update(paymentTransfers).set({ checkAt: null }).where(eq(paymentTransfers.id, t.id))
        continue
      } else {
        await jobs.enqueue(PAYMENT_JOBS.query, { transferId: t.id }, { q, key: queryKey(t, now), runAt: now })
      }
      // Not picked up again before that job has run and set the next check.
      await q
        .update(paymentTransfers)
        .set({ checkAt: new Date(now.getTime() + timings.sendCheckMs) })
        .where(eq(paymentTransfers.id, t.id))
    }
    return due.length
  }

  // ------------------------------------------------------------------------------------------ callbacks

  /** What a callback said, as an observation row (without its transfer and outcome). */
  function callbackFields(name: string, outcome: CallbackOutcome) {
    return {
      provider: name,
      source: 'callback' as const,
      idempotencyKey: outcome.idempotencyKey,
      providerRef: outcome.providerRef ?? null,
      reference: outcome.reference ?? null,
      state: outcome.state,
      amountMinor: outcome.amountMinor ?? null,
      receipt: outcome.receipt ?? null,
      reason: outcome.reason ?? null,
    }
  }

  /** The transfer a callback is about, by the provider's reference or ours, locked; undefined when unknown. */
  async function transferOf(
    tx: Tx,
    name: string,
    outcome: CallbackOutcome,
  ): Promise<TransferRow | undefined> {
    const byRef = outcome.providerRef
      ? and(eq(paymentTransfers.provider, name), eq(paymentTransfers.providerRef, outcome.providerRef))
      : undefined
    const byReference = outcome.reference
      ? and(eq(paymentTransfers.provider, name), eq(paymentTransfers.reference, outcome.reference))
      : undefined
    const where = byRef && byReference ? or(byRef, byReference) : (byRef ?? byReference)
    if (!where) return undefined
    const [t] = await tx.select().from(paymentTransfers).where(where).limit(1).for('update')
    return t
  }

  async function handleCallback(
    name: string,
    outcome: CallbackOutcome,
    now: Date,
  ): Promise<'applied' | 'replay' | 'unmatched' | 'suspense' | 'noChange' | 'notApplied'> {
    return db.transaction(async (tx) => {
      let t = await transferOf(tx, name, outcome)
      if (!t && outcome.providerRef) {
        // Unknown yet: perhaps the answer that names this providerRef is being recorded right now (recordAck).
        // Under the same lock as that answer, look again: either it committed and the transfer is found, or it
        // waits for this callback to be kept as unmatched and replays it.
        await lockProviderRef(tx, name, outcome.providerRef)
        t = await transferOf(tx, name, outcome)
      }
      const id = await observe(
        tx,
        {
          ...callbackFields(name, outcome),
          transferId: t?.id ?? null,
          outcome: t ? 'noChange' : 'unmatched',
        },
        now,
      )
      if (id === null) return 'replay'
      if (!t) {
        if (await toSuspense(tx, name, outcome, id, now)) return 'suspense'
        return 'unmatched'
      }
      let row = t
      if (outcome.providerRef && !t.providerRef) {
        ;[row] = (await tx
          .update(paymentTransfers)
          .set({ providerRef: outcome.providerRef })
          .where(eq(paymentTransfers.id, t.id))
          .returning()) as [TransferRow]
      }
      const result =
        outcome.state === 'notFound'
          ? outcome.confirmed === true
            ? await neverReached(tx, row, now)
            : { row, outcome: 'noChange' as const }
          : await applyWord(tx, row, outcome, outcome.confirmed === true, now)
      await fault('callback.beforeCommit')
      await tx
        .update(paymentObservations)
        .set({ outcome: result.outcome })
        .where(eq(paymentObservations.id, id))
      return result.outcome === 'applied'
        ? 'applied'
        : result.outcome === 'notApplied'
          ? 'notApplied'
          : 'noChange'
    })
  }

  /**
   * Money received that the provider could not tie to exactly one transfer (outcome.suspense; Daraja: several
   * unanswered pushes of that payer and amount): booked once to suspense, keyed by the provider's receipt, so a
   * duplicate callback books nothing; the observation is marked so it is never replayed onto a transfer. A person
   * resolves it (the books check's suspense figure, the ops log line). False when it is no such callback.
   */
  async function toSuspense(
    tx: Tx,
    name: string,
    outcome: CallbackOutcome,
    observationId: number,
    now: Date,
  ): Promise<boolean> {
    const { suspense, amountMinor, receipt } = outcome
    if (!suspense || outcome.kind !== 'collection' || outcome.state !== 'succeeded') return false
    if (amountMinor === undefined || !receipt) return false
    await post(tx, {
      orderId: null,
      kind: 'unapplied',
      currency: suspense.currency,
      key: `${UNMATCHED_RECEIPT_KEY}${name}:${receipt}`,
      at: now,
      lines: transfer(`clearing.${name}.collection` as Account, 'suspense', amountMinor),
    })
    await tx
      .update(paymentObservations)
      .set({ outcome: 'applied', note: 'booked to suspense: not one payment order' })
      .where(eq(paymentObservations.id, observationId))
    log.warn({ provider: name }, 'money received that matches no single payment order: booked to suspense')
    return true
  }

  async function callbackFailed(
    name: string,
    outcome: CallbackOutcome,
    now: Date,
    err: unknown,
  ): Promise<void> {
    // safeError: the error's class, SQLSTATE and stack, never its message (it may quote an account number).
    options.ops?.count('callback')
    log.error(
      { failure: 'callback', provider: name, ...safeError(err) },
      'payment callback could not be applied; stored for reconciliation',
    )
    await db.transaction(async (tx) => {
      const t = await transferOf(tx, name, outcome)
      await observe(
        tx,
        {
          ...callbackFields(name, outcome),
          transferId: t?.id ?? null,
          outcome: 'error',
          note: err instanceof Error ? err.message.slice(0, 200) : 'unknown',
        },
        now,
      )
      if (!t) return
      // The callback named the transfer by our reference and carries the provider's: keep that, or the look-up
      // could not ask about it (Daraja's STK query needs the CheckoutRequestID, which only the callback told us
      // when the push's answer was lost), and money the callback announced would never be booked.
      let row = t
      if (outcome.providerRef && !t.providerRef && outcome.reference === t.reference) {
        await lockProviderRef(tx, name, outcome.providerRef)
        const [taken] = await tx
          .select({ id: paymentTransfers.id })
          .from(paymentTransfers)
          .where(
            and(eq(paymentTransfers.provider, name), eq(paymentTransfers.providerRef, outcome.providerRef)),
          )
          .limit(1)
        if (!taken)
          [row] = (await tx
            .update(paymentTransfers)
            .set({ providerRef: outcome.providerRef })
            .where(eq(paymentTransfers.id, t.id))
            .returning()) as [TransferRow]
      }
      await lookUpSoon(tx, row, now)
    })
  }

  return {
    provider: (name) => providers.get(name),
    async request(q, now, r) {
      const [row] = await q
        .insert(paymentTransfers)
        .values({
          reference: r.reference,
          kind: r.kind,
          purpose: r.purpose,
          provider: r.provider,
          channel: r.channel,
          orderId: r.orderId,
          account: r.account,
          amountMinor: r.amountMinor,
          currency: r.currency,
          state: 'requested',
          createdAt: now,
          expiresAt: r.expiresAt,
          checkAt: new Date(now.getTime() + timings.sendCheckMs),
          refundOf: r.refundOf ?? null,
        })
        .returning()
      await jobs.enqueue(PAYMENT_JOBS.send, { transferId: row!.id }, { q, key: sendKey(row!), runAt: now })
      return row!
    },
    async receivedOutside(tx, now, r) {
      const [inserted] = await tx
        .insert(paymentTransfers)
        .values({
          reference: r.reference,
          kind: 'collection',
          purpose: r.purpose,
          provider: r.provider,
          channel: r.channel,
          orderId: r.orderId,
          account: r.account,
          amountMinor: r.amountMinor,
          currency: r.currency,
          state: 'requested',
          createdAt: now,
          expiresAt: null,
          checkAt: null,
        })
        .onConflictDoNothing({ target: paymentTransfers.reference })
        .returning()
      if (!inserted) {
        const [first] = await tx
          .select()
          .from(paymentTransfers)
          .where(eq(paymentTransfers.reference, r.reference))
        return first!
      }
      const { row: sent } = await apply(tx, inserted, { type: 'transfer.sent' }, now, { submittedAt: now })
      const said = { state: 'succeeded', amountMinor: r.amountMinor, receipt: r.receipt }
      const result = await applyWord(tx, sent, said, true, now)
      await observe(
        tx,
        {
          transferId: inserted.id,
          provider: r.provider,
          source: 'callback',
          idempotencyKey: r.reference,
          reference: r.reference,
          state: 'succeeded',
          amountMinor: r.amountMinor,
          receipt: r.receipt,
          outcome: result.outcome,
          note: 'received outside a provider: confirmed by staff',
        },
        now,
      )
      if (result.row.state !== 'succeeded') throw new Error(`Transfer ${r.reference} did not succeed`)
      return result.row
    },
    lookUp: (transferId) => queryNow(transferId, options.now()),
    async send(transferId) {
      const [t] = await db
        .select({ id: paymentTransfers.id, sendAttempts: paymentTransfers.sendAttempts })
        .from(paymentTransfers)
        .where(eq(paymentTransfers.id, transferId))
      if (!t) return
      try {
        await jobs.runKey(sendKey(t))
      } catch (err) {
        // The worker sends it later; the borrower's request has already been recorded.
        log.warn({ ...safeError(err) }, 'immediate send failed; the worker retries')
      }
    },
    reconcile: () => db.transaction((tx) => reconcileDue(tx, options.now())),
    setListener(l) {
      listener = l
    },
    defineJobs() {
      jobs.defineEffect(
        PAYMENT_JOBS.send,
        async (payload, ctx) => sendNow(Number(payload.transferId), ctx.now),
        { maxAttempts: 5, retryDelayMs: (n) => n * 30_000, leaseMs: 60_000 },
      )
      jobs.defineEffect(
        PAYMENT_JOBS.query,
        async (payload, ctx) => queryNow(Number(payload.transferId), ctx.now),
        { maxAttempts: 3, retryDelayMs: (n) => n * 30_000, leaseMs: 60_000 },
      )
      jobs.every(PAYMENT_JOBS.reconcile, timings.reconcileMs, async (_payload, ctx) => {
        await reconcileDue(ctx.tx, ctx.now)
      })
    },
    async mount(app) {
      await app.register(async (scope) => {
        // The raw body is what providers sign; parse JSON ourselves.
        scope.removeAllContentTypeParsers()
        scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
          done(null, body),
        )
        scope.post<{ Params: { provider: string } }>('/payments/callback/:provider', async (req, reply) => {
          const p = providers.get(req.params.provider)
          if (!p) return reply.code(404).send({ error: 'unknown provider' })
          const rawBody = typeof req.body === 'string' ? req.body : ''
          let body: unknown
          try {
            body = rawBody ? (JSON.parse(rawBody) as unknown) : null
          } catch {
            options.ops?.count('callbackRefused')
            return reply.code(400).send(p.callbackReply(false))
          }
          const input: CallbackInput = {
            headers: req.headers,
            query: req.query as Record<string, unknown>,
            body,
            rawBody,
            ip: req.ip,
          }
          let verified: Awaited<ReturnType<PaymentProvider['verifyCallback']>>
          try {
            verified = await p.verifyCallback(input)
            await options.beforeCallback?.()
          } catch (err) {
            // Reading the callback failed before anything was stored: the provider sends it again.
            options.ops?.count('callback')
            log.error({ failure: 'callback', provider: p.name, ...safeError(err) }, 'payment callback failed')
            return reply.code(500).send(p.callbackReply(false))
          }
          if (!verified.ok) {
            options.ops?.count('callbackRefused')
            log.warn({ provider: p.name, reason: verified.reason }, 'payment callback refused')
            return reply.code(401).send(p.callbackReply(false))
          }
          const now = options.now()
          try {
            const result = await handleCallback(p.name, verified.outcome, now)
            if (result === 'unmatched')
              log.warn({ provider: p.name }, 'callback for a transfer not known yet; kept until it is')
          } catch (err) {
            await callbackFailed(p.name, verified.outcome, now, err).catch((e: unknown) => {
              // Counted once already (callbackFailed counts before it stores).
              log.error(
                { failure: 'callback', provider: p.name, ...safeError(e) },
                'storing a failed callback failed',
              )
            })
          }
          return reply.send(p.callbackReply(true))
        })
      })
    },
  }
}

function minDate(a: Date, b: Date): Date {
  return a < b ? a : b
}
