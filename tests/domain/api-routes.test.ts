/**
 * The app's client sends each call by its route alone (domain/api-routes.ts), so the first screen does not download
 * every request schema of the API table. The routes are the table's: the same calls, each with the same method,
 * body kind, token rule and base.
 */
import { describe, expect, it } from 'vitest'
import { API } from '../../domain/api'
import { API_ROUTES, routeOf } from '../../domain/api-routes'

describe('the routes the app sends calls by', () => {
  it('name every call of the API table, and no other', () => {
    expect(Object.keys(API_ROUTES).sort()).toEqual(Object.keys(API).sort())
  })

  it('send each call as the table defines it: method, body, token and base', () => {
    for (const [path, def] of Object.entries(API)) {
      expect({ path, ...routeOf(path) }).toEqual({
        path,
        method: def.method,
        body: def.body,
        auth: def.auth,
        base: def.base,
      })
    }
  })

  it('know nothing of a path that is no call, even one named like an object property', () => {
    expect(routeOf('/no/such/call')).toBeUndefined()
    expect(routeOf('constructor')).toBeUndefined()
  })
})
