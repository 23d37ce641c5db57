/**
 * The app-rating prompt (machines/app-rating.machine.ts, the journey's appRating child) needs no view of its own:
 * after a repaid loan the machine asks the native shell for the store's in-app review card, which the shell draws
 * over the app; a plain browser has no such card and nothing is shown (decisions.md "Feedback and rating": no
 * "are you happy?" question first, no reward). The composition may mount this component app-wide; it renders
 * nothing, on purpose.
 */
import type { ScreenProps } from '../screen-props'

export function AppRatingPrompt(_: ScreenProps): null {
  return null
}
