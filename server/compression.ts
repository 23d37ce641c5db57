/**
 * Answers over a threshold are compressed for the phone that asks for it (`accept-encoding`): brotli at a low
 * quality (fast enough per request), gzip otherwise. The built app's files are compressed once at build time
 * (scripts/vite/precompress.ts) and sent as they are by server/static.ts; this covers what is made per request —
 * the FAQ and legal documents, lists of records (by @fastify/compress's hooks) and the API's answers (by
 * `answerEncoding` and `compressText`, which the dispatcher calls itself: issue 17, the plugin's three hooks on
 * every call cost a hot read about 6 µs, most of them for the answers under the threshold, nearly all of them).
 */
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Below this an answer is sent as it is: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
const GZIP_OPTIONS = { level: 6 }

export async function mountCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    // Files under /assets and index.html arrive already compressed (preCompressed siblings).
    customTypes: /^(application\/json|text\/|application\/javascript)/,
  })
}

export type AnswerEncoding = 'br' | 'gzip'

/**
 * The encoding an `accept-encoding` header prefers among brotli and gzip: the higher quality value, brotli on a
 * tie; `*` stands for either one the header does not name; `q=0` refuses. null: send the answer as it is.
 */
export function preferredEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null
  let br = -1
  let gz = -1
  let any = -1
  for (const part of acceptEncoding.split(',')) {
    const [rawName = '', ...params] = part.split(';')
    const name = rawName.trim().toLowerCase()
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim())
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
      }
    }
    if (name === 'br') br = Math.max(br, q)
    else if (name === 'gzip' || name === 'x-gzip') gz = Math.max(gz, q)
    else if (name === '*') any = Math.max(any, q)
  }
  if (br < 0) br = any
  if (gz < 0) gz = any
  if (br <= 0 && gz <= 0) return null
  return br >= gz ? 'br' : 'gzip'
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** The encoding an API answer of this text goes out in: none under the threshold or for a phone accepting neither. */
export function answerEncoding(text: string, acceptEncoding: string | undefined): AnswerEncoding | null {
  return text.length >= COMPRESS_THRESHOLD_BYTES ? preferredEncoding(acceptEncoding) : null
}

/** The text compressed with the plugin's settings, on zlib's thread pool. */
export function compressText(text: string, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(text, BROTLI_OPTIONS) : gzipAsync(text, GZIP_OPTIONS)
}
