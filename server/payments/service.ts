/**
 * Payments: starts pay-outs and payment orders through the right provider, receives every provider's callbacks on
 * POST /payments/callback/<provider>, and expires payment orders after their window.
 *
 * A callback is verified by its provider, then recorded under its idempotency key (idempotency_keys, unique per
 * scope and key) in the same transaction that applies it: a replayed callback finds its key and changes nothing.
 * A callback for a transfer we do not know (yet) is answered 503 without recording its key, so the provider's
 * retry can still apply it.
 */
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db, Queryable, Tx } from '../db/client'
import { idempotencyKeys } from '../db/schema/core'
import { paymentTransfers, type TransferPurpose } from '../db/schema/loans'
import type { Log } from '../log'
import type { CallbackInput, CallbackOutcome, PaymentProvider, TransferKind } from './provider'

export type TransferRow = typeof paymentTransfers.$inferSelect

/** What the loan module does when a transfer completes (inside the callback's transaction). */
export interface TransferListener {
  completed(
    tx: Tx,
    transfer: TransferRow,
    outcome: Pick<CallbackOutcome, 'state' | 'receipt' | 'reason'>,
    now: Date,
  ): Promise<void>
}

export interface StartPayout {
  orderId: number
  reference: string
  provider: string
  channel: string
  account: string
  walletProvider: string
  amountMinor: number
  currency: string
}

export interface StartCollection {
  orderId: number
  reference: string
  purpose: Exclude<TransferPurpose, 'disbursal'>
  provider: string
  channel: string
  payer: string
  description: string
  amountMinor: number
  currency: string
  expiresAt: Date
}

export interface Payments {
  provider(name: string): PaymentProvider
  /** Records the pay-out and asks the provider; a refusal marks it failed at once (the result says so). */
  startPayout(q: Queryable, now: Date, p: StartPayout): Promise<TransferRow>
  startCollection(q: Queryable, now: Date, p: StartCollection): Promise<TransferRow>
  /**
   * Once a payment order's window is over: asks its provider what became of it (a callback may have been lost) and
   * completes it accordingly, or marks it expired; true when it expired.
   */
  expire(tx: Tx, transferId: number, now: Date): Promise<boolean>
  setListener(listener: TransferListener): void
  /** Mounts POST /payments/callback/:provider. */
  mount(app: FastifyInstance): Promise<void>
}

export interface PaymentsOptions {
  db: Db
  providers: readonly PaymentProvider[]
  now: () => Date
  /** Called before each callback is handled (the shared clock's sync). */
  beforeCallback?: () => Promise<void>
  log: Log
}

export function createPayments(options: PaymentsOptions): Payments {
  const providers = new Map(options.providers.map((p) => [p.name, p]))
  let listener: TransferListener | null = null
  const { db, log } = options

  function provider(name: string): PaymentProvider {
    const found = providers.get(name)
    if (!found) throw new Error(`No payment provider "${name}" is configured`)
    return found
  }

  async function markRefused(q: Queryable, id: number, now: Date, reason: string): Promise<TransferRow> {
    const [row] = await q
      .update(paymentTransfers)
      .set({ state: 'failed', failureReason: reason.slice(0, 200), completedAt: now })
      .where(eq(paymentTransfers.id, id))
      .returning()
    return row!
  }

  /** Records what became of a transfer and tells the loan module, in the caller's transaction. */
  async function complete(
    tx: Tx,
    transfer: TransferRow,
    outcome: Pick<CallbackOutcome, 'state' | 'amountMinor' | 'receipt' | 'reason'>,
    now: Date,
  ): Promise<void> {
    const amountMatches = outcome.amountMinor === undefined || outcome.amountMinor === transfer.amountMinor
    const state = outcome.state === 'succeeded' && amountMatches ? 'succeeded' : 'failed'
    const reason = !amountMatches ? 'amount mismatch' : (outcome.reason ?? null)
    const [updated] = await tx
      .update(paymentTransfers)
      .set({
        state,
        receipt: outcome.receipt ?? null,
        failureReason: state === 'failed' ? (reason ?? 'failed').slice(0, 200) : null,
        completedAt: now,
      })
      .where(eq(paymentTransfers.id, transfer.id))
      .returning()
    if (listener) await listener.completed(tx, updated!, { ...outcome, state }, now)
  }

  async function applyCallback(
    name: string,
    outcome: CallbackOutcome,
    now: Date,
  ): Promise<'applied' | 'replay' | 'unknown'> {
    return db.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(paymentTransfers)
        .where(
          and(eq(paymentTransfers.provider, name), eq(paymentTransfers.providerRef, outcome.providerRef)),
        )
        .for('update')
      if (!transfer) return 'unknown'
      const [fresh] = await tx
        .insert(idempotencyKeys)
        .values({
          scope: `payments.callback.${name}`,
          key: outcome.idempotencyKey,
          response: null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key })
      if (!fresh) return 'replay'
      const late = transfer.state === 'expired' && outcome.state === 'succeeded'
      if (transfer.state !== 'pending' && !late) {
        log.warn(
          { transfer: transfer.reference, state: transfer.state },
          'callback for a completed transfer ignored',
        )
        return 'applied'
      }
      await complete(tx, transfer, outcome, now)
      return 'applied'
    })
  }

  return {
    provider,
    async startPayout(q, now, p) {
      const [row] = await q
        .insert(paymentTransfers)
        .values({
          reference: p.reference,
          kind: 'payout',
          purpose: 'disbursal',
          provider: p.provider,
          channel: p.channel,
          orderId: p.orderId,
          account: p.account,
          amountMinor: p.amountMinor,
          currency: p.currency,
          state: 'pending',
          createdAt: now,
        })
        .returning()
      const ack = await provider(p.provider).disburse(
        {
          reference: p.reference,
          amountMinor: p.amountMinor,
          currency: p.currency,
          account: p.account,
          walletProvider: p.walletProvider,
        },
        { q, now },
      )
      if (!ack.accepted) return markRefused(q, row!.id, now, ack.reason)
      const [updated] = await q
        .update(paymentTransfers)
        .set({ providerRef: ack.providerRef })
        .where(eq(paymentTransfers.id, row!.id))
        .returning()
      return updated!
    },
    async startCollection(q, now, p) {
      const [row] = await q
        .insert(paymentTransfers)
        .values({
          reference: p.reference,
          kind: 'collection',
          purpose: p.purpose,
          provider: p.provider,
          channel: p.channel,
          orderId: p.orderId,
          account: p.payer,
          amountMinor: p.amountMinor,
          currency: p.currency,
          state: 'pending',
          createdAt: now,
          expiresAt: p.expiresAt,
        })
        .returning()
      const ack = await provider(p.provider).requestPayment(
        {
          reference: p.reference,
          amountMinor: p.amountMinor,
          currency: p.currency,
          payer: p.payer,
          description: p.description,
        },
        { q, now },
      )
      if (!ack.accepted) return markRefused(q, row!.id, now, ack.reason)
      const [updated] = await q
        .update(paymentTransfers)
        .set({ providerRef: ack.providerRef })
        .where(eq(paymentTransfers.id, row!.id))
        .returning()
      return updated!
    },
    async expire(tx, transferId, now) {
      const [row] = await tx
        .select()
        .from(paymentTransfers)
        .where(eq(paymentTransfers.id, transferId))
        .for('update')
      if (!row || row.state !== 'pending' || !row.expiresAt || row.expiresAt > now) return false
      // A lost callback must not lose a payment: ask the provider before giving up on it.
      const status = row.providerRef
        ? await provider(row.provider)
            .status(row.kind as TransferKind, row.providerRef, { q: tx, now })
            .catch(() => ({ state: 'pending' as const }))
        : { state: 'pending' as const }
      if (status.state !== 'pending') {
        await complete(
          tx,
          row,
          { state: status.state, ...(status.reason ? { reason: status.reason } : {}) },
          now,
        )
        return false
      }
      await tx
        .update(paymentTransfers)
        .set({ state: 'expired', completedAt: now, failureReason: 'timed out' })
        .where(eq(paymentTransfers.id, transferId))
      return true
    },
    setListener(l) {
      listener = l
    },
    async mount(app) {
      await app.register(async (scope) => {
        // The raw body is what providers sign; parse JSON ourselves.
        scope.removeAllContentTypeParsers()
        scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))
        scope.post<{ Params: { provider: string } }>('/payments/callback/:provider', async (req, reply) => {
          const p = providers.get(req.params.provider)
          if (!p) return reply.code(404).send({ error: 'unknown provider' })
          const rawBody = typeof req.body === 'string' ? req.body : ''
          let body: unknown
          try {
            body = rawBody ? (JSON.parse(rawBody) as unknown) : null
          } catch {
            return reply.code(400).send(p.callbackReply(false))
          }
          const input: CallbackInput = {
            headers: req.headers,
            query: req.query as Record<string, unknown>,
            body,
            rawBody,
          }
          const verified = await p.verifyCallback(input)
          if (!verified.ok) {
            log.warn({ provider: p.name, reason: verified.reason }, 'payment callback refused')
            return reply.code(401).send(p.callbackReply(false))
          }
          await options.beforeCallback?.()
          const result = await applyCallback(p.name, verified.outcome, options.now())
          if (result === 'unknown') {
            log.warn({ provider: p.name }, 'callback for an unknown transfer; asking for a retry')
            return reply.code(503).send(p.callbackReply(false))
          }
          return reply.send(p.callbackReply(true))
        })
      })
    },
  }
}
