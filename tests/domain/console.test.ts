/**
 * Issue 20: what the web console and the console API agree on — the same roles and permissions, the same limits
 * on what staff type — and the console's pure rules: which page a role opens, an authenticator's setup key, and
 * days that begin at midnight in the member's own time zone.
 */
import { describe, expect, it } from 'vitest'
import {
  CONSOLE_PERMISSIONS,
  CONSOLE_ROUTES,
  STAFF_ROLES,
  addDays,
  auditWindow,
  consoleRouteByPath,
  dayIn,
  dayStart,
  groupedKey,
  isDay,
  isSignedOut,
  mayOpen,
  setupKeyOf,
} from '../../domain/console'
import {
  STAFF_PASSWORD_MAX,
  STAFF_PASSWORD_MIN,
  newStaffSchema,
  signInSchema,
} from '../../domain/schemas/console'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../server/console/passwords'
import { PERMISSIONS, may } from '../../server/console/roles'
import { otpauthUri } from '../../server/console/totp'
import { STAFF_ROLES as SERVER_ROLES } from '../../server/db/schema/staff'

describe('the console and its API agree', () => {
  it('on the roles, the permissions, and what each role may do', () => {
    expect(STAFF_ROLES).toEqual(SERVER_ROLES)
    expect(CONSOLE_PERMISSIONS).toEqual(PERMISSIONS)
    // Each page the console offers a role is one the API lets it use.
    for (const role of STAFF_ROLES) {
      const granted = PERMISSIONS.filter((p) => may(role, p))
      for (const r of CONSOLE_ROUTES)
        if (r.needs !== null && r.needs !== 'signedOut')
          expect(mayOpen(r.name, granted), `${role} ${r.name}`).toBe(may(role, r.needs))
    }
  })

  it('on a password’s length', () => {
    expect(STAFF_PASSWORD_MIN).toBe(PASSWORD_MIN_LENGTH)
    expect(STAFF_PASSWORD_MAX).toBe(PASSWORD_MAX_LENGTH)
  })

  it('on what a username and a code are', () => {
    const errors = (value: object) => fieldErrors(signInSchema, value)
    expect(errors({ username: 'Ana.Admin', password: 'x', code: '012345' })).toEqual({})
    expect(errors({ username: 'an', password: 'x', code: '012345' })).toEqual({
      username: 'console.validation.username',
    })
    expect(errors({ username: 'ana admin', password: 'x', code: '01234' })).toEqual({
      username: 'console.validation.username',
      code: 'console.validation.code',
    })
    expect(
      fieldErrors(newStaffSchema, {
        username: 'ana.admin',
        displayName: 'Ana',
        role: 'boss',
        password: 'x'.repeat(12),
      }),
    ).toEqual({
      role: 'console.validation.role',
    })
  })
})

describe('the console’s pages', () => {
  it('are opened by role: everyone the overview and their password, admins the staff and the audit log', () => {
    expect(mayOpen('overview', [])).toBe(true)
    expect(mayOpen('password', [])).toBe(true)
    expect(mayOpen('staff', ['tickets.answer', 'loans.read'])).toBe(false)
    expect(mayOpen('audit', ['audit.read'])).toBe(true)
    expect(mayOpen('signIn', [...CONSOLE_PERMISSIONS])).toBe(false)
  })

  it('are found by their hash path, however it is written', () => {
    expect(consoleRouteByPath('#/audit')?.name).toBe('audit')
    expect(consoleRouteByPath('/staff/')?.name).toBe('staff')
    expect(consoleRouteByPath('')?.name).toBe('overview')
    expect(consoleRouteByPath('#/sign-in?x=1')?.name).toBe('signIn')
    expect(consoleRouteByPath('/nowhere')).toBeUndefined()
  })

  it('know a session the server ended from any other refusal', () => {
    expect(isSignedOut({ kind: 'refused', status: 401, error: 'signedOut', fields: [] })).toBe(true)
    expect(isSignedOut({ kind: 'refused', status: 401, error: 'wrongCredentials', fields: [] })).toBe(false)
    expect(isSignedOut({ kind: 'network' })).toBe(false)
    expect(isSignedOut(new Error('bug'))).toBe(false)
  })
})

describe('an authenticator’s setup key', () => {
  it('is read from the URI the API gives, for a member added by hand', () => {
    const uri = otpauthUri('Kopa console', 'amina.support', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')
    expect(setupKeyOf(uri)).toEqual({
      issuer: 'Kopa console',
      account: 'amina.support',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    })
    expect(groupedKey('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB')
  })

  it('is nothing for a URI that is not one', () => {
    expect(setupKeyOf('https://example.com')).toBeNull()
    expect(setupKeyOf('otpauth://totp/x?secret=not*base32')).toBeNull()
    expect(setupKeyOf('otpauth://totp/%E0%A4%A?secret=JBSW')).toBeNull()
  })
})

describe('days', () => {
  it('are real calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true)
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-2-1')).toBe(false)
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  })

  it('begin at midnight in the member’s zone, whatever its offset that day', () => {
    expect(new Date(dayStart('2026-03-10', 'Africa/Dar_es_Salaam')).toISOString()).toBe(
      '2026-03-09T21:00:00.000Z',
    )
    expect(new Date(dayStart('2026-03-10', 'America/Mexico_City')).toISOString()).toBe(
      '2026-03-10T06:00:00.000Z',
    )
    // The days clocks change in Europe: midnight is still before the change (CET, then CEST).
    expect(new Date(dayStart('2026-03-29', 'Europe/Berlin')).toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(new Date(dayStart('2026-03-30', 'Europe/Berlin')).toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(new Date(dayStart('2026-10-25', 'Europe/Berlin')).toISOString()).toBe('2026-10-24T22:00:00.000Z')
  })

  it('are named as the member’s zone names them', () => {
    const lateInUtc = Date.parse('2026-03-09T22:30:00Z')
    expect(dayIn(lateInUtc, 'Africa/Nairobi')).toBe('2026-03-10')
    expect(dayIn(lateInUtc, 'UTC')).toBe('2026-03-09')
  })

  it('make the audit query’s window: from the first day’s midnight to the midnight after the last', () => {
    expect(auditWindow('2026-03-04', '2026-03-10', 'Africa/Dar_es_Salaam')).toEqual({
      from: '2026-03-03T21:00:00.000Z',
      to: '2026-03-10T21:00:00.000Z',
    })
  })
})
