// Enforces who may import whom (DEVELOPERS.md, "Architecture"). Resolves each relative import against the
// importing file and compares the two layers. Package imports are not checked here.
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')

/**
 * The pure machines the server runs to decide every status change: an order's and a transfer's, each with its
 * folder of policy beside it (machines/order-lifecycle/).
 */
const PURE_MACHINES = ['order-lifecycle', 'transfer']

/**
 * The layer of a file path inside the repository, or null outside the layered folders: its top-level folder,
 * except the pure machines (a layer of their own, below the other machines).
 */
export function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/')
  const pure = (m) => rel === `machines/${m}.machine.ts` || rel === `machines/${m}.machine` || rel.startsWith(`machines/${m}/`)
  if (PURE_MACHINES.some(pure)) return 'lifecycle'
  const top = rel.split('/')[0]
  return top in allowed && rel.includes('/') ? top : null
}

// What each layer may import, from the ground up (README "Layout"). 'protocol' is the wire format shared by the
// app and the server; 'lifecycle' is the pure machines the server runs (DEVELOPERS.md): the order lifecycle and
// the transfer. 'src' is the composition on top.
const allowed = {
  domain: ['domain'],
  protocol: ['domain', 'protocol'],
  lifecycle: ['domain', 'lifecycle'],
  machines: ['domain', 'machines', 'lifecycle'],
  ui: ['ui', 'domain'],
  services: ['domain', 'protocol', 'services'],
  screens: ['screens', 'machines', 'lifecycle', 'domain', 'ui'],
  src: ['src', 'domain', 'protocol', 'ui', 'services', 'machines', 'lifecycle', 'screens', 'locales'],
  server: ['server', 'domain', 'lifecycle', 'protocol', 'locales'],
  locales: [],
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'keep the import direction of DEVELOPERS.md' },
    schema: [],
    messages: { denied: '{{from}} may not import {{to}} ({{source}}); allowed: {{allowed}}' },
  },
  create(context) {
    const from = layerOf(context.filename)
    if (!from) return {}
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const to = layerOf(path.resolve(path.dirname(context.filename), source))
      if (!to || allowed[from].includes(to)) return
      context.report({ node, messageId: 'denied', data: { from, to, source, allowed: allowed[from].join(', ') } })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}
