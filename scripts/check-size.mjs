#!/usr/bin/env node
// Size budgets (issue 2, item 8), measured on the production build in dist/:
// the initial JS (the entry script and every chunk index.html preloads — since issue 12 that is every script the
// first screen needs, fetched in parallel rather than after the shell: the shell, the app, home's screen, the
// machines an open at home, login or register starts with, and the wire protocol) ≤ 174 KiB gzip (193.5 KiB on
// 2026-11-25, after the application's, borrowing's and repaying's machines moved to their routes and axios lost
// its fetch adapter; 190.1 KiB on 2026-11-28, after the client stopped importing the API table's schemas and the
// later machines' actors moved to their routes; 172.5 KiB later that day, after the start-up set became two chunks,
// the machines lost their description prose, crypto-js its password-based key derivation, and the journey's form
// schemas and the administrative areas moved to their forms: docs/performance.md);
// each lazily loaded chunk ≤ 20 KiB gzip, all CSS ≤ 15 KiB gzip.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'

const dist = path.resolve(import.meta.dirname, '..', 'dist')
const KiB = 1024
const budget = { initial: 174 * KiB, chunk: 20 * KiB, css: 15 * KiB }

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npx vite build` first.')
  process.exit(1)
}
/**
 * index.html without the frame's entry-screen preloads (`"routes":{…}`, scripts/vite/app-shell.ts): login's
 * scripts are fetched only when the page opens at login, instead of home's, so they are not part of every open.
 */
function withoutEntryRoutes(page) {
  const start = page.indexOf('"routes":{')
  if (start < 0) return page
  let depth = 0
  for (let i = start + '"routes":'.length; i < page.length; i++) {
    if (page[i] === '{') depth++
    else if (page[i] === '}' && --depth === 0) return page.slice(0, start) + page.slice(i + 1)
  }
  return page
}
const html = withoutEntryRoutes(readFileSync(path.join(dist, 'index.html'), 'utf8'))
// index.html names its start-up scripts in the frame's inline script (scripts/vite/app-shell.ts) or in tags; the
// translations it preloads (locale-*) are counted with the lazy chunks.
const initialFiles = new Set(
  [...html.matchAll(/"\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]).filter((f) => !f.startsWith('assets/locale-')),
)
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const assets = readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`)

let initial = 0
let css = 0
const problems = []
const rows = []
for (const file of assets) {
  if (file.endsWith('.js')) {
    const size = gz(file)
    if (initialFiles.has(file)) initial += size
    else if (size > budget.chunk) problems.push(`lazy chunk ${file} is ${(size / KiB).toFixed(1)} KiB gzip (budget 20)`)
    rows.push([file, size, initialFiles.has(file) ? 'initial' : 'lazy'])
  } else if (file.endsWith('.css')) {
    const size = gz(file)
    css += size
    rows.push([file, size, 'css'])
  }
}
rows.sort((a, b) => b[1] - a[1])
for (const [file, size, kind] of rows) console.log(`${kind.padEnd(8)} ${(size / KiB).toFixed(1).padStart(6)} KiB  ${file}`)
console.log(`initial JS ${(initial / KiB).toFixed(1)} KiB gzip (budget ${budget.initial / KiB}), CSS ${(css / KiB).toFixed(1)} KiB gzip (budget 15)`)
if (initial > budget.initial) problems.push(`initial JS is ${(initial / KiB).toFixed(1)} KiB gzip (budget ${budget.initial / KiB})`)
if (css > budget.css) problems.push(`CSS is ${(css / KiB).toFixed(1)} KiB gzip (budget 15)`)
if (initialFiles.size === 0) problems.push('no initial script found in dist/index.html')
for (const p of problems) console.error(`over budget: ${p}`)
process.exit(problems.length ? 1 : 0)
