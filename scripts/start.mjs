#!/usr/bin/env node
// `npm start`: build the app and the server, then run the reference server on the embedded database with demo data.
// The server prints the URL (http://127.0.0.1:8080 by default; PORT and HOST change it).
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildServer } from './build-server.mjs'

const root = path.resolve(import.meta.dirname, '..')
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
if (build.status !== 0) process.exit(build.status ?? 1)
// The server as one built module run by node (scripts/build-server.mjs), not compiled on the fly.
const bundle = await buildServer({ quiet: true })

const server = spawn(process.execPath, ['--enable-source-maps', bundle], {
  cwd: root,
  stdio: 'inherit',
  env: { KOPA_MODE: 'demo', ...process.env },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
