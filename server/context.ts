/**
 * The extension points of the server. Everything a feature needs arrives through these types:
 *
 * - a ServerModule's `register(host)` runs once at start-up; it registers call handlers
 *   (`host.registerHandler(path, handler, { requestContext })`), jobs (`host.jobs.define / every`), extra HTTP
 *   routes (`host.fastify`, e.g. a payment provider's callback), the profile-step listener
 *   (`host.setProfileStepListener`) and the loan view (`host.setLoanView`: open order and credit line);
 * - a Handler receives the decoded, authenticated, validated call (CallRequest) and the ServerContext (db, clock,
 *   jobs, providers, translator, log) and returns the response `data`, or throws an ApiFailure (server/envelope.ts).
 *
 * The modules are listed in server/modules.ts.
 */
import type { FastifyInstance } from 'fastify'
import type { ApiPath, ApiTable, ApiValidRequest, RequestContext } from '../domain/api'
import type { CreditInfo } from '../domain/api-types'
import type { CountryCode, Language } from '../domain/countries'
import type { OrderStatusCode } from '../domain/order-status'
import type { NoticeCache } from './cache'
import type { Clock } from './clock'
import type { ServerConfig } from './config'
import type { Database, Db, Queryable } from './db/client'
import type { loanOrders } from './db/schema/loans'
import type { Translate } from './i18n'
import type { JobRunner } from './jobs'
import type { Log } from './log'
import type { KycProviders } from './kyc/providers'
import type { Gate, RateLimiter } from './limits'
import type { Ops } from './ops'
import type { SmsProvider } from './sms'
import type { ImageStore, UploadedImage } from './uploads'

/** A stored order, as the loan module reads it. */
export type LoanOrderRow = typeof loanOrders.$inferSelect

/** The borrower behind a valid token. */
export interface Session {
  readonly sessionId: number
  readonly userId: number
  readonly country: CountryCode
  /** National significant number; never log it. */
  readonly mobile: string
}

/** One decoded call, as a handler sees it. */
export interface CallRequest<P extends ApiPath = ApiPath> {
  readonly path: P
  /** The payload after the call's schema accepted it (without `t`; upload calls: with `file` as a Blob). */
  readonly input: ApiValidRequest<P>
  /** Set for every call whose table entry has `auth: true` (the dispatcher refused it otherwise). */
  readonly session: Session | null
  /** The request's language (lang header). */
  readonly lang: Language
  /** Client address (after the configured proxy trust); never log it. */
  readonly ip: string
  /** Upload calls (body 'form'): the image, already checked by its magic bytes and size. */
  readonly image: UploadedImage | null
  readonly headers: Readonly<{ platform: string; appName: string; afid: string }>
}

/** The `data` a call answers with (null where the table allows it, e.g. no latest order yet). */
export type HandlerResult<P extends ApiPath> = Exclude<ApiTable[P]['response'], undefined>

export type Handler<P extends ApiPath = ApiPath> = (
  req: CallRequest<P>,
  ctx: ServerContext,
) => Promise<HandlerResult<P>> | HandlerResult<P>

/** The onboarding steps a borrower completes (decisions.md "Onboarding order and statuses"). */
export type ProfileStep = 'basicInfo' | 'identity' | 'additionalInfo' | 'wallet' | 'questionnaire'

/** What a profile step knows of the borrower's order in its transaction. */
export interface ProfileStepContext {
  q: Queryable
  now: Date
  country: CountryCode
  /**
   * The borrower's open order as this transaction locked it (FOR UPDATE) before the step, or null when there is
   * none; left out, the listener reads it itself (issue 17: the profile step and the loan module each read it).
   */
  openOrder?: LoanOrderRow | null
}

/**
 * Called when a borrower completes a profile step, inside the transaction that saved it (write through `q`, so
 * the step and the order's status change commit together). The loan module moves the order's status, and answers
 * the open order's status and number after the step (null: no open order), which the step's answer reports.
 */
export type ProfileStepListener = (
  userId: number,
  step: ProfileStep,
  ctx: ProfileStepContext,
) => Promise<{ status: OrderStatusCode; orderNo: string } | null>

/** Before validation: what else the call's request schema depends on (e.g. the product's limits for apply). */
export type RequestContextLoader = (
  call: { session: Session | null; payload: Readonly<Record<string, unknown>> },
  ctx: ServerContext,
) => Promise<Partial<RequestContext>>

export interface HandlerOptions {
  requestContext?: RequestContextLoader
}

/** What the profile and account calls need to know about loans; the loan module provides it. */
export interface LoanView {
  /** The borrower's open order (statuses of OPEN_STATUSES), or null. */
  openOrder(q: Queryable, userId: number): Promise<{ status: OrderStatusCode; orderNo: string } | null>
  /** The borrower's credit line (getUserInfo). */
  creditInfo(q: Queryable, userId: number, country: CountryCode): Promise<CreditInfo>
}

export interface ServerContext {
  readonly config: ServerConfig
  readonly database: Database
  readonly db: Db
  readonly clock: Clock
  /**
   * The hot reads' cache (server/cache.ts): read through it with `cachedOn(ctx.db, …)`; a write the next request
   * must see on every instance (a logout, a login) runs through `cache.write`.
   */
  readonly cache: NoticeCache
  readonly jobs: JobRunner
  readonly log: Log
  readonly t: Translate
  readonly sms: SmsProvider
  readonly kyc: KycProviders
  readonly images: ImageStore
  /** The loan module's answers (a view with no loans until it is set). */
  readonly loans: LoanView
  /** Failures outside the dispatcher: log them with `ops.failure` (structured, counted, on GET /ops/health). */
  readonly ops: Ops
  /** Request counters per address and session, and the gate on uploads read at once (server/limits.ts). */
  readonly limits: { readonly rate: RateLimiter; readonly uploads: Gate }
  /** Tells the loan module a profile step is complete (no-op until a listener is set). */
  onProfileStep(
    userId: number,
    step: ProfileStep,
    ctx: ProfileStepContext,
  ): Promise<{ status: OrderStatusCode; orderNo: string } | null | undefined>
}

export interface ModuleHost extends ServerContext {
  registerHandler<P extends ApiPath>(path: P, handler: Handler<P>, options?: HandlerOptions): void
  setProfileStepListener(listener: ProfileStepListener): void
  setLoanView(view: LoanView): void
  /** The Fastify instance, for routes outside the encrypted /api (payment callbacks, development pages). */
  readonly fastify: FastifyInstance
}

export interface ServerModule {
  readonly name: string
  register(host: ModuleHost): void | Promise<void>
}
