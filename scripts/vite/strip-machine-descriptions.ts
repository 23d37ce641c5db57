/**
 * The machines without their `description` texts in the app's build. A state's or a transition's `description`
 * (XState's config) says, in prose, what the state is for: it is read by people, by the visualiser and the inspector,
 * by the tests and docs that run the sources — never by the app, which draws from tags, meta and the snapshot. The
 * start-up machines carried about 10 KB of it (3 KB brotli on a cold open). The build removes the property where the
 * object it sits in is a state or a transition (it has one of XState's config keys beside it) and its value is
 * plain text (a string, a template without expressions, or strings joined by `+`); anything else is left as it
 * is. Only the app's build: tests, the server and the dev server see the machines as they are written.
 */
import { parseAst, type Plugin } from 'vite'
import MagicString from 'magic-string'

export const MACHINE_FILE = /[\\/]machines[\\/](?:[^\\/]+[\\/])*[^\\/]+\.ts$/
/** Keys only an XState state node or transition has (not `type` nor `id`, which data objects have too). */
const CONFIG_KEYS = new Set([
  'on',
  'states',
  'invoke',
  'initial',
  'entry',
  'exit',
  'always',
  'after',
  'tags',
  'meta',
  'target',
  'guard',
  'actions',
  'onDone',
  'onError',
  'output',
  'src',
  'reenter',
  'history',
])

interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function keyName(property: Node): string | null {
  if (property.type !== 'Property' || property.computed) return null
  const key = property.key as Node
  if (key.type === 'Identifier') return key.name as string
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value
  return null
}

function isPlainText(value: Node): boolean {
  if (value.type === 'Literal') return typeof value.value === 'string'
  if (value.type === 'TemplateLiteral') return (value.expressions as unknown[]).length === 0
  if (value.type === 'BinaryExpression' && value.operator === '+')
    return isPlainText(value.left as Node) && isPlainText(value.right as Node)
  if (value.type === 'ParenthesizedExpression') return isPlainText(value.expression as Node)
  return false
}

/** The spans to remove from `code`: each description property with the comma that separates it. */
export function descriptionSpans(code: string, filename = 'machine.ts'): [number, number][] {
  const spans: [number, number][] = []
  const visit = (node: Node) => {
    if (node.type === 'ObjectExpression') {
      const properties = node.properties as Node[]
      const names = properties.map(keyName)
      const isConfig = names.some((name) => name !== null && CONFIG_KEYS.has(name))
      properties.forEach((property, i) => {
        if (!isConfig || names[i] !== 'description' || !isPlainText(property.value as Node)) return
        const next = properties[i + 1]
        const previous = properties[i - 1]
        if (next) spans.push([property.start, next.start])
        else if (previous) spans.push([previous.end, property.end])
        else spans.push([property.start, property.end])
      })
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach((item) => isNode(item) && visit(item))
      else if (isNode(value)) visit(value)
    }
  }
  visit(parseAst(code, { lang: 'ts' }, filename) as unknown as Node)
  return spans
}

export function stripMachineDescriptions(): Plugin {
  return {
    name: 'kopa:strip-machine-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!MACHINE_FILE.test(id) || !code.includes('description')) return null
      const spans = descriptionSpans(code, id)
      if (spans.length === 0) return null
      const out = new MagicString(code)
      for (const [start, end] of spans) out.remove(start, end)
      return { code: out.toString(), map: out.generateMap({ hires: true }) }
    },
  }
}
