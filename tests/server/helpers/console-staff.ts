/**
 * Staff members for the console's server tests: each created with a password and an authenticator, then signed in
 * through /console/api/session with the authenticator's current code, 30 seconds apart (a code is accepted once).
 */
import { expect } from 'vitest'
import { createStaff } from '../../../server/console/staff'
import { totpAt } from '../../../server/console/totp'
import type { StaffRole } from '../../../server/db/schema/staff'
import type { TestServer } from './server'

export const STAFF_PASSWORD = 'a long staff passphrase'

export interface ConsoleStaff {
  /** Each member's session token by username, as of the last signIn(). */
  readonly tokens: Map<string, string>
  /** Signs every member in afresh (sessions idle out after 30 minutes; stories move the clock further). */
  signIn(): Promise<void>
}

/** Creates the members (username, role) at the server's current time; none is signed in until signIn(). */
export async function consoleStaff(
  s: TestServer,
  members: readonly (readonly [username: string, role: StaffRole])[],
): Promise<ConsoleStaff> {
  const { db, clock } = s.server.ctx
  const secrets = new Map<string, string>()
  for (const [username, role] of members) {
    const { totpSecret } = await createStaff(
      db,
      clock.now(),
      { username, displayName: username, role, password: STAFF_PASSWORD },
      null,
    )
    secrets.set(username, totpSecret)
  }
  const tokens = new Map<string, string>()
  return {
    tokens,
    async signIn() {
      for (const [username, secret] of secrets) {
        await clock.advance(30_000)
        const res = await s.server.app.inject({
          method: 'POST',
          url: '/console/api/session',
          payload: { username, password: STAFF_PASSWORD, code: totpAt(secret, clock.nowMs()) },
        })
        expect(res.statusCode).toBe(200)
        tokens.set(username, res.json().token)
      }
    },
  }
}
