/**
 * The server's configuration: defaults, then environment variables, then explicit overrides (tests).
 * Nothing else in server/ reads process.env.
 */
import os from 'node:os'
import path from 'node:path'
import type { UploadStatusFlags } from '../domain/api-types'
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '../domain/countries'
import { MAX_RECEIPTS } from '../domain/schemas/feedback'

export type ServerMode = 'demo' | 'production' | 'test'

export interface ServerConfig {
  readonly mode: ServerMode
  readonly host: string
  readonly port: number
  /** PGlite data directory (used when databaseUrl is empty); ':memory:' keeps the database in memory. */
  readonly dataDir: string
  /** postgres://… switches to PostgreSQL through node-postgres. */
  readonly databaseUrl: string
  /** PostgreSQL schema to use (search_path); created on start when missing. Empty: the server's default. */
  readonly databaseSchema: string
  /**
   * Connections of the PostgreSQL pool (KOPA_DB_POOL_SIZE). Default: twice the machine's cores plus one, at least 4
   * and at most 20 (docs/performance.md "API"): more connections than PostgreSQL has cores to run them only queue.
   */
  readonly databasePoolSize: number
  /**
   * Benchmark only (KOPA_BENCH_COUNT_QUERIES=1, never in production): count the statements sent to the database and
   * show the count at GET /dev/queries (scripts/bench/api.mjs reads it to report queries per call).
   */
  readonly countQueries: boolean
  /** Private directory for ID, face and receipt images; never under the web root. */
  readonly uploadDir: string
  /** The built app served at / (vite build output). */
  readonly distDir: string
  /** The public package name the wire key derives from (decisions.md: default com.kopa.app). */
  readonly packageName: string
  /** Requests whose `t` is further than this from the server clock are refused (ApiCode.ReplayWindow). */
  readonly replayWindowMs: number
  readonly tokenTtlMs: number
  /** The country of a request made without a session (before login calls name their own). */
  readonly defaultCountry: CountryCode
  /** Largest accepted image upload (spec §5: 20 MB). */
  readonly maxUploadBytes: number
  /** Largest accepted non-upload request body. */
  readonly maxBodyBytes: number
  /** How often each job worker polls for due jobs; 0 disables polling (tests drive jobs by hand). */
  readonly jobPollMs: number
  readonly logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug'
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (per-address limits need it). */
  readonly trustProxy: boolean
  /** The lender's SMS gateway adapter (server/sms.ts); empty: the development provider (not in production). */
  readonly smsWebhookUrl: string
  readonly smsWebhookToken: string
  readonly verifyCode: VerifyCodePolicy
  /** Per country: what the native data collector must deliver (decisions.md "Data and privacy"). */
  readonly collection: Readonly<Record<CountryCode, CollectionPolicy>>
  /**
   * The country POST /cou/country/meta/ip reports. No geo-IP database ships with the server, so every address
   * gets this configured country (null when '': the app then asks the borrower). docs/api.md "Country".
   */
  readonly ipCountry: CountryCode | ''
  /** Where "run in the app" sends the borrower (/app-download/getAddress); '': the Play Store page of packageName. */
  readonly appDownloadUrl: string
  /** Receipt images per feedback ticket or message (decisions.md: 3 by default). */
  readonly maxReceipts: number
  /**
   * The key of the ID-number and wallet keys that hold one loan at a time per person (server/profile/person-keys.ts;
   * KOPA_PERSON_KEY_SECRET). The same on every instance and never changed: a changed key no longer recognises the
   * people who already borrowed. Production refuses to start without one of its own.
   */
  readonly personKeySecret: string
  /**
   * Demo and test mode only: listen beyond loopback although the development endpoints (SMS outbox, clock, sandbox
   * pay-outs) are open to whoever reaches the server (KOPA_DEMO_PUBLIC=1). Without it such a server refuses to
   * listen on anything but 127.0.0.1 / ::1 / localhost (server/exposure.ts).
   */
  readonly demoPublic: boolean
  /** Requests per client address and per session (server/limits.ts; docs/operations.md "Limits"). */
  readonly rateLimits: RateLimitPolicy
  /** What one borrower may store (images, tickets, messages) and the app events kept. */
  readonly quotas: QuotaPolicy
  /** Bearer token of GET /ops/health (KOPA_OPS_TOKEN); without one the route answers only on loopback. */
  readonly opsToken: string
}

/**
 * Rate limits, per server instance (in memory, fixed one-minute or one-hour windows on the system clock). A
 * request over a limit is answered 1005 with `retryAfterSeconds` before any work is done for it.
 */
export interface RateLimitPolicy {
  /** Every request to /api and /cou from one address, before anything is read (the flood guard). */
  readonly perAddressPerMinute: number
  /** Calls from one address made without a valid session (every call before login, and junk tokens). */
  readonly anonymousPerAddressPerMinute: number
  /** Calls of one session. */
  readonly perSessionPerMinute: number
  /** Upload calls (multipart) of one session. */
  readonly uploadsPerSessionPerHour: number
  /** Uploads being read at once on this instance (each holds up to maxUploadBytes in memory). */
  readonly concurrentUploads: number
  /** POST /event/batch requests of one borrower. */
  readonly eventBatchesPerSessionPerMinute: number
  /** Addresses and sessions tracked at once; beyond it the oldest windows are dropped first. */
  readonly trackedKeys: number
}

export interface QuotaPolicy {
  /** Receipt images (feedback) a borrower may keep, all together, in bytes. */
  readonly receiptBytesPerBorrower: number
  /** Receipt uploads per borrower in 24 hours. */
  readonly receiptUploadsPerDay: number
  /** Receipts uploaded and not yet attached to a ticket or message. */
  readonly pendingReceipts: number
  /** Tickets a borrower may open in 24 hours. */
  readonly ticketsPerDay: number
  /** Messages a borrower may leave on tickets in 24 hours. */
  readonly messagesPerDay: number
  /** App events (/event/batch) one borrower may have stored in 24 hours; more are answered but not kept. */
  readonly eventsPerSessionPerDay: number
  /** Days an app event is kept. */
  readonly eventRetentionDays: number
}

/** Spec §4's seven upload flags. */
export const UPLOAD_FLAGS = [
  'appList',
  'sms',
  'exif',
  'device',
  'contact',
  'callLog',
  'location',
] as const satisfies readonly (keyof UploadStatusFlags)[]
export type UploadFlag = (typeof UPLOAD_FLAGS)[number]

export interface CollectionPolicy {
  /** Flags the collector must deliver before approval; every other flag is reported as set. */
  readonly requiredFlags: readonly UploadFlag[]
  /** Installed apps the collector may report (only when appList is required). */
  readonly packageNames: readonly string[]
}

/**
 * decisions.md: by default no country requires contacts, SMS, call log or the installed-app list (regulators in
 * all three forbid using them for lending or collection), and the reference server requires nothing else either.
 */
const NOTHING_REQUIRED: CollectionPolicy = { requiredFlags: [], packageNames: [] }

export interface VerifyCodePolicy {
  readonly ttlMs: number
  readonly maxWrongTries: number
  readonly resendAfterMs: number
  readonly perNumberPerHour: number
  readonly perAddressPerHour: number
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Demo and test only: production needs KOPA_PERSON_KEY_SECRET. */
export const DEVELOPMENT_PERSON_KEY_SECRET = 'kopa-person-key-not-a-secret'
/** A production person-key secret is at least this long (32 random characters or more). */
export const PERSON_KEY_SECRET_MIN_LENGTH = 32

/** Twice the cores plus one, within 4..20: PostgreSQL's own rule of thumb for a box it shares with the server. */
function defaultPoolSize(): number {
  return Math.min(20, Math.max(4, 2 * os.availableParallelism() + 1))
}

export const DEFAULT_CONFIG: ServerConfig = {
  mode: 'demo',
  host: '127.0.0.1',
  port: 8080,
  dataDir: path.resolve('data'),
  databaseUrl: '',
  databaseSchema: '',
  databasePoolSize: defaultPoolSize(),
  countQueries: false,
  uploadDir: path.resolve('data', 'uploads'),
  distDir: path.resolve('dist'),
  packageName: 'com.kopa.app',
  replayWindowMs: 5 * MINUTE,
  tokenTtlMs: 30 * DAY,
  defaultCountry: DEFAULT_COUNTRY,
  maxUploadBytes: 20 * 1024 * 1024,
  maxBodyBytes: 1024 * 1024,
  jobPollMs: 1000,
  logLevel: 'info',
  trustProxy: false,
  smsWebhookUrl: '',
  smsWebhookToken: '',
  verifyCode: {
    ttlMs: 5 * MINUTE,
    maxWrongTries: 5,
    resendAfterMs: MINUTE,
    perNumberPerHour: 5,
    perAddressPerHour: 20,
  },
  collection: { TZ: NOTHING_REQUIRED, KE: NOTHING_REQUIRED, MX: NOTHING_REQUIRED },
  ipCountry: DEFAULT_COUNTRY,
  appDownloadUrl: '',
  maxReceipts: MAX_RECEIPTS,
  personKeySecret: DEVELOPMENT_PERSON_KEY_SECRET,
  demoPublic: false,
  rateLimits: {
    perAddressPerMinute: 1200,
    anonymousPerAddressPerMinute: 300,
    perSessionPerMinute: 300,
    uploadsPerSessionPerHour: 60,
    concurrentUploads: 8,
    eventBatchesPerSessionPerMinute: 20,
    trackedKeys: 100_000,
  },
  quotas: {
    receiptBytesPerBorrower: 100 * 1024 * 1024,
    receiptUploadsPerDay: 30,
    pendingReceipts: 10,
    ticketsPerDay: 10,
    messagesPerDay: 50,
    eventsPerSessionPerDay: 1000,
    eventRetentionDays: 180,
  },
  opsToken: '',
}

type Env = Record<string, string | undefined>

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return n
}

/** A whole number ≥ 1 (a limit of 0 would refuse everything). */
function positive(env: Env, name: string, fallback: number): number {
  const n = int(env, name, fallback)
  if (n < 1) throw new Error(`${name} must be at least 1, got "${env[name]}"`)
  return n
}

function modeOf(env: Env): ServerMode {
  if (env.NODE_ENV === 'production') return 'production'
  const raw = env.KOPA_MODE ?? (env.NODE_ENV === 'test' ? 'test' : 'demo')
  if (raw !== 'demo' && raw !== 'production' && raw !== 'test') {
    throw new Error(`KOPA_MODE must be demo, production or test, got "${raw}"`)
  }
  return raw
}

function ipCountryOf(raw: string | undefined): CountryCode | '' {
  if (raw === undefined || raw === '') return DEFAULT_CONFIG.ipCountry
  if (raw === 'none') return ''
  if (!isCountryCode(raw)) throw new Error(`KOPA_IP_COUNTRY must be TZ, KE, MX or none, got "${raw}"`)
  return raw
}

function countryOf(raw: string | undefined): CountryCode {
  if (raw === undefined || raw === '') return DEFAULT_CONFIG.defaultCountry
  if (!isCountryCode(raw)) throw new Error(`KOPA_DEFAULT_COUNTRY must be TZ, KE or MX, got "${raw}"`)
  return raw
}

const LOG_LEVELS = ['silent', 'error', 'warn', 'info', 'debug'] as const

function logLevelOf(raw: string | undefined): ServerConfig['logLevel'] {
  if (raw === undefined || raw === '') return DEFAULT_CONFIG.logLevel
  const level = LOG_LEVELS.find((l) => l === raw)
  if (!level) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`)
  return level
}

/** Reads the environment (see docs/operations.md for every variable). */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const rawDataDir = env.KOPA_DATA_DIR
  const dataDir =
    rawDataDir === ':memory:' ? rawDataDir : rawDataDir ? path.resolve(rawDataDir) : DEFAULT_CONFIG.dataDir
  const fromEnv: ServerConfig = {
    ...DEFAULT_CONFIG,
    mode: modeOf(env),
    host: env.HOST ?? DEFAULT_CONFIG.host,
    port: int(env, 'PORT', DEFAULT_CONFIG.port),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    databaseSchema: env.DATABASE_SCHEMA ?? '',
    databasePoolSize: positive(env, 'KOPA_DB_POOL_SIZE', DEFAULT_CONFIG.databasePoolSize),
    countQueries: modeOf(env) !== 'production' && env.KOPA_BENCH_COUNT_QUERIES === '1',
    uploadDir: env.KOPA_UPLOAD_DIR
      ? path.resolve(env.KOPA_UPLOAD_DIR)
      : dataDir === ':memory:'
        ? DEFAULT_CONFIG.uploadDir
        : path.join(dataDir, 'uploads'),
    distDir: env.KOPA_DIST_DIR ? path.resolve(env.KOPA_DIST_DIR) : DEFAULT_CONFIG.distDir,
    packageName: env.KOPA_PACKAGE_NAME ?? DEFAULT_CONFIG.packageName,
    replayWindowMs: int(env, 'KOPA_REPLAY_WINDOW_MS', DEFAULT_CONFIG.replayWindowMs),
    tokenTtlMs: int(env, 'KOPA_TOKEN_TTL_MS', DEFAULT_CONFIG.tokenTtlMs),
    defaultCountry: countryOf(env.KOPA_DEFAULT_COUNTRY),
    jobPollMs: int(env, 'KOPA_JOB_POLL_MS', DEFAULT_CONFIG.jobPollMs),
    logLevel: logLevelOf(env.LOG_LEVEL),
    trustProxy: env.KOPA_TRUST_PROXY === '1' || env.KOPA_TRUST_PROXY === 'true',
    smsWebhookUrl: env.KOPA_SMS_WEBHOOK_URL ?? '',
    smsWebhookToken: env.KOPA_SMS_WEBHOOK_TOKEN ?? '',
    ipCountry: ipCountryOf(env.KOPA_IP_COUNTRY),
    appDownloadUrl: env.KOPA_APP_DOWNLOAD_URL ?? DEFAULT_CONFIG.appDownloadUrl,
    maxReceipts: int(env, 'KOPA_MAX_RECEIPTS', DEFAULT_CONFIG.maxReceipts),
    personKeySecret: env.KOPA_PERSON_KEY_SECRET || DEFAULT_CONFIG.personKeySecret,
    demoPublic: env.KOPA_DEMO_PUBLIC === '1' || env.KOPA_DEMO_PUBLIC === 'true',
    rateLimits: {
      ...DEFAULT_CONFIG.rateLimits,
      perAddressPerMinute: positive(
        env,
        'KOPA_LIMIT_ADDRESS_PER_MINUTE',
        DEFAULT_CONFIG.rateLimits.perAddressPerMinute,
      ),
      anonymousPerAddressPerMinute: positive(
        env,
        'KOPA_LIMIT_ANONYMOUS_PER_MINUTE',
        DEFAULT_CONFIG.rateLimits.anonymousPerAddressPerMinute,
      ),
      perSessionPerMinute: positive(
        env,
        'KOPA_LIMIT_SESSION_PER_MINUTE',
        DEFAULT_CONFIG.rateLimits.perSessionPerMinute,
      ),
      uploadsPerSessionPerHour: positive(
        env,
        'KOPA_LIMIT_UPLOADS_PER_HOUR',
        DEFAULT_CONFIG.rateLimits.uploadsPerSessionPerHour,
      ),
      concurrentUploads: positive(
        env,
        'KOPA_CONCURRENT_UPLOADS',
        DEFAULT_CONFIG.rateLimits.concurrentUploads,
      ),
    },
    quotas: {
      ...DEFAULT_CONFIG.quotas,
      receiptBytesPerBorrower: positive(
        env,
        'KOPA_RECEIPT_BYTES_PER_BORROWER',
        DEFAULT_CONFIG.quotas.receiptBytesPerBorrower,
      ),
      eventRetentionDays: positive(
        env,
        'KOPA_EVENT_RETENTION_DAYS',
        DEFAULT_CONFIG.quotas.eventRetentionDays,
      ),
    },
    opsToken: env.KOPA_OPS_TOKEN ?? '',
  }
  const config = { ...fromEnv, ...overrides }
  if (config.mode === 'production' && config.opsToken !== '' && config.opsToken.length < 16) {
    throw new Error('KOPA_OPS_TOKEN must be at least 16 random characters')
  }
  if (config.mode === 'production' && config.dataDir === ':memory:' && !config.databaseUrl) {
    throw new Error('Production mode needs a persistent database: set KOPA_DATA_DIR or DATABASE_URL')
  }
  if (
    config.mode === 'production' &&
    (config.personKeySecret === DEVELOPMENT_PERSON_KEY_SECRET ||
      config.personKeySecret.length < PERSON_KEY_SECRET_MIN_LENGTH)
  ) {
    throw new Error(
      `Production mode needs KOPA_PERSON_KEY_SECRET: at least ${PERSON_KEY_SECRET_MIN_LENGTH} random characters, ` +
        'the same on every instance and never changed (docs/operations.md)',
    )
  }
  return config
}

/** Development endpoints (/dev/*) exist only outside production. */
export function devEndpointsEnabled(config: ServerConfig): boolean {
  return config.mode !== 'production'
}
