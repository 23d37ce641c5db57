/**
 * The staff console's page (issue 20): the reference server serves the build's console.html at /console — with the
 * app's headers, and as a page only staff open, never framed by another site — and its scripts from /assets like
 * the borrower's; /console/ leads to /console (where the page's relative script paths resolve), and the file is
 * not served under its own name.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../scripts/vite/precompress'
import { CONSOLE_PAGE_HEADERS } from '../../server/static'
import { DATABASE_TARGETS } from './helpers/databases'
import { startTestServer, type TestServer } from './helpers/server'

const consolePage = `<!doctype html><title>Kopa console</title><script type="module" src="./assets/console-a1b2c3d4.js"></script>${'<p>console</p>'.repeat(60)}`

describe('The console page', () => {
  let dist: string
  let s: TestServer
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'kopa-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Kopa</title>${'<p>frame</p>'.repeat(80)}`,
    )
    writeFileSync(path.join(dist, 'console.html'), consolePage)
    writeFileSync(path.join(dist, 'assets', 'console-a1b2c3d4.js'), 'export const a = 1\n')
    precompressDir(dist)
    s = await startTestServer(DATABASE_TARGETS[0]!, 'inject', { config: { distDir: dist } })
  })
  afterAll(async () => {
    await s.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('is served at /console, revalidated on every open, with the app’s headers and no framing', async () => {
    const page = await s.raw({ method: 'GET', url: '/console', headers: { 'accept-encoding': 'identity' } })
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.body).toBe(consolePage)
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    for (const [name, value] of Object.entries(CONSOLE_PAGE_HEADERS))
      expect(page.headers[name], name).toBe(value)
    expect(page.headers['x-frame-options']).toBe('DENY')
  })

  it('is sent compressed to a browser that accepts it, headers and all', async () => {
    const page = await s.raw({ method: 'GET', url: '/console', headers: { 'accept-encoding': 'br, gzip' } })
    expect(page.status).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['x-frame-options']).toBe('DENY')
  })

  it('answers a HEAD like the page', async () => {
    const head = await s.raw({ method: 'HEAD', url: '/console' })
    expect(head.status).toBe(200)
    expect(head.headers['cache-control']).toBe('no-cache')
  })

  it('leads /console/ to /console, and does not serve console.html by its file name', async () => {
    const slash = await s.raw({ method: 'GET', url: '/console/' })
    expect(slash.status).toBe(301)
    expect(slash.headers.location).toBe('/console')
    const file = await s.raw({ method: 'GET', url: '/console.html' })
    expect(file.status).toBe(404)
  })

  it('loads its scripts from the build’s /assets, kept a year', async () => {
    const script = await s.raw({ method: 'GET', url: '/assets/console-a1b2c3d4.js' })
    expect(script.status).toBe(200)
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('leaves the borrower’s page as it was: no console headers on it', async () => {
    const index = await s.raw({ method: 'GET', url: '/' })
    expect(index.status).toBe(200)
    expect(index.headers['x-frame-options']).toBeUndefined()
  })

  it('does not hide the console API behind the page', async () => {
    const me = await s.raw({ method: 'GET', url: '/console/api/me' })
    expect(me.status).toBe(401)
  })
})
