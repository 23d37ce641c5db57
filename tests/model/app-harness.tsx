/**
 * The real app for the model tests: App (src/app.tsx) over the journey of src/compose.ts (createJourneyLogic with
 * the real services), rendered in jsdom, its API calls answered by the fake back end (fake-backend.ts) through msw.
 *
 * The journey actor is inspected: every route state it enters (each routable state's `meta.route`) and every
 * event sent to it are recorded, so coverage is measured from what the real app did, not from a model.
 *
 * What differs from the shipped app, all below the machines: photos are not re-encoded (jsdom has no canvas, so
 * the identity actors get a pass-through `compress`); and the personal and additional information forms open with
 * a draft the borrower typed earlier (drafts restored from local storage) — their field rules are the screen tests'
 * subject.
 */
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import i18next from 'i18next'
import { expect, vi } from 'vitest'
import { createActor, type AnyActorRef, type InspectionEvent } from 'xstate'
import { identityMachine } from '../../machines/identity.machine'
import { createIdentityActors } from '../../services/actors/identity-actors'
import { App } from '../../src/app'
import { createJourneyLogic, createServices, loadJourneyChildren } from '../../src/compose'
import { routeByName, type RouteName } from '../../domain/routes'
import { API_ORIGIN, type FakeBackend } from './fake-backend'
import { emergencyContacts, mexicanPersonalChanges, personalInfoDraft } from '../domain/onboarding-bodies'
import { SCREEN_TITLES } from './screen-texts'

/** Every child machine and its actors, loaded as an open at any other route than home loads them. */
const ALL_CHILDREN = await loadJourneyChildren()

export const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

const ADDITIONAL_DRAFT = {
  employmentType: 'Unemployed',
  incomeSource: 'Family support',
  monthlySalary: 'Less than 70000',
  ...emergencyContacts,
}

/** What the inspected journeys did, over every app opened in this file. */
export const driven = {
  /** Routes whose state a real journey entered. */
  routes: new Set<RouteName>(),
  /** Event types sent to a real journey (by the screens, the route sync or the journey's children). */
  events: new Set<string>(),
}

export interface Run {
  backend: FakeBackend
  user: UserEvent
  journey: ReturnType<typeof startJourney>
  /** Closes the app (the phone kills it in the background). */
  close: () => void
}

function startJourney(entry: RouteName | null, devRoutes: boolean) {
  const services = createServices(window, API_ORIGIN)
  const logic = createJourneyLogic(services, ALL_CHILDREN).provide({
    actors: {
      identity: identityMachine.provide({
        actors: createIdentityActors({ ...services, compress: async (image) => image }),
      }),
    },
  })
  let root: AnyActorRef | null = null
  const inspect = (event: InspectionEvent) => {
    if (!root || event.actorRef !== root) return
    if (event.type === '@xstate.event') driven.events.add(event.event.type)
    if (event.type === '@xstate.snapshot') {
      const meta = (event.snapshot as unknown as { getMeta(): Record<string, { route?: RouteName }> }).getMeta()
      for (const value of Object.values(meta)) if (value.route) driven.routes.add(value.route)
    }
  }
  const journey = createActor(logic, { input: { entry, devRoutes }, inspect })
  root = journey
  return journey.start()
}

/** What a Mexican borrower typed earlier: the Mexican forms' drafts (a CURP, a state and a typed municipality). */
const MEXICAN_PERSONAL_DRAFT = { ...personalInfoDraft, ...mexicanPersonalChanges }
const MEXICAN_ADDITIONAL_DRAFT = {
  ...ADDITIONAL_DRAFT,
  emergencyContactMobile1: '5512345671',
  emergencyContactRelation1: 'Parents',
  emergencyContactMobile2: '5512345672',
  emergencyContactRelation2: 'Siblings',
}

/** A borrower signed in by the shell (token stored, their country's onboarding drafts kept on the phone). */
export function signIn(country: 'TZ' | 'MX' = 'TZ') {
  const services = createServices(window, API_ORIGIN)
  services.storage.set('token', 'tok-model')
  services.storage.saveDraft('personalInfo', country === 'MX' ? MEXICAN_PERSONAL_DRAFT : personalInfoDraft)
  services.storage.saveDraft('additionalInfo', country === 'MX' ? MEXICAN_ADDITIONAL_DRAFT : ADDITIONAL_DRAFT)
}

/** Opens the app over what the phone keeps, at `entry` (a link to a screen) or at home; `devRoutes`: a development build. */
export function openApp(backend: FakeBackend, entry: RouteName | null = null, devRoutes = false): Run {
  window.history.replaceState(null, '', `/#${entry ? routeByName(entry).path : '/'}`)
  const journey = startJourney(entry, devRoutes)
  const view = render(<App journey={journey} />)
  const close = () => {
    view.unmount()
    journey.stop()
  }
  return { backend, user: userEvent.setup(), journey, close }
}

/** The phone's and the server's one clock, moved forward by the test (time passing for the borrower). */
export const clock = {
  offsetMs: 0,
  install() {
    const realNow = Date.now.bind(Date)
    this.offsetMs = 0
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clock.offsetMs)
  },
  advance(ms: number) {
    this.offsetMs += ms
  },
}

export function quietBrowser() {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
}

/** Presses a button by its text (a key, or a pattern) once it is enabled. */
export async function click(run: Run, key: string | RegExp, scope?: HTMLElement) {
  const name = typeof key === 'string' ? t(key) : key
  const where = scope ? within(scope) : screen
  const target = await where.findByRole('button', { name }, { timeout: 5000 })
  await waitFor(() => expect(target).toBeEnabled(), { timeout: 5000 })
  await run.user.click(target)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A text with an {{amount}} or a {{count}} as a pattern: the words before it, anything after. */
export function pattern(key: string, values: Record<string, unknown> = {}): RegExp {
  const [before] = t(key, { amount: '99', count: 99, ...values }).split('99')
  return new RegExp(`^${escape(before!)}`)
}

/** The wallet form: an M-Pesa number in Tanzania, a CLABE (the one wallet offered) in Mexico. */
export async function enterWallet(run: Run, number: string, button: 'wallet.next' | 'wallet.save', kind: 'mobile' | 'clabe' = 'mobile') {
  if (kind === 'mobile')
    await run.user.click(await screen.findByRole('radio', { name: t('enums.wallet.mpesa') }, { timeout: 5000 }))
  const label = (key: string) => new RegExp(`^${escape(t(key))}`)
  const field = (key: string) => screen.getByRole('textbox', { name: label(key) })
  await screen.findByRole('textbox', { name: label(`wallet.${kind}.number`) }, { timeout: 5000 })
  await run.user.type(field(`wallet.${kind}.number`), number)
  await run.user.type(field(`wallet.${kind}.confirm`), number)
  await run.user.tab()
  await click(run, button)
}

export async function takePhotos(run: Run) {
  const photo = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' })
  for (const side of ['front', 'back', 'face'] as const) {
    const region = await screen.findByRole('region', { name: t(`auth.identity.${side}`) }, { timeout: 5000 })
    await run.user.upload(region.querySelector<HTMLInputElement>('input[type=file]')!, photo(`${side}.jpg`))
    await within(region).findByText(t('auth.identity.uploaded'), undefined, { timeout: 5000 })
  }
}

/** The app shows `route`: its hash URL, its screen's title, nothing loading. */
export async function expectScreen(route: RouteName, timeout = 5000) {
  const titles: readonly string[] = SCREEN_TITLES[route]
  await waitFor(
    () => {
      expect(window.location.hash).toBe(`#${routeByName(route).path}`)
      const shown = screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)
      expect(titles.map((key) => t(key)).some((title) => shown.includes(title))).toBe(true)
      expect(document.querySelector('.k-overlay')).toBeNull()
    },
    { timeout },
  )
}
