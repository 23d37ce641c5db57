/**
 * The handler registry: which function serves which call of the API table (domain/api.ts), with the
 * loader of anything else its request schema needs.
 */
import { API_PATHS, isApiPath, type ApiPath } from '../domain/api'
import type { Handler, HandlerOptions } from './context'

export interface Registered {
  handler: Handler
  options: HandlerOptions
}

export interface HandlerRegistry {
  register<P extends ApiPath>(path: P, handler: Handler<P>, options?: HandlerOptions): void
  get(path: string): Registered | undefined
  /** Calls of the table that no module serves (logged at start-up; listed by tests). */
  unserved(): ApiPath[]
}

export function createRegistry(): HandlerRegistry {
  const handlers = new Map<ApiPath, Registered>()
  return {
    register(path, handler, options = {}) {
      if (!isApiPath(path)) throw new Error(`${String(path)} is not a call of the API table`)
      if (handlers.has(path)) throw new Error(`${path} has two handlers`)
      handlers.set(path, { handler: handler as unknown as Handler, options })
    },
    get: (path) => (isApiPath(path) ? handlers.get(path) : undefined),
    unserved: () => API_PATHS.filter((p) => !handlers.has(p)).sort(),
  }
}
