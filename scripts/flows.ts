/**
 * `npm run flows`: documents every machine of machines/*.machine.ts in docs/flows/ for product owners and
 * lenders' engineers:
 *   <name>.json  the machine as a plain config that createMachine accepts and (with implementations) starts;
 *   <name>.stately.ts  the same as `createMachine({...})` code, for Stately's "Import from code";
 *   <name>.md    the machine as a Mermaid stateDiagram-v2, with each state's description, tags and children;
 *   <name>.svg   the machine as a statechart laid out by ELK (scripts/flows-svg.ts);
 *   index.html   every statechart on one page that opens from a file (no script, no network);
 *   README.md    the list of machines.
 * Generated files only: tests/machines/flows-up-to-date.test.ts regenerates them in memory and fails when
 * docs/flows/ differs. Machines are found by globbing, so a new machine file is documented without edits here.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { allNodes, children, eventLabel, guardLabel } from './flows-labels.ts'
import { svgOf } from './flows-svg.ts'

const root = path.resolve(import.meta.dirname, '..')
export const MACHINES_DIR = path.join(root, 'machines')
export const FLOWS_DIR = path.join(root, 'docs', 'flows')
const SUFFIX = '.machine.ts'

export interface FoundMachine {
  /** The file's name without `.machine.ts`, e.g. 'journey'. */
  name: string
  /** Path from the repository root, e.g. 'machines/journey.machine.ts'. */
  file: string
  exportName: string
  machine: AnyStateMachine
}

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    typeof (value as AnyStateMachine).toJSON === 'function' &&
    typeof (value as AnyStateMachine).provide === 'function'
  )
}

/** Every machine file, in name order, with the one machine it exports. */
export async function findMachines(): Promise<FoundMachine[]> {
  const files = (await readdir(MACHINES_DIR)).filter((f) => f.endsWith(SUFFIX)).sort()
  const found: FoundMachine[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(MACHINES_DIR, file)).href)) as Record<string, unknown>
    const machines = Object.entries(module).filter(([, value]) => isMachine(value))
    if (machines.length !== 1)
      throw new Error(`machines/${file} must export exactly one machine (found ${machines.length})`)
    const [exportName, machine] = machines[0]!
    found.push({ name: file.slice(0, -SUFFIX.length), file: `machines/${file}`, exportName, machine: machine as AnyStateMachine })
  }
  return found
}

// ------------------------------------------------------------------------------------------------ the diagram


/** A Mermaid id for a state node (ids may hold dots, dashes and custom names). */
const mid = (node: AnyStateNode) => `s_${node.id.replace(/[^A-Za-z0-9_]/g, '_')}`

/** Mermaid takes the first ':' of a transition as the label's start; keep labels to safe characters. */
const clean = (text: string) => text.replace(/[:;#{}]/g, ' ').replace(/\s+/g, ' ').trim()


const ancestry = (node: AnyStateNode): AnyStateNode[] => {
  const chain: AnyStateNode[] = []
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) chain.unshift(n)
  return chain
}

interface Edge {
  scope: AnyStateNode
  line: string
}

const ANY = '__any'

/**
 * Mermaid cannot draw a transition between states inside two different composite states, so each transition is
 * drawn between the children of the states' closest common ancestor, and its label names the real ends when
 * they differ. A transition of the machine itself comes from "any state".
 */
function edgeOf(machine: AnyStateMachine, source: AnyStateNode, target: AnyStateNode, label: string): Edge | null {
  const rootNode = machine.root
  if (target === rootNode) return null
  const a = ancestry(source)
  const b = ancestry(target)
  let common = 0
  while (common + 1 < a.length && common + 1 < b.length && a[common + 1] === b[common + 1]) common += 1
  const lca = a[common]!
  if (source === rootNode) {
    return { scope: rootNode, line: `${ANY} --> ${mid(b[1]!)}: ${clean(b[1] === target ? label : `${label} (${target.key})`)}` }
  }
  // A transition into the state itself, an ancestor, or one of its own descendants: a loop on the outer state.
  if (lca === source || lca === target) {
    const outer = lca === source ? source : target
    const detail = source === target ? label : `${label} (${source.key} → ${target.key})`
    return { scope: outer.parent ?? rootNode, line: `${mid(outer)} --> ${mid(outer)}: ${clean(detail)}` }
  }
  const from = a[common + 1]!
  const to = b[common + 1]!
  const detail = from === source && to === target ? label : `${label} (${source.key} → ${target.key})`
  return { scope: lca, line: `${mid(from)} --> ${mid(to)}: ${clean(detail)}` }
}

function edgesOf(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = []
  for (const node of allNodes(machine.root)) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
    for (const t of transitions) {
      // Routable states are listed in the document, not drawn: every route would be an arrow from anywhere.
      if (t.eventType === 'xstate.route') continue
      const guard = guardLabel(t.guard)
      const label = `${eventLabel(node, t.eventType)}${guard ? ` [${guard}]` : ''}`
      for (const target of t.target ?? []) {
        const edge = edgeOf(machine, node, target as AnyStateNode, label)
        if (edge && !edges.some((e) => e.scope === edge.scope && e.line === edge.line)) edges.push(edge)
      }
    }
  }
  return edges
}

function renderScope(node: AnyStateNode, edges: Edge[], indent: string, out: string[]): void {
  const kids = children(node)
  if (node.type === 'compound' && node.initial.target.length > 0) {
    out.push(`${indent}[*] --> ${mid(node.initial.target[0] as AnyStateNode)}`)
  }
  kids.forEach((child, index) => {
    if (node.type === 'parallel' && index > 0) out.push(`${indent}--`)
    if (children(child).length > 0) {
      out.push(`${indent}state "${clean(child.key)}" as ${mid(child)} {`)
      renderScope(child, edges, `${indent}  `, out)
      out.push(`${indent}}`)
    } else {
      out.push(`${indent}state "${clean(child.key)}" as ${mid(child)}`)
    }
    if (child.type === 'final') out.push(`${indent}${mid(child)} --> [*]`)
  })
  for (const edge of edges) if (edge.scope === node) out.push(`${indent}${edge.line}`)
}

export function mermaidOf(machine: AnyStateMachine): string {
  const edges = edgesOf(machine)
  const out = ['stateDiagram-v2']
  if (edges.some((e) => e.line.startsWith(`${ANY} `))) out.push(`  state "any state" as ${ANY}`)
  renderScope(machine.root, edges, '  ', out)
  return out.join('\n')
}

// ------------------------------------------------------------------------------------------------ the config

/** A plain value of a machine config: JSON, so it can be written to a file and read back by `createMachine`. */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** JSON-safe params: a function (params computed from the event) is said in words, not dropped silently. */
function paramsOf(params: unknown): Json | undefined {
  if (params === undefined) return undefined
  if (typeof params === 'function') return '(from the event)'
  try {
    return JSON.parse(JSON.stringify(params)) as Json
  } catch {
    return '(not serialisable)'
  }
}

/** An action or guard by its name (with its params), as the visualizer and `.provide()` know it. */
function namedOf(item: unknown, kind: 'action' | 'guard'): Json {
  if (typeof item === 'string') return item
  if (typeof item === 'function') {
    // A built-in (assign, raise, sendTo, enqueueActions…) or an inline function: its kind, as a name.
    const type = (item as { type?: unknown }).type
    return typeof type === 'string' ? `${type}` : `inline ${kind}`
  }
  if (item && typeof item === 'object' && 'type' in item && typeof item.type === 'string') {
    const params = paramsOf((item as { params?: unknown }).params)
    return params === undefined ? item.type : { type: item.type, params }
  }
  return `inline ${kind}`
}

const targetRef = (node: AnyStateNode) => `#${node.id}`

interface TransitionLike {
  target?: readonly AnyStateNode[] | undefined
  guard?: unknown
  actions?: readonly unknown[]
  reenter?: boolean
  description?: string
}

function transitionOf(t: TransitionLike): JsonObject {
  const out: JsonObject = {}
  if (t.target && t.target.length > 0) out.target = t.target.map(targetRef)
  if (t.guard) out.guard = namedOf(t.guard, 'guard')
  if (t.actions && t.actions.length > 0) out.actions = t.actions.map((a) => namedOf(a, 'action'))
  if (t.reenter) out.reenter = true
  if (t.description) out.description = t.description
  return out
}

/** The source name of an invoked actor (what `.provide({ actors })` names), else its id. */
const srcName = (invoke: { src: unknown; id: string }) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)

/**
 * A state node as a plain config: every target an absolute `#id`, every action, guard, actor and delay by its
 * name; children's results back on their invoke (onDone, onError, onSnapshot), delays back in `after`, routes as
 * `route` (the transitions xstate derives from it are not repeated).
 */
function nodeConfigOf(node: AnyStateNode, isRoot: boolean): JsonObject {
  const config: JsonObject = {}
  if (isRoot || node.config.id) config.id = node.id
  if (node.type !== 'atomic' && node.type !== 'compound') config.type = node.type
  if (node.type === 'history' && node.history) config.history = node.history
  if (node.description) config.description = node.description
  if (node.tags.length > 0) config.tags = [...node.tags]
  const meta = paramsOf(node.meta)
  if (meta !== undefined && meta !== null && Object.keys(meta as object).length > 0) config.meta = meta
  if (node.config.route) {
    const guard = (node.config.route as { guard?: unknown }).guard
    config.route = guard ? { guard: namedOf(guard, 'guard') } : {}
  }
  if (node.entry.length > 0) config.entry = node.entry.map((a: unknown) => namedOf(a, 'action'))
  if (node.exit.length > 0) config.exit = node.exit.map((a: unknown) => namedOf(a, 'action'))
  if (node.type === 'compound' && node.initial.target.length > 0) config.initial = (node.initial.target[0] as AnyStateNode).key

  const invokes = node.invoke.map((invoke) => {
    const out: JsonObject = { id: invoke.id, src: srcName(invoke) }
    const input = paramsOf(invoke.input)
    if (input !== undefined) out.input = input
    return out
  })
  const on: Record<string, Json[]> = {}
  const after: Record<string, Json[]> = {}
  const delays = new Map(node.after.map((d) => [d.eventType, d.delay]))
  for (const [eventType, transitions] of node.transitions) {
    const list = transitions.map((t) => transitionOf(t as TransitionLike))
    const invokeResult = /^xstate\.(done\.actor|error\.actor|snapshot)\.(.+)$/.exec(eventType)
    const invoke = invokeResult ? invokes.find((i) => i.id === invokeResult[2]) : undefined
    if (invoke) {
      const key = { 'done.actor': 'onDone', 'error.actor': 'onError', snapshot: 'onSnapshot' }[invokeResult![1]!]!
      invoke[key] = list
    } else if (delays.has(eventType)) {
      after[String(delays.get(eventType))] = list
    } else if (eventType === `xstate.done.state.${node.id}`) {
      config.onDone = list
    } else if (eventType === 'xstate.route' && isRoot && !(node.config.on as Record<string, unknown> | undefined)?.['xstate.route']) {
      continue // xstate derives these at the root from the states' `route` (above)
    } else {
      on[eventType] = list
    }
  }
  if (invokes.length > 0) config.invoke = invokes
  if (Object.keys(on).length > 0) config.on = on
  if (Object.keys(after).length > 0) config.after = after
  if (node.always && node.always.length > 0) config.always = node.always.map((t) => transitionOf(t as TransitionLike))
  const kids = children(node)
  if (kids.length > 0) config.states = Object.fromEntries(kids.map((kid) => [kid.key, nodeConfigOf(kid, false)]))
  return config
}

/**
 * The machine as a config that `createMachine` accepts and starts (given implementations for its named guards,
 * actors and delays: `.provide()`; tests/machines/flows-config.test.ts uses stand-ins), and that Stately reads.
 */
export function configOf(machine: AnyStateMachine): JsonObject {
  return nodeConfigOf(machine.root, true)
}

/** The names a config uses for guards, actors and delays (what `.provide()` must implement for it to run). */
export function namesIn(config: Json): { guards: Set<string>; actors: Set<string>; delays: Set<string> } {
  const names = { guards: new Set<string>(), actors: new Set<string>(), delays: new Set<string>() }
  const nameOf = (v: Json | undefined) => (typeof v === 'string' ? v : v && typeof v === 'object' && !Array.isArray(v) ? (v.type as string) : null)
  const visit = (value: Json, key?: string) => {
    if (Array.isArray(value)) return value.forEach((v) => visit(v, key))
    if (!value || typeof value !== 'object') return
    if (typeof value.guard !== 'undefined') {
      const n = nameOf(value.guard)
      if (n) names.guards.add(n)
    }
    if (key === 'invoke' && typeof value.src === 'string') names.actors.add(value.src)
    if (value.after && typeof value.after === 'object' && !Array.isArray(value.after))
      for (const delay of Object.keys(value.after)) if (!/^\d+$/.test(delay)) names.delays.add(delay)
    for (const [k, v] of Object.entries(value)) visit(v, k)
  }
  visit(config)
  return names
}

/** The source a product owner pastes into Stately ("Import from code") or opens in the Stately editor. */
function statelySourceOf({ name, file, machine }: FoundMachine): string {
  return [
    `// ${name}: ${machine.root.description ?? ''}`,
    `// Generated from ${file} by \`npm run flows\`; import it into Stately ("Import from code"). Do not edit.`,
    "import { createMachine } from 'xstate'",
    '',
    `export const ${name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Machine = createMachine(${JSON.stringify(configOf(machine), null, 2)})`,
    '',
  ].join('\n')
}

// ------------------------------------------------------------------------------------------------ the documents

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function statePath(node: AnyStateNode): string {
  return node.path.join('.')
}

function markdownOf({ name, file, exportName, machine }: FoundMachine): string {
  const nodes = allNodes(machine.root).slice(1)
  const rows = nodes.map((node) => {
    const custom = node.config.id ? ` (#${node.config.id})` : ''
    const invokes = node.invoke.map((i) => String(typeof i.src === 'string' ? i.src : i.id)).join(', ')
    return `| \`${statePath(node)}\`${custom} | ${cell(node.description ?? '')} | ${node.tags.join(', ')} | ${invokes} |`
  })
  const events = new Map<string, Set<string>>()
  for (const node of allNodes(machine.root)) {
    for (const eventType of node.transitions.keys()) {
      if (eventType.startsWith('xstate.')) continue
      const where = events.get(eventType) ?? new Set<string>()
      where.add(node === machine.root ? '(any state)' : `\`${statePath(node)}\``)
      events.set(eventType, where)
    }
  }
  const routes = nodes.filter((node) => node.config.route && node.config.id)
  return [
    `# ${name}`,
    '',
    cell(machine.root.description ?? ''),
    '',
    `Source: [${file}](../../${file}) (\`${exportName}\`, id \`${machine.id}\`). ` +
      `For Stately ("Import from code"): [${name}.stately.ts](${name}.stately.ts); as JSON: [${name}.json](${name}.json). ` +
      'Generated by `npm run flows`.',
    '',
    '```mermaid',
    mermaidOf(machine),
    '```',
    '',
    '## States',
    '',
    '| State | Description | Tags | Children |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    '## Events',
    '',
    ...(events.size === 0
      ? ['None from outside: the machine moves on its children’s results and its delays.']
      : [
          '| Event | Handled in |',
          '| --- | --- |',
          ...[...events.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([event, where]) => `| \`${event}\` | ${[...where].join(', ')} |`),
        ]),
    ...(routes.length > 0
      ? [
          '',
          '## Routes',
          '',
          `Each of these ${routes.length} states opens with \`{ type: 'xstate.route', to: '#<id>' }\` when its route guard allows it:`,
          routes.map((node) => `\`#${String(node.config.id)}\``).join(', ') + '.',
        ]
      : []),
    '',
  ].join('\n')
}

function readmeOf(machines: FoundMachine[]): string {
  return [
    '# Flows',
    '',
    'Every state machine of the app, generated from `machines/*.machine.ts` by `npm run flows`; do not edit these',
    'files by hand (tests/machines/flows-up-to-date.test.ts fails when they are out of date). For each machine:',
    '',
    '- `<name>.md`: the machine as a Mermaid state diagram (GitHub draws it), with its states, tags and events;',
    '- `<name>.stately.ts`: the machine as `createMachine({...})` code. In the Stately editor choose **Import from',
    '  code** and paste it (or open the file with the Stately VS Code extension): states, descriptions, tags, routes,',
    '  and every action, guard, actor and delay by its name;',
    '- `<name>.json`: the same config as JSON. `createMachine(config)` accepts it; with implementations for the names',
    '  it uses (`.provide({ guards, actors, delays })`) it starts. tests/machines/flows-config.test.ts starts every one',
    '  and checks that its states, tags and transitions are the live machine’s.',
    '',
    '| Machine | States | Description | Code for Stately | Config |',
    '| --- | --- | --- | --- | --- |',
    ...machines.map(
      (m) =>
        `| [${m.name}](${m.name}.md) | ${allNodes(m.machine.root).length - 1} | ${cell(m.machine.root.description ?? '')} | [${m.name}.stately.ts](${m.name}.stately.ts) | [${m.name}.json](${m.name}.json) |`,
    ),
    '',
  ].join('\n')
}

const html = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * docs/flows/index.html: every machine's statechart on one page that opens from a file (no script, server or
 * network), with a contents list, each machine's description, and links to its table, its Stately code and config.
 */
function viewerOf(machines: FoundMachine[]): string {
  const anchor = (m: FoundMachine) => `m-${m.name}`
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Kopa flows</title>',
    '<style>',
    'body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#0f172a;background:#f1f5f9}',
    'header,main{max-width:none;padding:16px 24px}header{background:#0b7a55;color:#fff}header a{color:#fff}',
    'nav ul{columns:3 220px;padding-left:20px}section{background:#fff;border-radius:12px;padding:16px;margin:0 0 24px}',
    'figure{margin:0}img{display:block;max-width:100%;height:auto}figcaption{font-size:13px;color:#475569}',
    'a{color:#075e41}',
    '</style>',
    '</head>',
    '<body>',
    '<header>',
    '<h1>Kopa flows</h1>',
    '<p>Every state machine of the app as a statechart, generated from <code>machines/*.machine.ts</code> by',
    '<code>npm run flows</code>. Boxes are states (a compound state holds its children; dashed: parallel regions),',
    'the dot marks where a state starts, arrows carry the event and, in brackets, the guard. Hover a state for its',
    'description. To explore a machine in Stately, open its code and choose “Import from code”.</p>',
    '</header>',
    '<main>',
    '<nav aria-label="Machines"><h2>Machines</h2><ul>',
    ...machines.map((m) => `<li><a href="#${anchor(m)}">${html(m.name)}</a></li>`),
    '</ul></nav>',
    ...machines.map((m) =>
      [
        `<section id="${anchor(m)}" aria-labelledby="${anchor(m)}-h">`,
        `<h2 id="${anchor(m)}-h">${html(m.name)}</h2>`,
        `<p>${html(m.machine.root.description ?? '')}</p>`,
        `<p><a href="${m.name}.md">States and events</a> · <a href="${m.name}.stately.ts">Code for Stately</a> · ` +
          `<a href="${m.name}.json">Config (JSON)</a> · source <code>${html(m.file)}</code></p>`,
        `<figure><a href="${m.name}.svg"><img src="${m.name}.svg" alt="${html(`Statechart of the ${m.name} machine`)}" loading="lazy"></a>` +
          '<figcaption>Open the picture for its full size.</figcaption></figure>',
        '</section>',
      ].join('\n'),
    ),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

/** Every file of docs/flows/, by name, as `npm run flows` writes it. */
export async function generateFlows(): Promise<Map<string, string>> {
  const machines = await findMachines()
  const files = new Map<string, string>()
  for (const found of machines) {
    files.set(`${found.name}.json`, `${JSON.stringify(configOf(found.machine), null, 2)}\n`)
    files.set(`${found.name}.stately.ts`, statelySourceOf(found))
    files.set(`${found.name}.md`, markdownOf(found))
  }
  for (const found of machines) files.set(`${found.name}.svg`, await svgOf(found.machine))
  files.set('README.md', readmeOf(machines))
  files.set('index.html', viewerOf(machines))
  return files
}

/** Writes docs/flows/ and removes what no machine produces any more. */
export async function writeFlows(): Promise<string[]> {
  const files = await generateFlows()
  await mkdir(FLOWS_DIR, { recursive: true })
  for (const existing of await readdir(FLOWS_DIR)) {
    if (!files.has(existing)) await rm(path.join(FLOWS_DIR, existing))
  }
  for (const [name, content] of files) await writeFile(path.join(FLOWS_DIR, name), content)
  return [...files.keys()]
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = await writeFlows()
  console.log(`docs/flows: ${written.length} files for ${(written.length - 2) / 4} machines`)
}
