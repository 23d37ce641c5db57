/**
 * What the home screen reads of the home machine (machines/home.machine.ts).
 */
import type { SnapshotFrom } from 'xstate'
import type { HomeState } from '../../domain/order-status'
import type { RejectRecommendation } from '../../domain/api-types'
import type { homeMachine } from '../home.machine'
import { confirmDeadlineOf } from '../latest-order'
import { HOME_BUTTON, HOME_BUTTON_EVENT } from './home-context'

/** One of spec §4's eight home states, as the tags name them. */
const HOME_STATES = Object.keys(HOME_BUTTON) as HomeState[]
const NO_APPS: RejectRecommendation['apps'] = []

/**
 * What the home screen shows — the screen's one read of this machine (its tags, `can()` and context), so the view
 * reads no state path and no context field itself. Each field keeps its reference between snapshots that do not
 * change it, so a shallow comparison (screens/shared/use-view.ts) re-renders only on a real change.
 */
export function homeView(s: SnapshotFrom<typeof homeMachine>) {
  const state = HOME_STATES.find((name) => s.hasTag(name)) ?? null
  const button = state ? HOME_BUTTON[state] : null
  const buttonEvent = button ? HOME_BUTTON_EVENT[button] : null
  const { context } = s
  return {
    loading: s.hasTag('loading'),
    offersCredit: s.hasTag('offersCredit'),
    overview: context.overview,
    error: context.error,
    notice: context.notice,
    repeatBorrower: context.overview?.repeatBorrower ?? false,
    state,
    button,
    buttonEvent,
    buttonEnabled: buttonEvent ? s.can({ type: buttonEvent }) : false,
    order: context.order,
    repayTone: context.repayTone,
    confirmDeadline: confirmDeadlineOf(context.order),
    clockOffsetMs: context.clockOffsetMs,
    retryAt: context.retryAt,
    recommendedApps: context.recommendation?.show ? context.recommendation.apps : NO_APPS,
    lendingRecords: context.lendingRecords,
  }
}

export type HomeView = ReturnType<typeof homeView>
