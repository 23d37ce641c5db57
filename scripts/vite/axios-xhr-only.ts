/**
 * axios as the browser uses it: without its fetch adapter. axios chooses the first adapter the environment
 * supports from ['xhr', 'http', 'fetch'] (its defaults; services/api/client.ts keeps them), and every browser and
 * Android WebView the app runs in has XMLHttpRequest, so the fetch adapter (and the stream and multipart helpers
 * only it imports, about a quarter of axios) is never chosen — yet its module is in every build, on the start-up
 * path. The build swaps it for one that says "not supported by this environment", which is what axios itself
 * reports of fetch where there is none. Only the app's build: tests and the server run axios as it is.
 */
import { normalizePath, type Plugin } from 'vite'

const FETCH_ADAPTER = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/
const REPLACEMENT = '\0kopa:axios-fetch-adapter'

export function axiosXhrOnly(): Plugin {
  return {
    name: 'kopa:axios-xhr-only',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !normalizePath(importer).includes('/node_modules/axios/lib/adapters/')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved && FETCH_ADAPTER.test(resolved.id) ? REPLACEMENT : null
    },
    load(id) {
      if (id !== REPLACEMENT) return null
      // The module's interface as adapters.js reads it (`getFetch(config)`, false: not available here).
      return 'export const getFetch = () => false\nexport default false\n'
    },
  }
}
