/**
 * Mobile money behind one interface: every wallet provider (the sandbox, M-Pesa's Daraja, and whatever a lender
 * adds) pays out (`disburse`), asks a payer to pay (`requestPayment`), answers a status query (`status`) and
 * checks and parses its own callbacks (`verifyCallback`). Results arrive on the provider's callback route,
 * POST /payments/callback/<provider name> (server/payments/service.ts), or as the answer to a status query.
 *
 * These calls are made by the outbox (server/payments/service.ts), AFTER the transaction that recorded the
 * transfer committed, never inside one. Each carries our stable `reference`: a retry after a timeout or a crash
 * sends the same reference again, and a provider must treat a reference it has seen as the same transfer
 * (answer `duplicate`, or `accepted` with the same providerRef) — never as a second movement of money.
 *
 * Amounts cross this interface in minor units; each provider converts to what its API expects.
 */
import type { Queryable } from '../db/client'

export type TransferKind = 'payout' | 'collection'

export interface PayoutRequest {
  /** Our unique, stable reference of the transfer (payment_transfers.reference); the idempotency key. */
  reference: string
  amountMinor: number
  currency: string
  /** Wallet number (MSISDN, digits only) or account number that receives the money. */
  account: string
  /** Wallet provider code of the borrower's account (mpesa, airtel, tigo, halopesa, clabe). */
  walletProvider: string
  /**
   * The name of the person paid (the borrower's, from the profile), for APIs whose transfer names its destination
   * (AzamPay's createtransfer). Absent when unknown.
   */
  payeeName?: string
}

export interface CollectionRequest {
  /** Our unique, stable reference (the payOrderId); the idempotency key. */
  reference: string
  amountMinor: number
  currency: string
  /** Payer's wallet number (digits only). */
  payer: string
  /** Shown to the payer, e.g. the order number. */
  description: string
  /** Wallet provider code of the payer's wallet (the payment order's channel), for aggregators of several. */
  walletProvider?: string
}

/**
 * The provider's answer to a pay-out or payment request:
 *   accepted   it took the request for processing; the result follows on a callback or a status query
 *   refused    it will not move this money, definitively (invalid account, amount out of range…): nothing moved
 *   duplicate  it already has a transfer with this reference: look it up (status), never treat it as refused
 * A thrown error (network, timeout, 5xx, unreadable answer) means "unknown": the request may or may not have
 * reached the provider, and the outbox sends it again with the same reference.
 */
export type ProviderAck =
  | { result: 'accepted'; providerRef: string }
  | { result: 'refused'; reason: string }
  | { result: 'duplicate'; providerRef?: string }

/** Which transfer a status query is about: our reference always, the provider's when it gave one. */
export interface TransferLookup {
  kind: TransferKind
  reference: string
  providerRef: string | null
  /** The amount we asked for, in minor units (some APIs need it in the query). */
  amountMinor: number
  /** The transfer's wallet provider code (its channel), for aggregators whose query names the operator. */
  walletProvider?: string
}

/**
 * The provider's answer to a status query:
 *   pending    known, no final result yet (or the answer will come on a callback, as Daraja's B2C status does)
 *   succeeded  the money moved; `amountMinor` is what moved when the provider says (absent: what we asked for,
 *              which a status query of a fixed-amount request confirms)
 *   failed     definitively not moved
 *   reversed   it moved, then the provider reversed it
 *   notFound   the provider has no transfer with this reference: the request never reached it
 */
export interface ProviderStatus {
  state: 'pending' | 'succeeded' | 'failed' | 'reversed' | 'notFound'
  providerRef?: string
  amountMinor?: number
  receipt?: string
  reason?: string
}

/** A callback as it reached our route. */
export interface CallbackInput {
  headers: Readonly<Record<string, string | string[] | undefined>>
  query: Readonly<Record<string, unknown>>
  body: unknown
  /** The exact bytes of the body, for providers that sign them. */
  rawBody: string
  /** The caller's address (Fastify's req.ip: the proxy's client address with KOPA_TRUST_PROXY), for allow-lists. */
  ip?: string
}

/**
 * What a verified callback says happened.
 *   succeeded / failed  a final result
 *   pending             not final (Daraja's ResultType 1, a queue time-out): recorded, and the transfer is
 *                       looked up at the provider instead
 *   reversed            a completed transfer was reversed
 */
export interface CallbackOutcome {
  kind: TransferKind
  /** The provider's reference of the transfer, as its acknowledgement returned it (when the callback has it). */
  providerRef?: string
  /** Our reference, when the callback carries it (Daraja B2C v3's OriginatorConversationID, the sandbox's). */
  reference?: string
  /** notFound: the answer to our status query says the provider never received the transfer (confirmed only). */
  state: 'succeeded' | 'failed' | 'pending' | 'reversed' | 'notFound'
  /**
   * Key of this notification: the same notification delivered twice has the same key. It names the transfer and
   * the notification, not the failure code, so a replay with another failure is still a replay; a provider whose
   * callback can carry money after a failure under the same id (Daraja's STK) keys its success apart, with the
   * amount, so money that no booking holds is examined rather than dropped as a replay.
   */
  idempotencyKey: string
  /** The amount the provider says moved, in minor units, when it says. */
  amountMinor?: number
  /** Provider's receipt (transaction id) of money that moved; never set on a failure. */
  receipt?: string
  /** Why it failed, in the provider's words (no personal data). */
  reason?: string
  /**
   * True when the callback is the provider's answer to our status query (Daraja posts those to the ResultURL the
   * query named): it speaks from the provider's books, as a synchronous status answer does.
   */
  confirmed?: boolean
  /**
   * Money received that the provider's callback cannot tie to exactly one transfer of ours (Daraja: a push whose
   * answer was lost, of a payer and amount several waiting pushes share): when no transfer matches, it is booked
   * once to suspense under `unmatched:<provider>:<receipt>` for a person to resolve, never guessed onto an order.
   */
  suspense?: { currency: string }
}

/** Which wallet a name lookup is about. */
export interface NameLookupRequest {
  /** Wallet number (digits only). */
  account: string
  /** Wallet provider code (mpesa, airtel, tigo, halopesa). */
  walletProvider: string
}

/**
 * The provider's answer to a name lookup: the name the wallet is registered to, or that it has none (no such
 * wallet: `reason` in the provider's words). A thrown error means "unknown": ask again later.
 */
export type NameLookupResult = { found: true; name: string } | { found: false; reason: string }

export type VerifiedCallback = { ok: true; outcome: CallbackOutcome } | { ok: false; reason: string }

/**
 * Where a call happens: the one clock's time, and a database handle for providers that keep their own book in
 * it (the sandbox). It is never a transaction of ours: the outbox calls providers after commit.
 */
export interface ProviderContext {
  q: Queryable
  now: Date
}

export interface PaymentProvider {
  /** The name in the callback route: /payments/callback/<name>. */
  readonly name: string
  /** True for providers that move no real money (the sandbox): production refuses to route to them. */
  readonly simulated?: boolean
  /**
   * Whether a request sent again with the same reference is recognised as the same transfer (default: both).
   * Where it is not, the outbox never re-sends a request that may have reached the provider: it looks it up.
   */
  readonly idempotentRequests?: { readonly payout: boolean; readonly collection: boolean }
  /**
   * The countries whose wallets it can serve (ISO codes); absent: any. Production refuses a wallet routed to a
   * provider that does not serve its country (server/production-readiness.ts).
   */
  readonly countries?: readonly string[]
  disburse(request: PayoutRequest, ctx: ProviderContext): Promise<ProviderAck>
  requestPayment(request: CollectionRequest, ctx: ProviderContext): Promise<ProviderAck>
  status(lookup: TransferLookup, ctx: ProviderContext): Promise<ProviderStatus>
  verifyCallback(input: CallbackInput): VerifiedCallback | Promise<VerifiedCallback>
  /**
   * Optional: the name a wallet is registered to. Providers that have it are asked before the first pay-out to a
   * wallet, and a name that is not the borrower's refuses the pay-out (server/payments/names.ts).
   */
  lookupName?(request: NameLookupRequest, ctx: ProviderContext): Promise<NameLookupResult>
  /** The body the provider expects back from a callback (HTTP 200). */
  callbackReply(accepted: boolean): unknown
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError'
}
