/**
 * Mobile money behind one interface: every wallet provider (the sandbox, M-Pesa's Daraja, and whatever a lender
 * adds) pays out (`disburse`), asks a payer to pay (`requestPayment`), answers a status query (`status`) and
 * checks and parses its own callbacks (`verifyCallback`). Results always arrive ASYNCHRONOUSLY on the provider's
 * callback route, POST /payments/callback/<provider name>, which server/payments/routes.ts serves.
 *
 * Amounts cross this interface in minor units; each provider converts to what its API expects.
 */
import type { Queryable } from '../db/client'

export type TransferKind = 'payout' | 'collection'
export type TransferState = 'pending' | 'succeeded' | 'failed'

export interface PayoutRequest {
  /** Our unique reference of the transfer (payment_transfers.reference). */
  reference: string
  amountMinor: number
  currency: string
  /** Wallet number (MSISDN, digits only) or account number that receives the money. */
  account: string
  /** Wallet provider code of the borrower's account (mpesa, airtel, tigo, halopesa, clabe). */
  walletProvider: string
}

export interface CollectionRequest {
  reference: string
  amountMinor: number
  currency: string
  /** Payer's wallet number (digits only). */
  payer: string
  /** Shown to the payer, e.g. the order number. */
  description: string
}

/** The provider accepted the request for processing (or refused it outright). */
export type ProviderAck = { accepted: true; providerRef: string } | { accepted: false; reason: string }

export interface ProviderStatus {
  state: TransferState
  reason?: string
}

/** A callback as it reached our route. */
export interface CallbackInput {
  headers: Readonly<Record<string, string | string[] | undefined>>
  query: Readonly<Record<string, unknown>>
  body: unknown
  /** The exact bytes of the body, for providers that sign them. */
  rawBody: string
}

/** What a verified callback says happened. */
export interface CallbackOutcome {
  kind: TransferKind
  /** The provider's reference of the transfer, as its acknowledgement returned it. */
  providerRef: string
  state: Exclude<TransferState, 'pending'>
  /** Key of this notification: the same notification delivered twice has the same key. */
  idempotencyKey: string
  /** The amount the provider says moved, in minor units, when it says. */
  amountMinor?: number
  /** Provider's receipt (transaction id), when it gives one. */
  receipt?: string
  /** Why it failed, in the provider's words (no personal data). */
  reason?: string
}

export type VerifiedCallback = { ok: true; outcome: CallbackOutcome } | { ok: false; reason: string }

/**
 * Where a call happens: the caller's transaction and the one clock's time. A remote provider ignores `q`; the
 * sandbox keeps its own book in the database through it, so its state commits with the caller's.
 */
export interface ProviderContext {
  q: Queryable
  now: Date
}

export interface PaymentProvider {
  /** The name in the callback route: /payments/callback/<name>. */
  readonly name: string
  disburse(request: PayoutRequest, ctx: ProviderContext): Promise<ProviderAck>
  requestPayment(request: CollectionRequest, ctx: ProviderContext): Promise<ProviderAck>
  status(kind: TransferKind, providerRef: string, ctx: ProviderContext): Promise<ProviderStatus>
  verifyCallback(input: CallbackInput): VerifiedCallback | Promise<VerifiedCallback>
  /** The body the provider expects back from a callback (HTTP 200). */
  callbackReply(accepted: boolean): unknown
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError'
}
