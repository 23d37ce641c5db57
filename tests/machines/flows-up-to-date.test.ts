import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { FLOWS_DIR, MACHINES_DIR, findMachines, generateFlows, mermaidOf } from '../../scripts/flows'

describe('docs/flows', () => {
  // Laying out every statechart (ELK) takes seconds on a busy two-core runner: once for the file.
  let expected: Map<string, string>
  beforeAll(async () => {
    expected = await generateFlows()
  }, 120_000)

  it('is what `npm run flows` writes for the machines as they are now', async () => {
    const present = await readdir(FLOWS_DIR).catch(() => [] as string[])
    const missing = [...expected.keys()].filter((name) => !present.includes(name))
    const stale = present.filter((name) => !expected.has(name))
    const changed: string[] = []
    for (const name of present.filter((n) => expected.has(n))) {
      if ((await readFile(path.join(FLOWS_DIR, name), 'utf8')) !== expected.get(name)) changed.push(name)
    }
    expect({ missing, stale, changed }, 'docs/flows/ is out of date: run `npm run flows`').toEqual({
      missing: [],
      stale: [],
      changed: [],
    })
  })

  it('documents every machine file of machines/', async () => {
    const files = (await readdir(MACHINES_DIR)).filter((f) => f.endsWith('.machine.ts'))
    const machines = await findMachines()
    expect(machines.map((m) => m.file).sort()).toEqual(files.map((f) => `machines/${f}`).sort())
    const readme = expected.get('README.md')!
    for (const m of machines) expect(readme).toContain(`[${m.name}](${m.name}.md)`)
  })

  it('draws each transition between states of one composite state, as Mermaid requires', async () => {
    for (const { name, machine } of await findMachines()) {
      const scopeOf = new Map<string, number>()
      const edges: { from: string; to: string; scope: number }[] = []
      const scopes: number[] = [0]
      let next = 1
      for (const raw of mermaidOf(machine).split('\n').slice(1)) {
        const line = raw.trim()
        const declared = /^state "[^"]*" as (\S+)( \{)?$/.exec(line)
        if (declared) {
          scopeOf.set(declared[1]!, scopes.at(-1)!)
          if (declared[2]) scopes.push(next++)
        } else if (line === '}') scopes.pop()
        else if (line === '--') continue
        else {
          const edge = /^(\S+) --> ([^\s:]+)/.exec(line)
          if (edge) edges.push({ from: edge[1]!, to: edge[2]!, scope: scopes.at(-1)! })
        }
      }
      for (const { from, to, scope } of edges) {
        for (const end of [from, to]) {
          if (end === '[*]') continue
          expect(scopeOf.get(end), `${name}: ${from} --> ${to}`).toBe(scope)
        }
      }
    }
  })
})
