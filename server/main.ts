/**
 * `npm run server`: the reference back end. Reads the environment (docs/operations.md), migrates the database,
 * listens, prints the URL, and shuts down cleanly on SIGINT/SIGTERM.
 */
import { buildServer } from './app'
import { loadConfig } from './config'

const config = loadConfig()
const server = await buildServer(config)
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
