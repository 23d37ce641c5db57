/** The journey's feedback ticket child (list, new ticket, thread) and the labels of a ticket's type and status. */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { feedbackTicketMachine } from '../../../machines/feedback-ticket.machine'
import {
  FEEDBACK_STATUS,
  FEEDBACK_TYPES,
  enumLabelKey,
  type FeedbackStatusCode,
  type FeedbackTypeCode,
} from '../../../domain/enums'
import type { JourneyRef } from '../../screen-props'
import { selectFeedbackTicket } from '../../shared/journey-selectors'

export type TicketRef = ActorRefFrom<typeof feedbackTicketMachine>

export function useTicketChild(journey: JourneyRef): TicketRef | undefined {
  return useSelector(journey, selectFeedbackTicket)
}

export const typeLabelKey = (type: FeedbackTypeCode) => enumLabelKey('feedbackType', FEEDBACK_TYPES[type])
export const statusLabelKey = (status: FeedbackStatusCode) =>
  enumLabelKey('feedbackStatus', FEEDBACK_STATUS[status])

/** The badge of a status: waiting for the borrower stands out, resolved is quiet. */
export const STATUS_BADGE: Readonly<Record<FeedbackStatusCode, string>> = {
  1: 'k-badge',
  2: 'k-badge',
  3: 'k-badge k-badge--warning',
  4: 'k-badge k-badge--muted',
}
