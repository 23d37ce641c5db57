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
import { COMPRESS_THRESHOLD_BYTES, mountCompression } from '../../server/compression'
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
