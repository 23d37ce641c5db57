/**
 * A local fake of Smile ID's v1 job API (node:http on a random port), as the server SDKs use it:
 *
 *   POST /v1/upload        prep_upload: signed; answers {upload_url, smile_job_id, ref_id, code: "2202"}
 *   PUT  /uploads/:job     the zip: info.json naming the selfie (0), ID front (1) and back (5), and those files
 *   POST /v1/job_status    signed; answers the job's result, signed the same way
 *
 * and the callback to the callback_url the job named (through `deliver`, so a test can route it to its server).
 * It checks every signature (timestamp + partner id + "sid_request") and refuses a bad one as Smile ID does
 * (401, code 2204). Each job follows a script the test queued with `next()` — the verdict (passed, a failed
 * liveness, a low match score, a refused document), and the faults: prep_upload or job_status failing (5xx) or
 * hanging (a timeout), an unsigned job_status answer, a job that never completes, no callback, duplicate and late
 * callbacks, and a late callback that contradicts the first result.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { inflateRawSync } from 'node:zlib'
import { smileIdSignature } from '../../../server/kyc/smile-id'

export type Verdict = 'passed' | 'livenessFailed' | 'lowMatch' | 'documentRejected'

export interface JobScript {
  verdict?: Verdict
  prepUpload?: 'ok' | 'error500' | 'hang'
  zipUpload?: 'ok' | 'error500'
  jobStatus?: 'ok' | 'error500' | 'hang' | 'badSignature' | 'neverComplete'
  /** Callbacks sent once the zip arrived: none, one, the same one twice, or one after `lateMs`. */
  callbacks?: 'none' | 'once' | 'twice' | { lateMs: number; verdict?: Verdict }
}

export interface FakeJob {
  readonly jobId: string
  readonly userId: string
  readonly jobType: number
  readonly smileJobId: string
  readonly callbackUrl: string
  readonly script: Required<Omit<JobScript, 'callbacks'>> & { callbacks: JobScript['callbacks'] }
  /** What the zip held: info.json and the file names. */
  info: Record<string, unknown> | null
  files: string[]
  statusQueries: number
}

interface Zipped {
  name: string
  data: Buffer
}

/** Reads a zip's local entries (stored or deflated). */
export function unzip(zip: Buffer): Zipped[] {
  const out: Zipped[] = []
  let i = 0
  while (i + 30 <= zip.length && zip.readUInt32LE(i) === 0x04034b50) {
    const method = zip.readUInt16LE(i + 8)
    const size = zip.readUInt32LE(i + 18)
    const nameLength = zip.readUInt16LE(i + 26)
    const extraLength = zip.readUInt16LE(i + 28)
    const name = zip.toString('utf8', i + 30, i + 30 + nameLength)
    const start = i + 30 + nameLength + extraLength
    const body = zip.subarray(start, start + size)
    out.push({ name, data: method === 8 ? inflateRawSync(body) : Buffer.from(body) })
    i = start + size
  }
  return out
}

const RESULTS: Record<
  Verdict,
  { code: string; text: string; confidence: string; actions: Record<string, string>; success: boolean }
> = {
  passed: {
    code: '0810',
    text: 'Document Verified',
    confidence: '99',
    success: true,
    actions: {
      Liveness_Check: 'Passed',
      Selfie_To_ID_Card_Compare: 'Passed',
      Verify_Document: 'Passed',
      Human_Review_Compare: 'Not Applicable',
      Return_Personal_Info: 'Returned',
    },
  },
  livenessFailed: {
    code: '0811',
    text: 'Failed Liveness Check',
    confidence: '12',
    success: false,
    actions: {
      Liveness_Check: 'Failed',
      Selfie_To_ID_Card_Compare: 'Not Applicable',
      Verify_Document: 'Passed',
      Human_Review_Compare: 'Not Applicable',
      Return_Personal_Info: 'Returned',
    },
  },
  // Every action completed, but the match is weak: the lender's threshold decides.
  lowMatch: {
    code: '0810',
    text: 'Document Verified',
    confidence: '41',
    success: true,
    actions: {
      Liveness_Check: 'Passed',
      Selfie_To_ID_Card_Compare: 'Completed',
      Verify_Document: 'Passed',
      Human_Review_Compare: 'Not Applicable',
      Return_Personal_Info: 'Returned',
    },
  },
  documentRejected: {
    code: '0811',
    text: 'Document Not Verified',
    confidence: '0',
    success: false,
    actions: {
      Liveness_Check: 'Passed',
      Selfie_To_ID_Card_Compare: 'Not Applicable',
      Verify_Document: 'Failed',
      Human_Review_Compare: 'Not Applicable',
      Return_Personal_Info: 'Not Returned',
    },
  },
}

export interface FakeSmileId {
  readonly baseUrl: string
  readonly partnerId: string
  readonly apiKey: string
  readonly jobs: Map<string, FakeJob>
  /** Requests refused for a bad signature. */
  readonly refused: string[]
  /** Callbacks delivered: job id, status answered. */
  readonly delivered: { jobId: string; status: number; body: string }[]
  /** Scripts the next jobs follow, in order (a job with none queued: passed, no callback). */
  next(...scripts: JobScript[]): void
  /** Where callbacks go: (url, JSON body) → HTTP status. Default: POST to the URL. */
  deliver: (url: string, body: string) => Promise<{ status: number; body: string }>
  /** A signed callback body for a job, as Smile ID sends it. */
  callbackBody(job: FakeJob, verdict: Verdict, opts?: { final?: boolean; sign?: boolean }): string
  /** Waits for the pending late callbacks. */
  idle(): Promise<void>
  close(): Promise<void>
}

export async function startFakeSmileId(
  partnerId = '2187',
  apiKey = 'fake-smile-api-key',
): Promise<FakeSmileId> {
  const jobs = new Map<string, FakeJob>()
  const queue: JobScript[] = []
  const refused: string[] = []
  const delivered: FakeSmileId['delivered'] = []
  const pending = new Set<Promise<unknown>>()
  const hanging = new Set<ServerResponse>()
  let serial = 0

  const signed = () => {
    const timestamp = new Date().toISOString()
    return { timestamp, signature: smileIdSignature(partnerId, apiKey, timestamp) }
  }
  const verified = (body: Record<string, unknown>) =>
    typeof body.timestamp === 'string' &&
    typeof body.signature === 'string' &&
    smileIdSignature(partnerId, apiKey, body.timestamp) === body.signature

  const resultOf = (job: FakeJob, verdict: Verdict, final = true) => {
    const r = RESULTS[verdict]
    return {
      ResultCode: final ? r.code : '0814',
      ResultText: final ? r.text : 'Provisionally Approved',
      ResultType: 'DocumentVerification',
      ConfidenceValue: r.confidence,
      IsFinalResult: final ? 'true' : 'false',
      IsMachineResult: 'true',
      SmileJobID: job.smileJobId,
      PartnerParams: { user_id: job.userId, job_id: job.jobId, job_type: job.jobType },
      Actions: r.actions,
      Source: 'WebAPI',
    }
  }

  const fake: FakeSmileId = {
    baseUrl: '',
    partnerId,
    apiKey,
    jobs,
    refused,
    delivered,
    next: (...scripts) => queue.push(...scripts),
    deliver: async (url, body) => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      return { status: res.status, body: await res.text() }
    },
    callbackBody(job, verdict, opts = {}) {
      const sig = signed()
      return JSON.stringify({
        ...resultOf(job, verdict, opts.final ?? true),
        timestamp: sig.timestamp,
        signature: opts.sign === false ? 'bm90IGEgc2lnbmF0dXJl' : sig.signature,
      })
    },
    async idle() {
      while (pending.size) await Promise.all([...pending])
    },
    close: async () => {
      for (const res of hanging) res.destroy()
      await fake.idle()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }

  const callback = (job: FakeJob, verdict: Verdict, delayMs = 0) => {
    const p = (async () => {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs))
      const res = await fake.deliver(job.callbackUrl, fake.callbackBody(job, verdict))
      delivered.push({ jobId: job.jobId, status: res.status, body: res.body })
    })()
    pending.add(p)
    void p.finally(() => pending.delete(p))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks)
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const hang = () => {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
    }
    const url = req.url ?? ''

    if (req.method === 'POST' && url === '/v1/upload') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>
      if (!verified(body) || body.smile_client_id !== partnerId) {
        refused.push('upload')
        return json(401, { code: '2204', error: 'unauthorized' })
      }
      const params = (body.partner_params ?? {}) as Record<string, unknown>
      const script = queue.shift() ?? {}
      if (
        typeof params.job_id !== 'string' ||
        typeof params.user_id !== 'string' ||
        ![6, 11].includes(Number(params.job_type)) ||
        body.file_name !== 'selfie.zip' ||
        typeof body.callback_url !== 'string'
      ) {
        return json(400, { code: '2213', error: 'missing partner params' })
      }
      if (script.prepUpload === 'error500') return json(500, { code: '2201', error: 'internal error' })
      if (script.prepUpload === 'hang') return hang()
      serial += 1
      const job: FakeJob = {
        jobId: params.job_id,
        userId: params.user_id,
        jobType: Number(params.job_type),
        smileJobId: String(1_000_000 + serial).padStart(10, '0'),
        callbackUrl: body.callback_url,
        script: {
          verdict: script.verdict ?? 'passed',
          prepUpload: 'ok',
          zipUpload: script.zipUpload ?? 'ok',
          jobStatus: script.jobStatus ?? 'ok',
          callbacks: script.callbacks ?? 'none',
        },
        info: null,
        files: [],
        statusQueries: 0,
      }
      jobs.set(job.jobId, job)
      return json(200, {
        upload_url: `${fake.baseUrl}/uploads/${encodeURIComponent(job.jobId)}`,
        smile_job_id: job.smileJobId,
        ref_id: `ref-${serial}`,
        code: '2202',
      })
    }

    const put = /^\/uploads\/([^/]+)$/.exec(url)
    if (req.method === 'PUT' && put) {
      const job = jobs.get(decodeURIComponent(put[1]!))
      if (!job || req.headers['content-type'] !== 'application/zip') return json(404, {})
      if (job.script.zipUpload === 'error500') return json(500, {})
      const entries = unzip(raw)
      const info = entries.find((e) => e.name === 'info.json')
      if (!info) return json(400, { error: 'no info.json' })
      job.info = JSON.parse(info.data.toString('utf8')) as Record<string, unknown>
      job.files = entries.filter((e) => e.name !== 'info.json').map((e) => e.name)
      const misc = (job.info.misc_information ?? {}) as Record<string, unknown>
      const images = (job.info.images ?? []) as { image_type_id: number; file_name: string }[]
      const idInfo = (job.info.id_info ?? {}) as Record<string, unknown>
      const complete =
        verified(misc) &&
        [0, 1, 5].every((t) =>
          images.some((i) => i.image_type_id === t && job.files.includes(i.file_name)),
        ) &&
        typeof idInfo.country === 'string' &&
        typeof idInfo.id_type === 'string'
      if (!complete) return json(400, { error: 'incomplete job' })
      res.writeHead(200)
      res.end()
      const { callbacks, verdict } = job.script
      if (callbacks === 'once') callback(job, verdict)
      else if (callbacks === 'twice') {
        callback(job, verdict)
        callback(job, verdict, 20)
      } else if (callbacks && typeof callbacks === 'object') {
        callback(job, callbacks.verdict ?? verdict, callbacks.lateMs)
      }
      return
    }

    if (req.method === 'POST' && url === '/v1/job_status') {
      const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>
      if (!verified(body) || body.partner_id !== partnerId) {
        refused.push('job_status')
        return json(401, { code: '2204', error: 'unauthorized' })
      }
      const job = jobs.get(String(body.job_id))
      if (!job || job.userId !== body.user_id) return json(404, { code: '2205', error: 'job not found' })
      job.statusQueries += 1
      const mode = job.script.jobStatus
      if (mode === 'error500') return json(503, { code: '2201', error: 'unavailable' })
      if (mode === 'hang') return hang()
      const sig = signed()
      if (mode === 'neverComplete' || !job.info) {
        return json(200, { ...sig, job_complete: false, job_success: false, code: '2314' })
      }
      const r = RESULTS[job.script.verdict]
      return json(200, {
        ...sig,
        ...(mode === 'badSignature'
          ? { signature: smileIdSignature(partnerId, 'not-the-key', sig.timestamp) }
          : {}),
        job_complete: true,
        job_success: r.success,
        code: '2302',
        result: resultOf(job, job.script.verdict),
      })
    }
    json(404, { error: 'not found' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  ;(fake as { baseUrl: string }).baseUrl = `http://127.0.0.1:${port}`
  return fake
}
