/**
 * A signed-in borrower's journey for the outcome screens' tests (machine and screen): every I/O stubbed, the
 * server's latest order in `server.order` (the test moves it on), and the children that report money events
 * replaced by stand-ins that end, on 'test.finish', with the output the real ones give.
 */
import { createActor, fromPromise, setup, SimulatedClock, waitFor, type AnyActorRef } from 'xstate'
import type { CancellationOutput } from '../../machines/cancellation.machine'
import type { ConfirmBorrowOutput } from '../../machines/confirm-borrow.machine'
import { homeMachine } from '../../machines/home.machine'
import { journeyMachine, type JourneySnapshot } from '../../machines/journey.machine'
import { type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { lendingMachine } from '../../machines/lending.machine'
import { orderWatchMachine } from '../../machines/order-watch.machine'
import type { RepaymentOutput } from '../../machines/repayment/repayment-context'
import type { RolloverOutput } from '../../machines/rollover.machine'
import type { LatestOrder, RejectRecommendation } from '../../domain/api-types'
import type { RouteName } from '../../domain/routes'
import { NO_PRODUCT_OVERVIEW, T0, signedInSession } from './journey-fixtures'

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a call that never answers, whatever it is asked
const never = <T,>() => fromPromise<T, any>(() => new Promise<T>(() => {}))

/** A child that runs until the test says 'test.finish', then ends with `output`, as the real one would. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- stands in for any of the journey's children
const endsWith = (output: object): any =>
  setup({}).createMachine({
    initial: 'open',
    states: { open: { on: { 'test.finish': 'done' } }, done: { type: 'final' } },
    output: () => output,
  })

export const PAID_OUT = { disbursalMinor: 88_400_00, disbursedAt: '2026-11-01T08:00:00.000Z' }

export interface OutcomeJourneyOptions {
  repaid?: RepaymentOutput
  rolledOver?: RolloverOutput
  confirmed?: ConfirmBorrowOutput
  cancelled?: CancellationOutput
}

/** A signed-in borrower on `entry`, with the server's order in `server.order` (the test moves it on). */
export function startOutcomeJourney(entry: RouteName, first: LatestOrder | null, opts: OutcomeJourneyOptions = {}) {
  const clock = new SimulatedClock()
  clock.set(T0)
  const server: { order: LatestOrder | null; failing: boolean } = { order: first, failing: false }
  const reading = async (): Promise<OrderReading> => {
    if (server.failing) throw { ok: false, kind: 'network', messageKey: 'errors.network' }
    return { order: server.order, readAt: clock.now() }
  }
  const overview = NO_PRODUCT_OVERVIEW
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: signedInSession(),
      fetchLatestOrder: fromPromise(reading),
      orderWatch: orderWatchMachine.provide({ actors: { fetchLatestOrder: fromPromise(reading) } }),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => overview),
          checkRejectRecommendation: fromPromise(async (): Promise<RejectRecommendation> => ({
            show: false,
            retryAt: null,
            apps: [],
          })),
        },
      }),
      lending: lendingMachine.provide({ actors: { loadMoneyTime: never() } }),
      repayment: endsWith(opts.repaid ?? { outcome: 'sessionEnded' }),
      rollover: endsWith(opts.rolledOver ?? { outcome: 'sessionEnded' }),
      confirmBorrow: endsWith(opts.confirmed ?? { outcome: 'dismissed' }),
      cancellation: endsWith(opts.cancelled ?? { outcome: 'dismissed' }),
    },
  })
  const actor = createActor(machine, { input: { entry }, clock }).start()
  const pass = async (ms: number) => {
    clock.increment(ms)
    await settle()
    await settle()
  }
  return { actor, server, pass }
}

type Journey = ReturnType<typeof startOutcomeJourney>['actor']
export const on = (actor: Journey, route: RouteName) =>
  waitFor(actor, (s) => !s.hasTag('busy') && s.context.route === route, { timeout: 2000 })
export const finish = (snapshot: JourneySnapshot, id: string) =>
  (snapshot.children[id] as AnyActorRef | undefined)!.send({ type: 'test.finish' })

