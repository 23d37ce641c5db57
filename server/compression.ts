/**
 * Answers over a threshold are compressed for the phone that asks for it (`accept-encoding`): brotli at a low
 * quality (fast enough per request), gzip otherwise. The built app's files are compressed once at build time
 * (scripts/vite/precompress.ts) and sent as they are by server/static.ts; this covers what is made per request —
 * the API's answers, the FAQ and legal documents, lists of records.
 */
import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Below this an answer is sent as it is: compressing a few hundred bytes costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024

export async function mountCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Files under /assets and index.html arrive already compressed (preCompressed siblings).
    customTypes: /^(application\/json|text\/|application\/javascript)/,
  })
}
