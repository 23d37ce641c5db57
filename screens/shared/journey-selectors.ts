/**
 * Narrow reads of the journey — the one place screens read its context (issue 15 item 3; the lint rule
 * kopa/screen-contract keeps `.context.` and `.matches(` out of every other screen file): the borrower's country
 * (the one the journey builds the forms' schemas with), the latest order and what the account holds, a form child
 * by its id, and the plain "go home" link.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { JourneySnapshot } from '../../machines/journey.machine'
import type { JourneyEvent } from '../../machines/journey/journey-context'
import type { submitMachine } from '../../machines/submit.machine'
import { lifecycleOf, mayCorrectWallet } from '../../machines/latest-order'
import { DEFAULT_COUNTRY, type CountryCode } from '../../domain/countries'
import type { JourneyRef } from '../screen-props'
import { routeTo } from './route-to'

/**
 * The borrower's country as the journey reads it: the session's user, before login the visitor's (chosen, or
 * their connection's), else the default country.
 */
export const selectCountry = (s: JourneySnapshot): CountryCode =>
  s.context.session.user?.basicInfo.country ?? s.context.country ?? DEFAULT_COUNTRY

/** Whether a session is stored (a borrower, not a visitor). */
export const selectSignedIn = (s: JourneySnapshot): boolean => s.context.session.token !== null

/** The signed-in borrower's account (Me's header), or null for a visitor or while the session loads it. */
export const selectSignedInUser = (s: JourneySnapshot) =>
  s.context.session.token ? s.context.session.user : null

/** The signed-in account's country, or null before login (a landing page then names no country). */
export const selectAccountCountry = (s: JourneySnapshot): CountryCode | null =>
  s.context.session.user?.basicInfo.country ?? null

/** The order number of the borrower's latest order, as the journey follows it. */
export const selectCurrentOrderNo = (s: JourneySnapshot): string | undefined => s.context.order?.orderNo

/** A support reply the borrower has not read (the Me tab's and Me's feedback row's dot). */
export const selectUnreadReplies = (s: JourneySnapshot): boolean => (s.context.unreadReplies ?? 0) > 0

/** The borrower's latest order failed to pay out (status 10): repay detail explains it instead of the debt. */
export const selectPayoutFailed = (s: JourneySnapshot): boolean =>
  lifecycleOf(s.context.order).hasTag('payoutFailed')

/** The borrower's latest order as the journey last read it, or null before it is read. */
export const selectLatestOrder = (s: JourneySnapshot) => s.context.order

/** When the latest order was read (server time as the app knows it): the day a form's date limits count from. */
export const selectOrderReadAt = (s: JourneySnapshot): number => s.context.orderReadAt

/** The borrower applied from the loan screen (a repeat borrower, who skips onboarding). */
export const selectRepeatBorrower = (s: JourneySnapshot): boolean => s.context.repeatBorrower

/** The wallet on the latest order can be corrected after a failed pay-out (the order lifecycle says so). */
export const selectCorrectingWallet = (s: JourneySnapshot): boolean => mayCorrectWallet(s.context.order)

/** The wallet the account has on file, or null. */
export const selectAccountWallet = (s: JourneySnapshot) => s.context.session.user?.wallet ?? null

/** The profile the server has for the account: personal and additional info as saved, or null. */
export const selectAccountPersonalInfo = (s: JourneySnapshot) => s.context.session.user?.personalInfo ?? null
export const selectAccountAdditionalInfo = (s: JourneySnapshot) =>
  s.context.session.user?.additionalInfo ?? null

/** The signed-in account's mobile number, or null. */
export const selectAccountMobile = (s: JourneySnapshot): string | null =>
  s.context.session.user?.basicInfo.mobile ?? null

/** What the salary bands of additional info mean in the order's product, or null until read. */
export const selectSalaryBands = (s: JourneySnapshot) => s.context.salaryBands

/** The route the journey is on. */
export const selectRoute = (s: JourneySnapshot) => s.context.route

/** A failure of the journey's own calls (finish loading shows it with its retry). */
export const selectJourneyError = (s: JourneySnapshot) => s.context.error

/** The outcome the journey shows on its outcome screen, or null when there is none. */
export const selectOutcome = (s: JourneySnapshot) => s.context.outcome ?? null

export type FormChildId = 'personalInfoForm' | 'additionalInfoForm' | 'walletForm' | 'questionnaireForm'

/** The running submit machine of a form screen, or undefined while the journey is between screens. */
export function useFormChild(
  journey: JourneyRef,
  id: FormChildId,
): ActorRefFrom<typeof submitMachine> | undefined {
  return useSelector(journey, (s) => s.children[id]) as ActorRefFrom<typeof submitMachine> | undefined
}

export const GO_HOME: JourneyEvent = routeTo('home')

/** The feedback screens' ticket child (the list, a new ticket, one ticket's thread) while they are shown. */
export const selectFeedbackTicket = (s: JourneySnapshot) => s.children.feedbackTicket
