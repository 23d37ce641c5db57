/**
 * The dispatcher of /api/* and /cou/*: read the body (JSON or multipart), decode it with the wire module, find
 * the call in the API table, check the token, validate the payload with the call's schema, run the registered
 * handler, and answer the `{ code, msg, data }` envelope — HTTP 200 for every outcome a client can cause
 * (undecryptable, stale, unknown, unauthorised, invalid, refused), HTTP 500 only for the server's own failures.
 *
 * Logs carry the decrypted call path, the code and the time only: never bodies, URLs (they hold the encrypted
 * payload, which the public key opens), numbers or tokens.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import * as v from 'valibot'
import { API, requestSchemaFor, type CallDef, type HttpMethod, type RequestContext } from '../src/domain/api'
import { ApiCode } from '../src/domain/api-codes'
import type { Language } from '../src/domain/countries'
import { fieldErrors } from '../src/domain/schemas/field-errors'
import { validationMessageValues } from '../src/domain/schemas/message-values'
import { decodeRequest, UPLOAD_EXTRA_FIELD, WireError } from '../services/wire/protocol'
import { bearerToken, resolveSession } from './accounts/sessions'
import type { CallRequest, ServerContext, Session } from './context'
import { ApiFailure, codeMessageKey, envelope, fail } from './envelope'
import { languageOf } from './i18n'
import { safeError } from './log'
import type { HandlerRegistry } from './registry'
import { inspectImage, type UploadedImage } from './uploads'

/** What the access log may say about a call. */
interface CallLog {
  path: string | null
  code: number
}
const callLogs = new WeakMap<FastifyRequest, CallLog>()

/** Validates a value with a schema, or throws ValidationFailed with the per-field message keys. */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value)
  if (result.success) return result.output
  throw new ApiFailure(ApiCode.ValidationFailed, { fields: fieldErrors(schema, value) })
}

interface Incoming {
  body?: unknown
  extra?: string
  image: UploadedImage | null
  multipart: boolean
}

async function readIncoming(req: FastifyRequest, maxUploadBytes: number): Promise<Incoming> {
  if (req.method !== 'POST') return { image: null, multipart: false }
  if (!req.isMultipart()) {
    const raw = req.body
    if (typeof raw !== 'string' || raw === '') return { body: undefined, image: null, multipart: false }
    try {
      return { body: JSON.parse(raw) as unknown, image: null, multipart: false }
    } catch {
      throw new ApiFailure(ApiCode.Undecryptable)
    }
  }
  let extra: string | undefined
  let bytes: Buffer | null = null
  try {
    for await (const part of req.parts({ limits: { fileSize: maxUploadBytes, files: 1 } })) {
      if (part.type === 'file') bytes = await part.toBuffer()
      else if (part.fieldname === UPLOAD_EXTRA_FIELD && typeof part.value === 'string') extra = part.value
    }
  } catch (err) {
    const code = (err as { code?: string }).code ?? ''
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new ApiFailure(ApiCode.BadUpload, { msgKey: 'errors.upload.tooLarge' })
    if (code.startsWith('FST_')) throw new ApiFailure(ApiCode.BadUpload)
    throw err
  }
  if (bytes === null) return { ...(extra !== undefined ? { extra } : {}), image: null, multipart: true }
  const image = inspectImage(bytes)
  if (!image) throw new ApiFailure(ApiCode.BadUpload, { msgKey: 'errors.upload.notImage' })
  return { ...(extra !== undefined ? { extra } : {}), image, multipart: true }
}

function header(req: FastifyRequest, name: string): string {
  const value = req.headers[name]
  return typeof value === 'string' ? value.slice(0, 100) : ''
}

export function apiDispatcher(ctx: ServerContext, registry: HandlerRegistry) {
  return async function dispatch(req: FastifyRequest, reply: FastifyReply) {
    const lang = languageOf(req.headers.lang)
    const log: CallLog = { path: null, code: ApiCode.Ok }
    callLogs.set(req, log)
    // What messages interpolate ({{domains}}, {{max}}, {{min}}, {{unit}}): the country's until the call's context is known.
    let messageValues = validationMessageValues({ country: ctx.config.defaultCountry })
    try {
      await ctx.clock.sync()
      const base = req.url.startsWith('/cou/') ? '/cou' : '/api'
      const segment = (req.params as Record<string, string | undefined>)['*'] ?? ''
      const method: HttpMethod = req.method === 'POST' ? 'POST' : 'GET'
      const incoming = await readIncoming(req, ctx.config.maxUploadBytes)
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
      const def = (API as Record<string, CallDef>)[decoded.path]
      const registered = registry.get(decoded.path)
      if (!def || !registered || def.method !== method || def.base !== base) fail(ApiCode.UnknownCall)
      if (def.body === 'form' && !incoming.image) fail(ApiCode.BadUpload, 'errors.upload.missing')
      if (def.body === 'json' && incoming.multipart) fail(ApiCode.Undecryptable)

      // A call that needs a token is refused without a valid one; any other call uses a valid token if sent.
      let session: Session | null = null
      const token = bearerToken(req.headers.authorization)
      if (def.auth || token) {
        const found = await resolveSession(ctx.db, token, ctx.clock.now())
        if (typeof found !== 'number') session = found
        else if (def.auth) fail(found)
      }
      const payload = decoded.payload
      const requestContext: RequestContext = {
        country: session?.country ?? ctx.config.defaultCountry,
        today: ctx.clock.now(),
        loginMobile: session?.mobile ?? '',
        ...(await registered.options.requestContext?.({ session, payload }, ctx)),
      }
      messageValues = validationMessageValues(requestContext)
      const input = validate(requestSchemaFor(def, requestContext), payload)
      const call: CallRequest = {
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
      const data = await registered.handler(call, ctx)
      return reply.send(envelope(ApiCode.Ok, ctx.t(lang, codeMessageKey(ApiCode.Ok)), data ?? null))
    } catch (err) {
      return sendFailure(ctx, req, reply, lang, log, err, messageValues)
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
  messageValues: Record<string, unknown> = {},
) {
  if (err instanceof ApiFailure) {
    log.code = err.code
    const fields = err.fields
      ? Object.fromEntries(
          Object.entries(err.fields).map(([field, key]) => [field, ctx.t(lang, key, messageValues)]),
        )
      : undefined
    const msgKey =
      err.msgKey ?? (fields ? Object.values(err.fields!)[0] : undefined) ?? codeMessageKey(err.code)
    return reply.send(envelope(err.code, ctx.t(lang, msgKey, messageValues), fields ? { fields } : err.data))
  }
  log.code = ApiCode.ServerError
  req.log.error({ path: log.path, ...safeError(err) }, 'call failed')
  return reply
    .code(500)
    .send(envelope(ApiCode.ServerError, ctx.t(lang, codeMessageKey(ApiCode.ServerError)), null))
}

/** Mounts the dispatcher on /api/* and /cou/* with its own body parsing, errors and access log. */
export async function mountApi(app: FastifyInstance, ctx: ServerContext, registry: HandlerRegistry) {
  await app.register(async (api) => {
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
    api.setErrorHandler((err, req, reply) => {
      const lang = languageOf(req.headers.lang)
      const log = callLogs.get(req) ?? { path: null, code: ApiCode.Undecryptable }
      callLogs.set(req, log)
      const status = (err as { statusCode?: number }).statusCode ?? 500
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
      api.route({ method: ['GET', 'POST'], url: `${base}/*`, handler: dispatch })
      api.route({ method: ['GET', 'POST'], url: base, handler: dispatch })
    }
    // Every answer is dated by the one clock, which demo and test mode may have moved: the app counts the
    // server's deadlines (the 24-hour approval, the payment window, the retry date) from this header
    // (services/actors/server-clock.ts), so it must name the server's moment, not the system's.
    api.addHook('onSend', async (_req, reply, payload) => {
      reply.header('date', ctx.clock.now().toUTCString())
      return payload
    })
    api.addHook('onResponse', async (req, reply) => {
      const log = callLogs.get(req)
      req.log.info(
        {
          call: log?.path ?? null,
          code: log?.code ?? null,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'call',
      )
    })
  })
}
