/**
 * A machine drawn as a statechart in SVG, laid out by ELK (elkjs, the layered layout engine the Stately
 * visualizer uses) when `npm run flows` runs — so the pictures in docs/flows/ open from a file, with no script,
 * server or network. States are boxes (compound states hold their children, parallel regions dashed), each with
 * its name, its tags and its description as a tooltip; a dot marks each initial state; arrows carry the event
 * and the guard. Transitions of the machine itself start at "any state"; routes (every routable state opens from
 * anywhere) are listed in the machine's page, not drawn, as in the Mermaid diagram.
 *
 * Every state's group has `data-state="<state id>"`, so a page can highlight the states a running actor is in.
 */
import ELK, { type ElkExtendedEdge, type ElkLabel, type ElkNode } from 'elkjs/lib/elk.bundled.js'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { allNodes, children, eventLabel, guardLabel } from './flows-labels.ts'

const FONT = 12
const CHAR = 6.6 // average width of a 12 px sans-serif character
const LINE = 16


const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
const n1 = (value: number) => Math.round(value * 10) / 10
const width = (text: string) => Math.ceil(text.length * CHAR)
const elkId = (node: AnyStateNode) => `n:${node.id}`


interface Box {
  node: AnyStateNode | null
  x: number
  y: number
  width: number
  height: number
  kind: 'state' | 'initial' | 'any'
}

/** The statechart of a machine as an SVG document. */
export async function svgOf(machine: AnyStateMachine): Promise<string> {
  const root = machine.root
  const edges: ElkExtendedEdge[] = []
  const labels = new Map<string, string>()
  let anyUsed = false

  const label = (text: string): ElkLabel => ({ text, width: width(text) + 8, height: LINE })

  const build = (node: AnyStateNode): ElkNode => {
    const kids = children(node)
    const title = node.key
    const tags = node.tags.length ? `(${node.tags.join(', ')})` : ''
    const minWidth = Math.max(width(title), width(tags)) + 24
    if (kids.length === 0)
      return { id: elkId(node), width: minWidth, height: tags ? 2 * LINE + 12 : LINE + 16 }
    const inner: ElkNode[] = kids.map(build)
    if (node.type === 'compound' && node.initial.target.length > 0) {
      const dot = `i:${node.id}`
      inner.unshift({ id: dot, width: 10, height: 10 })
      edges.push({ id: `e:init:${node.id}`, sources: [dot], targets: [elkId(node.initial.target[0] as AnyStateNode)] })
    }
    return {
      id: elkId(node),
      children: inner,
      layoutOptions: {
        'elk.padding': `[top=${tags ? 2 * LINE + 12 : LINE + 14},left=12,bottom=12,right=12]`,
        'elk.nodeSize.minimum': `(${minWidth}, 40)`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.direction': node.type === 'parallel' ? 'RIGHT' : 'DOWN',
      },
    }
  }

  const top = children(root).map(build)
  if (root.type === 'compound' && root.initial.target.length > 0) {
    top.unshift({ id: 'i:root', width: 10, height: 10 })
    edges.push({ id: 'e:init:root', sources: ['i:root'], targets: [elkId(root.initial.target[0] as AnyStateNode)] })
  }

  let count = 0
  for (const node of allNodes(root)) {
    const transitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
    for (const t of transitions) {
      if (t.eventType === 'xstate.route') continue
      const guard = guardLabel(t.guard)
      const text = `${eventLabel(node, t.eventType)}${guard ? ` [${guard}]` : ''}`
      for (const target of (t.target ?? []) as AnyStateNode[]) {
        if (target === root || target === node) continue // a machine-wide reset, or a self-transition
        if (node === root) anyUsed = true
        const source = node === root ? 'any' : elkId(node)
        const key = `${source}>${elkId(target)}>${text}`
        if (labels.has(key)) continue
        const id = `e:${count++}`
        labels.set(key, id)
        edges.push({ id, sources: [source], targets: [elkId(target)], labels: [label(text)] })
      }
    }
  }
  if (anyUsed) top.unshift({ id: 'any', width: width('any state') + 24, height: LINE + 16 })

  const elk = new ELK()
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'POLYLINE',
      'elk.layered.spacing.nodeNodeBetweenLayers': '36',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
    children: top,
    edges,
  }
  const laid = await elk.layout(graph)

  // Absolute boxes, outer states first (so they are drawn under their children).
  const byId = new Map(allNodes(root).map((n) => [elkId(n), n]))
  const boxes: Box[] = []
  const place = (elkNode: ElkNode) => {
    const node = byId.get(elkNode.id) ?? null
    const kind = elkNode.id === 'any' ? 'any' : elkNode.id.startsWith('i:') ? 'initial' : 'state'
    boxes.push({ node, x: elkNode.x ?? 0, y: elkNode.y ?? 0, width: elkNode.width ?? 0, height: elkNode.height ?? 0, kind })
    for (const child of elkNode.children ?? []) place(child)
  }
  for (const child of laid.children ?? []) place(child)

  const out: string[] = []
  const w = n1((laid.width ?? 0) + 2)
  const h = n1((laid.height ?? 0) + 2)
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="t">`,
    `<title id="t">${escape(`${machine.id}: ${root.description ?? ''}`)}</title>`,
    '<defs><marker id="a" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">' +
      '<path d="M0 0L10 5L0 10z" fill="#475569"/></marker></defs>',
    `<style>text{font:${FONT}px system-ui,sans-serif;fill:#0f172a}.tag{fill:#0b7a55}.ev{fill:#334155;font-size:11px}` +
      '.s rect{fill:#fff;stroke:#64748b;stroke-width:1.2}.s.c>rect{fill:#f8fafc}.s.p>rect{stroke-dasharray:5 3}' +
      '.s.f>rect{stroke-width:3;stroke:#0f172a}.s.on>rect{fill:#dcfce7;stroke:#0b7a55;stroke-width:2.5}' +
      'path.e{fill:none;stroke:#475569;stroke-width:1.1}</style>',
  )
  for (const box of boxes) {
    if (box.kind === 'initial') {
      out.push(`<circle cx="${n1(box.x + 5)}" cy="${n1(box.y + 5)}" r="5" fill="#0f172a"/>`)
      continue
    }
    if (box.kind === 'any') {
      out.push(
        `<g class="s"><rect x="${n1(box.x)}" y="${n1(box.y)}" width="${n1(box.width)}" height="${n1(box.height)}" rx="14" stroke-dasharray="3 3"/>` +
          `<text x="${n1(box.x + 12)}" y="${n1(box.y + LINE + 4)}">any state</text></g>`,
      )
      continue
    }
    const node = box.node!
    const kinds = ['s', children(node).length ? 'c' : '', node.type === 'parallel' ? 'p' : '', node.type === 'final' ? 'f' : '']
    const tooltip = [node.id, node.description ?? ''].filter(Boolean).join(' — ')
    out.push(
      `<g class="${kinds.filter(Boolean).join(' ')}" data-state="${escape(node.id)}"><title>${escape(tooltip)}</title>` +
        `<rect x="${n1(box.x)}" y="${n1(box.y)}" width="${n1(box.width)}" height="${n1(box.height)}" rx="8"/>` +
        `<text x="${n1(box.x + 12)}" y="${n1(box.y + LINE + 4)}" font-weight="600">${escape(node.key)}</text>` +
        (node.tags.length
          ? `<text class="tag" x="${n1(box.x + 12)}" y="${n1(box.y + 2 * LINE + 4)}">(${escape(node.tags.join(', '))})</text>`
          : '') +
        '</g>',
    )
  }
  for (const edge of (laid.edges ?? []) as ElkExtendedEdge[]) {
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]
      out.push(`<path class="e" marker-end="url(#a)" d="M${points.map((p) => `${n1(p.x)} ${n1(p.y)}`).join('L')}"/>`)
    }
    for (const l of edge.labels ?? [])
      out.push(`<text class="ev" x="${n1((l.x ?? 0) + 4)}" y="${n1((l.y ?? 0) + 12)}">${escape(l.text ?? '')}</text>`)
  }
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
