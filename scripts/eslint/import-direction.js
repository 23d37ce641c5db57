// Enforces who may import whom (DEVELOPERS.md, "Architecture"). Resolves each relative import against the
// importing file and compares the two layers. Package imports are not checked here.
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')

/** The pure machines the server runs to decide every status change: an order's and a transfer's. */
const PURE_MACHINES = ['order-lifecycle.machine', 'transfer.machine']

/** The layer of a file path inside the repository, or null outside the layered folders. */
export function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep).join('/')
  if (rel.startsWith('src/domain/')) return 'domain'
  if (rel.startsWith('src/ui/')) return 'ui'
  if (rel.startsWith('src/')) return 'app'
  if (rel.startsWith('services/wire/')) return 'wire'
  if (rel.startsWith('services/')) return 'services'
  if (PURE_MACHINES.some((m) => rel === `machines/${m}.ts` || rel === `machines/${m}`)) return 'lifecycle'
  if (rel.startsWith('machines/')) return 'machines'
  if (rel.startsWith('screens/')) return 'screens'
  if (rel.startsWith('server/')) return 'server'
  if (rel.startsWith('locales/')) return 'locales'
  return null
}

// What each layer may import. 'wire' is the one services/ module the server shares (issue 2, item 6);
// 'lifecycle' is the pure machines the server runs (DEVELOPERS.md): the order lifecycle and the transfer.
const allowed = {
  domain: ['domain'],
  wire: ['domain', 'wire'],
  services: ['domain', 'services', 'wire'],
  lifecycle: ['domain'],
  machines: ['domain', 'machines', 'lifecycle'],
  screens: ['screens', 'machines', 'lifecycle', 'domain', 'ui'],
  ui: ['ui', 'domain'],
  app: ['app', 'domain', 'ui', 'services', 'wire', 'machines', 'lifecycle', 'screens', 'locales'],
  server: ['server', 'domain', 'lifecycle', 'wire', 'locales'],
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
