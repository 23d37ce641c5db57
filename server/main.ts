/**
 * `npm run server`: the reference back end. Reads the environment (docs/operations.md), migrates the database,
 * listens, prints the URL, and shuts down cleanly on SIGINT/SIGTERM. A production start-up with a simulated
 * provider prints the one-line refusal and exits with status 1.
 */
import { buildServer } from './app'
import { loadConfig } from './config'
import { ProductionRefusal } from './production-readiness'

const config = loadConfig()
const server = await buildServer(config).catch((err: unknown) => {
  // Production refusing what is not real is an operator's message, not a crash: the one line, no stack trace.
  if (!(err instanceof ProductionRefusal)) throw err
  console.error(err.message)
  process.exit(1)
})
const url = await server.listen()
console.log(`Kopa ${config.mode} server on ${url}`)
if (config.mode !== 'production') console.log(`Development SMS: ${url}/dev/sms   Clock: ${url}/dev/clock`)

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
