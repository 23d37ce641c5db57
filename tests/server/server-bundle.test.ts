/**
 * The server as `npm start` and `npm run server` run it (issue 17): one module built by scripts/build-server.mjs and
 * run by plain node. It must find what the sources find beside them — the migrations (server/db/migrations) and the
 * translations (locales/) — and carry none of tsx's keepNames wrappers, which were a few per cent of a hot call.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import { codeMessageKey } from '../../server/envelope'
import { createTranslator } from '../../server/i18n'

const root = path.resolve(import.meta.dirname, '..', '..')
const outDir = path.join(root, 'build', `test-bundle-${process.pid}`)
let bundle = ''
let child: ChildProcess | null = null
let base = ''
let dataDir = ''

beforeAll(async () => {
  const { buildServer } = (await import(path.join(root, 'scripts', 'build-server.mjs'))) as {
    buildServer: (o: { quiet: boolean; outfile: string }) => Promise<string>
  }
  bundle = await buildServer({ quiet: true, outfile: path.join(outDir, 'main.mjs') })
  dataDir = mkdtempSync(path.join(tmpdir(), 'kopa-bundle-'))
  const keep = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('KOPA_') && k !== 'DATABASE_URL'),
  )
  const started = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: root,
    env: { ...keep, KOPA_MODE: 'demo', KOPA_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child = started
  base = await new Promise<string>((resolve, reject) => {
    let out = ''
    let err = ''
    started.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const url = /server on (http:\/\/\S+)/.exec(out)?.[1]
      if (url) resolve(url)
    })
    started.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
    started.on('exit', (code) => reject(new Error(`the built server exited (${code}): ${err.slice(0, 2000)}`)))
  })
}, 120_000)

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.on('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  rmSync(outDir, { recursive: true, force: true })
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe('The built server', () => {
  it('starts on a new embedded database, so it found and applied the migrations', async () => {
    const res = await fetch(`${base}/dev/clock`)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ now: expect.any(String), offsetMs: 0 })
  })

  it('answers a call it cannot open with the message in the caller’s language, read from locales/', async () => {
    const t = createTranslator().t
    for (const lang of ['en', 'sw', 'es'] as const) {
      const res = await fetch(`${base}/api/not-a-token`, { headers: { lang } })
      const body = (await res.json()) as { code: number; msg: string }
      expect(body.code).toBe(ApiCode.Undecryptable)
      expect(body.msg).toBe(t(lang, codeMessageKey(ApiCode.Undecryptable)))
    }
    expect(t('sw', codeMessageKey(ApiCode.Undecryptable))).not.toBe(t('en', codeMessageKey(ApiCode.Undecryptable)))
  })

  it('holds none of the keepNames wrappers tsx adds', () => {
    expect(readFileSync(bundle, 'utf8')).not.toMatch(/__name\(/)
  })
})
