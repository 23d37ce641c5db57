/**
 * The country before login: the one chosen on this device (kept by `storeCountry`, handed back as input), else
 * the country of the connection (/cou/country/meta/ip) — asked beside home, or for a few seconds at most before
 * a screen in the visitor's country (login) — else the default.
 */
import { describe, expect, it, vi } from 'vitest'
import { SimulatedClock, createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine } from '../../machines/journey.machine'
import { type JourneyInput, type OrderReading } from '../../machines/journey/journey-context'
import { COUNTRY_LOOKUP_MS } from '../../machines/journey/journey-routes'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { loginMachine } from '../../machines/login.machine'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import type { CountryCode } from '../../domain/countries'
import { T0, user } from './journey-fixtures'

function start(
  input: JourneyInput,
  opts: {
    detect?: () => Promise<CountryCode | null>
    signedIn?: boolean
    clock?: SimulatedClock
  } = {},
) {
  const detectCountry = vi.fn(opts.detect ?? (async () => 'KE' as const))
  const stored: CountryCode[] = []
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(
            async (): Promise<StoredSession> =>
              opts.signedIn ? { token: 'tok-1', user: user() } : { token: null, user: null },
          ),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => user()),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => ({ order: null, readAt: T0 })),
      home: homeMachine.provide({
        actors: { loadOverview: fromPromise(async () => Promise.reject(new Error('offline'))) },
      }),
      loginForm: loginMachine.provide({
        actors: { describeCountry: fromPromise(async () => Promise.reject(new Error('offline'))) },
      }),
      detectCountry: fromPromise(() => detectCountry()),
      storeCountry: fromPromise(async ({ input }: { input: { country: CountryCode } }) => {
        stored.push(input.country)
      }),
    },
  })
  const actor = createActor(machine, { input, ...(opts.clock ? { clock: opts.clock } : {}) }).start()
  return { actor, detectCountry, stored }
}

type Journey = ReturnType<typeof start>['actor']
const booted = (actor: Journey) => waitFor(actor, (s) => s.context.booted && !s.hasTag('busy'), { timeout: 2000 })
const loginForm = (actor: Journey) =>
  actor.getSnapshot().children.loginForm as ActorRefFrom<typeof loginMachine> | undefined

describe('journey: the country before login', () => {
  it('starts a visitor who never chose one in the country of their connection, and logs in there', async () => {
    const { actor, detectCountry } = start({ entry: 'login' })
    const snap = await booted(actor)
    expect(detectCountry).toHaveBeenCalledTimes(1)
    expect(snap.context.country).toBe('KE')
    expect(loginForm(actor)!.getSnapshot().context.country).toBe('KE')
  })

  it('keeps the default country when the connection’s cannot be told or the look-up fails', async () => {
    const unknown = start({ entry: 'login' }, { detect: async () => null })
    expect((await booted(unknown.actor)).context.country).toBe('TZ')
    const failed = start({ entry: 'login' }, { detect: async () => Promise.reject(new Error('offline')) })
    expect((await booted(failed.actor)).context.country).toBe('TZ')
  })

  it('holds login for the connection’s country only COUNTRY_LOOKUP_MS, then opens it in the default country', async () => {
    const clock = new SimulatedClock()
    const { actor } = start({ entry: 'login' }, { clock, detect: () => new Promise(() => {}) })
    await waitFor(actor, (s) => s.matches({ booting: 'locating' }))
    clock.increment(COUNTRY_LOOKUP_MS - 1)
    expect(actor.getSnapshot().context.booted).toBe(false)
    clock.increment(1)
    const snap = await booted(actor)
    expect(snap.context).toMatchObject({ country: 'TZ', route: 'login' })
  })

  it('opens home at once and takes the connection’s country when it answers beside it', async () => {
    let answer: (country: CountryCode | null) => void = () => {}
    const { actor, detectCountry } = start(
      { entry: 'home' },
      { detect: () => new Promise<CountryCode | null>((resolve) => (answer = resolve)) },
    )
    const snap = await booted(actor)
    expect(snap.context).toMatchObject({ route: 'home', country: 'TZ' })
    expect(detectCountry).toHaveBeenCalledTimes(1)
    answer('KE')
    await waitFor(actor, (s) => s.context.country === 'KE')
    expect(actor.getSnapshot().children.countryLookup).toBeUndefined()
  })

  it('drops an answer about the connection’s country that comes after COUNTRY_LOOKUP_MS, or after a choice', async () => {
    const clock = new SimulatedClock()
    let answer: (country: CountryCode | null) => void = () => {}
    const late = start(
      { entry: 'home' },
      { clock, detect: () => new Promise<CountryCode | null>((resolve) => (answer = resolve)) },
    )
    await booted(late.actor)
    clock.increment(COUNTRY_LOOKUP_MS)
    expect(late.actor.getSnapshot().children.countryLookup).toBeUndefined()
    answer('KE')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(late.actor.getSnapshot().context.country).toBe('TZ')

    const chosen = start({ entry: 'home' }, { detect: () => new Promise((resolve) => (answer = resolve)) })
    await booted(chosen.actor)
    chosen.actor.send({ type: 'user.countryChosen', country: 'MX' })
    answer('KE')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(chosen.actor.getSnapshot().context.country).toBe('MX')
  })

  it('does not ask for the connection’s country when one was chosen on this device, or once signed in', async () => {
    const chosen = start({ entry: 'login', country: 'MX' })
    expect((await booted(chosen.actor)).context.country).toBe('MX')
    expect(chosen.detectCountry).not.toHaveBeenCalled()
    const signedIn = start({}, { signedIn: true })
    await booted(signedIn.actor)
    expect(signedIn.detectCountry).not.toHaveBeenCalled()
  })

  it('keeps the country chosen on /user/nation on the device, over the detected one', async () => {
    const { actor, stored } = start({ entry: 'nation' })
    await booted(actor)
    expect(actor.getSnapshot().context.country).toBe('KE')
    actor.send({ type: 'user.countryChosen', country: 'MX' })
    expect(actor.getSnapshot().context).toMatchObject({ country: 'MX', countryChosen: true })
    await vi.waitFor(() => expect(stored).toEqual(['MX']))
    actor.send({ type: 'user.countryChosen', country: 'TZ' })
    await vi.waitFor(() => expect(stored).toEqual(['MX', 'TZ']))
  })

  it('goes on when the phone refuses to keep the choice', async () => {
    const machine = journeyMachine.provide({
      actors: {
        ...JOURNEY_CHILDREN,
        session: sessionMachine.provide({
          actors: {
            readStoredSession: fromPromise(async (): Promise<StoredSession> => ({ token: null, user: null })),
          },
        }),
        home: homeMachine.provide({
          actors: { loadOverview: fromPromise(async () => Promise.reject(new Error('offline'))) },
        }),
        storeCountry: fromPromise(async () => Promise.reject(new Error('storage full'))),
      },
    })
    const actor = createActor(machine, { input: { entry: 'nation', country: 'TZ' } }).start()
    await booted(actor)
    actor.send({ type: 'user.countryChosen', country: 'KE' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(actor.getSnapshot().status).toBe('active')
    expect(actor.getSnapshot().context.country).toBe('KE')
  })
})
