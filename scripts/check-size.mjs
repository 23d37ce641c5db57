#!/usr/bin/env node
// Size budgets (issue 2, item 8), measured on the production build in dist/:
// the initial JS (the entry script and every chunk index.html preloads) ≤ 135 KiB gzip,
// each lazily loaded chunk ≤ 20 KiB gzip, all CSS ≤ 15 KiB gzip.
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'

const dist = path.resolve(import.meta.dirname, '..', 'dist')
const KiB = 1024
const budget = { initial: 135 * KiB, chunk: 20 * KiB, css: 15 * KiB }

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/index.html is missing: run `npx vite build` first.')
  process.exit(1)
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const initialFiles = new Set(
  [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]),
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
console.log(`initial JS ${(initial / KiB).toFixed(1)} KiB gzip (budget 135), CSS ${(css / KiB).toFixed(1)} KiB gzip (budget 15)`)
if (initial > budget.initial) problems.push(`initial JS is ${(initial / KiB).toFixed(1)} KiB gzip (budget 135)`)
if (css > budget.css) problems.push(`CSS is ${(css / KiB).toFixed(1)} KiB gzip (budget 15)`)
if (initialFiles.size === 0) problems.push('no initial script found in dist/index.html')
for (const p of problems) console.error(`over budget: ${p}`)
process.exit(problems.length ? 1 : 0)
