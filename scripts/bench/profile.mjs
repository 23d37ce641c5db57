// A CPU profile of the reference server under the API benchmark's load (issue 17): `node --cpu-prof` on the server
// while autocannon runs the hot calls (scripts/bench/api.mjs, no runs at 70%, no scale-out), then the heaviest
// functions by self time and by file, printed. The .cpuprofile files stay in the output directory (open them in
// Chrome's DevTools).
//
//   node scripts/bench/profile.mjs [--target postgres|embedded] [--seconds S] [--calls WORD,…] [--last S]
//                                   [--connections N] [--out DIR] [--analyze]
//
// --calls profiles only the calls whose name contains one of the words (`--calls write`: the save alone); --last S
// reads only the profile's last S seconds (with one call: its autocannon run, not the start-up and the borrowers).
// PostgreSQL comes from DATABASE_URL. A tool for finding the hot path's cost, not part of `npm run bench`.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { apiBench } from './api.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const args = process.argv.slice(2)
const arg = (name, fallback) => {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const target = arg('--target', process.env.DATABASE_URL ? 'postgres' : 'embedded')
const seconds = Number(arg('--seconds', '5'))
const calls = arg('--calls', '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean)
const last = Number(arg('--last', '0'))
const connections = Number(arg('--connections', '50'))
const out = path.resolve(arg('--out', path.join(root, 'bench-results', 'profile')))

const held = []
const tmp = await mkdtemp(path.join(os.tmpdir(), 'kopa-profile-'))
// --analyze: only read the profiles already in the output directory.
if (!args.includes('--analyze'))
  try {
    await apiBench({
      root,
      seconds,
      connections,
      at70: false,
      floor: false,
      mixed: false,
      scaleOut: false,
      targets: [target],
      calls,
      nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${out}`],
      hold: (label, stop) => {
        const entry = { label, stop, done: false }
        held.push(entry)
        return async () => {
          if (entry.done) return
          entry.done = true
          await stop()
        }
      },
      tmpDir: async () => tmp,
    })
  } finally {
    for (const entry of held.reverse()) if (!entry.done) await entry.stop().catch(() => undefined)
    await rm(tmp, { recursive: true, force: true })
  }

// The server's main thread: of the profiles written (tsx's loader thread writes one too), the one with the most
// busy samples.
const files = (await readdir(out)).filter((f) => f.endsWith('.cpuprofile'))
let best = null
for (const f of files) {
  const p = JSON.parse(await readFile(path.join(out, f), 'utf8'))
  const idle = new Set(p.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id))
  const busy = p.samples.filter((s) => !idle.has(s)).length
  if (!best || busy > best.busy) best = { file: f, busy, profile: p }
}
if (!best) throw new Error(`no profile in ${out}`)
const { profile, file: newest } = best
const self = new Map()
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const dt = profile.timeDeltas
// The instant of each sample (µs from the profile's start), to keep only the last `--last` seconds.
const at = []
for (let i = 0, t = profile.startTime; i < profile.samples.length; i++) at.push((t += dt[i] ?? 0))
const from = last > 0 ? profile.endTime - last * 1e6 : -Infinity
let total = 0
for (let i = 0; i < profile.samples.length; i++) {
  if (at[i] < from) continue
  const node = byId.get(profile.samples[i])
  const ms = (dt[i] ?? 0) / 1000
  total += ms
  const f = node.callFrame
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^file:\/\//, '').replace(root + '/', '')}:${f.lineNumber + 1}`
  self.set(key, (self.get(key) ?? 0) + ms)
}
const byFile = new Map()
for (const [key, ms] of self) {
  const file = key.split(' ').slice(1).join(' ').replace(/:\d+$/, '')
  const group = file.includes('node_modules/')
    ? file.replace(/.*node_modules\/((?:@[^/]+\/)?[^/]+).*/, '$1')
    : file || '(native)'
  byFile.set(group, (byFile.get(group) ?? 0) + ms)
}
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, ms]) => `${((100 * ms) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n')
console.log(`\n${path.join(out, newest)}: ${(total / 1000).toFixed(1)} s sampled`)
console.log(`\nby self time:\n${top(self, 40)}`)
console.log(`\nby package or file:\n${top(byFile, 30)}`)
