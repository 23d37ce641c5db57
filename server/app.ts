/**
 * buildServer(config): the whole reference back end as one Fastify instance — database (migrated), clock, job
 * runner, providers, every module's handlers behind the /api dispatcher, the development endpoints (not in
 * production) and the built app from dist/.
 */
import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { pino, type DestinationStream } from 'pino'
import { lazyChildLogger } from './access-log'
import { attachCache, cascadesOf, createNoticeCache, type NoticeCache } from './cache'
import { createClock, type Clock } from './clock'
import type { ServerConfig } from './config'
import { COUNTRIES, COUNTRY_CODES } from '../domain/countries'
import type { LoanView, ModuleHost, ProfileStepListener, ServerContext, ServerModule } from './context'
import { openDatabase, type Database } from './db/client'
import { migrate } from './db/migrate'
import { mountDevRoutes } from './dev/routes'
import { mountApi } from './dispatch'
import { ApiCode } from '../domain/api-codes'
import { codeMessageKey, envelope } from './envelope'
import { createTranslator, languageOf } from './i18n'
import { checkExposure } from './exposure'
import { createJobRunner } from './jobs'
import { attachKycProviders, createKycProviders, loadKycSettings } from './kyc/config'
import type { KycProviders } from './kyc/providers'
import { createGate, createRateLimiter } from './limits'
import { MODULES } from './modules'
import { createOps, mountOps, SafeLogController, safeErrorHandler } from './ops'
import {
  countryChecklist,
  kycCountryProblems,
  productionProblems,
  ProductionRefusal,
} from './production-readiness'
import { createRegistry, type HandlerRegistry } from './registry'
import { createDevSmsProvider, createWebhookSmsProvider, type SmsProvider } from './sms'
import { mountStatic } from './static'
import { mountCompression } from './compression'
import { createImageStore } from './uploads'

/** PGlite keeps its files in `<data dir>/pglite`, apart from the uploads (`<data dir>/uploads`). */
export const pgliteDir = (dataDir: string) =>
  dataDir === ':memory:' ? dataDir : path.join(dataDir, 'pglite')

/** The log lines kept before a write (the server's logger, below): the access lines of a busy second, a few at idle. */
const LOG_BUFFER_BYTES = 4096

/** Until a loan module sets its view: no orders, and no credit line yet. */
const NO_LOANS: LoanView = {
  openOrder: async () => null,
  creditInfo: async (_q, _userId, country) => ({
    currency: COUNTRIES[country].currency,
    limitMinor: 0,
    availableMinor: 0,
    dailyRatePercent: 0,
    loansRepaidOnTime: 0,
    nextLimitMinor: null,
  }),
}

export interface ServerOverrides {
  /** The SMS provider (default: the webhook provider when configured, else the development provider). */
  sms?: SmsProvider
  /** OCR and liveness vendors (default: KOPA_KYC_PROVIDER's, else the development providers production refuses). */
  kyc?: KycProviders
  /** The modules to load (default: server/modules.ts). */
  modules?: readonly ServerModule[]
  /** An already open database (tests open theirs from a template); closed with the server. */
  database?: Database
  /** Pins the system clock (tests). */
  systemNowMs?: () => number
  /** Where log lines go (tests read them to prove no personal data is logged). */
  logStream?: DestinationStream
}

/** A start-up that failed after the database was opened: the modules' close hooks run, the database closes. */
async function shutDown(
  app: FastifyInstance,
  database: Database,
  clock: Clock,
  cache: NoticeCache,
): Promise<void> {
  await app.close().catch(() => undefined)
  await clock.stop()
  await cache.stop()
  await database.close()
}

export interface KopaServer {
  readonly app: FastifyInstance
  readonly ctx: ServerContext
  readonly registry: HandlerRegistry
  /** Listens on config.host:config.port (port 0: any free port); returns the base URL. */
  listen(): Promise<string>
  close(): Promise<void>
}

export async function buildServer(
  config: ServerConfig,
  overrides: ServerOverrides = {},
): Promise<KopaServer> {
  const production = config.mode === 'production'
  if (production && !overrides.sms && !config.smsWebhookUrl) {
    await overrides.database?.close()
    throw new Error('Production mode needs an SMS gateway: set KOPA_SMS_WEBHOOK_URL (docs/operations.md)')
  }
  const translator = createTranslator()
  const ops = createOps()
  const app = Fastify({
    logger:
      config.logLevel === 'silent' && !overrides.logStream
        ? false
        : {
            level: config.logLevel,
            // Log lines are written asynchronously (issue 17: no synchronous write on the hot path), 4 KB or a
            // second's lines at a time, whichever comes first: one write per line handed each access line to
            // libuv's thread pool, about 5 µs of a hot read. pino flushes what is left when the process exits;
            // a process killed outright loses at most that second.
            stream:
              overrides.logStream ??
              pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, periodicFlush: 1000 }),
          },
    // req.log is made only when something logs through it; the access line is written without it (issue 17,
    // server/access-log.ts).
    ...(config.logLevel === 'silent' && !overrides.logStream ? {} : { childLoggerFactory: lazyChildLogger }),
    // The dispatcher logs each call itself (decrypted path and code); Fastify's request lines would log URLs.
    // Fastify's own error lines would log URLs too: SafeLogController logs a failed plain route (server/ops.ts).
    logController: new SafeLogController(ops),
    trustProxy: config.trustProxy,
    bodyLimit: config.maxBodyBytes,
    // A URL the router cannot even decode: under /api it is an undecryptable call like any other.
    frameworkErrors: (err, req, res) => {
      const reply = res as FastifyReply
      if (!/^\/(api|cou)(\/|$|\?)/.test(req.url)) return reply.code(400).send({ error: 'Bad Request' })
      req.log.info({ call: null, code: ApiCode.Undecryptable, status: 200, reason: err.code }, 'call')
      const msg = translator.t(languageOf(req.headers.lang), codeMessageKey(ApiCode.Undecryptable))
      return reply.code(200).send(envelope(ApiCode.Undecryptable, msg, null))
    },
  })
  // Plain routes (callbacks, files, development endpoints) answer a 5xx without its message, logged and counted.
  app.setErrorHandler(safeErrorHandler(ops))
  const log = app.log
  const database =
    overrides.database ??
    (await openDatabase({
      url: config.databaseUrl,
      dataDir: pgliteDir(config.dataDir),
      schema: config.databaseSchema,
      poolSize: config.databasePoolSize,
      countQueries: config.countQueries,
    }))
  try {
    const applied = await migrate(database)
    if (applied.length) log.info({ migrations: applied }, 'migrations applied')
  } catch (err) {
    await database.close()
    throw err
  }

  const clock = createClock(database.db, {
    adjustable: !production,
    ...(overrides.systemNowMs ? { systemNowMs: overrides.systemNowMs } : {}),
    // Demo and test: the database announces every move of the shared clock (migration 0007), so requests read the
    // offset only after one (server/clock.ts current()).
    watch: (onMoved) => database.listen('kopa_clock', onMoved),
  })
  try {
    await clock.start()
  } catch (err) {
    await database.close()
    throw err
  }
  await clock.sync()
  // The hot reads' cache (issue 17, server/cache.ts): sessions, borrowers, profiles, wallets, orders and payments,
  // each value forgotten when a table it was read from changes, by a write of this instance or as the database
  // announces it (migrations 0011 and 0018).
  const cache = createNoticeCache({
    watch: (onChanged) => database.listen('kopa_table_changed', onChanged),
    local: (onWrite) => database.onWrite(onWrite),
    cascades: () => cascadesOf(database.db),
  })
  try {
    await cache.start()
  } catch (err) {
    await clock.stop()
    await database.close()
    throw err
  }
  attachCache(database.db, cache)
  const jobs = createJobRunner(database.db, clock, log, ops)
  const sms =
    overrides.sms ??
    (config.smsWebhookUrl
      ? createWebhookSmsProvider(config.smsWebhookUrl, config.smsWebhookToken, log)
      : createDevSmsProvider(log, () => clock.now()))
  let kyc: KycProviders
  try {
    // KOPA_KYC_PROVIDER (server/kyc/config.ts): the development providers unless a vendor is configured.
    kyc = overrides.kyc ?? createKycProviders(loadKycSettings(config.mode))
  } catch (err) {
    await shutDown(app, database, clock, cache)
    throw err
  }
  attachKycProviders(kyc, app, database.db)
  let profileStepListener: ProfileStepListener | null = null
  let loanView: LoanView = NO_LOANS
  const ctx: ServerContext = {
    config,
    database,
    db: database.db,
    clock,
    cache,
    jobs,
    log,
    t: translator.t,
    sms,
    kyc,
    images: createImageStore(config.uploadDir),
    loans: {
      openOrder: (q, userId) => loanView.openOrder(q, userId),
      creditInfo: (q, userId, country) => loanView.creditInfo(q, userId, country),
    },
    onProfileStep: async (userId, step, stepCtx) =>
      profileStepListener ? profileStepListener(userId, step, stepCtx) : undefined,
    ops,
    limits: {
      rate: createRateLimiter(config.rateLimits.trackedKeys),
      uploads: createGate(config.rateLimits.concurrentUploads),
    },
  }

  const registry = createRegistry()
  const host: ModuleHost = {
    ...ctx,
    fastify: app,
    registerHandler: (path, handler, options) => registry.register(path, handler, options),
    setProfileStepListener(listener) {
      if (profileStepListener) throw new Error('The profile-step listener is already set')
      profileStepListener = listener
    },
    setLoanView(view) {
      if (loanView !== NO_LOANS) throw new Error('The loan view is already set')
      loanView = view
    },
  }
  // Production refuses what is not real: the modules' problems (the loans module's wallets) and the identity
  // checks' make one line (server/production-readiness.ts).
  let refusal: ProductionRefusal | null = null
  try {
    for (const mod of overrides.modules ?? MODULES) await mod.register(host)
  } catch (err) {
    if (!(err instanceof ProductionRefusal)) {
      await shutDown(app, database, clock, cache)
      throw err
    }
    refusal = err
  }
  const problems = [
    ...(refusal?.problems ?? []),
    ...productionProblems({ mode: config.mode, kyc }),
    ...kycCountryProblems(config.mode, kyc, COUNTRY_CODES),
  ]
  if (problems.length) {
    await shutDown(app, database, clock, cache)
    // Each country left without real rails or identity checks, with the keys it misses (issue 19).
    throw new ProductionRefusal(problems, countryChecklist(problems, COUNTRY_CODES, process.env))
  }

  await mountCompression(app)
  await mountApi(app, ctx, registry)
  mountOps(app, {
    config,
    db: database.db,
    ops,
    limits: { trackedKeys: () => ctx.limits.rate.size(), uploadsInFlight: () => ctx.limits.uploads.inside() },
  })
  if (!production) mountDevRoutes(app, ctx)
  await mountStatic(app, config.distDir, log)

  const unserved = registry.unserved()
  if (unserved.length) log.warn({ calls: unserved }, 'calls of the API table without a handler')

  app.addHook('onClose', async () => {
    await jobs.stop()
    await clock.stop()
    await cache.stop()
    await database.close()
  })
  await app.ready()
  jobs.start(config.jobPollMs)

  return {
    app,
    ctx,
    registry,
    async listen() {
      // Demo and test mode open the development endpoints: loopback only, unless KOPA_DEMO_PUBLIC (exposure.ts).
      checkExposure(config, log)
      await app.listen({ host: config.host, port: config.port })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : config.port
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`
    },
    close: () => app.close(),
  }
}
