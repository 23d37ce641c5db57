/**
 * Smile ID (Smile Identity) as the KYC vendor: document verification of the borrower's national ID — Tanzania's
 * NIDA card, Kenya's national ID, Mexico's INE — with the selfie's liveness and its match against the card's photo,
 * in one job. Shaped after Smile ID's v1 job API as its server SDK does it (docs/operations.md "Identity: Smile
 * ID" cites the sources):
 *
 *   1. POST {base}/upload ("prep_upload"): partner_params {user_id, job_id, job_type}, smile_client_id, the
 *      callback URL, signature and timestamp → {upload_url, smile_job_id}.
 *   2. PUT the zip to upload_url: info.json (package, misc and id information, the image list) with the selfie
 *      (image_type_id 0), the ID front (1) and the ID back (5).
 *   3. The result: the callback (POST to the lender's callback URL) or POST {base}/job_status, both signed by Smile
 *      ID the same way; `Actions` (Liveness_Check, Selfie_To_ID_Card_Compare, Verify_Document), `ResultCode`,
 *      `ResultText`, `ConfidenceValue`, `IsFinalResult`.
 *
 * Signature: base64(HMAC-SHA256(api key, timestamp + partner id + "sid_request")), timestamp ISO 8601.
 *
 * The borrower waits at the face step: the adapter polls job_status until the vendor answers, at most
 * `resultWaitMs`. Every vendor failure — a timeout, a 5xx, an unsigned answer, a refused job — becomes a "failed"
 * or "not recognised" result with a reason, never an error to the borrower. Each job is a row in `kyc_checks`
 * (migration 0009): the first final result wins; duplicate and late callbacks are counted, and a late callback
 * completes a job the borrower stopped waiting for, so the assessment still sees the vendor's word.
 *
 * The ID front and back uploads are checked locally only (a usable photo under the vendor's size limit): Smile ID
 * reads the card in the job at the face step, with the selfie, and returns what it read there.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { CountryCode } from '../../domain/countries'
import type { Db } from '../db/client'
import { kycChecks, type KycResult } from '../db/schema/kyc'
import { completeCheck, vendorResult, type CheckRow, type FinalResult } from './checks'
import type { UploadedImage } from '../uploads'
import { looksLikePhoto, type KycProviders, type LivenessContext, type LivenessResult } from './providers'

export const SMILE_ID = 'smileid'
export const SMILE_ID_LABEL = 'Smile ID'
/** Smile ID's sandbox and production hosts of the v1 API (smile-identity-core-js src/constants.ts). */
export const SMILE_ID_SANDBOX_URL = 'https://testapi.smileidentity.com/v1'
export const SMILE_ID_PRODUCTION_URL = 'https://api.smileidentity.com/v1'
/** Where the lender's server receives Smile ID's callbacks (KOPA_SMILEID_CALLBACK_URL must point here). */
export const SMILE_ID_CALLBACK_PATH = '/kyc/smileid/callback'

/** Job types (smile-identity-core-js JOB_TYPE): 6 document verification, 11 enhanced document verification. */
export type SmileIdJobType = 6 | 11

/** Image types in info.json (smile-identity-core-js IMAGE_TYPE): selfie file, ID front file, ID back file. */
const SELFIE_FILE = 0
const ID_FRONT_FILE = 1
const ID_BACK_FILE = 5
/** Smile ID refuses images above 10 MB (document verification image specification). */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024

export interface SmileIdConfig {
  readonly partnerId: string
  readonly apiKey: string
  /** e.g. https://testapi.smileidentity.com/v1 (sandbox) or https://api.smileidentity.com/v1 (production). */
  readonly baseUrl: string
  /** The lender's public URL of SMILE_ID_CALLBACK_PATH. */
  readonly callbackUrl: string
  /** The Smile ID id_type of each country's national ID; a country not listed is not configured. */
  readonly idTypes: Readonly<Partial<Record<CountryCode, string>>>
  readonly jobType: SmileIdJobType
  /** The least ConfidenceValue (0..100) that passes the selfie-to-ID match. */
  readonly minConfidence: number
  /** Each HTTP request's limit. */
  readonly timeoutMs: number
  /** How long the borrower waits for the result at the face step. */
  readonly resultWaitMs: number
  readonly pollIntervalMs: number
  readonly fetch?: typeof fetch
  readonly now?: () => Date
}

// -------------------------------------------------------------------------------------------- signature

/** Smile ID's request signature: base64 HMAC-SHA256 over timestamp + partner id + "sid_request". */
export function smileIdSignature(partnerId: string, apiKey: string, timestamp: string): string {
  return createHmac('sha256', apiKey)
    .update(timestamp, 'utf8')
    .update(partnerId, 'utf8')
    .update('sid_request', 'utf8')
    .digest('base64')
}

/** Whether `signature` is Smile ID's signature of `timestamp` (answers and callbacks are signed like requests). */
export function confirmSmileIdSignature(
  partnerId: string,
  apiKey: string,
  timestamp: unknown,
  signature: unknown,
): boolean {
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false
  const want = Buffer.from(smileIdSignature(partnerId, apiKey, timestamp))
  const got = Buffer.from(signature)
  return want.length === got.length && timingSafeEqual(want, got)
}

// -------------------------------------------------------------------------------------------- zip

/** A zip archive of stored (uncompressed) entries: what the upload URL takes (application/zip). */
export function zipStored(files: readonly { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const { name, data } of files) {
    const fileName = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt32LE(0, 10) // time, date
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(0, 10)
    central.writeUInt32LE(0, 12)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

// -------------------------------------------------------------------------------------------- results

/** A job's result as Smile ID reports it (job_status `result`, or the callback body itself). */
export interface SmileIdResult {
  readonly ResultCode?: unknown
  readonly ResultText?: unknown
  readonly ConfidenceValue?: unknown
  readonly IsFinalResult?: unknown
  readonly SmileJobID?: unknown
  readonly Actions?: unknown
  readonly PartnerParams?: unknown
}

/** Action values that refuse (Smile ID's ActionResult: Failed, Rejected, Not Verified, Unable To Determine). */
const REFUSING = new Set(['Failed', 'Rejected', 'Not Verified', 'Unable To Determine'])

export interface Interpretation {
  readonly result: Exclude<KycResult, 'pending'>
  readonly problem: NonNullable<LivenessResult['problem']> | null
  readonly score: number | null
  readonly reason: string
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null

/** Whether a result is final: IsFinalResult "true" (a missing flag counts as final, as job_complete said so). */
export function isFinalResult(result: SmileIdResult): boolean {
  const flag = result.IsFinalResult
  return flag === undefined || flag === null || flag === true || flag === 'true'
}

/** What a final result means for the borrower: which check refused, or that everything passed. */
export function interpretResult(
  result: SmileIdResult,
  jobSuccess: boolean | null,
  minConfidence: number,
): Interpretation {
  const actions = (result.Actions && typeof result.Actions === 'object' ? result.Actions : {}) as Record<
    string,
    unknown
  >
  const refused = (key: string) => REFUSING.has(String(actions[key] ?? ''))
  const confidence = Number(str(result.ConfidenceValue) ?? NaN)
  const score = Number.isFinite(confidence) ? Math.max(0, Math.min(1, confidence / 100)) : null
  const code = str(result.ResultCode)
  const text = str(result.ResultText)
  const said = code ? ` (${code}${text ? ` ${text}` : ''})` : ''
  if (refused('Verify_Document') || refused('Document_Check')) {
    return {
      result: 'notRecognised',
      problem: 'notRecognised',
      score,
      reason: `ID document not verified${said}`,
    }
  }
  if (refused('Liveness_Check')) {
    return { result: 'failed', problem: 'livenessFailed', score, reason: `liveness check failed${said}` }
  }
  if (refused('Selfie_To_ID_Card_Compare')) {
    return { result: 'failed', problem: 'faceMismatch', score, reason: `selfie does not match the ID${said}` }
  }
  if (jobSuccess === false) {
    return { result: 'failed', problem: 'faceMismatch', score, reason: `job not successful${said}` }
  }
  if (score !== null && score * 100 < minConfidence) {
    return {
      result: 'failed',
      problem: 'faceMismatch',
      score,
      reason: `confidence ${Math.round(score * 100)} below the ${minConfidence} required${said}`,
    }
  }
  return {
    result: 'passed',
    problem: null,
    score,
    reason: `document, liveness and selfie match passed${said}`,
  }
}

// -------------------------------------------------------------------------------------------- the adapter

export interface SmileIdKyc extends KycProviders {
  readonly vendor: typeof SMILE_ID
  /** Gives the adapter the database its jobs are recorded in (buildServer does, server/kyc/config.ts). */
  attach(db: Db): void
  /** A callback from Smile ID: verified, recorded; the HTTP status and body to answer. */
  handleCallback(body: unknown): Promise<{ status: number; body: Record<string, unknown> }>
}

class VendorError extends Error {
  override readonly name = 'VendorError'
}

export function createSmileIdKyc(config: SmileIdConfig): SmileIdKyc {
  const doFetch = config.fetch ?? fetch
  const now = config.now ?? (() => new Date())
  const base = config.baseUrl.replace(/\/+$/, '')
  const countries = (Object.keys(config.idTypes) as CountryCode[]).filter((c) => config.idTypes[c])
  let database: Db | null = null
  const db = (): Db => {
    if (!database) throw new Error('The Smile ID adapter is not attached to a database')
    return database
  }

  const signed = () => {
    const timestamp = now().toISOString()
    return { timestamp, signature: smileIdSignature(config.partnerId, config.apiKey, timestamp) }
  }

  async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
    let res: Response
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs),
      })
    } catch (err) {
      throw new VendorError(isTimeout(err) ? `${path} timed out` : `${path} unreachable`)
    }
    const text = await res.text().catch(() => '')
    const json = parseJson(text)
    if (!res.ok || !json || typeof json !== 'object') {
      const code = json && typeof json === 'object' ? str((json as Record<string, unknown>).code) : null
      throw new VendorError(`${path} answered HTTP ${res.status}${code ? ` code ${code}` : ''}`)
    }
    return json as Record<string, unknown>
  }

  async function upload(url: string, zip: Buffer): Promise<void> {
    let res: Response
    try {
      res = await doFetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/zip', 'content-length': String(zip.length) },
        body: new Uint8Array(zip),
        signal: AbortSignal.timeout(config.timeoutMs),
      })
    } catch (err) {
      throw new VendorError(isTimeout(err) ? 'zip upload timed out' : 'zip upload unreachable')
    }
    await res.arrayBuffer().catch(() => undefined)
    if (res.status !== 200) throw new VendorError(`zip upload answered HTTP ${res.status}`)
  }

  /** job_status: the final result, or null while the job is not complete. Its answer must be signed. */
  async function jobStatus(
    userId: string,
    jobId: string,
  ): Promise<{ result: SmileIdResult; success: boolean | null } | null> {
    const answer = await post('/job_status', {
      ...signed(),
      partner_id: config.partnerId,
      user_id: userId,
      job_id: jobId,
      image_links: false,
      history: false,
    })
    if (!confirmSmileIdSignature(config.partnerId, config.apiKey, answer.timestamp, answer.signature)) {
      throw new VendorError('/job_status answer not signed by Smile ID')
    }
    if (answer.job_complete !== true) return null
    const result = (answer.result && typeof answer.result === 'object' ? answer.result : {}) as SmileIdResult
    if (!isFinalResult(result)) return null
    return { result, success: typeof answer.job_success === 'boolean' ? answer.job_success : null }
  }

  function finalOf(result: SmileIdResult, success: boolean | null): FinalResult {
    const meaning = interpretResult(result, success, config.minConfidence)
    return {
      result: meaning.result,
      problem: meaning.problem,
      resultCode: str(result.ResultCode),
      resultText: str(result.ResultText),
      score: meaning.score,
      reason: meaning.reason,
      vendorJobId: str(result.SmileJobID),
    }
  }

  /** What the borrower is told for a stored check. */
  function answer(row: CheckRow): LivenessResult {
    const passed = row.result === 'passed'
    const problem = (row.problem ?? (passed ? null : 'livenessFailed')) as LivenessResult['problem'] | null
    return {
      passed,
      score: row.score ?? 0,
      ...(row.score !== null ? { match: row.score } : {}),
      ...(problem ? { problem } : {}),
      vendorResult: vendorResult(row),
    }
  }

  const failedNow = (reason: string, problem: LivenessResult['problem'] = 'livenessFailed'): FinalResult => ({
    result: problem === 'notRecognised' ? 'notRecognised' : 'failed',
    problem,
    resultCode: null,
    resultText: null,
    score: null,
    reason,
    vendorJobId: null,
  })

  async function verify(
    face: UploadedImage,
    country: CountryCode,
    ctx: LivenessContext,
  ): Promise<LivenessResult> {
    const idType = config.idTypes[country]
    const jobId = `kopa-${randomUUID()}`
    const partnerUserId = `kopa-user-${ctx.userId}`
    const created = now()
    const [row] = await db()
      .insert(kycChecks)
      .values({
        userId: ctx.userId,
        vendor: SMILE_ID,
        jobId,
        country,
        jobType: config.jobType,
        createdAt: created,
      })
      .returning()
    const fail = async (reason: string, problem?: LivenessResult['problem']) => {
      const stored = await completeCheck(db(), jobId, failedNow(reason, problem), now())
      return answer(stored ?? row!)
    }
    if (!idType) return fail(`identity checks are not configured for ${country}`, 'notRecognised')
    if (!ctx.idFront || !ctx.idBack) return fail('the ID images are missing', 'notRecognised')
    const partnerParams = { user_id: partnerUserId, job_id: jobId, job_type: config.jobType }
    try {
      const sig = signed()
      const prep = await post('/upload', {
        source_sdk: 'rest_api',
        source_sdk_version: '1.0.0',
        file_name: 'selfie.zip',
        smile_client_id: config.partnerId,
        partner_params: partnerParams,
        model_parameters: {},
        callback_url: config.callbackUrl,
        ...sig,
      })
      const uploadUrl = str(prep.upload_url)
      if (!uploadUrl)
        throw new VendorError(
          `prep_upload gave no upload URL${str(prep.code) ? ` (code ${str(prep.code)})` : ''}`,
        )
      const smileJobId = str(prep.smile_job_id)
      if (smileJobId)
        await db().update(kycChecks).set({ vendorJobId: smileJobId }).where(eq(kycChecks.jobId, jobId))
      const ext = (image: UploadedImage) => (image.type === 'jpeg' ? 'jpg' : image.type)
      const names = {
        selfie: `selfie.${ext(face)}`,
        front: `id_front.${ext(ctx.idFront)}`,
        back: `id_back.${ext(ctx.idBack)}`,
      }
      const info = {
        package_information: {
          apiVersion: { buildNumber: 0, majorVersion: 2, minorVersion: 0 },
          language: 'typescript',
        },
        misc_information: {
          ...sig,
          retry: 'false',
          partner_params: partnerParams,
          file_name: 'selfie.zip',
          smile_client_id: config.partnerId,
          callback_url: config.callbackUrl,
        },
        id_info: { country, id_type: idType, entered: 'false' },
        images: [
          { image_type_id: SELFIE_FILE, image: '', file_name: names.selfie },
          { image_type_id: ID_FRONT_FILE, image: '', file_name: names.front },
          { image_type_id: ID_BACK_FILE, image: '', file_name: names.back },
        ],
        server_information: prep,
      }
      await upload(
        uploadUrl,
        zipStored([
          { name: 'info.json', data: Buffer.from(JSON.stringify(info), 'utf8') },
          { name: names.selfie, data: face.bytes },
          { name: names.front, data: ctx.idFront.bytes },
          { name: names.back, data: ctx.idBack.bytes },
        ]),
      )
    } catch (err) {
      if (err instanceof VendorError) return fail(`Smile ID unavailable: ${err.message}`)
      throw err
    }

    // The result: a callback may arrive first (the row completes), else job_status says it.
    const deadline = Date.now() + config.resultWaitMs
    let lastError: string | null
    for (;;) {
      const [current] = await db().select().from(kycChecks).where(eq(kycChecks.jobId, jobId))
      if (current && current.result !== 'pending') return answer(current)
      try {
        const status = await jobStatus(partnerUserId, jobId)
        if (status) {
          const stored = await completeCheck(db(), jobId, finalOf(status.result, status.success), now())
          if (stored) return answer(stored)
        }
        lastError = null
      } catch (err) {
        if (!(err instanceof VendorError)) throw err
        lastError = err.message
      }
      if (Date.now() + config.pollIntervalMs > deadline) break
      await new Promise((resolve) => setTimeout(resolve, config.pollIntervalMs))
    }
    // The borrower stops waiting; the job stays pending, and a late callback still completes it.
    const reason = `Smile ID gave no result within ${config.resultWaitMs} ms${lastError ? `: ${lastError}` : ''}`
    await db().update(kycChecks).set({ reason }).where(eq(kycChecks.jobId, jobId))
    return {
      passed: false,
      score: 0,
      problem: 'livenessFailed',
      vendorResult: { ...vendorResult(row!), reason },
    }
  }

  return {
    vendor: SMILE_ID,
    countries,
    attach(db: Db) {
      database = db
    },
    ocr: {
      name: SMILE_ID,
      // The card is read in the job at the face step; an upload only has to be a usable photo Smile ID accepts.
      async read(_side, image) {
        return { recognized: looksLikePhoto(image) && image.bytes.length <= MAX_IMAGE_BYTES, fields: {} }
      },
    },
    liveness: {
      name: SMILE_ID,
      async check(face, country, ctx) {
        if (!ctx) return { passed: false, score: 0, problem: 'notRecognised' }
        if (!looksLikePhoto(face) || face.bytes.length > MAX_IMAGE_BYTES) {
          return { passed: false, score: 0, problem: 'livenessFailed' }
        }
        return verify(face, country, ctx)
      },
    },
    async handleCallback(body) {
      if (!body || typeof body !== 'object') return { status: 400, body: { accepted: false } }
      const callback = body as SmileIdResult & { timestamp?: unknown; signature?: unknown }
      if (!confirmSmileIdSignature(config.partnerId, config.apiKey, callback.timestamp, callback.signature)) {
        return { status: 401, body: { accepted: false } }
      }
      const params = (
        callback.PartnerParams && typeof callback.PartnerParams === 'object' ? callback.PartnerParams : {}
      ) as Record<string, unknown>
      const jobId = str(params.job_id)
      if (!jobId) return { status: 400, body: { accepted: false } }
      const counted = await db()
        .update(kycChecks)
        .set({ callbacks: sql`${kycChecks.callbacks} + 1` })
        .where(eq(kycChecks.jobId, jobId))
        .returning({ result: kycChecks.result })
      // A job we never started: answered, so the vendor stops retrying, and recorded nowhere.
      if (!counted.length) return { status: 200, body: { accepted: false } }
      if (!isFinalResult(callback)) return { status: 200, body: { accepted: true, final: false } }
      const stored = await completeCheck(db(), jobId, finalOf(callback, null), now())
      return { status: 200, body: { accepted: true, final: true, result: stored?.result ?? null } }
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null
  } catch {
    return null
  }
}

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name
  return name === 'TimeoutError' || name === 'AbortError'
}

/** POST SMILE_ID_CALLBACK_PATH: Smile ID's result callbacks (signed; never a 5xx for a bad body). */
export function mountSmileIdCallback(app: FastifyInstance, smile: SmileIdKyc): void {
  app.post(SMILE_ID_CALLBACK_PATH, async (req, reply) => {
    const { status, body } = await smile.handleCallback(req.body)
    return reply.code(status).send(body)
  })
}
