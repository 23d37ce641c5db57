/**
 * The sandbox wallet provider: behaves like a real one without moving money. It accepts a request at once and
 * reports the outcome LATER, by POSTing a signed callback to POST /payments/callback/sandbox — the same route and
 * the same verification path a real provider's callback takes. Outcomes are chosen by the number:
 *   - a pay-out to a wallet number ending in 0000 fails ("wallet account does not exist");
 *   - a payment from a payer number ending in 0000 fails ("payer declined");
 *   - a payment from a payer number ending in 9999 is never answered (the payer ignores the prompt), so the
 *     payment order times out;
 *   - everything else succeeds.
 * Its book lives in sandbox_transfers (its own rows, committed on their own: the outbox calls it after our commit);
 * a reference it has seen is the same transfer, answered with the same providerRef, so a retried request never
 * moves money twice. `deliverDue()` sends the callbacks that are due on the one clock (a timer calls it in demo
 * mode; tests call it after advancing the clock), each at most MAX_DELIVERIES times.
 * Callbacks carry an HMAC-SHA256 signature of the raw body (header x-sandbox-signature).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sandboxTransfers } from '../db/schema/loans'
import type {
  CallbackInput,
  CollectionRequest,
  PaymentProvider,
  PayoutRequest,
  ProviderAck,
  ProviderContext,
  ProviderStatus,
  TransferKind,
  TransferLookup,
  VerifiedCallback,
} from './provider'

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature'
export const SANDBOX_CALLBACK_PATH = '/payments/callback/sandbox'
export const FAILING_SUFFIX = '0000'
export const SILENT_SUFFIX = '9999'
/** A callback the route does not take is sent again on the next rounds, this many times in all. */
export const MAX_DELIVERIES = 10

/** Sends one callback; resolves with the HTTP status the route answered. */
export type CallbackPoster = (path: string, headers: Record<string, string>, body: string) => Promise<number>

export interface SandboxOptions {
  /** Secret shared by every instance (signing and verifying). */
  secret: string
  /** How long after a request the sandbox calls back, on the one clock. */
  delayMs: number
}

export interface SandboxCallbackBody {
  providerRef: string
  kind: TransferKind
  reference: string
  status: 'SUCCESS' | 'FAILED'
  amountMinor: number
  receipt: string | null
  reason: string | null
}

/** The receipt the sandbox gives money that moved. */
export function receiptOf(providerRef: string): string {
  return `SBX${providerRef.slice(4, 12).toUpperCase()}`
}

export function signSandbox(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')
}

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox'
  readonly simulated = true

  constructor(private readonly options: SandboxOptions) {}

  private async accept(
    ctx: ProviderContext,
    kind: TransferKind,
    reference: string,
    amountMinor: number,
    number: string,
    reason: string,
  ): Promise<ProviderAck> {
    if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
      return { result: 'refused', reason: 'invalid amount' }
    const digits = number.replace(/\D/g, '')
    const fails = digits.endsWith(FAILING_SUFFIX)
    const silent = kind === 'collection' && digits.endsWith(SILENT_SUFFIX)
    await ctx.q
      .insert(sandboxTransfers)
      .values({
        providerRef: `SBX-${randomUUID()}`,
        kind,
        reference,
        amountMinor,
        outcome: fails ? 'failed' : silent ? 'silent' : 'succeeded',
        reason: fails ? reason : null,
        completesAt: new Date(ctx.now.getTime() + this.options.delayMs),
      })
      .onConflictDoNothing({ target: sandboxTransfers.reference })
    // A reference seen before is the same transfer: the same providerRef, nothing new to move.
    const [row] = await ctx.q
      .select({ providerRef: sandboxTransfers.providerRef })
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, reference))
    return { result: 'accepted', providerRef: row!.providerRef }
  }

  disburse(request: PayoutRequest, ctx: ProviderContext): Promise<ProviderAck> {
    return this.accept(
      ctx,
      'payout',
      request.reference,
      request.amountMinor,
      request.account,
      'wallet account does not exist',
    )
  }

  requestPayment(request: CollectionRequest, ctx: ProviderContext): Promise<ProviderAck> {
    return this.accept(
      ctx,
      'collection',
      request.reference,
      request.amountMinor,
      request.payer,
      'payer declined',
    )
  }

  async status(lookup: TransferLookup, ctx: ProviderContext): Promise<ProviderStatus> {
    const [row] = await ctx.q
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.reference, lookup.reference))
    if (!row) return { state: 'notFound' }
    if (row.outcome === 'silent' || row.completesAt > ctx.now)
      return { state: 'pending', providerRef: row.providerRef }
    if (row.outcome === 'failed')
      return { state: 'failed', providerRef: row.providerRef, reason: row.reason ?? 'failed' }
    return {
      state: row.outcome === 'reversed' ? 'reversed' : 'succeeded',
      providerRef: row.providerRef,
      amountMinor: row.amountMinor,
      receipt: receiptOf(row.providerRef),
    }
  }

  verifyCallback(input: CallbackInput): VerifiedCallback {
    const signature = input.headers[SANDBOX_SIGNATURE_HEADER]
    const expected = signSandbox(this.options.secret, input.rawBody)
    if (typeof signature !== 'string' || signature.length !== expected.length)
      return { ok: false, reason: 'bad signature' }
    if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected)))
      return { ok: false, reason: 'bad signature' }
    const body = input.body as Partial<SandboxCallbackBody> | null
    if (
      !body ||
      typeof body.providerRef !== 'string' ||
      (body.kind !== 'payout' && body.kind !== 'collection') ||
      (body.status !== 'SUCCESS' && body.status !== 'FAILED') ||
      typeof body.amountMinor !== 'number'
    ) {
      return { ok: false, reason: 'malformed sandbox callback' }
    }
    const ok = body.status === 'SUCCESS'
    return {
      ok: true,
      outcome: {
        kind: body.kind,
        providerRef: body.providerRef,
        ...(typeof body.reference === 'string' ? { reference: body.reference } : {}),
        state: ok ? 'succeeded' : 'failed',
        idempotencyKey: `sandbox:${body.providerRef}`,
        amountMinor: body.amountMinor,
        ...(body.receipt ? { receipt: body.receipt } : {}),
        ...(ok ? {} : { reason: body.reason ?? 'failed' }),
      },
    }
  }

  callbackReply(accepted: boolean): unknown {
    return { received: accepted }
  }

  /**
   * Delivers every callback due at `now`: claims them (so two instances do not both send one), posts each, and
   * releases the ones whose post failed so the next round retries them. Returns how many were accepted.
   */
  async deliverDue(db: Db, now: Date, post: CallbackPoster): Promise<number> {
    const due = await db
      .update(sandboxTransfers)
      .set({ deliveredAt: now, deliveries: sql`${sandboxTransfers.deliveries} + 1` })
      .where(
        sql`${sandboxTransfers.providerRef} IN (
          SELECT provider_ref FROM sandbox_transfers
          WHERE delivered_at IS NULL AND outcome IN ('succeeded', 'failed') AND deliveries < ${MAX_DELIVERIES}
            AND completes_at <= ${now.toISOString()}::timestamptz
          ORDER BY completes_at LIMIT 100 FOR UPDATE SKIP LOCKED)`,
      )
      .returning()
    let delivered = 0
    for (const row of due) {
      const body: SandboxCallbackBody = {
        providerRef: row.providerRef,
        kind: row.kind as TransferKind,
        reference: row.reference,
        status: row.outcome === 'succeeded' ? 'SUCCESS' : 'FAILED',
        amountMinor: row.amountMinor,
        receipt: row.outcome === 'succeeded' ? receiptOf(row.providerRef) : null,
        reason: row.reason,
      }
      const raw = JSON.stringify(body)
      let status: number
      try {
        status = await post(
          SANDBOX_CALLBACK_PATH,
          {
            'content-type': 'application/json',
            [SANDBOX_SIGNATURE_HEADER]: signSandbox(this.options.secret, raw),
          },
          raw,
        )
      } catch {
        status = 0
      }
      if (status >= 200 && status < 300) delivered += 1
      else {
        await db
          .update(sandboxTransfers)
          .set({ deliveredAt: null })
          .where(eq(sandboxTransfers.providerRef, row.providerRef))
      }
    }
    return delivered
  }

  /** Callbacks not yet delivered (operations and tests). */
  async undelivered(db: Db): Promise<number> {
    const pending = await db
      .select({ ref: sandboxTransfers.providerRef })
      .from(sandboxTransfers)
      .where(
        and(
          isNull(sandboxTransfers.deliveredAt),
          inArray(sandboxTransfers.outcome, ['succeeded', 'failed']),
          lt(sandboxTransfers.deliveries, MAX_DELIVERIES),
        ),
      )
    return pending.length
  }
}
