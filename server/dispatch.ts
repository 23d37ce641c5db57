/**
 * The dispatcher of /api/* and /cou/*: read the body (JSON or multipart), decode it with the wire module, find
 * the call in the API table, check the token, validate the payload with the call's schema, run the registered
 * handler, and answer the `{ code, msg, data }` envelope — HTTP 200 for every outcome a client can cause
 * (undecryptable, stale, unknown, unauthorised, invalid, refused), HTTP 500 only for the server's own failures.
 *
 * Logs carry the decrypted call path, the code and the time only: never bodies, URLs (they hold the encrypted
 * payload, which the public key opens), numbers or tokens.
 *
 * Limits before work (issue 14): an address over its flood limit is refused before its body is read; an upload's
 * path, method and token are checked — and its session's and the instance's upload limits — before a byte of the
 * file is read, so a stranger's 20 MB body is never buffered; every call without a session counts against its
 * address, every call with one against its session (server/limits.ts). Anything the client sends that cannot be
 * read (multipart without a boundary, cut off, over the limits; bad JSON; a body Fastify refuses) is a code, never
 * a 500. Two safety nets turn client input the schemas should have refused into 1001 instead of a 500 — a schema
 * that throws, and a value PostgreSQL refuses as data (SQLSTATE class 22) — and log it as a failure to fix.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { logCall } from './access-log'
import multipart from '@fastify/multipart'
import * as v from 'valibot'
import { API, requestSchemaFor, type CallDef, type HttpMethod, type RequestContext } from '../domain/api'
import { ApiCode, type ApiEnvelope } from '../domain/api-codes'
import type { Language } from '../domain/countries'
import { fieldErrors } from '../domain/schemas/field-errors'
import { validationMessageValues } from '../domain/schemas/message-values'
import { FORM_ERROR } from '../domain/schemas/field-errors'
import { decodeRequest, decryptTextOnce, UPLOAD_EXTRA_FIELD, WireError } from './wire'
import { bearerToken, resolveSession } from './accounts/sessions'
import type { CallRequest, ServerContext, Session } from './context'
import { pgErrorOf } from './db/client'
import { ApiFailure, codeMessageKey, envelope, fail } from './envelope'
import { answerEncoding, compressText, COMPRESS_THRESHOLD_BYTES, type AnswerEncoding } from './compression'
import { languageOf } from './i18n'
import { HOUR_MS, MINUTE_MS } from './limits'
import { safeError } from './log'
import type { HandlerRegistry, Registered } from './registry'
import { inspectImage, type UploadedImage } from './uploads'

/** What the dispatcher keeps of a call from its arrival: what its access line may say, and this instance's writes. */
interface CallLog {
  path: string | null
  code: number
  /** `ctx.cache.localWrites()` when the call arrived (read your writes: `answer`). */
  writes: number
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the API's one onRequest hook (a property, not a WeakMap: no ephemeron write per call). */
    kopaCall: CallLog | null
  }
}

/** Validates a value with a schema, or throws ValidationFailed with the per-field message keys. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  throw new ApiFailure(ApiCode.ValidationFailed, { fields: fieldErrors(schema, value) })
}

/** Client input a safety net caught: answered 1001 at the form, logged and counted as a failure to fix. */
class SafetyNet extends Error {
  constructor(
    readonly what: 'a schema threw' | 'input reached the database unchecked',
    readonly inner: unknown,
  ) {
    super(what)
    this.name = 'SafetyNet'
  }
}

/** `validate`, but a schema that throws on odd input (a bug in a rule) refuses the input instead of failing. */
function validateSafely<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  try {
    return validate(schema, value)
  } catch (err) {
    if (err instanceof ApiFailure) throw err
    throw new SafetyNet('a schema threw', err)
  }
}

/** A PostgreSQL "data exception" (SQLSTATE class 22: a NUL byte, a number out of range, bad text for a type). */
const isDataException = (err: unknown) => /^22/.test(pgErrorOf(err).code ?? '')

interface Incoming {
  body?: unknown
  extra?: string
  image: UploadedImage | null
}

/** A JSON (or text) body, already read by the content-type parser (at most maxBodyBytes). */
function readBody(req: FastifyRequest): Incoming {
  if (req.method !== 'POST') return { image: null }
  const raw = req.body
  if (typeof raw !== 'string' || raw === '') return { body: undefined, image: null }
  try {
    return { body: JSON.parse(raw) as unknown, image: null }
  } catch {
    throw new ApiFailure(ApiCode.Undecryptable)
  }
}

/**
 * A multipart upload: the encrypted field `extra` and the one file part, read only now that the call, its token and
 * its limits were checked. Whatever goes wrong reading it is the client's doing: 1006.
 */
async function readUpload(
  req: FastifyRequest,
  maxUploadBytes: number,
  maxFieldBytes: number,
): Promise<Incoming> {
  let extra: string | undefined
  let bytes: Buffer | null = null
  try {
    const parts = req.parts({
      limits: { fileSize: maxUploadBytes, files: 1, fields: 10, parts: 12, fieldSize: maxFieldBytes },
    })
    for await (const part of parts) {
      if (part.type === 'file') bytes = await part.toBuffer()
      else if (part.fieldname === UPLOAD_EXTRA_FIELD && typeof part.value === 'string') extra = part.value
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? ''
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiFailure(ApiCode.BadUpload, { msgKey: 'errors.upload.tooLarge' })
    // No boundary, a body cut off, too many parts, a stream error: nothing the server did.
    throw new ApiFailure(ApiCode.BadUpload)
  }
  if (bytes === null) return { ...(extra !== undefined ? { extra } : {}), image: null }
  const image = inspectImage(bytes)
  if (!image) throw new ApiFailure(ApiCode.BadUpload, { msgKey: 'errors.upload.notImage' })
  return { ...(extra !== undefined ? { extra } : {}), image }
}

/** The call a path token names (the path of decodeRequest, decrypted alone: the payload of an upload comes later). */
function pathOf(packageName: string, segment: string): string | null {
  const path = decryptTextOnce(packageName, segment)
  return path !== null && /^\/[A-Za-z0-9_\-./]*$/.test(path) ? path : null
}

/** Refuses when over a limit: 1005 with `retryAfterSeconds`. */
function within(verdict: { ok: boolean; retryAfterSeconds: number }): void {
  if (!verdict.ok) fail(ApiCode.RateLimited, undefined, { retryAfterSeconds: verdict.retryAfterSeconds })
}

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name]
  return typeof value === 'string' ? value.slice(0, 100) : ''
}

export function apiDispatcher(ctx: ServerContext, registry: HandlerRegistry) {
  const limits = ctx.config.rateLimits
  const rate = ctx.limits.rate
  return async function dispatch(req: FastifyRequest, reply: FastifyReply) {
    const lang = languageOf(req.headers.lang)
    const log = callOf(ctx, req)
    // What messages interpolate ({{domains}}, {{max}}, {{min}}, {{unit}}): the country's until the call's context is
    // known. Worked out only when a refusal is translated (most calls answer 0 and interpolate nothing).
    let messageContext: Parameters<typeof validationMessageValues>[0] = { country: ctx.config.defaultCountry }
    const authorization = req.headers.authorization
    try {
      // A call without any token counts against its address at once, before it costs a decryption or a query.
      if (authorization === undefined)
        within(rate.hit('anonymous', req.ip, limits.anonymousPerAddressPerMinute, MINUTE_MS))
      const base = req.url.startsWith('/cou/') ? '/cou' : '/api'
      const segment = (req.params as Record<string, string | undefined>)['*'] ?? ''
      const method: HttpMethod = req.method === 'POST' ? 'POST' : 'GET'
      const upload = method === 'POST' && req.isMultipart()
      // An upload refused from its URL and headers is never read. A large one (over maxBodyBytes, or of unknown
      // length) also closes its connection after the answer, so the server does not take the rest in to discard
      // it; a small one is drained, so the app reads its answer (an expired token) rather than a reset connection.
      const declared = Number(req.headers['content-length'])
      if (upload && !(declared <= ctx.config.maxBodyBytes)) reply.header('connection', 'close')
      // A path that does not decrypt is refused before anything costs a query.
      const path = pathOf(ctx.config.packageName, segment)
      if (path === null) fail(ApiCode.Undecryptable)
      await ctx.clock.current()

      /** The call of the table at `path` that this request may make, or the refusal. */
      const callAt = (path: string) => {
        const def = (API as Record<string, CallDef>)[path]
        const registered = registry.get(path)
        if (!def || !registered || def.method !== method || def.base !== base) fail(ApiCode.UnknownCall)
        if (upload && def.body !== 'form') fail(ApiCode.Undecryptable)
        return { def, registered }
      }
      // A call that needs a token is refused without a valid one; any other call uses a valid token if sent. Then
      // the call counts against its session, or (no valid session) against its address.
      let session: Session | null = null
      const authenticate = async (def: CallDef) => {
        const token = bearerToken(authorization)
        const found = def.auth || token ? await resolveSession(ctx.db, token, ctx.clock.now()) : null
        if (found !== null && typeof found !== 'number') {
          session = found
          within(rate.hit('session', String(found.sessionId), limits.perSessionPerMinute, MINUTE_MS))
          return
        }
        // A token that opens no session counts like no token (a call without one was counted on arrival).
        if (authorization !== undefined)
          within(rate.hit('anonymous', req.ip, limits.anonymousPerAddressPerMinute, MINUTE_MS))
        if (def.auth && typeof found === 'number') fail(found)
      }

      let incoming: Incoming
      let call: { def: CallDef; registered: Registered } | null = null
      if (upload) {
        // Nothing of the body is read until the path, the method, the token and the limits allow it: a refused
        // upload is never buffered.
        log.path = path
        call = callAt(path)
        await authenticate(call.def)
        const uploader = session ? `s${(session as Session).sessionId}` : `a${req.ip}`
        within(rate.hit('uploads', uploader, limits.uploadsPerSessionPerHour, HOUR_MS))
        if (!ctx.limits.uploads.enter()) fail(ApiCode.RateLimited, undefined, { retryAfterSeconds: 5 })
        try {
          incoming = await readUpload(req, ctx.config.maxUploadBytes, ctx.config.maxBodyBytes)
        } finally {
          ctx.limits.uploads.leave()
        }
        reply.removeHeader('connection')
      } else {
        incoming = readBody(req)
      }
      const decoded = decodeRequest({
        packageName: ctx.config.packageName,
        method,
        pathSegment: segment,
        query: req.query as Record<string, unknown>,
        body: incoming.body,
        ...(incoming.extra !== undefined ? { extra: incoming.extra } : {}),
        now: ctx.clock.nowMs(),
        replayWindowMs: ctx.config.replayWindowMs,
      })
      if (decoded instanceof WireError) fail(decoded.code)
      log.path = decoded.path
      if (!call) {
        call = callAt(decoded.path)
        await authenticate(call.def)
      }
      const { def, registered } = call
      if (def.body === 'form' && !incoming.image) fail(ApiCode.BadUpload, 'errors.upload.missing')

      const payload = decoded.payload
      const requestContext: RequestContext = {
        country: (session as Session | null)?.country ?? ctx.config.defaultCountry,
        today: ctx.clock.now(),
        loginMobile: (session as Session | null)?.mobile ?? '',
        ...(await registered.options.requestContext?.({ session, payload }, ctx)),
      }
      messageContext = requestContext
      const input = validateSafely(requestSchemaFor(def, requestContext), payload)
      const callRequest: CallRequest = {
        path: decoded.path as CallRequest['path'],
        input: input as CallRequest['input'],
        session,
        lang,
        ip: req.ip,
        image: incoming.image,
        headers: {
          platform: header(req, 'platform'),
          appName: header(req, 'appname'),
          afid: header(req, 'afid'),
        },
      }
      const data = await registered.handler(callRequest, ctx)
      return answer(
        ctx,
        req,
        reply,
        log,
        200,
        envelope(ApiCode.Ok, ctx.t(lang, codeMessageKey(ApiCode.Ok)), data ?? null),
      )
    } catch (err) {
      const caught =
        !(err instanceof ApiFailure) && isDataException(err)
          ? new SafetyNet('input reached the database unchecked', err)
          : err
      return sendFailure(ctx, req, reply, lang, log, caught, () => validationMessageValues(messageContext))
    }
  }
}

function sendFailure(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  lang: Language,
  log: CallLog,
  err: unknown,
  messageValuesOf: () => Record<string, unknown> = () => ({}),
) {
  if (err instanceof SafetyNet) {
    ctx.ops.failure('safetyNet', req.log, { path: log.path }, err.inner, err.what)
    return sendFailure(
      ctx,
      req,
      reply,
      lang,
      log,
      new ApiFailure(ApiCode.ValidationFailed, {
        fields: { [FORM_ERROR]: codeMessageKey(ApiCode.ValidationFailed) },
      }),
      messageValuesOf,
    )
  }
  if (err instanceof ApiFailure) {
    log.code = err.code
    const messageValues = messageValuesOf()
    const fields = err.fields
      ? Object.fromEntries(
          Object.entries(err.fields).map(([field, key]) => [field, ctx.t(lang, key, messageValues)]),
        )
      : undefined
    const msgKey =
      err.msgKey ?? (fields ? Object.values(err.fields!)[0] : undefined) ?? codeMessageKey(err.code)
    // HTTP 200 for every outcome a client can cause, whatever status Fastify had set (415, 413, 400).
    return answer(
      ctx,
      req,
      reply,
      log,
      200,
      envelope(err.code, ctx.t(lang, msgKey, messageValues), fields ? { fields } : err.data),
    )
  }
  log.code = ApiCode.ServerError
  ctx.ops.count('dispatch')
  req.log.error({ path: log.path, ...safeError(err) }, 'call failed')
  return answer(
    ctx,
    req,
    reply,
    log,
    500,
    envelope(ApiCode.ServerError, ctx.t(lang, codeMessageKey(ApiCode.ServerError)), null),
  )
}

/** The call's record, made on arrival by the onRequest hook (or now, for a request that came in another way). */
function callOf(ctx: ServerContext, req: FastifyRequest): CallLog {
  return (req.kopaCall ??= { path: null, code: ApiCode.Ok, writes: ctx.cache.localWrites() })
}

/**
 * Every answer of /api and /cou goes out here — the dispatcher's, its refusals', Fastify's errors' — instead of by
 * three hooks on every call (issue 17: those and @fastify/compress's three cost every call about 10 µs).
 *
 * - Read your writes on any instance (server/cache.ts): a call during which this instance committed a change to
 *   the rows the instances keep answers once the others have heard of it, so the client's next call, wherever the
 *   balancer sends it, reads what this one wrote. Reads without a write in between cost nothing.
 * - The answer is dated by the one clock, which demo and test mode may have moved: the app counts the server's
 *   deadlines (the 24-hour approval, the payment window, the retry date) from this header
 *   (services/actors/server-clock.ts), so it must name the server's moment, not the system's.
 * - Over the threshold, compressed for a phone that accepts brotli or gzip (server/compression.ts).
 * - The access line (server/access-log.ts: the same bytes as `req.log.info(…, 'call')`, without pino's child):
 *   the decrypted path, the code, the status and the time to the answer; nothing of the request.
 */
function answer(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  call: CallLog,
  status: number,
  body: ApiEnvelope<unknown>,
): FastifyReply | Promise<FastifyReply> {
  const text = JSON.stringify(body)
  const encoding = answerEncoding(text, req.headers['accept-encoding'])
  if (encoding === null && ctx.cache.localWrites() === call.writes)
    return sendAnswer(ctx, req, reply, call, status, text, null)
  return (async () => {
    if (ctx.cache.localWrites() !== call.writes) await ctx.cache.settle()
    const out = encoding === null ? text : await compressText(text, encoding)
    return sendAnswer(ctx, req, reply, call, status, out, encoding)
  })()
}

/** The HTTP date of a moment, made once a second (a clock moved in demo mode is another second, made again). */
let lastDate = { second: Number.NaN, text: '' }
function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000)
  if (second !== lastDate.second) lastDate = { second, text: new Date(second * 1000).toUTCString() }
  return lastDate.text
}

function sendAnswer(
  ctx: ServerContext,
  req: FastifyRequest,
  reply: FastifyReply,
  call: CallLog,
  status: number,
  out: string | Buffer,
  encoding: AnswerEncoding | null,
): FastifyReply {
  reply
    .code(status)
    .header('date', httpDate(ctx.clock.nowMs()))
    .header('content-type', 'application/json; charset=utf-8')
  if (out.length >= COMPRESS_THRESHOLD_BYTES || encoding !== null) reply.header('vary', 'accept-encoding')
  if (encoding !== null) reply.header('content-encoding', encoding)
  logCall(req.log, { call: call.path, code: call.code, status, ms: Math.round(reply.elapsedTime) })
  return reply.send(out)
}

/** Mounts the dispatcher on /api/* and /cou/* with its own body parsing, errors and access log. */
export async function mountApi(app: FastifyInstance, ctx: ServerContext, registry: HandlerRegistry) {
  await app.register(async (api) => {
    api.decorateRequest('kopaCall', null)
    // The body is read by the dispatcher: any content type as text (the wire module decides what it means),
    // multipart for uploads. Nothing here can answer a Fastify 4xx/5xx page instead of the envelope.
    api.removeAllContentTypeParsers()
    api.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: ctx.config.maxBodyBytes },
      (_req, body, done) => done(null, body),
    )
    await api.register(multipart, {
      limits: { fileSize: ctx.config.maxUploadBytes, files: 1, fields: 10, parts: 12 },
    })
    // The call's record (what its access line says, this instance's writes on arrival), then the flood guard:
    // before anything of the request is read, parsed or looked up. The only hook of a call: the answer's date,
    // compression, read-your-writes wait and access line are `answer`'s.
    api.addHook('onRequest', async (req, reply) => {
      const log = callOf(ctx, req)
      const verdict = ctx.limits.rate.hit(
        'address',
        req.ip,
        ctx.config.rateLimits.perAddressPerMinute,
        MINUTE_MS,
      )
      if (verdict.ok) return
      log.code = ApiCode.RateLimited
      reply.header('connection', 'close')
      const failure = new ApiFailure(ApiCode.RateLimited, {
        data: { retryAfterSeconds: verdict.retryAfterSeconds },
      })
      return sendFailure(ctx, req, reply, languageOf(req.headers.lang), log, failure)
    })
    api.setErrorHandler((err, req, reply) => {
      const lang = languageOf(req.headers.lang)
      const log = callOf(ctx, req)
      const status = (err as { statusCode?: number }).statusCode ?? 500
      // A request Fastify could not read (content type, body size, a body cut off) is the client's.
      if (status >= 400 && status < 500) {
        const upload = req.headers['content-type']?.startsWith('multipart/') ?? false
        return sendFailure(
          ctx,
          req,
          reply,
          lang,
          log,
          new ApiFailure(upload ? ApiCode.BadUpload : ApiCode.Undecryptable),
        )
      }
      return sendFailure(ctx, req, reply, lang, log, err)
    })
    const dispatch = apiDispatcher(ctx, registry)
    for (const base of ['/api', '/cou']) {
      // Compression is `answer`'s; nothing here takes a compressed request body.
      for (const url of [`${base}/*`, base])
        api.route({ method: ['GET', 'POST'], url, handler: dispatch, compress: false, decompress: false })
    }
  })
}
