/**
 * Smile ID as the KYC vendor (server/kyc/smile-id.ts) against a local fake of its v1 job API
 * (helpers/fake-smile-id.ts): the signed prep_upload → zip upload → job_status / callback contract per country
 * (Tanzania's NIDA card, Kenya's national ID, Mexico's INE), what the borrower is told at the face step for each
 * verdict and each fault — never a 5xx — and the vendor's result and score in the order's explanation.
 */
import { createHmac } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import { kycChecks } from '../../server/db/schema/kyc'
import { loanOrders } from '../../server/db/schema/loans'
import { loadKycSettings, parseIdTypes } from '../../server/kyc/config'
import {
  confirmSmileIdSignature,
  createSmileIdKyc,
  interpretResult,
  SMILE_ID_CALLBACK_PATH,
  smileIdSignature,
  zipStored,
  type SmileIdKyc,
} from '../../server/kyc/smile-id'
import { createLoansModule, loansRuntime } from '../../server/loans/module'
import { score, type Scorecard, type ScoreFacts } from '../../server/loans/scorecard'
import { MODULES } from '../../server/modules'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'
import { describeOnEachDatabase } from './helpers/databases'
import { startFakeSmileId, unzip, type FakeSmileId } from './helpers/fake-smile-id'
import { photo } from './helpers/images'
import { startTestServer } from './helpers/server'
import {
  DAY,
  MINUTE,
  PRODUCT,
  completeSteps,
  ok,
  register,
  settle,
  type Borrower,
  type LoanServer,
} from './loans-harness'

const CALLBACK_URL = `https://lender.example${SMILE_ID_CALLBACK_PATH}`
const ID_TYPES: Record<CountryCode, string> = { TZ: 'NATIONAL_ID', KE: 'NATIONAL_ID', MX: 'VOTER_ID' }
const RESULT_WAIT_MS = 1_500
const TIMEOUT_MS = 300

describe('Smile ID request signing and results', () => {
  it('signs as the SDK does: base64 HMAC-SHA256 over timestamp, partner id and "sid_request"', () => {
    const timestamp = '2026-11-25T04:15:00.000Z'
    const want = createHmac('sha256', 'key-1').update(`${timestamp}2187sid_request`).digest('base64')
    expect(smileIdSignature('2187', 'key-1', timestamp)).toBe(want)
    expect(confirmSmileIdSignature('2187', 'key-1', timestamp, want)).toBe(true)
    expect(confirmSmileIdSignature('2187', 'key-2', timestamp, want)).toBe(false)
    expect(confirmSmileIdSignature('2187', 'key-1', '2026-11-25T04:15:01.000Z', want)).toBe(false)
    expect(confirmSmileIdSignature('2187', 'key-1', undefined, want)).toBe(false)
  })

  it('packs the job into a zip any reader opens', () => {
    const zip = zipStored([
      { name: 'info.json', data: Buffer.from('{"a":1}') },
      { name: 'selfie.png', data: Buffer.from([1, 2, 3]) },
    ])
    expect(unzip(zip).map((e) => [e.name, e.data.toString('hex')])).toEqual([
      ['info.json', Buffer.from('{"a":1}').toString('hex')],
      ['selfie.png', '010203'],
    ])
  })

  it('reads the actions first, then the confidence against the lender’s threshold', () => {
    const passed = {
      Liveness_Check: 'Passed',
      Selfie_To_ID_Card_Compare: 'Passed',
      Verify_Document: 'Passed',
    }
    expect(
      interpretResult({ Actions: passed, ConfidenceValue: '99', ResultCode: '0810' }, true, 80),
    ).toMatchObject({
      result: 'passed',
      problem: null,
      score: 0.99,
    })
    expect(interpretResult({ Actions: passed, ConfidenceValue: '79' }, true, 80)).toMatchObject({
      result: 'failed',
      problem: 'faceMismatch',
    })
    expect(
      interpretResult({ Actions: { ...passed, Liveness_Check: 'Failed' }, ConfidenceValue: '99' }, false, 80),
    ).toMatchObject({ result: 'failed', problem: 'livenessFailed' })
    expect(interpretResult({ Actions: { ...passed, Verify_Document: 'Failed' } }, false, 80)).toMatchObject({
      result: 'notRecognised',
      problem: 'notRecognised',
      score: null,
    })
    expect(
      interpretResult({ Actions: { ...passed, Selfie_To_ID_Card_Compare: 'Failed' } }, false, 80),
    ).toMatchObject({ result: 'failed', problem: 'faceMismatch' })
  })

  it('reads its configuration from KOPA_KYC_PROVIDER and KOPA_SMILEID_*, refusing what is missing', () => {
    expect(loadKycSettings('production', {})).toEqual({ provider: 'development' })
    expect(() => loadKycSettings('demo', { KOPA_KYC_PROVIDER: 'acme' })).toThrow(/development or smileid/)
    expect(() => loadKycSettings('demo', { KOPA_KYC_PROVIDER: 'smileid' })).toThrow(
      /KOPA_SMILEID_PARTNER_ID, KOPA_SMILEID_API_KEY, KOPA_SMILEID_CALLBACK_URL/,
    )
    const env = {
      KOPA_KYC_PROVIDER: 'smileid',
      KOPA_SMILEID_PARTNER_ID: '2187',
      KOPA_SMILEID_API_KEY: 'k',
      KOPA_SMILEID_CALLBACK_URL: 'http://lender.example/kyc/smileid/callback',
    }
    const settings = loadKycSettings('demo', env)
    expect(settings).toMatchObject({
      provider: 'smileid',
      smileId: {
        baseUrl: 'https://testapi.smileidentity.com/v1',
        idTypes: ID_TYPES,
        jobType: 6,
        minConfidence: 80,
      },
    })
    expect(() => loadKycSettings('production', env)).toThrow(/https/)
    expect(() => loadKycSettings('demo', { ...env, KOPA_SMILEID_JOB_TYPE: '7' })).toThrow(/6 or 11/)
    expect(parseIdTypes('KE:NATIONAL_ID')).toEqual({ KE: 'NATIONAL_ID' })
    expect(() => parseIdTypes('XX:NATIONAL_ID')).toThrow(/KOPA_SMILEID_ID_TYPES/)
  })
})

async function startSmileServer(target: Parameters<Parameters<typeof describeOnEachDatabase>[1]>[0]) {
  const fake = await startFakeSmileId()
  const kyc: SmileIdKyc = createSmileIdKyc({
    partnerId: fake.partnerId,
    apiKey: fake.apiKey,
    baseUrl: `${fake.baseUrl}/v1`,
    callbackUrl: CALLBACK_URL,
    idTypes: ID_TYPES,
    jobType: 6,
    minConfidence: 80,
    timeoutMs: TIMEOUT_MS,
    resultWaitMs: RESULT_WAIT_MS,
    pollIntervalMs: 25,
  })
  const modules = [...MODULES.filter((m) => m.name !== 'loans'), createLoansModule()]
  const s = await startTestServer(target, 'inject', {
    config: {
      tokenTtlMs: 400 * DAY,
      verifyCode: {
        ttlMs: 5 * MINUTE,
        maxWrongTries: 5,
        resendAfterMs: MINUTE,
        perNumberPerHour: 100,
        perAddressPerHour: 10_000,
      },
    },
    overrides: { modules, kyc },
  })
  // Smile ID posts to the lender's public callback URL: here, this server's route.
  fake.deliver = async (url, body) => {
    expect(url).toBe(CALLBACK_URL)
    const res = await s.raw({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json' },
      body,
    })
    return { status: res.status, body: res.body }
  }
  const ls: LoanServer = { s, rt: loansRuntime(s.server.ctx), close: () => s.close() }
  return { fake, ls }
}

describeOnEachDatabase('Smile ID as the KYC vendor, against its local fake', (target) => {
  let fake: FakeSmileId
  let ls: LoanServer
  beforeAll(async () => {
    ;({ fake, ls } = await startSmileServer(target))
  })
  afterAll(async () => {
    await ls?.close()
    await fake?.close()
  })
  beforeEach(async () => {
    await fake.idle()
  })

  const upload = (
    b: Borrower,
    path: '/user/upload/curp/front' | '/user/upload/curp/back' | '/user/saveFaceImage',
  ) => ls.s.upload<T.ImageCheckResult>(path, photo(), {}, { token: b.token })

  /** A borrower with basic info and an accepted ID front and back, about to take the selfie. */
  async function atFaceStep(country: CountryCode): Promise<Borrower> {
    const b = await register(ls.s, country)
    await completeSteps(ls, b, ['basicInfo'])
    for (const side of ['/user/upload/curp/front', '/user/upload/curp/back'] as const) {
      const res = await upload(b, side)
      expect(res.code, res.msg).toBe(ApiCode.Ok)
      expect(res.data.accepted).toBe(true)
    }
    return b
  }

  const checksOf = (b: Borrower) =>
    ls.s.server.ctx.db.select().from(kycChecks).where(eq(kycChecks.userId, b.userId)).orderBy(kycChecks.id)

  async function face(b: Borrower) {
    const started = Date.now()
    const res = await upload(b, '/user/saveFaceImage')
    expect(res.code, res.msg).toBe(ApiCode.Ok)
    return { data: res.data, ms: Date.now() - started }
  }

  for (const country of ['TZ', 'KE', 'MX'] as const) {
    it(`${country}: runs a signed document verification job with the selfie and both ID sides, and the order's explanation shows Smile ID's result and score`, async () => {
      const b = await atFaceStep(country)
      fake.next({ verdict: 'passed', callbacks: 'once' })
      const { data } = await face(b)
      expect(data).toMatchObject({ accepted: true, problem: null, front: true, back: true, face: true })

      const [check] = await checksOf(b)
      const job = fake.jobs.get(check!.jobId)!
      expect(job.jobType).toBe(6)
      expect(job.userId).toBe(`kopa-user-${b.userId}`)
      expect(job.info).toMatchObject({
        id_info: { country, id_type: ID_TYPES[country], entered: 'false' },
        misc_information: {
          smile_client_id: fake.partnerId,
          callback_url: CALLBACK_URL,
          file_name: 'selfie.zip',
        },
      })
      expect(job.files.sort()).toEqual(['id_back.png', 'id_front.png', 'selfie.png'])
      expect(fake.refused).toEqual([])
      expect(check).toMatchObject({
        vendor: 'smileid',
        country,
        jobType: 6,
        result: 'passed',
        resultCode: '0810',
        resultText: 'Document Verified',
        score: 0.99,
        vendorJobId: job.smileJobId,
      })

      // The callback arrives too (after job_status answered): counted, the result stays.
      await fake.idle()
      expect(fake.delivered.filter((d) => d.jobId === job.jobId).map((d) => d.status)).toEqual([200])
      const [after] = await checksOf(b)
      expect(after).toMatchObject({ result: 'passed', callbacks: 1 })

      const finished = await ls.s.call('/user/finishUploadAllImg', {}, { token: b.token })
      expect(finished.code, finished.msg).toBe(ApiCode.Ok)
      await completeSteps(ls, b, ['additionalInfo', 'wallet', 'questionnaire'])
      const amountMinor = country === 'TZ' ? 100_000_00 : country === 'KE' ? 5_000_00 : 2_000_00
      const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
        productId: PRODUCT[country],
        amountMinor,
        tenureDays: 91,
      })
      await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
      await settle(ls)
      const [order] = await ls.s.server.ctx.db
        .select()
        .from(loanOrders)
        .where(eq(loanOrders.orderNo, applied.orderNo))
      const card = order!.assessment as Scorecard
      expect(card.decision).toBe('approve')
      expect(card.identity).toMatchObject({
        vendor: 'smileid',
        jobId: job.jobId,
        result: 'passed',
        resultCode: '0810',
        score: 0.99,
      })
      const line = card.lines.find((l) => l.rule === 'identity:smileid:passed')
      expect(line?.points).toBe(0)
      expect(line?.reason).toMatch(
        /^Identity checked by Smile ID \(job kopa-[0-9a-f-]+\): passed, score 99\/100;/,
      )
    })
  }

  it('tells the borrower the liveness check failed when Smile ID says so, and keeps no face', async () => {
    const b = await atFaceStep('TZ')
    fake.next({ verdict: 'livenessFailed' })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'livenessFailed', face: false })
    const [check] = await checksOf(b)
    expect(check).toMatchObject({
      result: 'failed',
      problem: 'livenessFailed',
      resultCode: '0811',
      score: 0.12,
    })
    expect(check!.reason).toMatch(/^liveness check failed \(0811 Failed Liveness Check\)/)
  })

  it('refuses a selfie whose match score is below the lender’s threshold as a face mismatch', async () => {
    const b = await atFaceStep('KE')
    fake.next({ verdict: 'lowMatch' })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'faceMismatch' })
    const [check] = await checksOf(b)
    expect(check).toMatchObject({ result: 'failed', problem: 'faceMismatch', score: 0.41 })
    expect(check!.reason).toMatch(/confidence 41 below the 80 required/)
  })

  it('answers "not recognised" when Smile ID cannot verify the document', async () => {
    const b = await atFaceStep('MX')
    fake.next({ verdict: 'documentRejected' })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'notRecognised' })
    expect((await checksOf(b))[0]).toMatchObject({ result: 'notRecognised', problem: 'notRecognised' })
  })

  it('maps a prep_upload 5xx to a failed check with the reason — the borrower gets an answer, not a 5xx', async () => {
    const b = await atFaceStep('TZ')
    fake.next({ prepUpload: 'error500' })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'livenessFailed' })
    expect((await checksOf(b))[0]).toMatchObject({
      result: 'failed',
      reason: 'Smile ID unavailable: /upload answered HTTP 500 code 2201',
    })
  })

  it('gives up on a prep_upload that hangs after its timeout', async () => {
    const b = await atFaceStep('KE')
    fake.next({ prepUpload: 'hang' })
    const { data, ms } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'livenessFailed' })
    expect(ms).toBeLessThan(TIMEOUT_MS + 2_000)
    expect((await checksOf(b))[0]).toMatchObject({
      result: 'failed',
      reason: 'Smile ID unavailable: /upload timed out',
    })
  })

  it('maps a failed zip upload to a failed check', async () => {
    const b = await atFaceStep('MX')
    fake.next({ zipUpload: 'error500' })
    const { data } = await face(b)
    expect(data.accepted).toBe(false)
    expect((await checksOf(b))[0]!.reason).toBe('Smile ID unavailable: zip upload answered HTTP 500')
  })

  it('takes the result from the callback while job_status fails', async () => {
    const b = await atFaceStep('TZ')
    fake.next({ jobStatus: 'error500', callbacks: 'once' })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: true, problem: null })
    expect((await checksOf(b))[0]).toMatchObject({ result: 'passed', callbacks: 1, score: 0.99 })
  })

  it('does not trust a job_status answer Smile ID did not sign', async () => {
    const b = await atFaceStep('KE')
    fake.next({ jobStatus: 'badSignature' })
    const { data, ms } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'livenessFailed' })
    expect(ms).toBeGreaterThanOrEqual(RESULT_WAIT_MS - 100)
    const [check] = await checksOf(b)
    expect(check!.result).toBe('pending')
    expect(check!.reason).toMatch(
      /^Smile ID gave no result within 1500 ms: \/job_status answer not signed by Smile ID$/,
    )
  })

  it('stops waiting for a job_status that hangs, within the time the borrower waits', async () => {
    const b = await atFaceStep('MX')
    fake.next({ jobStatus: 'hang' })
    const { data, ms } = await face(b)
    expect(data.accepted).toBe(false)
    expect(ms).toBeLessThan(RESULT_WAIT_MS + TIMEOUT_MS + 2_000)
    expect((await checksOf(b))[0]!.reason).toMatch(
      /^Smile ID gave no result within 1500 ms: \/job_status timed out$/,
    )
  })

  it('lets a late callback complete a job the borrower stopped waiting for; a contradicting one after it changes nothing', async () => {
    const b = await atFaceStep('TZ')
    fake.next({ jobStatus: 'neverComplete', callbacks: { lateMs: RESULT_WAIT_MS + 300 } })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: false, problem: 'livenessFailed' })
    const [waiting] = await checksOf(b)
    expect(waiting!.result).toBe('pending')

    await fake.idle()
    const [late] = await checksOf(b)
    expect(late).toMatchObject({ result: 'passed', callbacks: 1, resultCode: '0810' })

    const job = fake.jobs.get(late!.jobId)!
    const res = await fake.deliver(CALLBACK_URL, fake.callbackBody(job, 'livenessFailed'))
    expect(res.status).toBe(200)
    const [after] = await checksOf(b)
    expect(after).toMatchObject({ result: 'passed', callbacks: 2, resultCode: '0810' })
  })

  it('counts a duplicate callback once more and keeps the first final result', async () => {
    const b = await atFaceStep('KE')
    fake.next({ jobStatus: 'neverComplete', callbacks: 'twice' })
    const { data } = await face(b)
    expect(data).toMatchObject({ accepted: true })
    await fake.idle()
    const [check] = await checksOf(b)
    expect(check).toMatchObject({ result: 'passed', callbacks: 2 })
    expect(fake.delivered.filter((d) => d.jobId === check!.jobId).map((d) => d.status)).toEqual([200, 200])
  })

  it('refuses an unsigned callback and ignores a provisional one', async () => {
    const b = await atFaceStep('MX')
    fake.next({ jobStatus: 'neverComplete' })
    await face(b)
    const [pending] = await checksOf(b)
    const job = fake.jobs.get(pending!.jobId)!
    expect((await fake.deliver(CALLBACK_URL, fake.callbackBody(job, 'passed', { sign: false }))).status).toBe(
      401,
    )
    const provisional = await fake.deliver(CALLBACK_URL, fake.callbackBody(job, 'passed', { final: false }))
    expect(provisional.status).toBe(200)
    expect(JSON.parse(provisional.body)).toEqual({ accepted: true, final: false })
    expect((await checksOf(b))[0]).toMatchObject({ result: 'pending', callbacks: 1 })
    const garbage = await ls.s.raw({
      method: 'POST',
      url: SMILE_ID_CALLBACK_PATH,
      headers: { 'content-type': 'application/json' },
      body: '{"timestamp": 1',
    })
    expect(garbage.status).toBeLessThan(500)
  })

  it('keeps the check that accepted the face when a retaken selfie fails: the order is decided on the accepted one', async () => {
    const b = await atFaceStep('TZ')
    fake.next({ verdict: 'passed' })
    expect((await face(b)).data.accepted).toBe(true)
    const finished = await ls.s.call('/user/finishUploadAllImg', {}, { token: b.token })
    expect(finished.code, finished.msg).toBe(ApiCode.Ok)
    await completeSteps(ls, b, ['additionalInfo', 'wallet', 'questionnaire'])
    const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
      productId: PRODUCT.TZ,
      amountMinor: 100_000_00,
      tenureDays: 91,
    })
    // The borrower retook the selfie before submitting; this time Smile ID refused the liveness check.
    fake.next({ verdict: 'livenessFailed' })
    expect((await face(b)).data).toMatchObject({ accepted: false, problem: 'livenessFailed', face: true })
    const [accepted, refused] = await checksOf(b)
    await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
    await settle(ls)
    const [order] = await ls.s.server.ctx.db
      .select()
      .from(loanOrders)
      .where(eq(loanOrders.orderNo, applied.orderNo))
    const card = order!.assessment as Scorecard
    expect(refused!.result).toBe('failed')
    expect(card.decision).toBe('approve')
    expect(card.identity).toMatchObject({ jobId: accepted!.jobId, result: 'passed', score: 0.99 })
  })
})

describe('The scorecard with a KYC vendor’s verdict', () => {
  const tz = DEMO_PRODUCTS.find((p) => p.config.id === PRODUCT.TZ)!.config
  const facts: ScoreFacts = {
    employmentType: 'employee',
    jobExperience: 'in1_3Years',
    workThereTime: null,
    monthlySalary: '180001-280000',
    ageYears: 33,
    repaidLoans: [],
    worstOverdueDays: 0,
    missingRequiredFlags: [],
  }
  const identity = {
    vendor: 'smileid',
    jobId: 'kopa-1',
    result: 'passed' as const,
    resultCode: '0810',
    resultText: 'Document Verified',
    score: 0.97,
    reason: 'document, liveness and selfie match passed (0810 Document Verified)',
  }

  it('explains a passed check as a line worth no points, and the decision is the same as without it', () => {
    const without = score(facts, tz)
    const card = score({ ...facts, identity }, tz)
    expect(card.points).toBe(without.points)
    expect(card.limitMinor).toBe(without.limitMinor)
    expect(card.identity).toEqual(identity)
    expect(card.lines.at(-1)).toEqual({
      rule: 'identity:smileid:passed',
      points: 0,
      reason:
        'Identity checked by Smile ID (job kopa-1): passed, score 97/100; ' +
        'document, liveness and selfie match passed (0810 Document Verified).',
    })
    expect(without.identity).toBeUndefined()
  })

  it('refuses whatever the points when the vendor did not confirm the identity, naming the vendor and why', () => {
    const card = score(
      {
        ...facts,
        identity: { ...identity, result: 'failed', score: 0.12, reason: 'liveness check failed (0811)' },
      },
      tz,
    )
    expect(card.decision).toBe('reject')
    expect(card.refusedBy).toEqual(['identity:smileid'])
    expect(card.outcome).toBe(
      'Rejected by a hard rule: Identity not confirmed by Smile ID: liveness check failed (0811).',
    )
    expect(card.lines.at(-1)!.reason).toMatch(
      /^Identity checked by Smile ID \(job kopa-1\): failed, score 12\/100;/,
    )
  })
})
