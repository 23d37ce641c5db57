/**
 * The server's cipher (server/wire.ts, Node's built-in crypto) and the app's (protocol/protocol.ts, crypto-js)
 * are one protocol: the same tokens byte for byte for the same key, text and IV, each opens the other's, both
 * refuse the same malformed tokens, and both decode the same requests to the same calls (issue 17).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as app from '../../protocol/protocol'
import * as server from '../../server/wire'

const PACKAGES = ['com.kopa.app', 'com.example.lender', 'ü.ñ.包']
const iv = () => fc.uint8Array({ minLength: 16, maxLength: 16 })
const text = () =>
  fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.json({ maxDepth: 3 }),
    fc.constantFrom('', '/security/login', '\u0000', '\ud800 lone', 'x'.repeat(4096)),
  )

describe('The server cipher and the app cipher', () => {
  it('derive the same key', () => {
    for (const p of PACKAGES) expect(server.deriveKey(p)).toEqual(app.deriveKey(p))
  })

  it('make the same token for the same text and IV, and open each other’s', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PACKAGES), text(), iv(), (pkg, plain, bytes) => {
        const fromApp = app.encryptText(pkg, plain, bytes)
        const fromServer = server.encryptText(pkg, plain, bytes)
        expect(fromServer).toBe(fromApp)
        expect(server.decryptText(pkg, fromApp)).toBe(app.decryptText(pkg, fromApp))
        expect(app.decryptText(pkg, server.encryptText(pkg, plain))).toBe(
          server.decryptText(pkg, server.encryptText(pkg, plain)),
        )
      }),
      { numRuns: 400 },
    )
  })

  it('refuse the same malformed tokens', () => {
    const pkg = 'com.kopa.app'
    const good = app.encryptText(pkg, '{"t":1}', new Uint8Array(16).fill(7))
    const cases = [
      '',
      'A',
      'AA==',
      good.slice(0, -1),
      `${good}A`,
      `${good.slice(0, -1)}${good.at(-1) === 'A' ? 'B' : 'A'}`,
      good.replace(/^./, (c) => (c === 'x' ? 'y' : 'x')),
      good.replace(/.$/, (c) => (c === 'Q' ? 'R' : 'Q')),
      app.encryptText('other', '{"t":1}'),
      '+/+/' + good.slice(4),
    ]
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (junk) => {
        expect(server.decryptText(pkg, junk)).toBe(app.decryptText(pkg, junk))
      }),
      { numRuns: 500 },
    )
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 96 }), (raw) => {
        const token = Buffer.from(raw).toString('base64url')
        expect(server.decryptText(pkg, token)).toBe(app.decryptText(pkg, token))
      }),
      { numRuns: 500 },
    )
    for (const token of cases) expect(server.decryptText(pkg, token)).toBe(app.decryptText(pkg, token))
    // The good token with a leftover bit of its last character set (43 characters: 2 such bits; and one of 86
    // characters, 4 bits): the same bytes to Buffer, but not the canonical text, so both refuse it.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const withBits = (token: string, bits: number) =>
      token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) | bits]
    expect(good.length % 4).toBe(3)
    for (const bits of [1, 2, 3]) {
      expect(server.decryptText(pkg, withBits(good, bits))).toBeNull()
      expect(app.decryptText(pkg, withBits(good, bits))).toBeNull()
    }
    // 40 bytes of text: 48 encrypted, 64 with the IV, 86 characters.
    const longer = app.encryptText(pkg, `{"t":1,"x":"${'y'.repeat(26)}"}`, new Uint8Array(16).fill(3))
    expect(longer.length % 4).toBe(2)
    expect(server.decryptText(pkg, longer)).toBe(`{"t":1,"x":"${'y'.repeat(26)}"}`)
    for (const bits of [1, 4, 8, 15]) {
      expect(server.decryptText(pkg, withBits(longer, bits))).toBeNull()
      expect(app.decryptText(pkg, withBits(longer, bits))).toBeNull()
    }
  })

  it('encode and decode the same requests', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'GET' | 'POST'>('GET', 'POST'),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
        iv(),
        iv(),
        fc.integer({ min: 0, max: 2 ** 42 }),
        (method, payload, payloadIv, pathIv, now) => {
          const input = {
            packageName: 'com.kopa.app',
            method,
            path: '/loan/loan-order/latest',
            base: '/api' as const,
            payload,
            now,
            iv: payloadIv,
            pathIv,
            paramName: 'abcdefg',
          }
          const encoded = app.encodeRequest(input)
          expect(server.encodeRequest(input)).toEqual(encoded)
          const decode = {
            packageName: 'com.kopa.app',
            method,
            pathSegment: encoded.url.slice('/api/'.length),
            query: encoded.params ?? {},
            body: encoded.data,
            now: now + 1000,
          }
          expect(server.decodeRequest(decode)).toEqual(app.decodeRequest(decode))
          const stale = { ...decode, now: now + 10 * 60_000 }
          expect(server.decodeRequest(stale)).toEqual(app.decodeRequest(stale))
        },
      ),
      { numRuns: 200 },
    )
    const upload = {
      packageName: 'com.kopa.app',
      path: '/user/saveFaceImage',
      base: '/api' as const,
      payload: {},
      now: 5,
    }
    const fixed = { ...upload, iv: new Uint8Array(16), pathIv: new Uint8Array(16).fill(1) }
    expect(server.encodeUploadExtra(fixed)).toEqual(app.encodeUploadExtra(fixed))
  })

  it('refuse the same bad requests with the same code', () => {
    const base = { packageName: 'com.kopa.app', now: 0 }
    const segment = app.encryptText('com.kopa.app', '/app/faq')
    const cases = [
      { ...base, method: 'GET' as const, pathSegment: 'nope', query: {} },
      { ...base, method: 'GET' as const, pathSegment: segment, query: {} },
      { ...base, method: 'GET' as const, pathSegment: segment, query: { a: ['x', 'y'] } },
      { ...base, method: 'POST' as const, pathSegment: segment, body: { data: 5 } },
      {
        ...base,
        method: 'POST' as const,
        pathSegment: segment,
        body: { data: app.encryptText('com.kopa.app', '[1]') },
      },
      {
        ...base,
        method: 'POST' as const,
        pathSegment: segment,
        body: { data: app.encryptText('com.kopa.app', '{') },
      },
      {
        ...base,
        method: 'POST' as const,
        pathSegment: segment,
        body: { data: app.encryptText('com.kopa.app', '{}') },
      },
      {
        ...base,
        method: 'POST' as const,
        pathSegment: segment,
        extra: app.encryptText('com.kopa.app', '{"t":1}'),
      },
    ]
    for (const c of cases) {
      const a = app.decodeRequest(c)
      const s = server.decodeRequest(c)
      expect(s).toEqual(a)
      if (a instanceof app.WireError) {
        expect(s).toBeInstanceOf(app.WireError)
        expect((s as app.WireError).code).toBe(a.code)
      }
    }
  })

  it('open a token the same whether it comes alone, again, after another or under another key', () => {
    // The server keeps one block decipher per key for the process and the last token it opened (issue 17): any
    // order of tokens, keys, repeats and junk must answer what the app's cipher answers.
    const token = () =>
      fc.oneof(
        fc
          .tuple(fc.constantFrom(...PACKAGES), text(), iv())
          .map(([pkg, plain, bytes]) => app.encryptText(pkg, plain, bytes)),
        fc.uint8Array({ minLength: 32, maxLength: 96 }).map((raw) => Buffer.from(raw).toString('base64url')),
      )
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...PACKAGES), token(), fc.boolean()), { minLength: 1, maxLength: 8 }),
        (steps) => {
          for (const [pkg, t, twice] of steps) {
            const expected = app.decryptText(pkg, t)
            expect(server.decryptTextOnce(pkg, t)).toBe(expected)
            if (twice) expect(server.decryptTextOnce(pkg, t)).toBe(expected)
            expect(server.decryptText(pkg, t)).toBe(expected)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
