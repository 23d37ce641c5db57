/** The journey's help-content child (FAQ, questions before a ticket, download address) of the screen shown. */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { helpContentMachine } from '../../../machines/help-content.machine'
import type { JourneyRef } from '../../screen-props'

export type HelpContentRef = ActorRefFrom<typeof helpContentMachine>

export function useHelpContent(journey: JourneyRef): HelpContentRef | undefined {
  return useSelector(journey, (s) => s.children.helpContent)
}
