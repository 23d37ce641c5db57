/**
 * The permission disclosure before data is collected (issue 18; docs/decisions.md "Permission disclosure"). App
 * stores ask for a prominent disclosure before any collection: the journey opens /pop before the first screen
 * that uses the camera (the ID photos) or the phone's data collector (finish loading), once per visit, unless the
 * borrower accepted it on this phone before (the composition reads storage `permissionsAccepted` and starts the
 * journey with `askDisclosure`). "Not now" is answered for this visit (the next visit asks again); the borrower
 * goes on to the screen either way. Pure: the journey keeps `disclosureAnswered` and `afterDisclosure`.
 */
import type { RouteName } from '../domain/routes'

/**
 * The screens that collect from the phone as soon as they open: the camera (ID, face). Finish loading asks for
 * the disclosure itself, once its check-only pass has found data to collect.
 */
export const COLLECTING_ROUTES: readonly RouteName[] = ['idCardAuthentication']

/** What the journey keeps of the disclosure in this visit. */
export interface DisclosureState {
  /** /pop or /permission was answered (accepted, or "not now") in this visit. */
  disclosureAnswered?: boolean
  /** The collecting screen the borrower was going to when /pop opened; null: home after it. */
  afterDisclosure?: RouteName | null
}

/** The disclosure comes first: `route` collects and the borrower has not answered it in this visit. */
export function disclosureFirst(route: RouteName, state: DisclosureState): boolean {
  return COLLECTING_ROUTES.includes(route) && !state.disclosureAnswered
}
