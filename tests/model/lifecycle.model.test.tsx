/**
 * Model-based test of the order lifecycle, generated from the machine (lifecycle.model.ts): walks that take every
 * transition of machines/order-lifecycle.machine.ts the product can cause drive the real app (app-harness.tsx)
 * against the fake back end, whose order moves through the same machine (`decide`).
 *
 * Each lifecycle event on a walk is caused the way it is in life: the borrower's own (applying, the onboarding
 * forms, confirming, cancelling, correcting the wallet, paying, taking a rollover) through the screens; the
 * back office's, the payment provider's and the server's jobs (assessment, pay-out, a repayment or a fee the
 * provider confirms, the due date and the daily penalty, the 24-hour expiry) on the fake back end, after which
 * the borrower reads the order again (the screen's refresh, or coming back to the app later).
 *
 * After each step the real back end took exactly the transition the walk names, the real journey read the new
 * status, and the app shows what its own projections say for it: home's state (homeStateOf) when the status
 * names no screen, else the screen the status names (STEP_ROUTE of stepOf), with its title.
 *
 * Coverage is what the fake back end's real lifecycle took (not the walks' plan): the last test prints it and
 * fails unless every state and every transition was taken, but for the transitions no event the product sends
 * can take (printed with their guard, derived by exploring the machine).
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { STEP_ROUTE } from '../../machines/journey/journey-routes'
import { homeStateOf, stepOf } from '../../machines/latest-order'
import { orderLifecycleMachine, RETRY_AFTER_MS, type OrderLifecycleEventType } from '../../machines/order-lifecycle.machine'
import { STATUS_BY_STATE } from '../../machines/order-lifecycle/order-policy'
import { HOME_BUTTON } from '../../machines/home/home-context'
import type { LatestOrder } from '../../domain/api-types'
import type { RouteName } from '../../domain/routes'
import { initI18n } from '../../src/i18n'
import { createFakeBackend } from './fake-backend'
import {
  click,
  clock,
  driven,
  enterWallet,
  expectScreen,
  openApp,
  pattern,
  quietBrowser,
  signIn,
  t,
  takePhotos,
  type Run,
} from './app-harness'
import {
  coveringWalks,
  LIFECYCLE_STATES,
  LIFECYCLE_TRANSITIONS,
  NOW,
  unreachable,
  type ModelEvent,
  type WalkStep,
} from './lifecycle.model'

const server = setupServer()
const HOUR = 60 * 60 * 1000
let run: Run
/** The country of the borrower the walk follows (the wallet they add differs). */
let country: 'TZ' | 'MX' = 'TZ'

/** The screen the app's projections name for an order: the status's step, or home. */
const statusRoute = (order: LatestOrder | null): RouteName => {
  const step = stepOf(order)
  return step ? STEP_ROUTE[step] : 'home'
}
const appOrder = () => run.journey.getSnapshot().context.order

/** The borrower comes back to the app later: it opens at home, which shows the order's state; its button opens the order's screen. */
async function comeBack() {
  run.close()
  run = openApp(run.backend)
  await expectScreen('home')
  const order = appOrder()
  const state = homeStateOf(order, Date.now())
  await screen.findByRole('heading', { level: 2, name: t(`home.state.${state}.title`) }, { timeout: 5000 })
  const button = HOME_BUTTON[state]
  if (statusRoute(order) !== 'home' && button) await click(run, `home.button.${button}`)
}

/** Pays on the repay screen (push to the phone), the provider confirms it, and the outcome's Continue. */
async function pay(amount: 'full' | string) {
  if (amount === 'full') await click(run, pattern('repay.form.full'))
  else {
    const field = screen.getByRole('textbox', { name: new RegExp(`^${t('repay.form.amount')}`) })
    await run.user.clear(field)
    await run.user.type(field, amount)
  }
  await run.user.click(await screen.findByRole('radio', { name: t('enums.wallet.mpesa') }))
  await click(run, 'repay.form.pay')
  await settlePayment()
}

/** The payment provider confirms the payment order the borrower waits on; they tap "I have paid" and go on. */
async function settlePayment() {
  await screen.findByRole('button', { name: t('repay.wait.paid') }, { timeout: 5000 })
  run.backend.confirmPayment()
  await click(run, 'repay.wait.paid')
  await click(run, 'outcome.continue')
}

type Exec = (event: ModelEvent) => Promise<void>

/**
 * How each event of the machine is caused (typed over every lifecycle event type: a new one does not compile
 * until it has its way here). The borrower stands on the screen the previous status named.
 */
const EXEC: Record<OrderLifecycleEventType | 'borrower.registered', Exec> = {
  'borrower.registered': async (event) => {
    if (event.type !== 'borrower.registered') return
    const backend = createFakeBackend({ country: event.country })
    server.resetHandlers(backend.handler)
    localStorage.clear()
    country = event.country === 'MX' ? 'MX' : 'TZ'
    signIn(country)
    run = openApp(backend)
  },
  'application.started': async (event) => {
    if (event.type !== 'application.started') return
    if (event.at > NOW) {
      // The rejected borrower comes back on the retry date.
      clock.advance(RETRY_AFTER_MS + 60_000)
      await comeBack()
    }
    await click(run, 'home.button.apply')
    await click(run, 'borrow.toBorrow.apply')
  },
  'profile.basicSaved': () => click(run, 'auth.common.next'),
  'profile.identityCompleted': async () => {
    await takePhotos(run)
    if (screen.queryByRole('button', { name: t('auth.common.next') })) await click(run, 'auth.common.next')
  },
  'profile.additionalSaved': () => click(run, 'auth.common.next'),
  // A first wallet is checked, then reviewed; Submit application on the review sends it (issue 13).
  'wallet.added': async () => {
    if (country === 'MX') await enterWallet(run, '002010077777777771', 'wallet.next', 'clabe')
    else await enterWallet(run, '0765123456', 'wallet.next')
    await click(run, 'wallet.review.submit')
  },
  'questionnaire.saved': async () => {
    for (const group of screen.getAllByRole('radiogroup'))
      await run.user.click(within(group).getAllByRole('radio')[0]!)
    await click(run, 'auth.common.submit')
  },
  'collection.finished': async () => {
    await waitFor(() => expect(run.backend.calls).toContain('/user/submit'), { timeout: 5000 })
    act(() => run.backend.finishCollection())
  },
  'assessment.approved': async (event) => {
    if (event.type !== 'assessment.approved') return
    run.backend.approve(event.viaPromotion === true)
    await click(run, 'auth.review.refresh')
  },
  'assessment.rejected': async () => {
    run.backend.reject()
    await click(run, 'auth.review.refresh')
  },
  'borrower.confirmed': async () => {
    await run.user.click(await screen.findByRole('checkbox', { name: t('borrow.confirm.agree') }))
    await click(run, 'borrow.confirm.submit')
  },
  'borrower.cancelled': async () => {
    await click(run, 'borrow.confirm.cancel')
    const sheet = await screen.findByRole('dialog', { name: t('borrow.cancel.title') })
    await run.user.click(within(sheet).getByRole('radio', { name: t('enums.cancelReason.feesTooHigh') }))
    await run.user.click(within(sheet).getByRole('button', { name: t('borrow.cancel.submit') }))
    await click(run, 'outcome.continue')
  },
  // The borrower leaves the approval unconfirmed and comes back a day later: Get money shows that the 24 hours
  // are over; the server's job cancels the order, and OK reads it (cancelled, home).
  'approval.expired': async () => {
    clock.advance(24 * HOUR + 60_000)
    run.close()
    run = openApp(run.backend)
    await click(run, 'home.button.getMoney')
    await screen.findByText(t('borrow.confirm.expiredTitle'), undefined, { timeout: 5000 })
    run.backend.expireApproval()
    await click(run, 'borrow.confirm.expiredOk')
  },
  'payout.succeeded': async () => {
    const onLending = appOrder()?.status === 7
    run.backend.payOut()
    if (!onLending) return comeBack()
    await click(run, 'borrow.lending.refresh')
    await click(run, 'outcome.continue')
  },
  // The lender's staff act from the console; the borrower finds the order closed when they come back.
  'staff.cancelled': async () => {
    run.backend.staffCancel()
    await comeBack()
  },
  'loan.writtenOff': async () => {
    run.backend.writeOff()
    await comeBack()
  },
  'payout.failed': async () => {
    run.backend.failPayOut()
    await click(run, 'borrow.lending.refresh')
  },
  'wallet.corrected': async () => {
    await click(run, 'repay.failed.edit')
    await enterWallet(run, '0754123456', 'wallet.save')
  },
  'repayment.full': () => pay('full'),
  'repayment.partial': () => pay('2000'),
  // The server's daily job, the day after the due date; the borrower comes back.
  'due.passed': async () => {
    run.backend.duePassed(1)
    await comeBack()
  },
  'penalty.accrued': async () => {
    run.backend.accruePenalty()
    await comeBack()
  },
  // The borrower takes the rollover from repay detail and pays its fee.
  'rollover.confirmed': async () => {
    await click(run, pattern('repay.detail.rollover'))
    await expectScreen('exhibitionPeriodDetail')
    await run.user.click(await screen.findByRole('radio', { name: t('enums.wallet.mpesa') }))
    await click(run, 'repay.rollover.confirm')
    await settlePayment()
  },
}

/** What the app shows after a step: the status the walk reached, read by the journey, on its screen. */
async function checkStep(walkStep: WalkStep) {
  const status = walkStep.to.country === null ? null : STATUS_BY_STATE[walkStep.to.state]
  const expected = 'transition' in walkStep.event ? walkStep.event.transition : undefined
  await waitFor(() => expect(run.backend.taken.at(-1)?.id).toBe(expected), { timeout: 5000 })
  await waitFor(() => expect(appOrder()?.status ?? null).toBe(status), { timeout: 5000 })
  const route = statusRoute(appOrder())
  await expectScreen(route)
  if (route === 'home') {
    const state = homeStateOf(appOrder(), Date.now())
    await screen.findByRole('heading', { level: 2, name: t(`home.state.${state}.title`) }, { timeout: 5000 })
  }
}

/** A walk cut into one leg per order (a leg starts where the borrower applies). */
function legsOf(walk: WalkStep[]): WalkStep[][] {
  const legs: WalkStep[][] = []
  for (const walkStep of walk) {
    if (legs.length === 0 || (walkStep.event.type === 'application.started' && legs.at(-1)!.length > 1))
      legs.push([])
    legs.at(-1)!.push(walkStep)
  }
  return legs
}

const describeStep = (s: WalkStep) =>
  'transition' in s.event ? `${s.event.type} → ${s.to.state}` : `registers in ${s.event.country}`

const taken = new Set<string>()
const started = performance.now()

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  await initI18n('en')
})
afterAll(() => {
  server.close()
  vi.restoreAllMocks()
})

const walks = coveringWalks()

describe('the order lifecycle as a test model', () => {
  it('is pure: no state invokes an actor or waits for a delay, so its own transitions are the model', () => {
    const impure = Object.values(orderLifecycleMachine.root.states).filter(
      (node) => node.invoke.length > 0 || node.after.length > 0,
    )
    expect(impure.map((node) => node.key)).toEqual([])
  })
})

walks.forEach((walk, w) => {
  describe(`order lifecycle walk ${w + 1} (${walk.length} steps), generated from the machine`, () => {
    let broken = false
    beforeAll(() => {
      quietBrowser()
      clock.install()
    })
    afterAll(() => {
      run?.close()
      for (const transition of run?.backend.taken ?? []) taken.add(transition.id)
      vi.restoreAllMocks()
    })
    legsOf(walk).forEach((leg, l) => {
      it(`order ${l + 1}: ${leg.map(describeStep).join(', ')}`, async () => {
        expect(broken, 'an earlier order of this walk failed').toBe(false)
        broken = true
        if (l > 0) {
          // The borrower comes back to the app for their next loan (each test starts with a fresh screen).
          run.close()
          signIn(country)
          run = openApp(run.backend)
        }
        for (const walkStep of leg) {
          await EXEC[walkStep.event.type](walkStep.event)
          await checkStep(walkStep)
        }
        broken = false
      }, 60_000)
    })
  })
})

describe('coverage of the order lifecycle, from what the real back end took', () => {
  it('took every state and every transition of the machine, none of them one the product cannot cause', () => {
    const cannot = unreachable()
    const states = new Set(['none', ...[...taken].map((id) => id.split(' ').at(-1)!)])
    console.log(
      `order lifecycle: ${states.size}/${LIFECYCLE_STATES.length} states, ` +
        `${taken.size}/${LIFECYCLE_TRANSITIONS.length} transitions taken through the app ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `${driven.events.size} event types sent to the journey, ${driven.routes.size} routes entered`,
    )
    expect([...states].sort()).toEqual([...LIFECYCLE_STATES].sort())
    // A branch no event of the product takes is dead code in the rules: the machine must lose it, or the product
    // must gain its cause (docs/decisions.md "Model-based tests").
    expect(cannot.map((tr) => `${tr.id}: ${tr.why}`)).toEqual([])
    const missing = LIFECYCLE_TRANSITIONS.filter((tr) => !taken.has(tr.id))
    expect(missing.map((tr) => tr.id)).toEqual([])
  })
})
