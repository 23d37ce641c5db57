/**
 * What every screen receives from the composition (src/routing): the running journey. A screen reads it and its
 * children (`snapshot.children.<id>`) through narrow selectors — `hasTag`, `can`, a field of context — and sends
 * typed events. Screens never see URLs, services or the API.
 */
import type { ActorRefFrom } from 'xstate'
import type { journeyMachine } from '../machines/journey.machine'

export type JourneyRef = ActorRefFrom<typeof journeyMachine>

export interface ScreenProps {
  journey: JourneyRef
}
