/**
 * Page views and key actions, read from the journey and logged through the native bridge (issue 18;
 * docs/native-bridge.md "Analytics and attribution events"). Nothing here touches a machine: the composition
 * hands the running journey to `trackJourney`, which compares each snapshot with the one before it.
 *
 * - A page view (`logEventByLocal`, eventType `view`) each time the journey's route changes once start-up is over.
 * - A key action (`logEventByLocal` eventType `action` with isUpload, and `logEventByAF` with the AppsFlyer name):
 *   registered, loggedIn, applied, confirmedBorrow, repaid, rolledOver, cancelled.
 *
 * Inside the shell both calls go to the shell, which keeps and uploads its own log; in a browser they join the
 * bridge's event batch to POST /event/batch (services/bridge/event-batcher.ts: every 20 events or 15 s, at once for
 * a key action, on the way to the background, retried with backoff, at most 500 kept). Events carry no personal
 * data: route names, action names and the order number (in `orderNo` only, which the server keeps with the order).
 * AppsFlyer values are empty: the shell's SDK adds its own install and device attribution.
 */
import { ONBOARDING_STATUSES, OrderStatus } from '../../domain/order-status'
import type { Bridge } from '../bridge/native-bridge'

/** What the tracker reads of a journey snapshot (machines/journey.machine.ts JourneyContext, structurally). */
export interface JourneyView {
  context: {
    booted: boolean
    route: string
    session: { status: 'pending' | 'signedIn' | 'signedOut' }
    order: { orderNo: string; status: number } | null
    outcomeNews?: { kind: string } | null
  }
}

/** The running journey: an xstate actor fits. */
export interface ObservableJourney {
  getSnapshot(): JourneyView
  subscribe(observer: (snapshot: JourneyView) => void): { unsubscribe(): void }
}

export type KeyAction =
  'registered' | 'loggedIn' | 'applied' | 'confirmedBorrow' | 'repaid' | 'rolledOver' | 'cancelled'

/**
 * Each key action's AppsFlyer event: AppsFlyer's predefined names where one exists (af_complete_registration,
 * af_login), otherwise the lender's own in the same style.
 */
export const AF_EVENT_NAMES: Readonly<Record<KeyAction, string>> = {
  registered: 'af_complete_registration',
  loggedIn: 'af_login',
  applied: 'af_loan_apply',
  confirmedBorrow: 'af_loan_confirm',
  repaid: 'af_loan_repay',
  rolledOver: 'af_loan_rollover',
  cancelled: 'af_loan_cancel',
}

/** The key actions that are read from a child's report (the journey's outcomeNews). */
const OUTCOME_ACTIONS: Readonly<Record<string, KeyAction>> = {
  repaid: 'repaid',
  rolledOver: 'rolledOver',
  cancelled: 'cancelled',
}

const ONBOARDING = new Set<number>(ONBOARDING_STATUSES)
/** Approved, waiting for the borrower's confirmation. */
const APPROVED = new Set<number>([OrderStatus.Confirm, OrderStatus.GetMoney])
/** What an approved order becomes once confirmed: paying out, or already paid out. */
const CONFIRMED = new Set<number>([OrderStatus.Lending, OrderStatus.Repaying])

/** The key actions between two snapshots, in the order they happened. */
export function keyActionsBetween(
  before: JourneyView['context'],
  after: JourneyView['context'],
): KeyAction[] {
  const actions: KeyAction[] = []
  // Signed in by the app's own form: the route it was on says which (a restored session or the shell's login: none).
  if (before.session.status !== 'signedIn' && after.session.status === 'signedIn' && before.booted) {
    if (before.route === 'register') actions.push('registered')
    else if (before.route === 'login') actions.push('loggedIn')
  }
  const was = before.order
  const is = after.order
  if (was && is && was.orderNo === is.orderNo && was.status !== is.status) {
    if (ONBOARDING.has(was.status) && !ONBOARDING.has(is.status) && is.status !== OrderStatus.Cancel)
      actions.push('applied')
    if (APPROVED.has(was.status) && CONFIRMED.has(is.status)) actions.push('confirmedBorrow')
  }
  const news = after.outcomeNews?.kind
  if (news && news !== before.outcomeNews?.kind && OUTCOME_ACTIONS[news]) actions.push(OUTCOME_ACTIONS[news])
  return actions
}

export type EventBridge = Pick<Bridge, 'logEventByLocal' | 'logEventByAF' | 'on' | 'flushEvents'>

/**
 * Logs the journey's page views and key actions through `bridge` until the returned function is called. Going to
 * the background sends what is queued at once (`appBackgrounded`, from the shell or the Page Visibility API).
 */
export function trackJourney(journey: ObservableJourney, bridge: EventBridge): () => void {
  let last: JourneyView['context'] | null = null
  const observe = (snapshot: JourneyView) => {
    const now = snapshot.context
    const before = last
    last = now
    if (!now.booted) return
    if (before && before.booted) {
      for (const action of keyActionsBetween(before, now)) {
        const orderNo = now.order?.orderNo
        bridge.logEventByLocal({
          eventType: 'action',
          // The page the action was taken on (the journey may already have moved on to the next).
          pageName: before.route,
          eventOption: action,
          ...(orderNo && action !== 'registered' && action !== 'loggedIn' ? { orderNo } : {}),
          isUpload: true,
        })
        bridge.logEventByAF(AF_EVENT_NAMES[action])
      }
    }
    if (!before || !before.booted || before.route !== now.route)
      bridge.logEventByLocal({ eventType: 'view', pageName: now.route })
  }
  observe(journey.getSnapshot())
  const subscription = journey.subscribe(observe)
  const stopBackground = bridge.on('appBackgrounded', () => void bridge.flushEvents())
  return () => {
    subscription.unsubscribe()
    stopBackground()
  }
}
