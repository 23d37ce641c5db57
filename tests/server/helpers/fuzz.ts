/**
 * Generators of bad input for the abuse tests (tests/server/abuse-fuzz.test.ts): for every call of the API table,
 * payloads shaped like its schema (its field names) whose values are anything a client could send — wrong types,
 * control characters, lone surrogates, huge and odd numbers, deep nesting, long strings — mixed with plausible
 * values, so that some requests pass validation and reach the handlers with the odd values still in them; and raw
 * requests the encoder would never produce (bad content types, unterminated multipart bodies, garbage).
 *
 * And the check every answer must pass: HTTP 200 (under /api and /cou), the envelope with a documented code, and
 * nothing in it that names the server's insides (stack frames, SQL, SQLSTATE codes, file paths, error classes).
 */
import fc from 'fast-check'
import type * as v from 'valibot'
import { API, API_PATHS, type ApiPath, type CallDef } from '../../../domain/api'
import { ApiCode } from '../../../domain/api-codes'

/** The field names of a call's request schema (objects, variants, pipes and optionals unwrapped). */
export function fieldNames(schema: v.GenericSchema): string[] {
  const names = new Set<string>()
  const visit = (s: unknown, depth: number) => {
    if (!s || typeof s !== 'object' || depth > 4) return
    const node = s as { entries?: Record<string, unknown>; options?: unknown[]; wrapped?: unknown }
    if (node.entries) for (const key of Object.keys(node.entries)) names.add(key)
    if (Array.isArray(node.options)) for (const o of node.options) visit(o, depth + 1)
    if (node.wrapped) visit(node.wrapped, depth + 1)
  }
  visit(schema, 0)
  return [...names]
}

const CONTROL = ['\u0000', '\u0001', '\u0007', '\b', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f']
const LONE_SURROGATES = ['\ud800', '\udfff', '\ud83d']

/** Strings a client could send that no form ever would. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'KP\u0000',
    '1\u0000',
    '\u0000\u0000\u0000',
    '1e300',
    '-1',
    '0',
    '1.5',
    '0x1F',
    '99999999999999999999999999',
    '9223372036854775808',
    '2147483648',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '../../etc/passwd',
    '%00',
    '%s%s%s%n',
    '${7*7}{{7*7}}',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '\u202e\u2066',
    '\ufeff',
    'Z\u0351\u0352\u0353',
    '😀'.repeat(40),
    'x'.repeat(65),
    'x'.repeat(1001),
    '1'.repeat(5000),
  ),
  fc
    .tuple(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(...CONTROL, ...LONE_SURROGATES),
      fc.string({ maxLength: 4 }),
    )
    .map(([a, bad, b]) => a + bad + b),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
)

/** Numbers a client could send: huge, negative, fractional, beyond the safe integers. */
export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    -1.5,
    0.1,
    1e300,
    -1e300,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 63,
    -(2 ** 31) - 1,
    1e21,
    8.64e15 + 1,
    31,
    32,
    5,
    6,
    100,
    101,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 3, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
)

/** Any JSON value, nested a little. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(nastyString, tie('value'), { maxKeys: 3 }) },
  ),
})).value

/** Plausible values by field name: with them, requests get past validation and odd values reach the handlers. */
export function plausible(ids: Record<string, string>): Record<string, fc.Arbitrary<unknown>> {
  const id = (value: string | undefined, fallback = '1') =>
    fc.constantFrom(value ?? fallback, fallback, `${value ?? fallback}\u0000`, '999999999', '1e300', '-1')
  const event = fc.record({
    time: fc.constantFrom(Date.now(), 0, 1e300, -1, 8.64e15 + 1),
    eventType: fc.oneof(fc.constant('click'), nastyString),
    pageName: fc.oneof(fc.constant('home'), nastyString),
    eventOption: fc.option(nastyString, { nil: undefined }),
    orderNo: fc.option(fc.oneof(fc.constant(ids.orderNo ?? 'KP1'), nastyString), { nil: undefined }),
  })
  return {
    country: fc.constantFrom('TZ', 'KE', 'MX', 'tz', 'FR', '255', '+255'),
    mobile: fc.constantFrom(
      '0712345678',
      '712345678',
      '+255712345678',
      '0712\u00003456',
      '07123456789012345',
    ),
    code: fc.constantFrom('123456', '000000', '12345\u0000', 'TZ', '255', '+52'),
    purpose: fc.constantFrom('login', 'register'),
    orderNo: id(ids.orderNo, 'KP20250101000000001'),
    loanOrderId: id(ids.loanOrderId),
    payOrderId: id(ids.payOrderId),
    feedbackId: id(ids.feedbackId),
    couponId: id(ids.couponId),
    productId: fc.constantFrom('tz-haraka', 'ke-flex', 'mx-kopa', 'tz-haraka\u0000', 'none'),
    channelId: fc.constantFrom('mpesa', 'airtel', 'bank', 'mpesa\u0000'),
    amountMinor: fc.constantFrom(5_000_000, 20_000_000, 1, 1e300, 2 ** 53, 2 ** 31, -5),
    tenureDays: fc.constantFrom(91, 120, 180, 1e300, 2 ** 31, 0),
    page: fc.constantFrom(1, 2, 1e300, 2 ** 31, 2 ** 53, 1e21, 0, -1),
    pageSize: fc.constantFrom(1, 20, 50, 51, 1e300),
    tab: fc.constantFrom('incomplete', 'finished'),
    status: fc.constantFrom(1, 2, 3, 4, 'available', 'used', 'expired'),
    agreed: fc.constantFrom(true, false, 'true'),
    rating: fc.constantFrom(1, 5, 6, 1e300),
    type: fc.constantFrom(1, 3, 7, 8),
    description: fc.oneof(fc.constant('Money not received yet'), nastyString),
    content: fc.oneof(fc.constant('Any news?'), nastyString),
    contact: fc.constantFrom('0754123456', 'asha@example.com', 'a@b\u0000.com', 'a@b.c\ud800'),
    contactTime: fc.constantFrom('anytime', 'morning'),
    receiverAccount: fc.oneof(fc.constant('0754123456'), nastyString),
    receipts: fc.array(fc.oneof(id(ids.fileId), nastyString), { maxLength: 4 }),
    attachments: fc.array(fc.oneof(id(ids.fileId), nastyString), { maxLength: 4 }),
    reasons: fc.constantFrom(['other'], [], ['a', 'b'], ['\u0000']),
    events: fc.array(event, { minLength: 1, maxLength: 3 }),
    outcome: fc.constantFrom('shown', 'rated', 'declined'),
    employmentType: fc.constantFrom('employee', 'Unemployed', 'auto'),
    payFrequency: fc.oneof(fc.constantFrom('Monthly', 'Weekly', 'Biweekly', 'Fourteen'), nastyValue),
    monthlyPayday: fc.oneof(fc.constantFrom(1, 31, 'Monday'), nastyValue),
    answers: fc.dictionary(fc.oneof(fc.constantFrom('1', '2', '11'), nastyString), nastyValue, {
      maxKeys: 3,
    }),
    sdk: fc.constantFrom('faceplus', 'x\u0000'),
    sessionId: fc.constantFrom('abc-123', 'x\u0000'),
    score: fc.constantFrom(0, 50, 100, 101, 1e300),
  }
}

export interface ApiCase {
  kind: 'api'
  path: ApiPath
  auth: 'token' | 'none' | 'junk' | 'malformed'
  payload: Record<string, unknown>
  /** Instead of JSON.stringify(payload): raw JSON text the encoder would not write (1e999, deep nesting). */
  rawText: string | null
  file: 'none' | 'image' | 'garbage'
}

const rawTexts = fc.constantFrom(
  '{"page":1e999,"pageSize":-1e999}',
  '{"loanOrderId":1e999}',
  '{"__proto__":{"auth":true},"constructor":{"prototype":{}}}',
  '{"a":1,"a":2,"events":"x","events":[]}',
  `{"deep":${'['.repeat(2000)}${']'.repeat(2000)}}`,
  `{"deep":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}`,
  '{"orderNo":"\\u0000","loanOrderId":"\\u0000","payOrderId":"\\u0000"}',
  '{"orderNo":"\\ud800","description":"\\udfff"}',
  '[]',
  '"string"',
  'null',
  '{',
)

export function apiCase(ids: Record<string, string>): fc.Arbitrary<ApiCase> {
  const good = plausible(ids)
  return fc.constantFrom(...API_PATHS).chain((path) => {
    const def = API[path] as CallDef
    const names = fieldNames(def.request)
    const field = (name: string) =>
      fc.oneof({ weight: 3, arbitrary: good[name] ?? nastyValue }, { weight: 2, arbitrary: nastyValue })
    const payload = fc
      .tuple(
        fc.record(Object.fromEntries(names.map((n) => [n, field(n)])), { requiredKeys: [] }),
        fc.dictionary(nastyString, nastyValue, { maxKeys: 2 }),
      )
      .map(([known, extra]) => ({ ...extra, ...known }))
    return fc.record({
      kind: fc.constant('api' as const),
      path: fc.constant(path),
      auth: fc.constantFrom('token', 'token', 'none', 'junk', 'malformed'),
      payload,
      rawText: fc.option(rawTexts, { nil: null, freq: 12 }),
      file: def.body === 'form' ? fc.constantFrom('none', 'image', 'garbage') : fc.constant('none' as const),
    })
  })
}

export interface RawCase {
  kind: 'raw'
  method: 'GET' | 'POST'
  /** 'api' (a valid call's URL), 'garbage', or a fixed odd URL. */
  url: string
  contentType: string | null
  authorization: string | null
  body: string | Buffer | null
}

const contentTypes = fc.constantFrom(
  null,
  'application/json',
  'text/plain;charset=UTF-8',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=----kopa',
  'multipart/mixed; boundary=x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'image/png',
  'text/html; charset=utf-16',
  'application/json; charset=latin1',
  '*/*',
  ';;;',
)

const rawBodies = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"data":',
    '{"data":null}',
    '{"data":12}',
    '{"data":"\u0000"}',
    '{"data":"AAAA"}',
    '[]',
    'null',
    '1e999',
    '--x\r\nContent-Disposition: form-data; name="extra"\r\n\r\nabc',
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    '--x\r\n\r\n--x--',
    '--x--\r\n',
    '------kopa\r\nContent-Disposition: form-data; name="extra"\r\n\r\nabc\r\n------kopa',
    '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n' + 'A'.repeat(70_000),
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
)

export function rawCase(validUrls: readonly string[]): fc.Arbitrary<RawCase> {
  return fc.record({
    kind: fc.constant('raw' as const),
    method: fc.constantFrom('GET', 'POST'),
    url: fc.oneof(
      fc.constantFrom(...validUrls),
      fc.constantFrom(
        '/api',
        '/api/',
        '/cou/x',
        '/api/%00',
        '/api/%E0%A4%A',
        '/api/AAAA?x=1&y=2',
        `/api/${'A'.repeat(5000)}`,
      ),
      fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((s) => `/api/${encodeURIComponent(s)}`),
    ),
    contentType: contentTypes,
    authorization: fc.constantFrom(
      null,
      'Bearer',
      'Bearer ',
      'Token abc',
      'bearer x y',
      'A'.repeat(43),
      '\u0000',
    ),
    body: fc.option(rawBodies, { nil: null }),
  })
}

/** Every code of domain/api-codes.ts: the documented ones. */
export const DOCUMENTED_CODES: ReadonlySet<number> = new Set(Object.values(ApiCode))

/** What must never appear in an answer: the server's insides. */
const LEAKS: readonly RegExp[] = [
  /\bat [\w$.<>]+ \(/, // a stack frame
  /\.(ts|js|mjs):\d+/, // a source position
  /node_modules|\/work\/|\/home\/|\/tmp\//, // file paths
  /\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b/i, // SQL
  /\b(2[0-9A-Z]{4}|42[0-9A-Z]{3}|23505|40001|40P01)\b.*(error|state)|sqlState|SQLSTATE/i,
  /\b22021\b|\b22003\b|\b22P02\b|\b22P05\b/,
  /invalid byte sequence|out of range|invalid input syntax|unsupported Unicode/i,
  /TypeError|RangeError|SyntaxError|ReferenceError|Cannot read propert/,
  /FST_[A-Z_]+|Multipart:|Unexpected end of form|busboy/i,
  /postgres|pglite|drizzle/i,
]

/** Problems with one answer (empty when it is fine). */
export function answerProblems(status: number, body: string): string[] {
  const problems: string[] = []
  if (status >= 500) problems.push(`HTTP ${status}`)
  for (const leak of LEAKS) if (leak.test(body)) problems.push(`leaks ${leak}`)
  let parsed: { code?: unknown; msg?: unknown; data?: unknown }
  try {
    parsed = JSON.parse(body) as typeof parsed
  } catch {
    problems.push('not JSON')
    return problems
  }
  if (status !== 200) problems.push(`HTTP ${status}`)
  if (typeof parsed.code !== 'number' || !DOCUMENTED_CODES.has(parsed.code))
    problems.push(`undocumented code ${String(parsed.code)}`)
  if (parsed.code === ApiCode.ServerError) problems.push('server error 1500')
  if (typeof parsed.msg !== 'string' || parsed.msg === '' || parsed.msg.startsWith('errors.'))
    problems.push('no translated message')
  return problems
}
