/**
 * `npm run server`: the reference back end. Reads the environment (docs/operations.md), migrates the database,
 * listens, prints the URL, and shuts down cleanly on SIGINT/SIGTERM. A production start-up with a simulated
 * provider prints the one-line refusal and exits with status 1; so does a demo server asked to listen beyond this
 * machine without KOPA_DEMO_PUBLIC=1, and one allowed to prints what it leaves open.
 *
 * Every failure here is also one structured JSON line on stderr (`failure: "startup"` or `"process"`, the error's
 * class, SQLSTATE and stack frames — never its message, which may quote a value; server/log.ts `safeError`).
 */
import { buildServer, type KopaServer } from './app'
import { loadConfig, type ServerConfig } from './config'
import { ExposureRefusal, exposureWarning } from './exposure'
import { safeError } from './log'
import { ProductionRefusal } from './production-readiness'

/** One structured line, like the server's own logger writes (pino's level numbers: 50 error, 60 fatal). */
function logLine(level: 50 | 60, fields: Record<string, unknown>, msg: string): void {
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg })}\n`)
}

/** The operator's message for a refusal we wrote ourselves (configuration, production, exposure); else null. */
function operatorMessage(err: unknown): string | null {
  if (err instanceof ProductionRefusal || err instanceof ExposureRefusal) return err.message
  return null
}

/** A system error's code (EADDRINUSE, ECONNREFUSED): safe to print, and what an operator needs first. */
function systemCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code) ? code : undefined
}

function startupFailed(err: unknown, stage: string): never {
  const code = systemCode(err)
  const name = err instanceof Error ? err.name : typeof err
  console.error(operatorMessage(err) ?? `Kopa could not start (${stage}): ${name}${code ? ` ${code}` : ''}`)
  logLine(
    60,
    { failure: 'startup', stage, ...(code ? { errCode: code } : {}), ...safeError(err) },
    'start-up failed',
  )
  process.exit(1)
}

let config: ServerConfig
try {
  config = loadConfig()
} catch (err) {
  // The configuration's own messages name the variable and the value given: no personal data.
  console.error(err instanceof Error ? err.message : String(err))
  startupFailed(err, 'config')
}

let server: KopaServer | null = null
for (const event of ['unhandledRejection', 'uncaughtException'] as const) {
  process.on(event, (err: unknown) => {
    server?.ctx.ops.count('process')
    logLine(60, { failure: 'process', event, ...safeError(err) }, 'process failed')
    process.exit(1)
  })
}

server = await buildServer(config).catch((err: unknown) => startupFailed(err, 'build'))
const url = await server.listen().catch(async (err: unknown) => {
  await server?.close().catch(() => undefined)
  return startupFailed(err, 'listen')
})
console.log(`Kopa ${config.mode} server on ${url}`)
if (config.mode !== 'production') console.log(`Development SMS: ${url}/dev/sms   Clock: ${url}/dev/clock`)
const warning = exposureWarning(config)
if (warning) console.warn(warning)

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    ;(server as KopaServer).close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
