/**
 * Delivery over a slow, costly connection: the build's brotli and gzip siblings are what the reference server
 * sends to a phone that accepts them (and the plain file to one that does not), and answers made per request are
 * compressed above a threshold, never below it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  COMPRESS_THRESHOLD_BYTES,
  mountCompression,
  preferredEncoding,
} from '../../server/compression'
import { API } from '../../domain/api'
import { encodeRequest } from '../../protocol/protocol'
import { precompressDir } from '../../scripts/vite/precompress'
import { DATABASE_TARGETS } from './helpers/databases'
import { startTestServer, type TestServer } from './helpers/server'

const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ row: i, text: 'kopa' })))}\n`

describe('The build’s compressed siblings', () => {
  let dist: string
  let s: TestServer
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kopa-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Kopa</title>${'<p>frame</p>'.repeat(80)}`,
    )
    writeFileSync(path.join(dist, 'assets', 'app-3f2a1b9c.js'), script)
    writeFileSync(path.join(dist, 'assets', 'tiny-3f2a1b9c.js'), 'export {}\n')
    precompressDir(dist)
    s = await startTestServer(DATABASE_TARGETS[0]!, 'inject', { config: { distDir: dist } })
  })
  afterAll(async () => {
    await s.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('are written for text files worth compressing, each smaller than its file', () => {
    const plain = readFileSync(path.join(dist, 'assets', 'app-3f2a1b9c.js'))
    const br = readFileSync(path.join(dist, 'assets', 'app-3f2a1b9c.js.br'))
    const gz = readFileSync(path.join(dist, 'assets', 'app-3f2a1b9c.js.gz'))
    expect(br.length).toBeLessThan(plain.length / 5)
    expect(brotliDecompressSync(br).equals(plain)).toBe(true)
    expect(gunzipSync(gz).equals(plain)).toBe(true)
    expect(() => readFileSync(path.join(dist, 'assets', 'tiny-3f2a1b9c.js.br'))).toThrow()
  })

  it('are sent as brotli, else gzip, else plain, with the same caching and Vary', async () => {
    const url = '/assets/app-3f2a1b9c.js'
    const br = await s.raw({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const gz = await s.raw({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await s.raw({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('include index.html, still revalidated on every open, with an etag that makes that a 304', async () => {
    const index = await s.raw({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } })
    expect(index.headers['content-encoding']).toBe('br')
    expect(index.headers['cache-control']).toBe('no-cache')
    const etag = index.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await s.raw({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
  })

  it('send a hashed file without validators or range support, which a name that changes with it makes useless', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await s.raw({
        method: 'GET',
        url: '/assets/app-3f2a1b9c.js',
        headers: { 'accept-encoding': encoding },
      })
      expect(res.status).toBe(200)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      for (const header of ['etag', 'last-modified', 'accept-ranges'])
        expect(res.headers[header]).toBeUndefined()
    }
    const missing = await s.raw({ method: 'GET', url: '/assets/none-00000000.js' })
    expect(missing.status).toBe(404)
  })
})

describe('Answers made per request', () => {
  const app = Fastify()
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, question: 'How do I repay?' })) }
  beforeAll(async () => {
    await mountCompression(app)
    app.get('/big', async () => big)
    app.get('/small', async () => ({ code: 0 }))
    await app.ready()
  })
  afterAll(() => app.close())

  it('are compressed over the threshold for a phone that accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'br' } })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 4)
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString('utf8'))).toEqual(big)
    const gz = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
  })

  it('are sent as they are below the threshold, or to a phone that does not accept compression', async () => {
    expect(JSON.stringify({ code: 0 }).length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br' } })
    expect(small.headers['content-encoding']).toBeUndefined()
    const plain = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(big)
  })
})

describe('Which encoding a phone accepts', () => {
  it('is brotli when it names brotli, gzip when it names gzip alone, and none when it names neither', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('x-gzip')).toBe('gzip')
    expect(preferredEncoding('deflate, identity')).toBeNull()
    expect(preferredEncoding('')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
  })

  it('follows the quality values, brotli on a tie, and never what it refuses with q=0', () => {
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(preferredEncoding('BR;Q=0.8, GZIP;q=0.8')).toBe('br')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeNull()
    expect(preferredEncoding('gzip;q=nonsense, br;q=0')).toBeNull()
  })

  it('takes * for the ones it does not name', () => {
    expect(preferredEncoding('*')).toBe('br')
    expect(preferredEncoding('br;q=0, *')).toBe('gzip')
    expect(preferredEncoding('gzip;q=0.2, *;q=0.5')).toBe('br')
    expect(preferredEncoding('*;q=0')).toBeNull()
  })
})

describe('The API’s answers', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer(DATABASE_TARGETS[0]!, 'inject')
  })
  afterAll(() => s.close())

  /** The FAQ (several kilobytes) or a call refused as unknown (a few dozen bytes), as a phone's headers ask. */
  const get = (acceptEncoding: string, refused = false) => {
    const encoded = encodeRequest({
      packageName: s.server.ctx.config.packageName,
      method: 'GET',
      path: refused ? '/app/no-such-call' : '/app/faq',
      base: API['/app/faq'].base,
      payload: {},
      now: s.server.ctx.clock.nowMs(),
    })
    return s.server.app.inject({
      method: 'GET',
      url: `${encoded.url}?${new URLSearchParams(encoded.params).toString()}`,
      headers: { lang: 'en', 'accept-encoding': acceptEncoding },
    })
  }

  it('are compressed over the threshold as the phone prefers, the same envelope once opened, dated', async () => {
    const plain = await get('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES)
    expect(plain.json()).toMatchObject({ code: 0 })
    const br = await get('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json())
    expect(Math.abs(Date.parse(br.headers.date as string) - s.server.ctx.clock.nowMs())).toBeLessThan(2000)
    const gz = await get('gzip, deflate')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json())
  })

  it('are sent as they are under the threshold, whatever the phone accepts', async () => {
    const refused = await get('gzip, deflate, br', true)
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(refused.json()).toMatchObject({ code: expect.any(Number) as number })
    expect(refused.json().code).not.toBe(0)
  })
})
