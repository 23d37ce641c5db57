import axios from 'axios'
import { describe, expect, it } from 'vitest'
import { createActor, toPromise, waitFor } from 'xstate'
import { legalDocumentMachine } from '../../machines/legal-document.machine'
import { loginMachine } from '../../machines/login.machine'
import { permissionMachine } from '../../machines/permission.machine'
import { createLegalDocumentActors } from '../../services/actors/legal-document-actors'
import { createCountryActors } from '../../services/actors/country-actors'
import { createLoginActors } from '../../services/actors/login-actors'
import { createPermissionActors } from '../../services/actors/permission-actors'
import type { ApiClient } from '../../services/api/client'
import { createMemoryStorage, createStorage } from '../../services/storage/storage'
import type { CountryMeta } from '../../domain/api-types'

type Api = Pick<ApiClient, 'request'>

const KENYA: CountryMeta = {
  country: 'KE',
  dialCode: '254',
  currency: 'KES',
  languages: ['en', 'sw'],
  defaultLanguage: 'en',
}

/** An API client that records each call and answers like the server. */
function fakeApi(answer: (path: string, payload: unknown) => unknown) {
  const calls: [string, unknown][] = []
  const api = {
    request: async (path: string, payload: unknown) => {
      calls.push([path, payload])
      return answer(path, payload)
    },
  } as unknown as Api
  return { api, calls }
}

describe('the login form’s calls', () => {
  it('asks for a code and registers with the country named, as calls before login must', async () => {
    const { api, calls } = fakeApi((path) =>
      path === '/security/getVerifyCode'
        ? { ok: true, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } }
        : path === '/country/meta/code'
          ? { ok: true, data: KENYA }
          : { ok: true, data: { token: 'tok', userId: '1', newUser: true } },
    )
    const actor = createActor(loginMachine.provide({ actors: createLoginActors({ api }) }), {
      input: { purpose: 'register', country: 'KE', mobile: '0712345678' },
    }).start()
    actor.send({ type: 'login.codeRequested' })
    await waitFor(actor, (s) => s.hasTag('coolingDown'))
    actor.send({ type: 'login.codeChanged', code: '123456' })
    actor.send({ type: 'login.submitted' })
    await expect(toPromise(actor)).resolves.toEqual({ token: 'tok', newUser: true })
    expect(calls).toEqual([
      ['/country/meta/code', { code: 'KE' }],
      ['/security/getVerifyCode', { country: 'KE', mobile: '712345678', purpose: 'register' }],
      ['/security/register', { country: 'KE', mobile: '712345678', code: '123456' }],
    ])
    expect(actor.getSnapshot().context.countryMeta).toEqual(KENYA)
  })

  it('looks a login number up with /security/existsByMobile before any code, and sends none to an unknown one', async () => {
    const { api, calls } = fakeApi((path) =>
      path === '/security/existsByMobile'
        ? { ok: true, data: { exists: false } }
        : path === '/country/meta/code'
          ? { ok: true, data: KENYA }
          : { ok: true, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } },
    )
    const actor = createActor(loginMachine.provide({ actors: createLoginActors({ api }) }), {
      input: { purpose: 'login', country: 'KE', mobile: '+254 712 345 678' },
    }).start()
    actor.send({ type: 'login.codeRequested' })
    const snap = await waitFor(actor, (s) => !s.hasTag('busy') && s.context.countryMeta !== null)
    expect(snap.context.numberStatus).toBe('unregistered')
    expect(calls).toEqual([
      ['/country/meta/code', { code: 'KE' }],
      ['/security/existsByMobile', { country: 'KE', mobile: '712345678' }],
    ])
  })

  it('logs in through /security/login, and a refusal reaches the form as it came', async () => {
    const refusal = {
      ok: false,
      kind: 'invalid',
      fields: { code: 'Invalid verification code' },
      message: '',
      messageKey: 'errors.code.1001',
    }
    const { api, calls } = fakeApi(() => refusal)
    const actor = createActor(loginMachine.provide({ actors: createLoginActors({ api }) }), {
      input: { purpose: 'login', country: 'TZ', mobile: '0712345678' },
    }).start()
    actor.send({ type: 'login.codeChanged', code: '123456' })
    actor.send({ type: 'login.submitted' })
    const snap = await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(snap.context.fieldErrors.code).toEqual({ text: 'Invalid verification code' })
    expect(calls.map(([path]) => path)).toContain('/security/login')
  })
})

describe('the permission disclosure’s bridge calls', () => {
  // The reference server's answer: its policy requires nothing.
  const { api: policyApi } = fakeApi((path, payload) =>
    path === '/time/upload/policy'
      ? { ok: true, data: { country: (payload as { code: string }).code, requiredFlags: [] } }
      : { ok: false, kind: 'rejected', code: 1001, message: '', messageKey: 'errors.requestFailed' },
  )

  it('read the country’s policy from the server', async () => {
    const { api, calls } = fakeApi(() => ({ ok: true, data: { country: 'MX', requiredFlags: ['location'] } }))
    const actors = createPermissionActors({
      api,
      bridge: { queryPermissions: async () => ({}), requestPermissions: async () => ({}) },
      storage: createStorage(createMemoryStorage()),
    })
    const actor = createActor(permissionMachine.provide({ actors }), { input: { country: 'MX' } }).start()
    const shown = await waitFor(actor, (s) => s.matches('shown'))
    expect(shown.context.requiredFlags).toEqual(['location'])
    expect(calls).toEqual([['/time/upload/policy', { code: 'MX' }]])
  })

  it('reads and asks through the bridge; a failed bridge call is shown as a failure', async () => {
    const asked: string[][] = []
    const bridge = {
      queryPermissions: async () => ({ camera: 'granted' as const }),
      requestPermissions: async (names: readonly string[]) => {
        asked.push([...names])
        throw Object.assign(new Error('shell gone'), { name: 'BridgeError' })
      },
    }
    const storage = createStorage(createMemoryStorage())
    const actor = createActor(permissionMachine.provide({ actors: createPermissionActors({ api: policyApi, bridge, storage }) }), {
      input: { country: 'TZ' },
    }).start()
    await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(actor.getSnapshot().context.states).toEqual({ camera: 'granted' })
    actor.send({ type: 'permissions.accepted' })
    const snap = await waitFor(actor, (s) => !s.hasTag('busy'))
    expect(snap.context.error).toEqual({ key: 'errors.requestFailed' })
    expect(asked).toEqual([['camera', 'location', 'phone', 'storage']])
    expect(storage.get('permissionsAccepted')).toBeNull()
  })

  it('keep an acceptance on the device, so the /pop prompt is not shown again', async () => {
    const storage = createStorage(createMemoryStorage())
    const bridge = {
      queryPermissions: async () => ({}),
      requestPermissions: async () => ({ camera: 'granted' as const }),
    }
    const actors = createPermissionActors({ api: policyApi, bridge, storage, now: () => 1_800_000_000_000 })
    const first = createActor(permissionMachine.provide({ actors }), { input: { country: 'TZ' } }).start()
    await waitFor(first, (s) => !s.hasTag('busy'))
    first.send({ type: 'permissions.accepted' })
    await toPromise(first)
    expect(storage.get('permissionsAccepted')).toEqual({ at: 1_800_000_000_000 })
    const again = createActor(permissionMachine.provide({ actors }), {
      input: { country: 'TZ', skipWhenAccepted: true },
    }).start()
    await expect(toPromise(again)).resolves.toMatchObject({ outcome: 'accepted' })
  })
})

describe('the legal texts', () => {
  function withServer(reply: (url: string, params: unknown) => { status: number; data: unknown }) {
    const seen: { url: string; params: unknown }[] = []
    const instance = axios.create({
      adapter: async (config) => {
        seen.push({ url: config.url ?? '', params: config.params })
        const { status, data } = reply(config.url ?? '', config.params)
        return { status, data, statusText: '', headers: {}, config }
      },
      validateStatus: () => true,
    })
    return { api: { axios: instance } as Pick<ApiClient, 'axios'>, seen }
  }

  it('reads the public document for the country in the interface language', async () => {
    const doc = { title: 'Sera ya faragha', version: '2026-01', language: 'sw', html: '<p>…</p>' }
    const { api, seen } = withServer(() => ({ status: 200, data: doc }))
    const actor = createActor(
      legalDocumentMachine.provide({ actors: createLegalDocumentActors({ api, language: () => 'sw' }) }),
      { input: { document: 'privacy-policy', country: 'TZ' } },
    ).start()
    const snap = await waitFor(actor, (s) => s.context.text !== null)
    expect(snap.context.text).toEqual(doc)
    expect(seen).toEqual([{ url: '/legal/privacy-policy.json', params: { country: 'TZ', lang: 'sw' } }])
  })

  it('treats an answer that is not the document as a failed request', async () => {
    const { api } = withServer(() => ({ status: 502, data: '<html>Bad gateway</html>' }))
    const actor = createActor(
      legalDocumentMachine.provide({ actors: createLegalDocumentActors({ api, language: () => 'en' }) }),
      { input: { document: 'terms-of-service', country: 'KE' } },
    ).start()
    const snap = await waitFor(actor, (s) => s.hasTag('loadFailed'))
    expect(snap.context.error).toEqual({ key: 'errors.requestFailed' })
  })
})

describe('the country actors', () => {
  it('read the connection’s country from /cou/country/meta/ip, null when it names none Kopa serves', async () => {
    const answers = [{ detected: KENYA }, { detected: null }, { detected: { ...KENYA, country: 'UG' } }]
    const { api, calls } = fakeApi(() => ({ ok: true, data: answers.shift() }))
    const { detectCountry } = createCountryActors({ api, storage: createStorage(createMemoryStorage()) })
    const detect = () => toPromise(createActor(detectCountry).start())
    await expect(detect()).resolves.toBe('KE')
    await expect(detect()).resolves.toBeNull()
    await expect(detect()).resolves.toBeNull()
    expect(calls).toEqual([
      ['/country/meta/ip', {}],
      ['/country/meta/ip', {}],
      ['/country/meta/ip', {}],
    ])
  })

  it('keep the chosen country on the device', async () => {
    const storage = createStorage(createMemoryStorage())
    const { storeCountry } = createCountryActors({ api: fakeApi(() => ({ ok: true, data: null })).api, storage })
    await toPromise(createActor(storeCountry, { input: { country: 'MX' } }).start())
    expect(storage.get('country')).toBe('MX')
  })
})
