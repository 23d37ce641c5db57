import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, toPromise, waitFor } from 'xstate'
import { permissionMachine } from '../../machines/permission.machine'
import type { CountryCode } from '../../domain/countries'
import type { DisclosedPermission, PermissionStates, UploadFlag } from '../../domain/permissions'
import { permissionUse } from '../../domain/permissions'

function start(
  requiredFlags: UploadFlag[],
  answers: {
    query?: () => Promise<PermissionStates>
    request?: () => Promise<PermissionStates>
    /** When it was accepted on this device before (default: never). */
    acceptedAt?: number
    skipWhenAccepted?: boolean
    /** /time/upload/policy (default: answers `requiredFlags`). */
    policy?: () => Promise<UploadFlag[]>
  } = {},
) {
  const policies = vi.fn<(country: CountryCode) => void>()
  const asked = vi.fn<(names: readonly DisclosedPermission[]) => void>()
  const query = vi.fn(answers.query ?? (async () => ({ camera: 'granted' as const })))
  const remember = vi.fn(async () => ({ at: 1_800_000_000_000 }))
  const actor = createActor(
    permissionMachine.provide({
      actors: {
        readPolicy: fromPromise(async ({ input }: { input: { country: CountryCode } }): Promise<UploadFlag[]> => {
          policies(input.country)
          return answers.policy ? answers.policy() : requiredFlags
        }),
        recallAcceptance: fromPromise(async () => (answers.acceptedAt ? { at: answers.acceptedAt } : null)),
        rememberAcceptance: fromPromise(() => remember()),
        queryPermissions: fromPromise(() => query()),
        requestPermissions: fromPromise(async ({ input }: { input: { names: readonly DisclosedPermission[] } }) => {
          asked(input.names)
          return answers.request ? answers.request() : { location: 'granted' as const }
        }),
      },
    }),
    { input: { country: 'KE', skipWhenAccepted: answers.skipWhenAccepted ?? false } },
  ).start()
  return { actor, asked, query, remember, policies }
}

describe('permission disclosure', () => {
  it('remembers an acceptance on the device, not a "not now"', async () => {
    const accepting = start([])
    await waitFor(accepting.actor, (s) => !s.hasTag('busy'))
    accepting.actor.send({ type: 'permissions.accepted' })
    await toPromise(accepting.actor)
    expect(accepting.remember).toHaveBeenCalledTimes(1)
    expect(accepting.actor.getSnapshot().context.acceptedAt).toBe(1_800_000_000_000)
    const declining = start([])
    await waitFor(declining.actor, (s) => !s.hasTag('busy'))
    declining.actor.send({ type: 'permissions.declined' })
    await toPromise(declining.actor)
    expect(declining.remember).not.toHaveBeenCalled()
  })

  it('does not show the /pop prompt again once accepted: it ends as accepted without asking anything', async () => {
    const { actor, asked, query, policies } = start([], { acceptedAt: 1_700_000_000_000, skipWhenAccepted: true })
    await expect(toPromise(actor)).resolves.toMatchObject({ outcome: 'accepted' })
    expect(policies).not.toHaveBeenCalled()
    expect(query).not.toHaveBeenCalled()
    expect(asked).not.toHaveBeenCalled()
  })

  it('still shows the disclosure page after an acceptance, saying when it was given', async () => {
    const { actor } = start([], { acceptedAt: 1_700_000_000_000 })
    const snap = await waitFor(actor, (s) => s.matches('shown'))
    expect(snap.context.acceptedAt).toBe(1_700_000_000_000)
    expect(snap.can({ type: 'permissions.accepted' })).toBe(true)
  })

  it('never asks for contacts, SMS, call log or installed apps where the country does not require them', async () => {
    const { actor, asked } = start([])
    await waitFor(actor, (s) => !s.hasTag('busy'))
    actor.send({ type: 'permissions.accepted' })
    await expect(toPromise(actor)).resolves.toEqual({
      outcome: 'accepted',
      states: { camera: 'granted', location: 'granted' },
    })
    expect(asked).toHaveBeenCalledWith(['camera', 'location', 'phone', 'storage'])
  })

  it('asks for the data a country’s policy requires, and calls it required', async () => {
    const { actor, asked } = start(['contact'])
    await waitFor(actor, (s) => !s.hasTag('busy'))
    actor.send({ type: 'permissions.accepted' })
    await toPromise(actor)
    expect(asked.mock.calls[0]![0]).toContain('contacts')
    expect(permissionUse('contacts', ['contact'])).toBe('required')
    expect(permissionUse('contacts', [])).toBe('notUsed')
    expect(permissionUse('camera', ['contact'])).toBe('identity')
  })

  it('goes on without asking when the borrower says not now', async () => {
    const { actor, asked } = start([])
    await waitFor(actor, (s) => !s.hasTag('busy'))
    actor.send({ type: 'permissions.declined' })
    await expect(toPromise(actor)).resolves.toMatchObject({ outcome: 'declined' })
    expect(asked).not.toHaveBeenCalled()
  })

  it('shows the disclosure even when the phone cannot say what was granted, and offers it again after a failure', async () => {
    const { actor } = start([], {
      query: async () => Promise.reject(new Error('no shell')),
      request: async () => Promise.reject(new Error('bridge failed')),
    })
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(actor.getSnapshot().context.states).toEqual({})
    actor.send({ type: 'permissions.accepted' })
    const snap = await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(snap.context.error).toEqual({ key: 'errors.requestFailed' })
    expect(snap.can({ type: 'permissions.accepted' })).toBe(true)
  })

  it('takes the required data from the server’s policy for the borrower’s country', async () => {
    const { actor, asked, policies } = start(['location', 'sms'])
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(policies).toHaveBeenCalledWith('KE')
    expect(shown.context.requiredFlags).toEqual(['location', 'sms'])
    actor.send({ type: 'permissions.accepted' })
    await toPromise(actor)
    expect(asked).toHaveBeenCalledWith(['camera', 'location', 'phone', 'storage', 'sms'])
  })

  it('while the policy cannot be read, nothing can be accepted: the borrower tries again or says not now', async () => {
    let reachable = false
    const { actor, asked } = start([], {
      policy: async () => {
        if (!reachable) throw { ok: false, kind: 'network', message: 'errors.network' }
        return ['contact']
      },
    })
    const unknown = await waitFor(actor, (s) => s.hasTag('policyUnknown'))
    expect(unknown.context.error).toEqual({ key: 'errors.network' })
    expect(unknown.can({ type: 'permissions.accepted' })).toBe(false)
    expect(unknown.can({ type: 'permissions.declined' })).toBe(true)
    reachable = true
    actor.send({ type: 'permissions.retried' })
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(shown.context).toMatchObject({ requiredFlags: ['contact'], error: null })
    actor.send({ type: 'permissions.accepted' })
    await toPromise(actor)
    expect(asked.mock.calls[0]![0]).toContain('contacts')
  })
})
