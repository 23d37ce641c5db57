// Builds the reference server (server/main.ts and everything it imports of ours) into one ES module,
// build/server/main.mjs, with esbuild: the packages in node_modules stay imports (crypto-js excepted, below).
// `npm start`, `npm run server` and the API benchmark run it with plain node (issue 17): tsx compiles on the fly with
// esbuild's keepNames, which wraps every function made at run time in a `__name(fn, "name")` call
// (Object.defineProperty), a few per cent of each hot call's CPU; the bundle keeps no such wrapper. A source map beside it maps errors' stacks back to the sources
// (node --enable-source-maps).
//
//   node scripts/build-server.mjs            # writes build/server/main.mjs (+ .map), in about a second
//
// The two files of ours that find their data beside them (server/i18n.ts: locales/; server/db/migrate.ts:
// server/db/migrations/) use `import.meta.dirname`; in the bundle each is rewritten to the same directory found from
// the bundle's own place, so the checkout may move as long as build/ moves with it.
import path from 'node:path'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SERVER_BUNDLE = path.join(root, 'build', 'server', 'main.mjs')

/** `import.meta.dirname` of a source file, as seen from a bundle in `outDir`. */
const dirnameFromBundle = (outDir) => ({
  name: 'dirname-from-bundle',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.dirname')) return undefined
      const relative = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/')
      return {
        contents: source.replaceAll(
          'import.meta.dirname',
          `__kopaPath.join(import.meta.dirname, ${JSON.stringify(relative)})`,
        ),
        loader: 'ts',
      }
    })
  },
})

async function externalPackages() {
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'))
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => name !== 'crypto-js')
}

/**
 * esbuild's settings for a bundle Node runs from below build/ (the server; the API benchmark's protocol floor): one
 * ES module for this Node, without keepNames, with a source map.
 */
export async function nodeBundleOptions() {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    // Packages stay imports, but crypto-js: its modules are imported by file (`crypto-js/aes`, as the card asks of
    // the shared protocol code), which Node's ES module loader cannot resolve without an extension.
    external: await externalPackages(),
    sourcemap: 'linked',
    keepNames: false,
    logLevel: 'warning',
  }
}

/**
 * Builds the bundle; returns its path. `outfile` must lie inside the checkout (below build/), where Node finds
 * node_modules for the packages the bundle imports.
 */
export async function buildServer({ quiet = false, outfile = SERVER_BUNDLE } = {}) {
  const started = Date.now()
  await build({
    ...(await nodeBundleOptions()),
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile,
    banner: { js: "import __kopaPath from 'node:path';" },
    plugins: [dirnameFromBundle(path.dirname(outfile))],
  })
  if (!quiet) console.log(`server built: ${path.relative(root, outfile)} in ${Date.now() - started} ms`)
  return outfile
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer()
