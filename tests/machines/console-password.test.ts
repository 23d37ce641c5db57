/** Issue 20: a staff member changes their password; their other sessions end, this one goes on. */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { PasswordField } from '../../machines/console-password.machine'
import { consoleStubs, provideConsole, refused, type ConsoleAnswers } from './console-fixtures'

function start(answers: ConsoleAnswers = {}) {
  const stubs = consoleStubs(answers)
  const actor = createActor(provideConsole(stubs).passwordForm, { input: {} }).start()
  return { actor, stubs }
}

function type(actor: ReturnType<typeof start>['actor'], values: Partial<Record<PasswordField, string>>) {
  for (const [field, value] of Object.entries(values))
    actor.send({ type: 'password.changed', field: field as PasswordField, value: value! })
}

describe('changing one’s password', () => {
  it('wants the new one twice alike and at least 12 characters long, before sending anything', () => {
    const { actor, stubs } = start()
    type(actor, { current: 'old password', next: 'too short', repeat: 'too shorT' })
    actor.send({ type: 'password.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      next: { key: 'console.validation.passwordShort', values: { min: 12 } },
      repeat: { key: 'console.validation.repeat' },
    })
    type(actor, { next: 'a much longer one', repeat: 'a much longer 0ne' })
    actor.send({ type: 'password.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ repeat: { key: 'console.validation.repeat' } })
    expect(stubs.changePassword).not.toHaveBeenCalled()
  })

  it('changes it, says the other sessions have ended, and forgets what was typed', async () => {
    const { actor, stubs } = start()
    type(actor, { current: 'old password', next: 'a much longer one', repeat: 'a much longer one' })
    actor.send({ type: 'password.submitted' })
    await waitFor(actor, (s) => s.hasTag('changed'))
    expect(stubs.changePassword).toHaveBeenCalledWith({ current: 'old password', next: 'a much longer one' })
    expect(actor.getSnapshot().context.values).toEqual({ current: '', next: '', repeat: '' })
    type(actor, { current: 'x' })
    expect(actor.getSnapshot().hasTag('changed')).toBe(false)
  })

  it('says at the current password that it is not the member’s', async () => {
    const { actor } = start({
      changePassword: async () => {
        throw refused(400, 'invalidInput', { fields: ['current'] })
      },
    })
    type(actor, { current: 'not mine', next: 'a much longer one', repeat: 'a much longer one' })
    actor.send({ type: 'password.submitted' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.fieldErrors.current).toEqual({ key: 'console.password.wrongCurrent' })
    expect(actor.getSnapshot().context.values.next).toBe('a much longer one')
  })

  it('says when there were too many tries', async () => {
    const { actor } = start({
      changePassword: async () => {
        throw refused(429, 'tooMany')
      },
    })
    type(actor, { current: 'old password', next: 'a much longer one', repeat: 'a much longer one' })
    actor.send({ type: 'password.submitted' })
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.tooMany' })
  })
})
