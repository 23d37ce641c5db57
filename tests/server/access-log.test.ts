/**
 * The access line written by hand (server/access-log.ts, issue 17) has the bytes pino writes through the request's
 * child logger, and the lazy child logs every other line as pino's child does.
 */
import { Writable } from 'node:stream'
import fc from 'fast-check'
import { pino } from 'pino'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lazyChildLogger, logCall } from '../../server/access-log'

function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  // The same options server/app.ts gives pino (a level and a stream).
  return { lines, logger: pino({ level: 'info' }, stream), stream }
}

afterEach(() => vi.restoreAllMocks())

const text = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }), // lone surrogates, control characters
  fc.constantFrom('/loan/loan-product/index', 'a"b\\c', 'é\u2028\u0000', '/x\ud800', 'x'.repeat(101)),
)
const num = fc.oneof(fc.integer(), fc.double(), fc.constant(null))

describe('logCall', () => {
  it('writes the bytes pino writes through the child for any call, code, status and time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 30 }),
        fc.option(text, { nil: null }),
        num,
        fc.integer({ min: 100, max: 599 }),
        fc.nat(),
        async (reqId, call, code, status, ms) => {
          vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_123)
          const a = capture()
          logCall(lazyChildLogger(a.logger, { reqId }, {}), { call, code, status, ms })
          const b = capture()
          b.logger.child({ reqId }, {}).info({ call, code, status, ms }, 'call')
          await new Promise((r) => setImmediate(r))
          expect(a.lines).toHaveLength(1)
          expect(a.lines).toEqual(b.lines)
          vi.restoreAllMocks()
        },
      ),
    )
  })

  it('writes nothing below the info level, and lets pino write it for any other logger', async () => {
    const quiet = pino({ level: 'warn' }, capture().stream)
    const q = capture()
    const quietLog = lazyChildLogger(pino({ level: 'warn' }, q.stream), { reqId: 'req-1' }, {})
    logCall(quietLog, { call: '/x', code: 0, status: 200, ms: 1 })
    const info = vi.fn()
    logCall({ ...quiet, info } as never, { call: '/x', code: 0, status: 200, ms: 1 })
    await new Promise((r) => setImmediate(r))
    expect(q.lines).toEqual([])
    expect(info).toHaveBeenCalledWith({ call: '/x', code: 0, status: 200, ms: 1 }, 'call')
  })

  it('follows the root logger’s level when it changes after the first line', async () => {
    const c = capture()
    const line = (reqId: string) =>
      logCall(lazyChildLogger(c.logger, { reqId }, {}), { call: '/x', code: 0, status: 200, ms: 1 })
    line('a')
    c.logger.level = 'warn'
    line('b')
    c.logger.level = 'info'
    line('c')
    await new Promise((r) => setImmediate(r))
    expect(c.lines.map((l) => (JSON.parse(l) as { reqId: string }).reqId)).toEqual(['a', 'c'])
  })
})

describe('lazyChildLogger', () => {
  it('makes pino’s child only when a line is logged through it, and logs what the child logs', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_456)
    const a = capture()
    const child = vi.spyOn(a.logger, 'child')
    const lazy = lazyChildLogger(a.logger, { reqId: 'req-7' }, {})
    logCall(lazy, { call: '/security/getUserInfo', code: 0, status: 200, ms: 2 })
    expect(child).not.toHaveBeenCalled()
    lazy.error({ failure: 'route', errName: 'Error' }, 'request failed')
    lazy.warn('plain')
    lazy.debug('not at info')
    expect(child).toHaveBeenCalledTimes(1)
    expect(lazy.level).toBe('info')
    const b = capture()
    const real = b.logger.child({ reqId: 'req-7' }, {})
    real.info({ call: '/security/getUserInfo', code: 0, status: 200, ms: 2 }, 'call')
    real.error({ failure: 'route', errName: 'Error' }, 'request failed')
    real.warn('plain')
    await new Promise((r) => setImmediate(r))
    expect(a.lines).toEqual(b.lines)
    expect(a.lines).toHaveLength(3)
  })
})
