/**
 * Brotli and gzip siblings of every text file the build writes (dist/x.js → x.js.br, x.js.gz), made once at
 * build time at the highest levels, so the reference server (server/static.ts, `preCompressed`) and any static
 * host that serves siblings (nginx `gzip_static`/`brotli_static`, a CDN) send the smallest file without
 * compressing on each request. It runs last, after the service worker is generated, so that is compressed too.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const TEXT = /\.(js|mjs|css|html|json|svg|txt|webmanifest|map)$/
/** Below this, headers dominate: the file is sent as it is. */
const MIN_BYTES = 512

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

export interface Compressed {
  file: string
  bytes: number
  brotli: number
  gzip: number
}

/** Writes the siblings for every text file under `dir`; a sibling is kept only when it is smaller. */
export function precompressDir(dir: string): Compressed[] {
  const done: Compressed[] = []
  for (const file of filesUnder(dir)) {
    if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue
    const source = readFileSync(file)
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    })
    const gzip = gzipSync(source, { level: 9 })
    if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli)
    if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip)
    done.push({ file: path.relative(dir, file), bytes: source.length, brotli: brotli.length, gzip: gzip.length })
  }
  return done
}

export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'kopa:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = path.resolve(config.root, config.build.outDir)
        const done = precompressDir(outDir)
        const sum = (pick: (c: Compressed) => number) => done.reduce((total, c) => total + pick(c), 0)
        config.logger.info(
          `precompressed ${done.length} files: ${(sum((c) => c.bytes) / 1024).toFixed(0)} KiB → ` +
            `${(sum((c) => c.brotli) / 1024).toFixed(0)} KiB brotli, ${(sum((c) => c.gzip) / 1024).toFixed(0)} KiB gzip`,
        )
      },
    },
  }
}
