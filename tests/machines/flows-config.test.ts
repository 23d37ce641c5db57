/**
 * Issue 16: the flows product owners open are the machines. Every config `npm run flows` writes (docs/flows/<name>.json,
 * the same object as <name>.stately.ts) is loaded with xstate's own createMachine, started, and compared with the
 * live machine: the same states with the same ids, types, tags and initial states, and from each state the same
 * transitions (event, targets, guard). A picture cannot drift from the code.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromPromise, type AnyStateMachine, type AnyStateNode } from 'xstate'
import { FLOWS_DIR, configOf, findMachines, namesIn } from '../../scripts/flows'

const nameOf = (guard: unknown): string | null => {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const type = (guard as unknown as { type?: unknown }).type
    return typeof type === 'string' ? type : 'inline guard'
  }
  return String((guard as { type: string }).type)
}

/** What a diagram shows of a machine: every state and every transition out of it. */
function shapeOf(machine: AnyStateMachine) {
  const nodes: AnyStateNode[] = []
  const walk = (node: AnyStateNode) => {
    nodes.push(node)
    Object.values(node.states).forEach((child) => walk(child as AnyStateNode))
  }
  walk(machine.root)
  return nodes.map((node) => ({
    id: node.id,
    type: node.type,
    tags: [...node.tags].sort(),
    initial: node.type === 'compound' ? (node.initial.target[0] as AnyStateNode | undefined)?.id : undefined,
    invokes: node.invoke.map((i) => [i.id, typeof i.src === 'string' ? i.src : i.id]),
    transitions: [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
      .map((t) => `${t.eventType} -> ${(t.target ?? []).map((n) => (n as AnyStateNode).id).join(',')} [${nameOf(t.guard) ?? ''}]`)
      .sort(),
  }))
}

/** Stand-ins for what the config only names: guards that never pass, actors that never answer, long delays. */
function stubbed(config: object) {
  const names = namesIn(config as never)
  return createMachine(config as never).provide({
    guards: Object.fromEntries([...names.guards].map((n) => [n, () => false])),
    actors: Object.fromEntries([...names.actors].map((n) => [n, fromPromise(() => new Promise(() => {}))])),
    delays: Object.fromEntries([...names.delays].map((n) => [n, 3_600_000])),
  } as never)
}

describe('the flows in docs/flows', () => {
  it('load and start with xstate, every one, and have the live machine’s states, tags and transitions', async () => {
    const machines = await findMachines()
    expect(machines.length).toBeGreaterThanOrEqual(25)
    for (const { name, machine } of machines) {
      const written = JSON.parse(await readFile(path.join(FLOWS_DIR, `${name}.json`), 'utf8')) as object
      expect(written, `${name}.json is what the machine is now (npm run flows)`).toEqual(configOf(machine))
      const rebuilt = stubbed(written)
      expect(shapeOf(rebuilt), name).toEqual(shapeOf(machine))
      const actor = createActor(rebuilt, { input: {} as never })
      const errors: unknown[] = []
      actor.subscribe({ error: (e) => errors.push(e) })
      actor.start()
      expect(errors, `${name} starts`).toEqual([])
      expect(actor.getSnapshot().status, name).not.toBe('error')
      actor.stop()
    }
  })

  it('give Stately the same machine as code: createMachine({...}) in <name>.stately.ts', async () => {
    for (const { name, machine } of await findMachines()) {
      const source = await readFile(path.join(FLOWS_DIR, `${name}.stately.ts`), 'utf8')
      const body = /createMachine\(([\s\S]*)\)\s*$/.exec(source)?.[1]
      expect(body, name).toBeTruthy()
      expect(JSON.parse(body!), name).toEqual(configOf(machine))
    }
  })
})

describe('the statecharts in docs/flows', () => {
  it('draw every state of every machine, and the viewer page shows them all from a file', async () => {
    const machines = await findMachines()
    const viewer = await readFile(path.join(FLOWS_DIR, 'index.html'), 'utf8')
    for (const { name, machine } of machines) {
      const svg = await readFile(path.join(FLOWS_DIR, `${name}.svg`), 'utf8')
      const drawn = new Set([...svg.matchAll(/data-state="([^"]+)"/g)].map((m) => m[1]))
      const states: string[] = []
      const walk = (node: AnyStateNode) =>
        Object.values(node.states).forEach((child) => {
          states.push((child as AnyStateNode).id)
          walk(child as AnyStateNode)
        })
      walk(machine.root)
      expect(states.filter((id) => !drawn.has(id)), `${name}.svg`).toEqual([])
      expect(viewer).toContain(`<img src="${name}.svg"`)
    }
    // Nothing to fetch: no script, and every link stays in this folder.
    expect(viewer).not.toMatch(/<script|https?:\/\//)
  })
})
