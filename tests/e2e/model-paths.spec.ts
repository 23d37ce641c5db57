/**
 * The order lifecycle's test model in the browser (issue 16 item 3): the shortest walk to every state of
 * machines/order-lifecycle.machine.ts, generated from the machine (tests/model/lifecycle.model.ts), driven in
 * Chromium against the real reference server — one new borrower per walk, each lifecycle event caused as in life
 * with the journeys' own steps (tests/e2e/steps): the borrower's on screen, the back office's, the payment
 * provider's and the server's jobs by the server itself (its scorecard, its sandbox wallet, its clock).
 *
 * State coverage, not transition coverage (the jsdom model test, tests/model/lifecycle.model.test.tsx, takes every
 * transition): a walk that is the start of another is not run on its own. A new state of the machine gets its walk
 * without editing this file; the first test fails when a state has no walk or an event on a walk has no way to be
 * caused here (EXEC).
 *
 * What the server decides by itself is set up where the borrower's input decides it, looking ahead on the walk:
 * work the scorecard refuses when the walk goes on to a rejection, a wallet the sandbox cannot pay (…0000) when
 * it goes on to a failed pay-out, an application the back office marks as a promotion's (/dev/orders/promotion)
 * when it goes on to a promotion's approval (18).
 *
 * After each step, as the jsdom test checks: the server's order is in the walk's new state (or, for a state the
 * server leaves by itself — assessing, paying out — already past it along the walk), and the borrower sees the
 * screen the app's projections name for it: the status's screen (STEP_ROUTE) with its title, or home with the
 * card of the state (homeStateOf). Each walk prints the states it covered.
 */
import { freshMobile, freshNationalId, orderWhen, settle, type ApiBorrower } from './borrower-api'
import { DAY, expect, shellLogin, t, test, type KopaServer, type Lang, type Page } from './fixtures'
import {
  confirmBorrowScreen,
  holdDecision,
  holdNextCall,
  holdOrderReadsOn,
  passOutcome,
  type HeldCall,
  type HeldDecision,
  type HeldReads,
} from './steps/money-path'
import {
  acceptDisclosure,
  CARLOS_GOMEZ,
  CEMEX_WORK,
  fillPersonalInfo,
  fillWallet,
  fillWorkInfo,
  takeIdPhotosAndFace,
  TANGA_CEMENT_WORK,
  tap,
  type PersonalInput,
  type WorkInput,
} from './steps/onboarding'
import { approveOnPhone, latestOf, repayingOrder, signInOnHome } from './steps/repay'
import { LIFECYCLE_STATES, NOW, shortestWalks, snapshotOf, type ModelEvent, type WalkStep } from '../model/lifecycle.model'
import { SCREEN_TITLES } from '../model/screen-texts'
import { HOME_BUTTON } from '../../machines/home/home-context'
import { STEP_ROUTE } from '../../machines/journey/journey-routes'
import { type OrderLifecycleState } from '../../machines/order-lifecycle.machine'
import { homeStateOf, STATUS_BY_STATE, stepOfStatus } from '../../machines/order-lifecycle/order-policy'
import type { OrderStatusCode } from '../../domain/order-status'
import { routeByName, type RouteName } from '../../domain/routes'

const lang: Lang = 'en'

/** A Tanzanian borrower's personal information, with an ID number of their own (one loan at a time per person). */
const tanzanian = (): PersonalInput => ({
  firstName: 'Asha',
  lastName: 'Mwakyusa',
  gender: 'female',
  birthday: { year: 1990, month: 5, day: 17 },
  education: 'bachelors',
  maritalStatus: 'single',
  nationalId: freshNationalId().replace(/-/g, ''),
  email: 'asha.m@gmail.com',
  residenceType: 'rened',
  state: 'Arusha',
  city: 'Karatu',
  address: 'Plot 12, Sokoine Road',
})



/** Work it refuses: part-time, under 70,000 a month, less than a year (20 points, 40 approve). */
const REFUSED_WORK: WorkInput = {
  ...TANGA_CEMENT_WORK,
  employmentType: 'ParttimeEmployee',
  jobExperience: 'lessThan1Year',
  monthlySalary: 'Less than 70000',
}


/** A CLABE with a valid check digit (Mexico's only kind of wallet). */
const CLABE = '002010077777777771'

/** One borrower walking one path, and what a step leaves held for the next one. */
interface Walker {
  page: Page
  kopa: KopaServer
  b: ApiBorrower
  country: 'TZ' | 'MX'
  /** The application's submission, held so finish loading (19) is seen before it lands. */
  submit?: HeldCall
  /** The assessment's decision, held from the app so review tips (1) is seen. */
  decision?: HeldDecision
  /** The app's reads of the order on lending (7), held so lending is seen before the pay-out lands. */
  lending?: HeldReads
}

/** How a step is caused: the walker, the step, and the steps still ahead on the walk. */
type Exec = (walker: Walker, step: WalkStep, ahead: readonly WalkStep[]) => Promise<void>

/** No gallery pictures from these walks: the journeys 1–23 take them. */
const noPictures = async () => {}

const aheadIs = (ahead: readonly WalkStep[], type: ModelEvent['type']) => ahead.some((s) => s.event.type === type)

/** The server decided by itself (scorecard, sandbox): once its order is there, the app's held reads go through. */
const serverDecided = (release: (walker: Walker) => Promise<void> | void): Exec => async (walker, step) => {
  const status = STATUS_BY_STATE[step.to.state]
  await orderWhen(walker.kopa, walker.b, (o) => o.status === status, step.to.state)
  await release(walker)
}

/**
 * How each lifecycle event is caused in the browser, against the real server. An event a walk takes that has
 * no entry here fails the first test (and its walk).
 */
const EXEC: Partial<Record<ModelEvent['type'], Exec>> = {
  // A new account (the SMS code from the server's outbox); the native shell logs the borrower in on home.
  'borrower.registered': async (walker, step) => {
    if (step.event.type !== 'borrower.registered') return
    walker.country = step.event.country === 'MX' ? 'MX' : 'TZ'
    walker.b.mobile = walker.country === 'MX' ? `55${String(Date.now()).slice(-7)}1` : freshMobile()
    walker.b.token = await walker.kopa.signUp(walker.b.mobile, walker.country)
    await signInOnHome(walker.page, walker.b.token, lang, 'canLoan')
  },
  'application.started': async ({ page }) => {
    await tap(page, lang, 'home.button.apply')
    await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
    await tap(page, lang, 'borrow.toBorrow.apply')
  },
  'profile.basicSaved': async ({ page, country }) => {
    await fillPersonalInfo(page, lang, country, country === 'MX' ? CARLOS_GOMEZ : tanzanian())
    await tap(page, lang, 'auth.common.next')
    // The ID photos come next: the permission disclosure, never accepted on this phone, comes first.
    await acceptDisclosure(page, lang)
  },
  'profile.identityCompleted': async ({ page }) => {
    await takeIdPhotosAndFace(page, lang)
    await tap(page, lang, 'auth.common.next')
  },
  'profile.additionalSaved': async ({ page, country }, _step, ahead) => {
    const work = country === 'MX' ? CEMEX_WORK : aheadIs(ahead, 'assessment.rejected') ? REFUSED_WORK : TANGA_CEMENT_WORK
    await fillWorkInfo(page, lang, work, country)
    await tap(page, lang, 'auth.common.next')
  },
  // The wallet, checked, then the review's Submit application sends it (and, unless a questionnaire follows, the
  // application: its call is held until the next step).
  'wallet.added': async (walker, step, ahead) => {
    const { page } = walker
    if (walker.country === 'MX') await fillWallet(page, lang, 'clabe', CLABE)
    else await fillWallet(page, lang, 'mpesa', freshMobile(aheadIs(ahead, 'payout.failed') ? '0000' : undefined))
    await tap(page, lang, 'wallet.next')
    await expect(page).toHaveURL(/#\/bank_account\/review_application$/)
    if (step.to.state === 'finishLoading') walker.submit = await holdNextCall(page, '/user/submit')
    await tap(page, lang, 'wallet.review.submit')
    await walker.submit?.reached
  },
  // The submission lands (19 → 1); the scorecard decides at once, which the app is not told until the next step.
  'collection.finished': async (walker, _step, ahead) => {
    const next = ahead[0]?.event
    if (next?.type === 'assessment.approved' && next.viaPromotion === true) {
      const { orderNo } = await latestOf(walker.kopa, walker.b)
      await walker.kopa.devPost('/dev/orders/promotion', { orderNo })
    }
    walker.decision = await holdDecision(walker.page)
    await walker.submit!.release()
  },
  // Review tips follows the order by itself once the decision reaches the app.
  'assessment.approved': serverDecided((walker) => walker.decision!.release()),
  'assessment.rejected': serverDecided((walker) => walker.decision!.release()),
  // The agreement ticked, confirmed: lending until the sandbox answers the pay-out.
  'borrower.confirmed': async (walker) => {
    const { confirm, tick } = await confirmBorrowScreen(walker.page, lang)
    walker.lending = await holdOrderReadsOn(walker.page, /#\/borrow\/lending$/)
    await tick.check()
    await confirm.click()
  },
  // The cancel sheet with one reason; the outcome's Continue goes home.
  'borrower.cancelled': async ({ page }) => {
    await tap(page, lang, 'borrow.confirm.cancel')
    const sheet = page.getByRole('dialog', { name: t(lang, 'borrow.cancel.title'), exact: true })
    await sheet.getByRole('radio', { name: t(lang, 'enums.cancelReason.feesTooHigh'), exact: true }).check()
    await sheet.getByRole('button', { name: t(lang, 'borrow.cancel.submit'), exact: true }).click()
    await passOutcome(page, noPictures, lang, 'cancelled')
  },
  // The sandbox pays out: lending moves on by itself to "money sent", whose Continue opens repay detail.
  'payout.succeeded': async (walker) => {
    await repayingOrder(walker.kopa, walker.b)
    await walker.lending!.release()
    await passOutcome(walker.page, noPictures, lang, 'moneySent')
  },
  // The sandbox refuses the pay-out to …0000: lending moves on by itself to repay detail, which explains it.
  'payout.failed': serverDecided((walker) => walker.lending!.release()),
  // The whole balance, pushed to the phone and approved there; "payment received", Continue goes home.
  'repayment.full': async ({ page, kopa }) => {
    await tap(page, lang, 'repay.form.pay')
    await expect(page).toHaveURL(/#\/repay\/cashier$/)
    await approveOnPhone(page, kopa, lang)
    await passOutcome(page, noPictures, lang, 'repaidInFull')
  },
  // The borrower closes the app; the server's clock passes the due date and its daily job runs. They open the app
  // again (the native shell logs them in anew once the 30-day session has run out): home shows the overdue loan,
  // and its Pay opens it.
  'due.passed': async (walker, step) => {
    const { page, kopa, b } = walker
    const card = homeStateOf(snapshotOf(step.to), NOW)
    const order = await latestOf(kopa, b)
    await page.goto('about:blank')
    await kopa.advanceClock((order.tenureDays + 1) * DAY)
    await settle(kopa)
    await page.goto('/')
    if ((await kopa.call('/loan/loan-order/latest', {}, b.token)).code !== 0) {
      await expect(page).toHaveURL(/#\/user\/login$/)
      b.token = await kopa.logIn(b.mobile)
      await shellLogin(page, b.token)
    }
    await expect(page).toHaveURL(/\/(#\/?)?$/)
    await expect(page.getByRole('heading', { level: 2, name: t(lang, `home.state.${card}.title`), exact: true })).toBeVisible()
    await tap(page, lang, `home.button.${HOME_BUTTON[card]}`)
  },
}

/** Events the server takes by itself right after the step before (the app is told later). */
const SERVER_MOVES_ON: ReadonlySet<ModelEvent['type']> = new Set([
  'assessment.approved',
  'assessment.rejected',
  'payout.succeeded',
  'payout.failed',
])

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The screen the app's projections name for a state: its status's screen, or home. */
function routeOf(state: OrderLifecycleState): RouteName {
  const status = STATUS_BY_STATE[state]
  const step = status === null ? null : stepOfStatus(status)
  return step ? STEP_ROUTE[step] : 'home'
}

/** After a step: the server's order, and what the borrower sees. */
async function expectStep(walker: Walker, step: WalkStep, ahead: readonly WalkStep[]) {
  const { page } = walker
  const accepted: (OrderStatusCode | null)[] = [STATUS_BY_STATE[step.to.state]]
  for (const later of ahead) {
    if (!SERVER_MOVES_ON.has(later.event.type)) break
    accepted.push(STATUS_BY_STATE[later.to.state])
  }
  const statusNow = async () => ((await latestOf(walker.kopa, walker.b)) as { status: OrderStatusCode } | null)?.status ?? null
  await expect
    .poll(async () => accepted.includes(await statusNow()), {
      message: `the server's order after ${step.event.type} is in ${step.to.state} (status ${accepted.join(' or ')})`,
    })
    .toBe(true)
  const route = routeOf(step.to.state)
  const path = routeByName(route).path
  await expect(page).toHaveURL(route === 'home' ? /\/(#\/?)?$/ : new RegExp(`#${escape(path)}$`))
  const titles: readonly string[] = SCREEN_TITLES[route]
  const title = new RegExp(`^(${titles.map((key) => escape(t(lang, key))).join('|')})$`)
  await expect(page.getByRole('heading', { level: 1, name: title }).first()).toBeVisible()
  if (route === 'home') {
    const card = homeStateOf(snapshotOf(step.to), NOW)
    await expect(page.getByRole('heading', { level: 2, name: t(lang, `home.state.${card}.title`), exact: true })).toBeVisible()
  }
}

const walksByState = shortestWalks()
const eventsOf = (walk: readonly WalkStep[]) => walk.map((s) => JSON.stringify(s.event))
/** The walks to run: each state's shortest, but for those that are the start of a longer one. */
const WALKS: WalkStep[][] = [...walksByState.values()].filter((walk) => {
  const events = eventsOf(walk)
  return ![...walksByState.values()].some(
    (other) => other.length > walk.length && eventsOf(other.slice(0, walk.length)).join() === events.join(),
  )
})

const describeStep = (s: WalkStep) =>
  s.event.type === 'borrower.registered' ? `registers in ${s.event.country}` : `${s.event.type} → ${s.to.state}`

test.describe(`the order lifecycle's shortest walk to every state, generated from the machine [${lang}]`, () => {
  test.use({ lang })
  // One borrower per walk, each on its worker's own server: the walks run side by side.
  test.describe.configure({ mode: 'parallel' })
  const coveredHere = new Set<OrderLifecycleState>()
  test.afterAll(() => {
    if (coveredHere.size > 0)
      console.log(`states the walks on this worker covered in Chromium: ${[...coveredHere].join(', ')}`)
  })

  test('every state of the lifecycle has a walk, and every event on the walks a way to be caused', () => {
    const covered = new Set(WALKS.flatMap((walk) => walk.map((s) => s.to.state)))
    console.log(
      `order lifecycle in Chromium: ${WALKS.length} walks (${WALKS.reduce((n, w) => n + w.length, 0)} steps) ` +
        `to the ${covered.size}/${LIFECYCLE_STATES.length} states`,
    )
    expect(LIFECYCLE_STATES.filter((state) => !walksByState.has(state))).toEqual([])
    expect([...covered].sort()).toEqual([...LIFECYCLE_STATES].sort())
    const events = new Set(WALKS.flatMap((walk) => walk.map((s) => s.event.type)))
    expect([...events].filter((type) => !EXEC[type])).toEqual([])
  })

  for (const walk of WALKS) {
    const last = walk.at(-1)!
    test(`to ${last.to.state}: ${walk.map(describeStep).join(', ')}`, async ({ page, kopa }) => {
      const walker: Walker = { page, kopa, b: { mobile: '', token: '' }, country: 'TZ' }
      const covered: OrderLifecycleState[] = []
      for (const [i, step] of walk.entries()) {
        const exec = EXEC[step.event.type]
        if (!exec) throw new Error(`no way to cause ${step.event.type} in the browser`)
        const ahead = walk.slice(i + 1)
        await test.step(describeStep(step), async () => {
          await exec(walker, step, ahead)
          await expectStep(walker, step, ahead)
        })
        covered.push(step.to.state)
        coveredHere.add(step.to.state)
      }
      console.log(`covered in Chromium (${walker.country}): ${covered.join(' → ')}`)
    })
  }
})
