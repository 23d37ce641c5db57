/**
 * The journey's child machines as they are, by the name the journey invokes them with. The journey itself only
 * names them (machines/journey.machine.ts `providedLater`), so that the app can load each with the first event
 * that would start it (src/compose.ts `ChildLoader`, `holdUntilLoaded`) instead of all at start-up; tests and
 * tools that run the journey provide these, with their own stubs on top.
 */
import { accountDeletionMachine } from './account-deletion.machine'
import { agreementMachine } from './agreement.machine'
import { appRatingMachine } from './app-rating.machine'
import { cancellationMachine } from './cancellation.machine'
import { confirmBorrowMachine } from './confirm-borrow.machine'
import { couponsMachine } from './coupons.machine'
import { feedbackTicketMachine } from './feedback-ticket.machine'
import { helpContentMachine } from './help-content.machine'
import { homeMachine } from './home.machine'
import { identityMachine } from './identity.machine'
import { languageMachine } from './language.machine'
import { legalDocumentMachine } from './legal-document.machine'
import { lendingMachine } from './lending.machine'
import { loanOfferMachine } from './loan-offer.machine'
import { loginMachine } from './login.machine'
import { orderWatchMachine } from './order-watch.machine'
import { paymentOrderMachine } from './payment-order.machine'
import { permissionMachine } from './permission.machine'
import { recordsMachine } from './records.machine'
import { repaymentMachine } from './repayment.machine'
import { rolloverMachine } from './rollover.machine'
import { uploadGateMachine } from './upload-gate.machine'
import * as journeyForms from '../domain/schemas/journey-forms'
import { provideFormSchemas } from './kit/form-schemas'

// Whoever runs the journey with these children runs its forms too: their schemas are given with them (the app
// loads them with the first form instead: src/compose.ts).
provideFormSchemas(journeyForms)

export const JOURNEY_CHILDREN = {
  home: homeMachine,
  identity: identityMachine,
  uploadGate: uploadGateMachine,
  confirmBorrow: confirmBorrowMachine,
  lending: lendingMachine,
  orderWatch: orderWatchMachine,
  cancellation: cancellationMachine,
  repayment: repaymentMachine,
  rollover: rolloverMachine,
  records: recordsMachine,
  agreement: agreementMachine,
  loanOffer: loanOfferMachine,
  loginForm: loginMachine,
  permission: permissionMachine,
  legalDocument: legalDocumentMachine,
  feedbackTicket: feedbackTicketMachine,
  helpContent: helpContentMachine,
  coupons: couponsMachine,
  accountDeletion: accountDeletionMachine,
  language: languageMachine,
  appRating: appRatingMachine,
}

export type JourneyChildren = typeof JOURNEY_CHILDREN

/** The children and the machine some of them run inside, as the composition loads them (src/compose.ts). */
export const COMPOSED_MACHINES = { ...JOURNEY_CHILDREN, paymentOrder: paymentOrderMachine }
