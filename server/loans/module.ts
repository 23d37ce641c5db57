/**
 * The loans module: products, the order lifecycle, money and mobile money, as a ServerModule (server/context.ts).
 * It registers the loan, loan-market and repayment calls of the API table, the lifecycle jobs, the payment
 * callback route (POST /payments/callback/<provider>), the profile-step listener and, outside production, the
 * development routes POST /dev/payments/sandbox/deliver and GET /dev/books.
 *
 * At start-up it loads and validates every product (a bad product stops the server, naming each problem); in
 * demo and test mode it first seeds the demo products when there are none.
 */
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import * as v from 'valibot'
import { confirmDeadlineAfter } from '../../machines/order-lifecycle.machine'
import { CLOSED_STATUSES, mayApply, OPEN_STATUSES, REPAYABLE_STATUSES } from '../../machines/order-lifecycle/order-policy'
import { ApiCode } from '../../domain/api-codes'
import { orderNo as orderNoSchema } from '../../domain/schemas/common'
import type * as T from '../../domain/api-types'
import {
  COUNTRIES,
  DEFAULT_COUNTRY,
  type CountryCode,
  type CurrencyCode,
  type Language,
} from '../../domain/countries'
import { ladderPosition } from '../../domain/ladder'
import { ratioToNumber } from '../../domain/money'
import { OrderStatus, type OrderStatusCode } from '../../domain/order-status'
import { quote, repeatBorrowerTerms } from '../../domain/pricing'
import type { ModuleHost, RequestContextLoader, ServerContext, ServerModule, Session } from '../context'
import type { Db, Queryable } from '../db/client'
import { users } from '../db/schema/core'
import { loanOrders, loanProducts } from '../db/schema/loans'
import { walletAccounts } from '../db/schema/profile'
import { fail } from '../envelope'
import { maskMobile } from '../log'
import { confirmCouponFields } from '../coupons/coupons'
import { checkBooks } from '../money/check'
import { loadPaymentSettings, type PaymentSettings } from '../payments/config'
import { MpesaProvider, pushesIn } from '../payments/mpesa'
import { AzamPayProvider } from '../payments/azampay'
import { payeeOf } from '../payments/payee'
import type { PaymentProvider } from '../payments/provider'
import { SandboxProvider, type CallbackPoster } from '../payments/sandbox'
import { depositsIn, StpProvider } from '../payments/stp'
import { createPayments, type PaymentTimings, type Payments, type PaymentsOptions } from '../payments/service'
import { paymentCountryProblems, productionProblems, ProductionRefusal } from '../production-readiness'
import { seedDemo } from '../seed/demo-products'
import { renderAgreement } from './agreement'
import { localDate } from './dates'
import { lifecycleOf, type OrderRow } from './lifecycle'
import {
  liveCatalog,
  loadProducts,
  watchProducts,
  type LoadedProduct,
  type LiveCatalog,
  type ProductCatalog,
} from './products'
import {
  balanceToday,
  borrowerHistory,
  channelsFor,
  createLoanService,
  ladderStepOf,
  latestOrderOf,
  latestWallet,
  loanOf,
  openOrderOf,
  orderOfUser,
  quoteOn,
  termsOf,
  timeZoneOf,
  type LoanService,
} from './service'
import { defaultLoanSettings, type LoanSettings } from './settings'
import {
  latestOrderView,
  orderSummary,
  payOrderView,
  productSummary,
  repayColor,
  repaymentDetail,
  repayProduct,
  rolloverOffer,
  walletSummary,
} from './views'

const MINUTE = 60_000

export interface LoansRuntime {
  service: LoanService
  payments: Payments
  /** The live catalogue: replaced as products change (the console reads it again after an edit). */
  products: LiveCatalog
  sandbox: SandboxProvider | null
  /** Sends the sandbox callbacks due on the one clock (the demo timer does this every poll). */
  deliverSandbox(): Promise<number>
}

const runtimes = new WeakMap<Db, LoansRuntime>()

/** The loans module's runtime of a running server (tests and operators). */
export function loansRuntime(ctx: Pick<ServerContext, 'db'>): LoansRuntime {
  const rt = runtimes.get(ctx.db)
  if (!rt) throw new Error('The loans module is not registered on this server')
  return rt
}

export interface LoansModuleOptions {
  settings?: Partial<LoanSettings>
  payments?: Partial<PaymentSettings>
  /** Extra or replacement providers (by name). */
  providers?: readonly PaymentProvider[]
  /** The outbox's and reconciliation's timings (server/payments/service.ts). */
  timings?: Partial<PaymentTimings>
  /** Crash points of the fault simulation (tests/money). */
  faults?: PaymentsOptions['faults']
}

function requireSession(session: Session | null): Session {
  if (!session) fail(ApiCode.NotLoggedIn)
  return session
}

export function createLoansModule(options: LoansModuleOptions = {}): ServerModule {
  return {
    name: 'loans',
    async register(host: ModuleHost) {
      const { config, db, clock, jobs, log } = host
      const settings: LoanSettings = { ...defaultLoanSettings(config.mode), ...options.settings }
      const paySettings: PaymentSettings = { ...loadPaymentSettings(config.mode), ...options.payments }

      if (config.mode !== 'production') {
        const [n] = await db.select({ n: count() }).from(loanProducts)
        if ((n?.n ?? 0) === 0) await seedDemo(db)
      }
      const catalog = liveCatalog(await loadProducts(db))
      const stopWatching = await watchProducts(host.database, catalog, (err) =>
        host.ops.failure(
          'products',
          log,
          {},
          err,
          'a changed product could not be loaded; the last good one is served',
        ),
      )
      host.fastify.addHook('onClose', stopWatching)
      if (catalog.all().length === 0)
        log.warn({}, 'no loan products: every apply is refused (docs/operations.md)')

      const sandbox = paySettings.sandboxSecret
        ? new SandboxProvider({ secret: paySettings.sandboxSecret, delayMs: paySettings.sandboxDelayMs })
        : null
      const providers = new Map<string, PaymentProvider>()
      if (sandbox) providers.set(sandbox.name, sandbox)
      if (paySettings.mpesa) {
        providers.set(
          'mpesa',
          new MpesaProvider({ ...paySettings.mpesa, now: () => clock.nowMs(), pushes: pushesIn(db) }),
        )
      }
      if (paySettings.azampay) {
        providers.set('azampay', new AzamPayProvider({ ...paySettings.azampay, now: () => clock.nowMs() }))
      }
      if (paySettings.stp) {
        const stp = { ...paySettings.stp, now: () => clock.nowMs(), ledger: depositsIn(db) }
        providers.set('stp', new StpProvider(stp))
      }
      for (const p of options.providers ?? []) providers.set(p.name, p)
      for (const [route, name] of Object.entries(paySettings.routes)) {
        if (!providers.has(name))
          throw new Error(`Payment route ${route} names provider "${name}", which is not configured`)
      }
      const route = (country: string, walletProvider: string) =>
        paySettings.routes[`${country}:${walletProvider}`] ?? 'sandbox'
      // Production refuses a wallet routed to the sandbox, a simulated or an absent provider, or one that does not
      // serve the wallet's country (one line, at start-up).
      const readiness = { countries: catalog.all().map((p) => p.config.country), route, providers }
      const problems = [
        ...productionProblems({ mode: config.mode, payments: readiness }),
        ...paymentCountryProblems(config.mode, readiness),
      ]
      if (problems.length) throw new ProductionRefusal(problems)
      const unserved = catalog
        .all()
        .flatMap((p) => COUNTRIES[p.config.country].walletProviders.map((w) => `${p.config.country}:${w}`))
        .filter(
          (key, i, all) => all.indexOf(key) === i && !providers.has(route(key.slice(0, 2), key.slice(3))),
        )
      if (unserved.length) {
        log.warn(
          { wallets: unserved },
          'wallets without a payment provider: pay-outs to them fail (KOPA_PAYMENT_ROUTES)',
        )
      }

      const payments = createPayments({
        db,
        jobs,
        ...(options.timings ? { timings: options.timings } : {}),
        ...(options.faults ? { faults: options.faults } : {}),
        providers: [...providers.values()],
        now: () => clock.now(),
        beforeCallback: () => clock.sync(),
        log,
        ops: host.ops,
        // Whom a pay-out pays; a provider with a name lookup confirms the wallet's holder before the first one.
        payee: payeeOf,
      })
      const service = createLoanService({
        db,
        jobs,
        log,
        products: () => catalog,
        payments,
        settings,
        requiredFlags: (country) => config.collection[country].requiredFlags,
        route,
      })
      service.defineJobs()
      payments.defineJobs()
      host.setProfileStepListener((userId, step, ctx) => service.onProfileStep(userId, step, ctx))
      await payments.mount(host.fastify)

      const post: CallbackPoster = async (url, headers, body) =>
        (await host.fastify.inject({ method: 'POST', url, headers, payload: body })).statusCode
      const deliverSandbox = async () => {
        if (!sandbox) return 0
        await clock.sync()
        return sandbox.deliverDue(db, clock.now(), post)
      }
      runtimes.set(db, { service, payments, products: catalog, sandbox, deliverSandbox })

      if (sandbox && config.jobPollMs > 0) {
        let busy = false
        const timer = setInterval(() => {
          if (busy) return
          busy = true
          deliverSandbox()
            .catch((err: unknown) => host.ops.failure('delivery', log, {}, err, 'sandbox delivery failed'))
            .finally(() => {
              busy = false
            })
        }, config.jobPollMs)
        timer.unref()
        host.fastify.addHook('onClose', async () => clearInterval(timer))
      }
      if (config.mode !== 'production') {
        host.fastify.post('/dev/payments/sandbox/deliver', async () => ({
          delivered: await deliverSandbox(),
        }))
        host.fastify.get('/dev/books', async () => checkBooks(db, { now: clock.now() }))
        // The back office's promotion flow (decisions "14 and 18"), which has no API of its own: an application
        // not assessed yet is marked as coming from a promotion, so its approval is 18 (getMoney) rather than 14.
        host.fastify.post('/dev/orders/promotion', async (req, reply) => {
          const orderNo = (req.body as { orderNo?: unknown } | null)?.orderNo
          if (typeof orderNo !== 'string')
            return reply.code(400).send({ error: 'orderNo must be an order number' })
          const notAssessed = [
            OrderStatus.BasicInfo,
            OrderStatus.IdentityOCR,
            OrderStatus.Addition,
            OrderStatus.BindCard,
            OrderStatus.Question,
            OrderStatus.FinishLoading,
            OrderStatus.Applying,
          ]
          const [marked] = await db
            .update(loanOrders)
            .set({ viaPromotion: true })
            .where(and(eq(loanOrders.orderNo, orderNo), inArray(loanOrders.status, notAssessed)))
            .returning({ orderNo: loanOrders.orderNo })
          if (!marked)
            return reply.code(409).send({ error: `no application awaiting assessment is ${orderNo}` })
          return { orderNo: marked.orderNo, viaPromotion: true }
        })
      }

      host.setLoanView({
        async openOrder(q, userId) {
          const open = await openOrderOf(q, userId)
          return open ? { status: open.status as OrderStatusCode, orderNo: open.orderNo } : null
        },
        creditInfo: (q, userId, country) => creditInfo(q, catalog, userId, country, clock.now()),
      })
      // Where a Mexican bank-transfer payment order is paid to: the borrower's own CLABE at STP, else the lender's.
      const payTo = (country: string, userId: number): string | null => {
        const bank = providers.get(route(country, 'clabe'))
        return bank instanceof StpProvider
          ? bank.clabeFor(userId)
          : (paySettings.bankTransferPayTo[country] ?? null)
      }
      registerHandlers(host, { service, payments, catalog, route, payTo })
    },
  }
}

/** The module server/modules.ts lists. */
export const loansModule = createLoansModule()

/**
 * The borrower's credit line: the limit of the open order once approved, else the ceiling of the repeat-borrower
 * ladder on the country's default product; what may be borrowed now (nothing while an order is open); the daily
 * rate; the next step of the ladder.
 */
export async function creditInfo(
  q: Queryable,
  catalog: ProductCatalog,
  userId: number,
  country: CountryCode,
  now: Date,
): Promise<T.CreditInfo> {
  const p = catalog.defaultFor(country)
  const history = await borrowerHistory(q, userId, now)
  if (!p) {
    const currency = COUNTRIES[country].currency as CurrencyCode
    return {
      currency,
      limitMinor: 0,
      availableMinor: 0,
      dailyRatePercent: 0,
      loansRepaidOnTime: 0,
      nextLimitMinor: null,
    }
  }
  // The ladder's one rule (domain/ladder.ts), as apply and the assessment read it.
  const position = ladderPosition(history.loans, p.config)
  const terms = repeatBorrowerTerms(p.config, position.step)
  const next = repeatBorrowerTerms(p.config, position.nextStep)
  const open = await openOrderOf(q, userId)
  const limitMinor = open?.limitMinor ?? terms.maxAmountMinor
  return {
    currency: p.config.currency as CurrencyCode,
    limitMinor,
    // One loan at a time: while an order is open nothing more may be borrowed (docs/decisions.md "No credit is
    // offered while a loan is open").
    availableMinor: open ? 0 : limitMinor,
    dailyRatePercent: ratioToNumber(terms.dailyRate) * 100,
    loansRepaidOnTime: position.step,
    nextLimitMinor: next.maxAmountMinor > terms.maxAmountMinor ? next.maxAmountMinor : null,
  }
}

interface Deps {
  service: LoanService
  payments: Payments
  catalog: ProductCatalog
  route: (country: string, walletProvider: string) => string
  payTo: (country: string, userId: number) => string | null
}

function registerHandlers(host: ModuleHost, { service, catalog, route, payTo }: Deps): void {
  const { db, clock } = host
  const countryOf = (session: Session | null): CountryCode => session?.country ?? DEFAULT_COUNTRY

  const productFor = (country: CountryCode, productId?: string): LoadedProduct => {
    const p = productId ? catalog.byId(productId) : catalog.defaultFor(country)
    if (!p || p.config.country !== country) fail(ApiCode.LoanNoProduct)
    return p
  }

  const currencyOf = (country: CountryCode) => COUNTRIES[country].currency as CurrencyCode

  const expected = (order: OrderRow, from: Date) => {
    // decisions.md / spec §4: money arrives in 10–60 minutes; repeat borrowers within a minute.
    const repeat = order.repeatIndex > 0
    return {
      expectedFrom: new Date(from.getTime() + (repeat ? 0 : 10 * MINUTE)).toISOString(),
      expectedBy: new Date(from.getTime() + (repeat ? MINUTE : 60 * MINUTE)).toISOString(),
    }
  }

  const agreement = (order: OrderRow, lang: Language, now: Date): T.AgreementDocument => {
    const terms = termsOf(order)
    if (!terms) fail(ApiCode.LoanActionNotAllowed, undefined, { status: order.status })
    return renderAgreement({
      product: terms.product,
      quote: currentQuote(order, now),
      orderNo: order.orderNo,
      lang,
      label: (key) => host.t(lang, key),
    })
  }

  /** The approved order's price if it were paid out today; the actual one once it has been. */
  const currentQuote = (order: OrderRow, now: Date) =>
    order.disbursedAt ? termsOf(order)!.quote : quoteOn(order, now)

  const payOrderOf = (order: OrderRow, p: Parameters<typeof payOrderView>[0], now: Date) =>
    payOrderView(
      p,
      order.orderNo,
      channelsFor(order.country, route).find((c) => c.id === p.channel),
      now,
      payTo(order.country, order.userId),
    )

  const applyHandler =
    (again: boolean) =>
    async (req: {
      session: Session | null
      input: { productId: string; amountMinor: number; tenureDays: number }
    }) => {
      const session = requireSession(req.session)
      const order = await service.apply(session, req.input, { again }, clock.now())
      return {
        loanOrderId: String(order.id),
        orderNo: order.orderNo,
        status: order.status as OrderStatusCode,
      }
    }

  // ------------------------------------------------------------------------------------------ products

  host.registerHandler('/loan/product/list-market', async (req) => {
    const country = countryOf(req.session)
    const history = req.session ? await borrowerHistory(db, req.session.userId, clock.now()) : null
    return {
      products: catalog
        .forCountry(country)
        .map((p) => productSummary(p, req.lang, history ? ladderStepOf(history, p.config) : null)),
    }
  })

  host.registerHandler('/loanMarket/index', async (req) => {
    const country = countryOf(req.session)
    const history = req.session ? await borrowerHistory(db, req.session.userId, clock.now()) : null
    return {
      products: catalog
        .forCountry(country)
        .map((p) => productSummary(p, req.lang, history ? ladderStepOf(history, p.config) : null)),
      notice: null,
    }
  })

  host.registerHandler('/loan/product/step-amount', async (req) => {
    const session = requireSession(req.session)
    const p = productFor(session.country, req.input.productId)
    const history = await borrowerHistory(db, session.userId, clock.now())
    const step = ladderStepOf(history, p.config)
    const max = repeatBorrowerTerms(p.config, step).maxAmountMinor
    return {
      productId: p.config.id,
      currency: p.config.currency as CurrencyCode,
      minorPerUnit: p.config.minorPerUnit,
      minAmountMinor: p.config.amount.minMinor,
      maxAmountMinor: max,
      stepMinor: p.config.amount.stepMinor,
      tenureDays: [...p.config.tenureDays],
      defaultAmountMinor: max,
      defaultTenureDays: Math.min(...p.config.tenureDays),
      pricing: p.config,
      loansRepaidOnTime: step,
      today: localDate(clock.now(), timeZoneOf(p.config.country)),
    }
  })

  host.registerHandler('/loan/loan-product/index', async (req) => {
    const country = countryOf(req.session)
    const p = catalog.defaultFor(country) ?? null
    const now = clock.now()
    const history = req.session ? await borrowerHistory(db, req.session.userId, now) : null
    const latest = req.session ? await latestOrderOf(db, req.session.userId) : null
    const summary = p ? productSummary(p, req.lang, history ? ladderStepOf(history, p.config) : null) : null
    const canApply = p !== null && mayApply(lifecycleOf(latest), now.getTime())
    return {
      product: summary,
      minAmountMinor: summary?.minAmountMinor ?? 0,
      maxAmountMinor: summary?.maxAmountMinor ?? 0,
      maxTenureDays: p ? Math.max(...p.config.tenureDays) : 0,
      currency: (p?.config.currency as CurrencyCode | undefined) ?? currencyOf(country),
      canApply,
      repeatBorrower: (history?.finished ?? 0) > 0,
    }
  })

  host.registerHandler('/loan/get-credit-info', async (req) => {
    const session = requireSession(req.session)
    return creditInfo(db, catalog, session.userId, session.country, clock.now())
  })

  // ------------------------------------------------------------------------------------------ applying

  /** The product and the borrower's record, so the schema checks amount and tenure (validation.loan.*). */
  const applyLimits: RequestContextLoader = async ({ session, payload }) => {
    const p = typeof payload.productId === 'string' ? catalog.byId(payload.productId) : undefined
    if (!session || !p || p.config.country !== session.country) return {}
    const history = await borrowerHistory(db, session.userId, clock.now())
    return { apply: { product: p.config, loansRepaidOnTime: ladderStepOf(history, p.config) } }
  }
  host.registerHandler('/loan/loan-order/apply-market', applyHandler(false), { requestContext: applyLimits })
  host.registerHandler('/loan/loan-order/apply-market-again', applyHandler(true), {
    requestContext: applyLimits,
  })

  host.registerHandler('/user/submit', async (req) => {
    const session = requireSession(req.session)
    const open = await openOrderOf(db, session.userId)
    if (!open || open.orderNo !== req.input.orderNo) fail(ApiCode.LoanOrderNotFound)
    const order = await service.submit(session.userId, clock.now())
    return { status: order.status as OrderStatusCode, orderNo: order.orderNo }
  })

  // ------------------------------------------------------------------------------------------ orders

  host.registerHandler('/loan/loan-order/latest', async (req) => {
    const session = requireSession(req.session)
    const order = await latestOrderOf(db, session.userId)
    return order ? latestOrderView(order, catalog, req.lang, clock.now()) : null
  })

  host.registerHandler('/loan/loan-order/list-market', async (req) => {
    const session = requireSession(req.session)
    const { tab, page, pageSize } = req.input
    const statuses = tab === 'incomplete' ? OPEN_STATUSES : CLOSED_STATUSES
    const where = and(eq(loanOrders.userId, session.userId), inArray(loanOrders.status, [...statuses]))
    const [total] = await db.select({ n: count() }).from(loanOrders).where(where)
    const rows = await db
      .select()
      .from(loanOrders)
      .where(where)
      .orderBy(desc(loanOrders.createdAt), desc(loanOrders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
    const now = clock.now()
    return {
      items: rows.map((o) => orderSummary(o, catalog, req.lang, now)),
      page,
      pageSize,
      total: total?.n ?? 0,
    }
  })

  host.registerHandler('/loanMarket/lending-record', async (req) => {
    const country = countryOf(req.session)
    const rows = await db
      .select({
        mobile: users.mobile,
        amount: loanOrders.principalMinor,
        currency: loanOrders.currency,
        at: loanOrders.disbursedAt,
      })
      .from(loanOrders)
      .innerJoin(users, eq(users.id, loanOrders.userId))
      .where(and(eq(loanOrders.country, country), isNotNull(loanOrders.disbursedAt)))
      .orderBy(desc(loanOrders.disbursedAt))
      .limit(20)
    return {
      records: rows.map((r) => ({
        maskedMobile: maskMobile(r.mobile),
        amountMinor: r.amount ?? 0,
        currency: r.currency as CurrencyCode,
        at: r.at!.toISOString(),
      })),
    }
  })

  host.registerHandler('/loanMarket/repay-color', async (req) => {
    const session = requireSession(req.session)
    return repayColor(await openOrderOf(db, session.userId), clock.now())
  })

  host.registerHandler('/loanMarket/repay/products', async (req) => {
    const session = requireSession(req.session)
    const rows = await db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, session.userId), inArray(loanOrders.status, [...REPAYABLE_STATUSES])))
    const now = clock.now()
    return { items: rows.map((o) => repayProduct(o, catalog, req.lang, now)) }
  })

  // ------------------------------------------------------------------------------------------ approval

  host.registerHandler('/loan/confirm/product-info', async (req) => {
    const session = requireSession(req.session)
    const now = clock.now()
    const order = await orderOfUser(db, session.userId, req.input.loanOrderId)
    const terms = termsOf(order)
    if (!terms || !order.approvedAt) fail(ApiCode.LoanActionNotAllowed, undefined, { status: order.status })
    const wallet = order.walletAccountId
      ? (await db.select().from(walletAccounts).where(eq(walletAccounts.id, order.walletAccountId)))[0]
      : await latestWallet(db, session.userId)
    if (!wallet) fail(ApiCode.LoanWalletMissing)
    // Before the pay-out: the price without a coupon, and the coupon module's view of what one takes off.
    // After it: the loan as paid out (any coupon already in its interest).
    const q = order.disbursedAt ? terms.quote : quoteOn(order, now, { coupon: false })
    const coupon = order.disbursedAt
      ? {
          coupon: terms.coupon ?? null,
          payableAfterCouponMinor: q.totalRepayableMinor,
          usableCoupons: 0,
        }
      : await confirmCouponFields(db, { userId: session.userId, orderId: order.id }, q, now)
    const country = COUNTRIES[order.country as CountryCode]
    const loaded = catalog.byId(order.productId)
    return {
      ...q,
      loanOrderId: String(order.id),
      orderNo: order.orderNo,
      productName: loaded
        ? (loaded.names[req.lang] ?? Object.values(loaded.names)[0] ?? order.productId)
        : order.productId,
      aprLabel: country.aprLabel,
      feeTaxNameKey: country.feeTaxNameKey,
      wallet: walletSummary(wallet, order.country as CountryCode),
      confirmBy: new Date(confirmDeadlineAfter(order.approvedAt.getTime())).toISOString(),
      ...coupon,
    }
  })

  host.registerHandler('/loan/get-money/contract', async (req) => {
    const session = requireSession(req.session)
    const order = await orderOfUser(db, session.userId, req.input.loanOrderId)
    return agreement(order, req.lang, clock.now())
  })

  host.registerHandler('/loan/loan-order/loanAgreement', async (req) => {
    const now = clock.now()
    if (req.input.loanOrderId) {
      const session = requireSession(req.session)
      return agreement(await orderOfUser(db, session.userId, req.input.loanOrderId), req.lang, now)
    }
    const p = productFor(countryOf(req.session), req.input.productId)
    const example = quote(p.config, {
      amountMinor: p.config.amount.minMinor,
      tenureDays: Math.min(...p.config.tenureDays),
      disbursedOn: localDate(now, timeZoneOf(p.config.country)),
    })
    return renderAgreement({
      product: p.config,
      quote: example,
      orderNo: null,
      lang: req.lang,
      label: (k) => host.t(req.lang, k),
    })
  })

  host.registerHandler('/loan/get-money', async (req) => {
    const session = requireSession(req.session)
    const now = clock.now()
    const order = await service.confirm(session.userId, req.input, now)
    return { status: order.status as OrderStatusCode, ...expected(order, now) }
  })

  host.registerHandler('/loan/get-money-time', async (req) => {
    const session = requireSession(req.session)
    const order = await orderOfUser(db, session.userId, req.input.loanOrderId)
    if (!order.confirmedAt) fail(ApiCode.LoanActionNotAllowed, undefined, { status: order.status })
    return { ...expected(order, order.confirmedAt), disbursedAt: order.disbursedAt?.toISOString() ?? null }
  })

  host.registerHandler('/loan/cancel-draw-money', async (req) => {
    const session = requireSession(req.session)
    const order = await service.cancel(session.userId, req.input.loanOrderId, req.input.reasons, clock.now())
    return { status: order.status as OrderStatusCode }
  })

  // ------------------------------------------------------------------------------------------ repayment

  host.registerHandler('/portal/repayment/detail', async (req) => {
    const session = requireSession(req.session)
    const now = clock.now()
    const order = await orderOfUser(db, session.userId, req.input.orderNo)
    const pending = await service.pendingPayment(db, order.id)
    const channels = channelsFor(order.country, route)
    return repaymentDetail(
      order,
      channels,
      pending && !service.paymentTimedOut(pending, now) ? payOrderOf(order, pending, now) : null,
      now,
    )
  })

  /** The order's balance and the product's rules, so the schema checks the amount (validation.repay.*). */
  const repaymentLimits: RequestContextLoader = async ({ session, payload }) => {
    // The payload is not validated yet: only a well-formed order number is looked up (a NUL would reach the database).
    if (!session || !v.is(orderNoSchema(), payload.orderNo)) return {}
    const [order] = await db
      .select()
      .from(loanOrders)
      .where(and(eq(loanOrders.userId, session.userId), eq(loanOrders.orderNo, payload.orderNo)))
    const loan = order ? loanOf(order) : null
    const config = order ? termsOf(order)?.product : undefined
    // Nothing owed (repaid, or a retried confirm after the last payment): the handler answers 2109, not 1001.
    if (!loan || !config || order!.status === OrderStatus.Finish) return {}
    return {
      repayment: {
        // The payoff today (interest to the day): the exact whole balance is always accepted.
        remainingMinor: balanceToday(order!, clock.now())?.totalMinor ?? 0,
        productMinMinor: config.repayment.minMinor,
        unitMinor: config.repayment.unitMinor,
        minorPerUnit: config.minorPerUnit,
      },
    }
  }
  host.registerHandler(
    '/portal/repayment/confirm',
    async (req) => {
      const session = requireSession(req.session)
      const now = clock.now()
      const { order, payment } = await service.confirmRepayment(session, req.input, now)
      return payOrderOf(order, payment, now)
    },
    { requestContext: repaymentLimits },
  )

  host.registerHandler('/portal/repayment/pay-order', async (req) => {
    const session = requireSession(req.session)
    const now = clock.now()
    const payment = await service.paymentOf(db, session.userId, req.input.payOrderId)
    const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, payment.orderId))
    const view = payOrderOf(order!, payment, now)
    if (view.status === 'expired') fail(ApiCode.PaymentTimedOut, undefined, view)
    return view
  })

  host.registerHandler('/repay/getExtensionData', async (req) => {
    const session = requireSession(req.session)
    const order = await orderOfUser(db, session.userId, req.input.orderNo)
    return rolloverOffer(order, channelsFor(order.country, route), clock.now())
  })

  host.registerHandler('/repay/confirmExtensionOrder', async (req) => {
    const session = requireSession(req.session)
    const now = clock.now()
    const { order, payment } = await service.confirmRollover(session, req.input, now)
    return payOrderOf(order, payment, now)
  })
}
