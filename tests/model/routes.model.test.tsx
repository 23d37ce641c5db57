/**
 * Model-based test of the journey's routes: every routable state of machines/journey.machine.ts (each route of
 * domain/routes.ts is a state whose id and `meta.route` are the route's name) is reached in the real app
 * (app-harness.tsx) the way a borrower reaches it — taps from home or the me tab, a form sent, or a link to the
 * screen (a landing page, a promotion's message, the app reopened where it was left) — and shows its screen.
 *
 * The list of routes is read from the machine, not written here: a new route is a new test, which fails until
 * WAYS says how a borrower reaches it. A route counts as reached only when the real journey actor entered its
 * state (inspected) and the URL and the screen's title show it; the last test prints the coverage and fails
 * unless every route of the machine was reached.
 *
 * Each way starts from a borrower the fake back end knows (a visitor, a signed-in borrower without a loan, or one
 * whose order the back office moved to a state of the order lifecycle, by the machine's own shortest events).
 */
import { screen, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { journeyMachine } from '../../machines/journey.machine'
import type { OrderLifecycleState } from '../../machines/order-lifecycle.machine'
import { ROUTES, type RouteName } from '../../domain/routes'
import { COUNTRIES } from '../../domain/countries'
import { initI18n } from '../../src/i18n'
import { API_ORIGIN, createFakeBackend, EARLIER_TICKET } from './fake-backend'
import { createServices } from '../../src/compose'
import { click, driven, enterWallet, expectScreen, openApp, pattern, quietBrowser, signIn, t, type Run } from './app-harness'
import { eventsTo } from './lifecycle.model'

const server = setupServer()

/** Every routable state of the journey: the state nodes whose `meta.route` names a route. */
function routableStates(node: AnyStateNode = journeyMachine.root): RouteName[] {
  const own = (node.meta as { route?: RouteName } | undefined)?.route
  return [...(own ? [own] : []), ...Object.values(node.states).flatMap((child) => routableStates(child))]
}
const ROUTABLE = [...new Set(routableStates())]

/** Who the borrower is when they set out: a visitor, signed in without a loan, or with an order in a state. */
type Given = 'visitor' | 'borrower' | OrderLifecycleState | { mexican: OrderLifecycleState }

interface Way {
  given: Given
  /** How they reach it, in words (the test's name). */
  how: string
  /** Opened at this route (a link to it) rather than at home. */
  link?: RouteName
  /** A development build. */
  devRoutes?: boolean
  reach?: (run: Run) => Promise<void>
}

const row = (title: string) => screen.findByRole('button', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}`) })
const tap = async (run: Run, title: string) => run.user.click(await row(title))
const tab = async (run: Run, name: 'home' | 'records' | 'me') => {
  const nav = await screen.findByRole('navigation', { name: t('ui.tabs.label') })
  await run.user.click(within(nav).getByRole('button', { name: new RegExp(`^${t(`ui.tabs.${name}`)}`) }))
}
const meRow = async (run: Run, item: string) => {
  await tab(run, 'me')
  await tap(run, t(`me.item.${item}`))
}
const homeButton = (run: Run, button: string) => click(run, `home.button.${button}`)
const payWith = async (run: Run, channel: 'mpesa' | 'airtel') => {
  await homeButton(run, 'pay')
  await click(run, pattern('repay.form.full'))
  await run.user.click(await screen.findByRole('radio', { name: t(`enums.wallet.${channel}`) }))
  await click(run, 'repay.form.pay')
}
const extend = async (run: Run) => {
  await homeButton(run, 'pay')
  await click(run, pattern('repay.detail.rollover'))
}

/** A ticket the borrower typed earlier and did not send (the form keeps drafts). */
const TICKET_DRAFT = {
  type: 2,
  description: 'The app closes when I take the photo of my ID.',
  contact: '0754123456',
  contactTime: 'anytime',
}

/**
 * How a borrower reaches each route. Typed over some routes only, on purpose: a route of the machine without a
 * way here is a failing test, not a compile error, so the failure names it.
 */
const WAYS: Partial<Record<RouteName, Way>> = {
  home: { given: 'visitor', how: 'opens the app' },
  me: { given: 'visitor', how: 'taps the Me tab', reach: (run) => tab(run, 'me') },
  records: { given: 'borrower', how: 'taps the Records tab', reach: (run) => tab(run, 'records') },
  privacyPolicy: { given: 'visitor', how: 'opens the privacy agreement from Me', reach: (run) => meRow(run, 'privacyPolicy') },
  termsOfService: { given: 'visitor', how: 'opens the terms from Me', reach: (run) => meRow(run, 'termsOfService') },
  agreement: { given: 'visitor', how: 'opens the loan agreement from Me', reach: (run) => meRow(run, 'agreement') },
  login: { given: 'visitor', how: 'taps Log in on Me', reach: async (run) => (await tab(run, 'me'), tap(run, t('me.login'))) },
  register: {
    given: 'visitor',
    how: 'follows the promotion page /yx1 to registration',
    link: 'yx1',
    reach: (run) => click(run, 'standalone.yx1.start'),
  },
  nation: {
    given: 'visitor',
    how: 'changes the country on the registration form',
    link: 'register',
    reach: (run) =>
      click(run, pattern('user.form.country', { country: t(COUNTRIES.TZ.nameKey), dialCode: '99' })),
  },
  coupons: { given: 'borrower', how: 'opens Coupons from Me', reach: (run) => meRow(run, 'coupons') },
  faq: { given: 'borrower', how: 'opens the FAQ from Me', reach: (run) => meRow(run, 'faq') },
  customerServices: { given: 'borrower', how: 'opens Customer service from Me', reach: (run) => meRow(run, 'customerServices') },
  aboutUs: { given: 'visitor', how: 'opens About us from Me', reach: (run) => meRow(run, 'aboutUs') },
  settings: { given: 'visitor', how: 'opens Settings from Me', reach: (run) => meRow(run, 'settings') },
  language: {
    given: 'visitor',
    how: 'opens Language in Settings',
    reach: async (run) => (await meRow(run, 'settings'), tap(run, t('user-center.settings.language'))),
  },
  deleteAccount: {
    given: 'borrower',
    how: 'opens Delete account in Settings',
    reach: async (run) => (await meRow(run, 'settings'), tap(run, t('user-center.settings.deleteAccount'))),
  },
  feedbackList: { given: 'borrower', how: 'opens Feedback from Me', reach: (run) => meRow(run, 'feedbackList') },
  feedbackFaq: {
    given: 'borrower',
    how: 'starts a new ticket from Feedback (the questions first)',
    reach: async (run) => (await meRow(run, 'feedbackList'), click(run, 'feedback.list.new')),
  },
  addFeedback: {
    given: 'borrower',
    how: 'finds no answer in the questions and writes a ticket',
    reach: async (run) => {
      await meRow(run, 'feedbackList')
      await click(run, 'feedback.list.new')
      await click(run, 'feedback.faq.write')
    },
  },
  feedbackResult: {
    given: 'borrower',
    how: 'sends the ticket they had typed',
    reach: async (run) => {
      createServices(window, API_ORIGIN).storage.saveDraft('feedback.new', TICKET_DRAFT)
      await meRow(run, 'feedbackList')
      await click(run, 'feedback.list.new')
      await click(run, 'feedback.faq.write')
      await click(run, 'feedback.add.submit')
    },
  },
  feedbackDetail: {
    given: 'borrower',
    how: 'opens a ticket of theirs from Feedback',
    reach: async (run) => {
      await meRow(run, 'feedbackList')
      await run.user.click(await screen.findByRole('button', { name: new RegExp(EARLIER_TICKET) }))
    },
  },
  pop: { given: 'visitor', how: 'opens the permission pop-up link', link: 'pop' },
  permission: { given: 'visitor', how: 'opens the permission disclosure link', link: 'permission' },
  privacy: { given: 'visitor', how: 'opens the privacy link', link: 'privacy' },
  agreements: { given: 'visitor', how: 'opens the terms link', link: 'agreements' },
  yx1: { given: 'visitor', how: 'opens the promotion page /yx1', link: 'yx1' },
  yx2: { given: 'visitor', how: 'opens the offer page /yx2', link: 'yx2' },
  yx3: { given: 'visitor', how: 'opens the phone-number landing page /yx3', link: 'yx3' },
  openApp: { given: 'visitor', how: 'opens the download link', link: 'openApp' },
  flows: { given: 'visitor', how: 'opens the flows page of a development build', link: 'flows', devRoutes: true },
  toBorrow: { given: 'borrower', how: 'taps Apply on home', reach: (run) => homeButton(run, 'apply') },
  personalInfomation: {
    given: 'borrower',
    how: 'applies from home',
    reach: async (run) => (await homeButton(run, 'apply'), click(run, 'borrow.toBorrow.apply')),
  },
  idCardAuthentication: { given: 'identityOcr', how: 'reopens the app on the ID step', link: 'idCardAuthentication' },
  additionalInfomation: { given: 'addition', how: 'reopens the app on the work step', link: 'additionalInfomation' },
  addBankCard: { given: 'bindCard', how: 'reopens the app on the wallet step', link: 'addBankCard' },
  reviewApplication: {
    given: 'bindCard',
    how: 'enters a wallet and goes on to the review',
    link: 'addBankCard',
    reach: (run) => enterWallet(run, '0765123456', 'wallet.next'),
  },
  loanQuestion: { given: { mexican: 'question' }, how: 'reopens the app on the questionnaire (Mexico)', link: 'loanQuestion' },
  finishLoading: { given: 'finishLoading', how: 'reopens the app while the application is sent', link: 'finishLoading' },
  reviewTips: { given: 'applying', how: 'taps Details on home', reach: (run) => homeButton(run, 'details') },
  confirmBorrow: { given: 'confirm', how: 'taps Get money on home', reach: (run) => homeButton(run, 'getMoney') },
  yx2ConfirmBorrow: { given: 'getMoney', how: "opens the promotion's confirm link", link: 'yx2ConfirmBorrow' },
  cancellationForm: { given: 'confirm', how: 'opens the cancellation link', link: 'cancellationForm' },
  lending: { given: 'lending', how: 'reopens the app while the money is on its way', link: 'lending' },
  repayDetail: { given: 'repaying', how: 'taps Pay on home', reach: (run) => homeButton(run, 'pay') },
  cashier: { given: 'repaying', how: 'pays everything with an M-Pesa prompt', reach: (run) => payWith(run, 'mpesa') },
  staticCashier: { given: 'repaying', how: 'pays everything at the Airtel pay-bill', reach: (run) => payWith(run, 'airtel') },
  exhibitionPeriodDetail: { given: 'repaying', how: 'taps Extend on repay detail', reach: extend },
  rollover: {
    given: 'repaying',
    how: 'takes the extension and pays its fee with M-Pesa',
    reach: async (run) => {
      await extend(run)
      await run.user.click(await screen.findByRole('radio', { name: t('enums.wallet.mpesa') }))
      await click(run, 'repay.rollover.confirm')
    },
  },
  outcome: {
    given: 'repaying',
    how: 'pays everything and the provider confirms it',
    reach: async (run) => {
      await payWith(run, 'mpesa')
      await screen.findByRole('button', { name: t('repay.wait.paid') }, { timeout: 5000 })
      run.backend.confirmPayment()
      await click(run, 'repay.wait.paid')
    },
  },
}

const who = (given: Given) =>
  given === 'visitor'
    ? 'a visitor'
    : given === 'borrower'
      ? 'a signed-in borrower without a loan'
      : typeof given === 'object'
        ? `a Mexican borrower whose order is at ${given.mexican}`
        : `a borrower whose order is at ${given}`

const started = performance.now()
const reached = new Set<RouteName>()
let run: Run | null = null

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  await initI18n('en')
})
beforeEach(() => quietBrowser())
afterEach(() => {
  run?.close()
  run = null
})
afterAll(() => server.close())

describe('every route of the journey, reached as a borrower reaches it', () => {
  it('reads its routes from the machine: every route of domain/routes.ts is a state of the journey', () => {
    expect([...ROUTABLE].sort()).toEqual(ROUTES.map((route) => route.name).sort())
  })

  for (const route of ROUTABLE) {
    const way = WAYS[route]
    it(`${route}: ${way ? `${who(way.given)} ${way.how}` : 'has a way to be reached'}`, async () => {
      if (!way) throw new Error(`no way to reach route ${route}: add it to WAYS`)
      const mexican = typeof way.given === 'object'
      const backend = createFakeBackend({ country: mexican ? 'MX' : 'TZ' })
      server.resetHandlers(backend.handler)
      const state = typeof way.given === 'object' ? way.given.mexican : way.given
      if (state !== 'visitor') {
        signIn(mexican ? 'MX' : 'TZ')
        if (state !== 'borrower') backend.seed(eventsTo(state, mexican ? 'MX' : 'TZ'))
      }
      run = openApp(backend, way.link ?? null, way.devRoutes === true)
      if (way.reach) {
        await expectScreen(way.link ?? 'home')
        await way.reach(run)
      }
      await expectScreen(route)
      expect(driven.routes).toContain(route)
      reached.add(route)
    }, 20_000)
  }

  it('reached every route of the machine', () => {
    console.log(
      `journey routes: ${reached.size}/${ROUTABLE.length} reached through the app in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (${driven.routes.size} route states entered, ` +
        `${driven.events.size} event types sent to the journey)`,
    )
    expect(ROUTABLE.filter((route) => !reached.has(route))).toEqual([])
  })
})
