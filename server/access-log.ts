/**
 * The access line of every /api call, cheaper (issue 17: pino's per-request child logger and the line through it
 * were about 3% of a hot read's CPU, ~9 µs of a ~350 µs call).
 *
 * - `lazyChildLogger` is Fastify's `childLoggerFactory`: `req.log` makes pino's child (bound to `reqId`) only when
 *   something logs through it — an error, a refusal, a plain route's failure — which a hot read never does.
 * - `logCall` writes the dispatcher's one line per call. Through a lazy `req.log` of an info-level root pino with
 *   the options `buildServer` gives it, the line is put together here and written to pino's destination: the very
 *   bytes pino would write through the child (`{"level":30,"time":…,"pid":…,"hostname":…,"reqId":…,"call":…,
 *   "code":…,"status":…,"ms":…,"msg":"call"}`; tests/server/access-log.test.ts compares them). Any other logger gets
 *   `log.info(fields, 'call')` as before.
 * The line's fields are the same as before: no URL, no personal data.
 */
import type { FastifyBaseLogger } from 'fastify'
import { pino, type Bindings, type ChildLoggerOptions, type LogFn } from 'pino'

const { streamSym, chindingsSym, needsMetadataGsym, mixinSym, nestedKeySym, formattersSym, stringifiersSym } =
  pino.symbols

interface Stream {
  write(line: string): unknown
}
/** The root pino's internals read here, by pino's exported symbols. */
type PinoInternals = Record<symbol, unknown> & { isLevelEnabled?: (level: string) => boolean }

const NODE_25 = Number(process.versions.node.split('.')[0]) >= 25

/** pino's string stringifier (lib/tools.js `_asString`, below Node 25), so a string field has pino's bytes. */
function asString(str: string): string {
  if (str.length > 100 || NODE_25) return JSON.stringify(str)
  let result = ''
  let last = 0
  let found = false
  let point = 255
  const l = str.length
  for (let i = 0; i < l && point >= 32; i++) {
    point = str.charCodeAt(i)
    if (point === 34 || point === 92) {
      result += str.slice(last, i) + '\\'
      last = i
      found = true
    }
  }
  result = found ? result + str.slice(last) : str
  return point < 32 ? JSON.stringify(str) : '"' + result + '"'
}

/** `req.log`: pino's child made at the first line logged through it. */
class LazyRequestLog implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined
  constructor(
    readonly parent: FastifyBaseLogger,
    readonly bindings: Bindings,
    readonly options: ChildLoggerOptions,
  ) {}
  get real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options))
  }
  get level() {
    return this.real.level
  }
  set level(level) {
    this.real.level = level
  }
  fatal: LogFn = (...args: unknown[]) => (this.real.fatal as (...a: unknown[]) => void)(...args)
  error: LogFn = (...args: unknown[]) => (this.real.error as (...a: unknown[]) => void)(...args)
  warn: LogFn = (...args: unknown[]) => (this.real.warn as (...a: unknown[]) => void)(...args)
  info: LogFn = (...args: unknown[]) => (this.real.info as (...a: unknown[]) => void)(...args)
  debug: LogFn = (...args: unknown[]) => (this.real.debug as (...a: unknown[]) => void)(...args)
  trace: LogFn = (...args: unknown[]) => (this.real.trace as (...a: unknown[]) => void)(...args)
  silent: LogFn = (...args: unknown[]) => (this.real.silent as (...a: unknown[]) => void)(...args)
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options)
  }
}

/** Fastify's `childLoggerFactory` (server/app.ts). */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyRequestLog(logger, bindings, options)
}

export interface CallLine {
  call: string | null
  code: number | null
  status: number
  ms: number
}

/** The root pino a line can be written for by hand, or undefined (then pino writes it). */
function plainRoot(log: FastifyBaseLogger): PinoInternals | undefined {
  if (!(log instanceof LazyRequestLog) || Object.keys(log.options).length) return undefined
  const keys = Object.keys(log.bindings)
  if (keys.length !== 1 || keys[0] !== 'reqId' || typeof log.bindings.reqId !== 'string') return undefined
  const root = log.parent as unknown as PinoInternals
  let plain = plainRoots.get(root)
  if (plain === undefined) {
    plain = isPlain(root)
    plainRoots.set(root, plain)
  }
  // The level may be changed at any time; what isPlain reads is set when the logger is made.
  return plain && root.isLevelEnabled?.('info') ? root : undefined
}

/** Whether a root pino writes lines as logCall writes them: what it answers is set when the logger is made. */
const plainRoots = new WeakMap<object, boolean>()

function isPlain(root: PinoInternals): boolean {
  const stream = root[streamSym] as (Stream & Record<symbol, unknown>) | undefined
  if (!stream || stream[needsMetadataGsym] === true || typeof root[chindingsSym] !== 'string') return false
  const formatters = root[formattersSym] as { log?: unknown } | undefined
  if (root[mixinSym] || root[nestedKeySym] || formatters?.log) return false
  const stringifiers = root[stringifiersSym] as object | undefined
  return !(stringifiers && Reflect.ownKeys(stringifiers).length)
}

const numberOrNull = (n: number | null) => (n === null || !Number.isFinite(n) ? 'null' : String(n))

/** One line per /api call: its decrypted path, its code, the HTTP status and the milliseconds it took. */
export function logCall(log: FastifyBaseLogger, fields: CallLine): void {
  const root = plainRoot(log)
  if (!root || !(log instanceof LazyRequestLog)) {
    log.info(fields, 'call')
    return
  }
  ;(root[streamSym] as Stream).write(
    '{"level":30,"time":' +
      Date.now() +
      (root[chindingsSym] as string) +
      ',"reqId":' +
      asString(log.bindings.reqId as string) +
      ',"call":' +
      (fields.call === null ? 'null' : asString(fields.call)) +
      ',"code":' +
      numberOrNull(fields.code) +
      ',"status":' +
      numberOrNull(fields.status) +
      ',"ms":' +
      numberOrNull(fields.ms) +
      ',"msg":"call"}\n',
  )
}
