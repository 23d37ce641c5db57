/**
 * What the composition tests' fake back ends share: an msw handler receives the app's real encrypted call and
 * reads it with the wire protocol, as the reference server does.
 */
import { DEFAULT_PACKAGE_NAME } from '../../services/storage/storage'
import { decodeRequest, type DecodedRequest, type WireError } from '../../protocol/protocol'

/** The call an intercepted request carries (`token` is the encrypted path segment), or the wire's refusal. */
export async function decodeAppCall(request: Request, token: unknown): Promise<DecodedRequest | WireError> {
  const url = new URL(request.url)
  const method = request.method as 'GET' | 'POST'
  return decodeRequest({
    packageName: DEFAULT_PACKAGE_NAME,
    method,
    pathSegment: String(token),
    query: Object.fromEntries(url.searchParams),
    body: method === 'POST' ? await request.json() : undefined,
    now: Date.now(),
  })
}
