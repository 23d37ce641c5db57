import { readFileSync } from 'node:fs'
import path from 'node:path'
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  DEFAULT_REPLAY_WINDOW_MS,
  WireError,
  decodeRequest,
  decryptText,
  deriveKey,
  encodeRequest,
  encodeUploadExtra,
  encryptText,
  fromBase64Url,
  randomParamName,
  toBase64Url,
  type DecodeRequestInput,
} from '../../protocol/protocol'
import { ApiCode } from '../../domain/api-codes'

interface Vector {
  kind: 'request' | 'upload'
  packageName: string
  method: 'GET' | 'POST'
  base: '/api' | '/cou'
  path: string
  payload: Record<string, unknown>
  t: number
  pathIv: string
  iv: string
  paramName?: string
  plaintext: string
  url: string
  params?: Record<string, string>
  data?: { data: string }
  extra?: string
}

// The vectors are read from the protocol document itself, so the document cannot drift from the code.
const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/wire-protocol.md'), 'utf8')
const vectors: Vector[] = [...doc.matchAll(/```json test-vector\n([\s\S]*?)```/g)].map((m) =>
  JSON.parse(m[1] ?? ''),
)
const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'))
const segmentOf = (url: string) => url.split('/')[2] ?? ''

/** What a server would pass to decodeRequest for the vector's request. */
function serverInput(v: Vector, now: number, packageName = v.packageName): DecodeRequestInput {
  return {
    packageName,
    method: v.method,
    pathSegment: segmentOf(v.url),
    ...(v.params ? { query: v.params } : {}),
    ...(v.data ? { body: v.data } : {}),
    ...(v.extra ? { extra: v.extra } : {}),
    now,
  }
}

function openssl(packageName: string, token: string): string {
  const bytes = Buffer.from(token, 'base64url')
  const key = createHash('sha256').update(packageName, 'utf8').digest()
  const d = createDecipheriv('aes-256-cbc', key, bytes.subarray(0, 16))
  return Buffer.concat([d.update(bytes.subarray(16)), d.final()]).toString('utf8')
}

describe('the documented test vectors', () => {
  it('the protocol document holds a vector for GET, POST, the /cou base and an upload', () => {
    expect(vectors.map((v) => `${v.kind} ${v.method} ${v.base}`)).toEqual([
      'request GET /api',
      'request POST /api',
      'request POST /cou',
      'upload POST /api',
    ])
  })

  it('the documented keys are SHA-256 of the package name', () => {
    expect(Buffer.from(deriveKey('com.kopa.app')).toString('hex')).toBe(
      '162fc5f2cceea8e4506ead10b3c828c08b0c5470b5fc3aa0351bc4e6fe0bf644',
    )
    expect(doc).toContain(Buffer.from(deriveKey('com.lender.cash')).toString('hex'))
  })

  for (const v of vectors) {
    describe(`${v.method} ${v.base}${v.path}`, () => {
      it('the client encodes exactly the documented URL and payload token', () => {
        const input = {
          packageName: v.packageName,
          base: v.base,
          path: v.path,
          payload: v.payload,
          now: v.t,
          pathIv: hex(v.pathIv),
          iv: hex(v.iv),
        }
        if (v.kind === 'upload') {
          expect(encodeUploadExtra(input)).toEqual({ url: v.url, extra: v.extra })
        } else {
          const encoded = encodeRequest({ ...input, method: v.method, paramName: v.paramName })
          expect(encoded).toEqual({ url: v.url, ...(v.params ? { params: v.params } : { data: v.data }) })
        }
      })

      it('the server decodes it back to the path, the payload and t', () => {
        expect(decodeRequest(serverInput(v, v.t + 60_000))).toEqual({
          path: v.path,
          payload: v.payload,
          t: v.t,
        })
      })

      it('standard AES-256-CBC with PKCS#7 (OpenSSL) opens the documented tokens', () => {
        const token = v.params ? Object.values(v.params)[0] : (v.data?.data ?? v.extra)
        expect(openssl(v.packageName, token ?? '')).toBe(v.plaintext)
        expect(openssl(v.packageName, segmentOf(v.url))).toBe(v.path)
      })
    })
  }
})

describe('the server refuses what it must', () => {
  const [get, post] = vectors as [Vector, Vector]

  it('refuses a request whose t is more than five minutes old (a replay) with ReplayWindow', () => {
    const stale = decodeRequest(serverInput(post, post.t + DEFAULT_REPLAY_WINDOW_MS + 1))
    expect(stale).toBeInstanceOf(WireError)
    expect((stale as WireError).code).toBe(ApiCode.ReplayWindow)
  })

  it('refuses a request from a clock more than five minutes ahead, and accepts one exactly at the edge', () => {
    expect((decodeRequest(serverInput(get, get.t - DEFAULT_REPLAY_WINDOW_MS - 1)) as WireError).code).toBe(
      ApiCode.ReplayWindow,
    )
    expect(decodeRequest(serverInput(get, get.t - DEFAULT_REPLAY_WINDOW_MS))).not.toBeInstanceOf(WireError)
  })

  it('honours a configured replay window', () => {
    const input = { ...serverInput(get, get.t + 2_000), replayWindowMs: 1_000 }
    expect((decodeRequest(input) as WireError).code).toBe(ApiCode.ReplayWindow)
  })

  it('refuses a payload without t with ReplayWindow', () => {
    const body = { data: encryptText('com.kopa.app', '{"mobile":"0712345678"}') }
    const result = decodeRequest({ ...serverInput(post, post.t), body })
    expect((result as WireError).code).toBe(ApiCode.ReplayWindow)
  })

  it('refuses a payload whose t is not an integer', () => {
    const body = { data: encryptText('com.kopa.app', `{"t":"${post.t}"}`) }
    expect((decodeRequest({ ...serverInput(post, post.t), body }) as WireError).code).toBe(
      ApiCode.ReplayWindow,
    )
  })

  it('refuses a tampered payload token as Undecryptable', () => {
    const token = post.data?.data ?? ''
    const bytes = Buffer.from(token, 'base64url')
    for (const at of [bytes.length - 1, bytes.length - 20, 20]) {
      const tampered = Buffer.from(bytes)
      tampered[at] = (tampered[at] ?? 0) ^ 0x01
      const result = decodeRequest({
        ...serverInput(post, post.t),
        body: { data: tampered.toString('base64url') },
      })
      expect((result as WireError).code, `byte ${at} flipped`).toBe(ApiCode.Undecryptable)
    }
  })

  it('refuses a truncated token and a token with characters outside base64url', () => {
    const token = post.data?.data ?? ''
    for (const bad of [token.slice(0, -4), `${token}=`, token.replace(/.$/, '+'), '', 'AAAA']) {
      expect((decodeRequest({ ...serverInput(post, post.t), body: { data: bad } }) as WireError).code).toBe(
        ApiCode.Undecryptable,
      )
    }
  })

  it('refuses a tampered path token', () => {
    const segment = segmentOf(get.url)
    const tampered = `${segment.slice(0, -2)}${segment.endsWith('AA') ? 'BA' : 'AA'}`
    expect((decodeRequest({ ...serverInput(get, get.t), pathSegment: tampered }) as WireError).code).toBe(
      ApiCode.Undecryptable,
    )
  })

  it('refuses every vector under another package name', () => {
    for (const v of vectors) {
      const result = decodeRequest(serverInput(v, v.t, 'com.other.lender'))
      expect((result as WireError).code).toBe(ApiCode.Undecryptable)
    }
  })

  it('refuses a GET with no query parameter or with two', () => {
    const value = Object.values(get.params ?? {})[0] ?? ''
    expect((decodeRequest({ ...serverInput(get, get.t), query: {} }) as WireError).code).toBe(
      ApiCode.Undecryptable,
    )
    const two = { ...serverInput(get, get.t), query: { abcdef: value, ghijkl: value } }
    expect((decodeRequest(two) as WireError).code).toBe(ApiCode.Undecryptable)
  })

  it('refuses a POST whose body is not {"data": token}', () => {
    for (const body of [undefined, null, 'text', { payload: post.data?.data }, { data: 42 }]) {
      expect((decodeRequest({ ...serverInput(post, post.t), body }) as WireError).code).toBe(
        ApiCode.Undecryptable,
      )
    }
  })

  it('refuses a payload that decrypts to JSON but not to an object', () => {
    for (const text of ['[1,2]', '"x"', '42', 'null', 'not json']) {
      const body = { data: encryptText('com.kopa.app', text) }
      expect((decodeRequest({ ...serverInput(post, post.t), body }) as WireError).code).toBe(
        ApiCode.Undecryptable,
      )
    }
  })

  it('names why it refused without echoing any request content', () => {
    const result = decodeRequest(serverInput(get, get.t, 'com.other.lender')) as WireError
    expect(result.reason).not.toContain('0712345678')
    expect(result.message).not.toContain(segmentOf(get.url))
  })
})

describe('encoding for real requests', () => {
  it('uses a fresh IV for the path and the payload, so two identical requests look different', () => {
    const input = {
      packageName: 'com.kopa.app',
      method: 'POST' as const,
      base: '/api' as const,
      path: '/security/login',
      payload: { mobile: '0712345678' },
      now: Date.now(),
    }
    const a = encodeRequest(input)
    const b = encodeRequest(input)
    expect(a.url).not.toBe(b.url)
    expect(a.data?.data).not.toBe(b.data?.data)
    expect(decodeRequest({ ...input, pathSegment: segmentOf(b.url), body: b.data })).toEqual({
      path: '/security/login',
      payload: { mobile: '0712345678' },
      t: input.now,
    })
  })

  it('names the GET parameter with 6 to 10 random letters a-z', () => {
    const names = Array.from({ length: 200 }, randomParamName)
    for (const name of names) expect(name).toMatch(/^[a-z]{6,10}$/)
    expect(new Set(names.map((n) => n.length)).size).toBe(5)
    expect(new Set(names).size).toBeGreaterThan(190)
  })

  it('lets the timestamp win over a payload field named t', () => {
    const encoded = encodeRequest({
      packageName: 'com.kopa.app',
      method: 'POST',
      base: '/api',
      path: '/user/submit',
      payload: { t: 1 },
      now: 1700000000000,
    })
    expect(decryptText('com.kopa.app', encoded.data?.data ?? '')).toBe('{"t":1700000000000}')
  })

  it('refuses an IV that is not 16 bytes and a parameter name outside the rule', () => {
    expect(() => encryptText('com.kopa.app', 'x', new Uint8Array(8))).toThrow(RangeError)
    expect(() =>
      encodeRequest({
        packageName: 'com.kopa.app',
        method: 'GET',
        base: '/api',
        path: '/security/getUserInfo',
        payload: {},
        now: 1700000000000,
        paramName: 'Ab1',
      }),
    ).toThrow(RangeError)
  })

  it('round-trips any text, and agrees with OpenSSL byte for byte', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        (text, iv) => {
          const token = encryptText('com.kopa.app', text, iv)
          const key = createHash('sha256').update('com.kopa.app').digest()
          const c = createCipheriv('aes-256-cbc', key, iv)
          expect(token).toBe(Buffer.concat([iv, c.update(text, 'utf8'), c.final()]).toString('base64url'))
          expect(decryptText('com.kopa.app', token)).toBe(text)
        },
      ),
    )
  })

  it('base64url matches Node for any bytes and refuses non-canonical text', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = toBase64Url(bytes)
        expect(text).toBe(Buffer.from(bytes).toString('base64url'))
        expect(fromBase64Url(text)).toEqual(bytes)
      }),
    )
    expect(fromBase64Url('AB')).toBeNull() // trailing bits not zero
    expect(fromBase64Url('A')).toBeNull()
    expect(fromBase64Url('AA==')).toBeNull()
  })
})
