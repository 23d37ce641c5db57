/**
 * Issue 20: an admin adds a staff member — checked at the fields first, refused at the username when another
 * member has it — and sees once what the new member needs to sign in.
 */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { NewStaffField } from '../../machines/console-staff.machine'
import { NETWORK, consoleStubs, provideConsole, refused, type ConsoleAnswers } from './console-fixtures'

function start(answers: ConsoleAnswers = {}, draft?: Record<string, string>) {
  const stubs = consoleStubs(answers)
  const actor = createActor(provideConsole(stubs).staffForm, { input: { draft } }).start()
  return { actor, stubs }
}

type Actor = ReturnType<typeof start>['actor']

function type(actor: Actor, values: Partial<Record<NewStaffField, string>>) {
  for (const [field, value] of Object.entries(values))
    actor.send({ type: 'staff.changed', field: field as NewStaffField, value: value! })
}

const GOOD = {
  username: ' Amina.Support ',
  displayName: '  Amina Juma ',
  role: 'support',
  password: 'a long first password',
}

describe('adding a staff member', () => {
  it('says at each field what is wrong — with the least length of a password — and sends nothing', () => {
    const { actor, stubs } = start()
    type(actor, { username: 'am', displayName: '   ', password: 'short' })
    actor.send({ type: 'staff.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: { key: 'console.validation.username' },
      displayName: { key: 'console.validation.required' },
      role: { key: 'console.validation.role' },
      password: { key: 'console.validation.passwordShort', values: { min: 12 } },
    })
    type(actor, { displayName: 'x'.repeat(81) })
    actor.send({ type: 'staff.submitted' })
    expect(actor.getSnapshot().context.fieldErrors.displayName).toEqual({
      key: 'console.validation.displayNameLong',
      values: { max: 80 },
    })
    expect(stubs.createStaff).not.toHaveBeenCalled()
  })

  it('adds the member with the username as the server keeps it, then shows them once with their first password', async () => {
    const { actor, stubs } = start()
    type(actor, GOOD)
    actor.send({ type: 'staff.submitted' })
    expect(actor.getSnapshot().hasTag('creating')).toBe(true)
    await waitFor(actor, (s) => s.hasTag('created'))
    expect(stubs.createStaff).toHaveBeenCalledWith({
      username: 'amina.support',
      displayName: 'Amina Juma',
      role: 'support',
      password: 'a long first password',
    })
    const { context } = actor.getSnapshot()
    expect(context.created?.staff.username).toBe('amina.support')
    expect(context.created?.otpauthUri).toMatch(/^otpauth:\/\/totp\//)
    expect(context.firstPassword).toBe('a long first password')
    expect(context.values).toEqual({ username: '', displayName: '', role: '', password: '' })
  })

  it('forgets the new member’s password and key once the admin goes on to another', async () => {
    const { actor } = start()
    type(actor, GOOD)
    actor.send({ type: 'staff.submitted' })
    await waitFor(actor, (s) => s.hasTag('created'))
    actor.send({ type: 'staff.another' })
    expect(actor.getSnapshot().matches('editing')).toBe(true)
    expect(actor.getSnapshot().context.created).toBeNull()
    expect(actor.getSnapshot().context.firstPassword).toBeNull()
  })

  it('says at the username that another member has it, keeping everything typed', async () => {
    const { actor } = start({
      createStaff: async () => {
        throw refused(409, 'usernameTaken')
      },
    })
    type(actor, GOOD)
    actor.send({ type: 'staff.submitted' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.fieldErrors.username).toEqual({ key: 'console.staff.taken' })
    expect(actor.getSnapshot().context.values).toEqual(GOOD)
  })

  it('says the server cannot be reached, keeping everything typed for another try', async () => {
    const { actor, stubs } = start({
      createStaff: async () => {
        throw NETWORK
      },
    })
    type(actor, GOOD)
    actor.send({ type: 'staff.submitted' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
    expect(actor.getSnapshot().can({ type: 'staff.submitted' })).toBe(true)
    stubs.createStaff.mockImplementation(consoleStubs().createStaff)
    actor.send({ type: 'staff.submitted' })
    await waitFor(actor, (s) => s.hasTag('created'))
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('fills in a suggested first password on request', async () => {
    const { actor } = start()
    actor.send({ type: 'staff.passwordSuggested' })
    await waitFor(actor, (s) => s.context.values.password !== '')
    expect(actor.getSnapshot().context.values.password).toBe('Suggested-Pass-2026')
  })

  it('starts from the form as typed before the session ended', () => {
    const { actor } = start(
      {},
      { username: 'amina.support', displayName: 'Amina', role: 'support', password: 'p' },
    )
    expect(actor.getSnapshot().context.values).toEqual({
      username: 'amina.support',
      displayName: 'Amina',
      role: 'support',
      password: 'p',
    })
  })
})
