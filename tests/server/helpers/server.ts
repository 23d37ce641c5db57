/**
 * A real server for tests, on a fresh database, and a client that sends real encrypted requests (the wire
 * module's client-side encoder) either through Fastify's inject or through real HTTP on 127.0.0.1.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { API, type ApiPath } from '../../../domain/api'
import type { ApiEnvelope } from '../../../domain/api-codes'
import { encodeRequest, encodeUploadExtra, UPLOAD_EXTRA_FIELD } from '../../../protocol/protocol'
import { buildServer, type KopaServer, type ServerOverrides } from '../../../server/app'
import { DEFAULT_CONFIG, type ServerConfig } from '../../../server/config'
import type { DatabaseTarget } from './databases'

export type Transport = 'inject' | 'http'
export const TRANSPORTS: readonly Transport[] = ['inject', 'http']

export interface RawResponse {
  status: number
  headers: Record<string, string>
  body: string
}

export interface CallOptions {
  token?: string
  lang?: string
  /** Milliseconds since the epoch for `t` (default: the server clock's now). */
  t?: number
  /** The client's address (sent as X-Forwarded-For); a fresh one per call when absent. */
  ip?: string
  headers?: Record<string, string>
}

export interface TestServer {
  readonly server: KopaServer
  readonly transport: Transport
  /** Lines the server logged (JSON). */
  readonly logs: string[]
  /** The same server through the other transport (real HTTP is started on first use). */
  as(transport: Transport): Promise<TestServer>
  /** One call of the API table, encoded by the wire module. */
  call<T = unknown>(
    path: ApiPath,
    payload?: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<ApiEnvelope<T>>
  /** An upload call: the encrypted `extra` plus one file part. */
  upload<T = unknown>(
    path: ApiPath,
    file: { bytes: Buffer; name: string; type: string } | null,
    payload?: Record<string, unknown>,
    opts?: CallOptions,
  ): Promise<ApiEnvelope<T>>
  /** Any raw request, for garbage the encoder would never produce (no client address unless in headers). */
  raw(req: {
    method: 'GET' | 'POST' | 'HEAD'
    url: string
    headers?: Record<string, string>
    body?: string | Buffer
  }): Promise<RawResponse>
  /** Stops the server and removes its database and uploads (call once, from any of its clients). */
  close(): Promise<void>
}

/** A test configuration on a fresh database; `open()` opens that database (PGlite from the template). */
export function testConfig(target: DatabaseTarget, overrides: Partial<ServerConfig> = {}) {
  const db = target.fresh()
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'kopa-uploads-'))
  const config: ServerConfig = {
    ...DEFAULT_CONFIG,
    mode: 'test',
    port: 0,
    dataDir: db.dataDir,
    databaseUrl: db.url,
    databaseSchema: db.schema ?? '',
    uploadDir,
    jobPollMs: 0,
    logLevel: 'info',
    ...overrides,
  }
  return {
    config,
    // The database the configuration names: a test may point a second server at the first one's schema.
    open: () =>
      target.open({
        ...db,
        url: config.databaseUrl,
        ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
        ...(config.countQueries ? { countQueries: true } : {}),
      }),
    async cleanup() {
      rmSync(uploadDir, { recursive: true, force: true })
      await target.drop(db)
    },
  }
}

export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; bytes: Buffer; name: string; type: string } | null,
) {
  const boundary = `----kopa${Math.random().toString(16).slice(2)}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

export async function startTestServer(
  target: DatabaseTarget,
  transport: Transport = 'inject',
  opts: { config?: Partial<ServerConfig>; overrides?: ServerOverrides } = {},
): Promise<TestServer> {
  // Tests stand behind a "proxy": every call names a client address, so limits per address are testable and
  // stories never share one.
  const { config, open, cleanup } = testConfig(target, { trustProxy: true, ...opts.config })
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  const server = await buildServer(config, { logStream, database: await open(), ...opts.overrides })
  let listening: Promise<string> | null = null
  const close = async () => {
    await server.close()
    await cleanup()
  }
  const client = async (t: Transport): Promise<TestServer> => {
    if (t === 'http') listening ??= server.listen()
    const baseUrl = t === 'http' ? await listening! : ''
    return clientFor(server, config, logs, t, baseUrl, client, close)
  }
  return client(transport)
}

let addresses = 0
/** A fresh client address (TEST-NET-2, RFC 5737) for each call unless one is given. */
const nextAddress = () => `198.51.100.${(addresses = (addresses % 250) + 1)}`

function clientFor(
  server: KopaServer,
  config: ServerConfig,
  logs: string[],
  transport: Transport,
  baseUrl: string,
  as: (t: Transport) => Promise<TestServer>,
  close: () => Promise<void>,
): TestServer {
  async function raw(req: {
    method: 'GET' | 'POST' | 'HEAD'
    url: string
    headers?: Record<string, string>
    body?: string | Buffer
  }): Promise<RawResponse> {
    if (transport === 'inject') {
      const res = await server.app.inject({
        method: req.method,
        url: req.url,
        headers: req.headers ?? {},
        ...(req.body !== undefined ? { payload: req.body } : {}),
      })
      return {
        status: res.statusCode,
        headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
        body: res.body,
      }
    }
    const res = await fetch(baseUrl + req.url, {
      method: req.method,
      headers: req.headers ?? {},
      ...(req.body !== undefined
        ? { body: typeof req.body === 'string' ? req.body : new Uint8Array(req.body) }
        : {}),
    })
    return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: await res.text() }
  }

  const headersFor = (opts: CallOptions, extra: Record<string, string> = {}) => ({
    lang: opts.lang ?? 'en',
    platform: 'android',
    appname: 'Kopa',
    packagename: config.packageName,
    'x-forwarded-for': opts.ip ?? nextAddress(),
    ...(opts.token !== undefined ? { authorization: `Bearer ${opts.token}` } : {}),
    ...extra,
    ...opts.headers,
  })

  const parse = <T>(res: RawResponse): ApiEnvelope<T> & { status: number } => {
    const body = JSON.parse(res.body) as ApiEnvelope<T>
    return Object.assign(body, { status: res.status })
  }

  return {
    server,
    transport,
    logs,
    as,
    async call(apiPath, payload = {}, callOpts = {}) {
      const def = API[apiPath]
      const encoded = encodeRequest({
        packageName: config.packageName,
        method: def.method,
        path: apiPath,
        base: def.base,
        payload,
        now: callOpts.t ?? server.ctx.clock.nowMs(),
      })
      if (def.method === 'GET') {
        const query = new URLSearchParams(encoded.params).toString()
        return parse(
          await raw({ method: 'GET', url: `${encoded.url}?${query}`, headers: headersFor(callOpts) }),
        )
      }
      return parse(
        await raw({
          method: 'POST',
          url: encoded.url,
          headers: headersFor(callOpts, { 'content-type': 'application/json' }),
          body: JSON.stringify(encoded.data),
        }),
      )
    },
    async upload(apiPath, file, payload = {}, callOpts = {}) {
      const def = API[apiPath]
      const { url, extra } = encodeUploadExtra({
        packageName: config.packageName,
        path: apiPath,
        base: def.base,
        payload,
        now: callOpts.t ?? server.ctx.clock.nowMs(),
      })
      const { body, contentType } = multipartBody(
        { [UPLOAD_EXTRA_FIELD]: extra },
        file ? { field: 'file', ...file } : null,
      )
      return parse(
        await raw({
          method: 'POST',
          url,
          headers: headersFor(callOpts, { 'content-type': contentType }),
          body,
        }),
      )
    },
    raw,
    close,
  }
}
