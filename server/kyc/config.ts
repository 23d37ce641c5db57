/**
 * Identity settings (docs/operations.md "Identity: Smile ID"): which KYC vendor checks IDs and faces, and Smile ID's
 * credentials. Read from the environment like server/config.ts.
 *
 *   KOPA_KYC_PROVIDER            development (default; refused in production) | smileid
 *   KOPA_SMILEID_PARTNER_ID      the partner id from the Smile ID portal (without leading zeros)
 *   KOPA_SMILEID_API_KEY         the API key generated in the portal (sandbox and production keys differ)
 *   KOPA_SMILEID_BASE_URL        default https://testapi.smileidentity.com/v1 (sandbox);
 *                                production: https://api.smileidentity.com/v1
 *   KOPA_SMILEID_CALLBACK_URL    the public https URL of this server's /kyc/smileid/callback
 *   KOPA_SMILEID_ID_TYPES        country:id_type pairs, default "TZ:NATIONAL_ID,KE:NATIONAL_ID,MX:VOTER_ID"
 *   KOPA_SMILEID_JOB_TYPE        6 document verification (default) | 11 enhanced document verification
 *   KOPA_SMILEID_MIN_CONFIDENCE  the least ConfidenceValue (0..100) that passes, default 80
 *   KOPA_SMILEID_TIMEOUT_MS      each request's limit, default 10000
 *   KOPA_SMILEID_RESULT_WAIT_MS  how long the borrower waits for the result at the face step, default 30000
 *   KOPA_SMILEID_POLL_MS         job_status polling interval, default 2000 (the SDK polls every 2 s, then 4 s)
 */
import type { FastifyInstance } from 'fastify'
import { isCountryCode, type CountryCode } from '../../domain/countries'
import type { ServerMode } from '../config'
import type { Db } from '../db/client'
import { createDevKycProviders, type KycProviders } from './providers'
import {
  createSmileIdKyc,
  mountSmileIdCallback,
  SMILE_ID,
  SMILE_ID_SANDBOX_URL,
  type SmileIdConfig,
  type SmileIdKyc,
} from './smile-id'

type Env = Record<string, string | undefined>

export type KycSettings =
  | { readonly provider: 'development' }
  | { readonly provider: typeof SMILE_ID; readonly smileId: SmileIdConfig }

export const DEFAULT_SMILE_ID_TYPES = 'TZ:NATIONAL_ID,KE:NATIONAL_ID,MX:VOTER_ID'

function number(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${key} must be an integer ${min}..${max}`)
  return n
}

export function parseIdTypes(raw: string): Partial<Record<CountryCode, string>> {
  const out: Partial<Record<CountryCode, string>> = {}
  for (const pair of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [country, idType] = pair.split(':').map((s) => s.trim())
    if (!country || !isCountryCode(country) || !idType || !/^[A-Z_]+$/.test(idType)) {
      throw new Error(`KOPA_SMILEID_ID_TYPES: "${pair}" is not country:ID_TYPE (e.g. TZ:NATIONAL_ID)`)
    }
    out[country] = idType
  }
  return out
}

export function loadKycSettings(mode: ServerMode, env: Env = process.env): KycSettings {
  const provider = env.KOPA_KYC_PROVIDER || 'development'
  if (provider === 'development') return { provider }
  if (provider !== SMILE_ID)
    throw new Error(`KOPA_KYC_PROVIDER must be development or smileid, got "${provider}"`)
  const missing = ['KOPA_SMILEID_PARTNER_ID', 'KOPA_SMILEID_API_KEY', 'KOPA_SMILEID_CALLBACK_URL'].filter(
    (k) => !env[k],
  )
  if (missing.length) throw new Error(`KOPA_KYC_PROVIDER=smileid needs ${missing.join(', ')}`)
  const baseUrl = env.KOPA_SMILEID_BASE_URL || SMILE_ID_SANDBOX_URL
  const callbackUrl = env.KOPA_SMILEID_CALLBACK_URL!
  if (mode === 'production' && !/^https:\/\//.test(callbackUrl)) {
    throw new Error('KOPA_SMILEID_CALLBACK_URL must be an https URL in production')
  }
  const jobType = number(env, 'KOPA_SMILEID_JOB_TYPE', 6, 6, 11)
  if (jobType !== 6 && jobType !== 11) throw new Error('KOPA_SMILEID_JOB_TYPE must be 6 or 11')
  return {
    provider: SMILE_ID,
    smileId: {
      partnerId: env.KOPA_SMILEID_PARTNER_ID!,
      apiKey: env.KOPA_SMILEID_API_KEY!,
      baseUrl,
      callbackUrl,
      idTypes: parseIdTypes(env.KOPA_SMILEID_ID_TYPES ?? DEFAULT_SMILE_ID_TYPES),
      jobType,
      minConfidence: number(env, 'KOPA_SMILEID_MIN_CONFIDENCE', 80, 0, 100),
      timeoutMs: number(env, 'KOPA_SMILEID_TIMEOUT_MS', 10_000, 100, 120_000),
      resultWaitMs: number(env, 'KOPA_SMILEID_RESULT_WAIT_MS', 30_000, 0, 300_000),
      pollIntervalMs: number(env, 'KOPA_SMILEID_POLL_MS', 2_000, 10, 60_000),
    },
  }
}

/** The configured providers (the development ones unless KOPA_KYC_PROVIDER names a vendor). */
export function createKycProviders(settings: KycSettings): KycProviders {
  return settings.provider === SMILE_ID ? createSmileIdKyc(settings.smileId) : createDevKycProviders()
}

const isSmileId = (kyc: KycProviders): kyc is SmileIdKyc =>
  (kyc as Partial<SmileIdKyc>).vendor === SMILE_ID &&
  typeof (kyc as Partial<SmileIdKyc>).attach === 'function'

/** Connects a vendor to the server: its job records' database and its callback route. */
export function attachKycProviders(kyc: KycProviders, app: FastifyInstance, db: Db): void {
  if (!isSmileId(kyc)) return
  kyc.attach(db)
  mountSmileIdCallback(app, kyc)
}
