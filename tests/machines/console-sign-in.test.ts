/**
 * Issue 20: a staff member signs in to the console with a username, a password and the code of their
 * authenticator app; every problem is said where the member looks for it, and nothing typed is lost but the spent
 * code.
 */
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { ConsoleSignInRequest } from '../../domain/console'
import { consoleSignInMachine, type SignInInput } from '../../machines/console-sign-in.machine'
import { ADMIN, NETWORK, meOf, refused } from './console-fixtures'

function start(
  signIn: (request: ConsoleSignInRequest) => Promise<unknown> = async () => meOf(ADMIN),
  input: SignInInput = {},
) {
  const spy = vi.fn(signIn)
  const actor = createActor(
    consoleSignInMachine.provide({
      actors: { signIn: fromPromise(({ input }: { input: ConsoleSignInRequest }) => spy(input) as never) },
    }),
    { input },
  ).start()
  return { actor, signIn: spy }
}

function type(
  actor: ReturnType<typeof start>['actor'],
  values: Partial<Record<'username' | 'password' | 'code', string>>,
) {
  for (const [field, value] of Object.entries(values))
    actor.send({ type: 'signIn.changed', field: field as 'username', value: value! })
}

const editing = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('editing'))

describe('console sign-in', () => {
  it('says at each field what is missing or malformed, and sends nothing', () => {
    const { actor, signIn } = start()
    actor.send({ type: 'signIn.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: { key: 'console.validation.required' },
      password: { key: 'console.validation.required' },
      code: { key: 'console.validation.required' },
    })
    type(actor, { username: 'ana admin', password: 'x', code: '12345' })
    actor.send({ type: 'signIn.submitted' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: { key: 'console.validation.username' },
      code: { key: 'console.validation.code' },
    })
    expect(signIn).not.toHaveBeenCalled()
  })

  it('clears a field’s message as soon as the member types in it', () => {
    const { actor } = start()
    actor.send({ type: 'signIn.submitted' })
    type(actor, { username: 'a' })
    expect(actor.getSnapshot().context.fieldErrors.username).toBeUndefined()
    expect(actor.getSnapshot().context.fieldErrors.password).toBeDefined()
  })

  it('signs in with the username as the server keeps it and ends with the member and their permissions', async () => {
    const { actor, signIn } = start()
    type(actor, { username: '  Ana.Admin ', password: 'correct horse battery', code: ' 123456 ' })
    actor.send({ type: 'signIn.submitted' })
    expect(actor.getSnapshot().hasTag('signingIn')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'signIn.submitted' })).toBe(false)
    await waitFor(actor, (s) => s.status === 'done')
    expect(signIn).toHaveBeenCalledWith({
      username: 'ana.admin',
      password: 'correct horse battery',
      code: '123456',
    })
    expect(actor.getSnapshot().output).toEqual(meOf(ADMIN))
  })

  it('says the details are wrong without saying which, keeps the username and password, and clears the spent code', async () => {
    const { actor } = start(async () => {
      throw refused(401, 'wrongCredentials')
    })
    type(actor, { username: 'ana.admin', password: 'correct horse battery', code: '123456' })
    actor.send({ type: 'signIn.submitted' })
    await editing(actor)
    const { context } = actor.getSnapshot()
    expect(context.error).toEqual({ key: 'console.signIn.wrong' })
    expect(context.values).toEqual({ username: 'ana.admin', password: 'correct horse battery', code: '' })
  })

  it('says until when a locked account stays locked', async () => {
    const retryAt = '2026-03-10T09:15:00.000Z'
    const { actor } = start(async () => {
      throw refused(423, 'locked', { retryAt })
    })
    type(actor, { username: 'ana.admin', password: 'pw', code: '123456' })
    actor.send({ type: 'signIn.submitted' })
    await editing(actor)
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'console.signIn.lockedUntil',
      values: { until: Date.parse(retryAt) },
    })
  })

  it('asks the member to wait the seconds the server names after too many tries', async () => {
    const { actor } = start(async () => {
      throw refused(429, 'tooMany', { retryAfterSeconds: 42 })
    })
    type(actor, { username: 'ana.admin', password: 'pw', code: '123456' })
    actor.send({ type: 'signIn.submitted' })
    await editing(actor)
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'console.error.tooManyWait',
      values: { seconds: 42 },
    })
  })

  it('says the server cannot be reached when no answer came', async () => {
    const { actor } = start(async () => {
      throw NETWORK
    })
    type(actor, { username: 'ana.admin', password: 'pw', code: '123456' })
    actor.send({ type: 'signIn.submitted' })
    await editing(actor)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
  })

  it('puts the server’s refusal of a field at that field', async () => {
    const { actor } = start(async () => {
      throw refused(400, 'invalidInput', { fields: ['code'] })
    })
    type(actor, { username: 'ana.admin', password: 'pw', code: '123456' })
    actor.send({ type: 'signIn.submitted' })
    await editing(actor)
    expect(actor.getSnapshot().context.fieldErrors.code).toEqual({ key: 'console.validation.code' })
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('says why it shows — the session ended — with the username filled in, until the member types', () => {
    const { actor } = start(undefined, { username: 'ana.admin', notice: 'sessionEnded' })
    expect(actor.getSnapshot().context.notice).toBe('sessionEnded')
    expect(actor.getSnapshot().context.values.username).toBe('ana.admin')
    type(actor, { password: 'p' })
    expect(actor.getSnapshot().context.notice).toBeNull()
  })
})
