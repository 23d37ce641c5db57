/**
 * The journey's standalone screens (machines/journey.machine.ts): the permission disclosure, legal texts,
 * promotion pages, cancelling an approved order, the outcome of a money event, and finishing the application
 * (19: the upload check, the data collector, /user/submit).
 */
import { CANCELLED, confirmBorrowOf, END_IF_SESSION_ENDED, SHOW_ERROR, legalDocumentOf, orderWatchOf, page, permissionOf } from './journey-invokes'
import type { JourneyContext } from './journey-context'
import { journeySetup } from './journey-setup'

/** The upload check of the order being submitted (spec §4: orderNo, userId, step, isSubmit). */
const uploadGateInputOf = (context: JourneyContext) => ({
  orderNo: context.order!.orderNo,
  userId: context.session.user?.basicInfo.userId ?? '',
  step: 'finishLoading',
  isSubmit: true,
})

export const standaloneStates = journeySetup.createStateConfig({
  initial: 'pop',
  states: {
    pop: { ...page('pop'), invoke: permissionOf('pop') },
    permission: { ...page('permission'), invoke: permissionOf('permission') },
    privacyPolicy: { ...page('privacyPolicy'), invoke: legalDocumentOf('privacy-policy') },
    privacy: { ...page('privacy'), invoke: legalDocumentOf('privacy-policy') },
    termsOfService: { ...page('termsOfService'), invoke: legalDocumentOf('terms-of-service') },
    agreements: { ...page('agreements'), invoke: legalDocumentOf('terms-of-service') },
    yx1: page('yx1'),
    yx2: page('yx2'),
    yx2ConfirmBorrow: {
      ...page('yx2ConfirmBorrow'),
      description: 'Confirm borrow reached from a promotion (18): the same confirmation.',
      invoke: confirmBorrowOf(),
    },
    yx3: {
      ...page('yx3'),
      on: {
        'user.mobileEntered': {
          actions: [
            { type: 'keepMobile', params: ({ event }) => event },
            { type: 'goTo', params: { wanted: ['register'] } },
          ],
        },
      },
    },
    cancellationForm: {
      ...page('cancellationForm'),
      description: 'Cancel an approved order with exactly one reason; kept: back to confirm borrow.',
      invoke: {
        id: 'cancellation',
        src: 'cancellation',
        input: ({ context }) => ({ loanOrderId: context.order!.loanOrderId }),
        onDone: [
          {
            guard: { type: 'cancellationDismissed', params: ({ event }) => ({ output: event.output }) },
            actions: { type: 'goTo', params: { wanted: ['confirmBorrow'] } },
          },
          CANCELLED,
        ],
      },
    },
    outcome: {
      ...page('outcome'),
      description:
        'What a money event did, with the figures (money sent, repaid in full or in part, rolled over, ' +
        'cancelled) and what happens next; Continue opens the screen the status names, else home.',
      exit: 'forgetOutcome',
      on: { 'outcome.dismissed': { actions: 'leaveOutcome' } },
    },
    finishLoading: {
      ...page('finishLoading'),
      description:
        'Submitted (19): the upload check and the data collector run, then /user/submit; then 1. The order ' +
        'watch follows the order meanwhile (the server moves it on by itself after its grace period).',
      invoke: orderWatchOf(),
      initial: 'checking',
      states: {
        checking: {
          description:
            'Check only (spec §4): is anything left to collect for this order? Nothing: submit, with no ' +
            'disclosure, since nothing will be collected. Something, and the permission disclosure is not yet ' +
            'answered in this visit: /pop first, then back here. Else the collector runs.',
          invoke: {
            id: 'uploadGate',
            src: 'uploadGate',
            input: ({ context }) => ({ ...uploadGateInputOf(context), checkOnly: true }),
            onDone: [
              { guard: { type: 'gatePassed', params: ({ event }) => ({ output: event.output }) }, target: 'submitting' },
              { guard: 'disclosureDue', actions: { type: 'discloseBefore', params: { route: 'finishLoading' } } },
              { target: 'collecting' },
            ],
          },
        },
        collecting: {
          invoke: {
            id: 'uploadGate',
            src: 'uploadGate',
            input: ({ context }) => uploadGateInputOf(context),
            onDone: [
              { guard: { type: 'gatePassed', params: ({ event }) => ({ output: event.output }) }, target: 'submitting' },
              { target: 'failed', actions: { type: 'showGateFailure', params: ({ event }) => ({ output: event.output }) } },
            ],
          },
        },
        submitting: {
          invoke: {
            src: 'submitApplication',
            input: ({ context }) => ({ orderNo: context.order!.orderNo }),
            onDone: '#journey.app.following',
            onError: [
              END_IF_SESSION_ENDED,
              { target: 'failed', actions: SHOW_ERROR },
            ],
          },
        },
        failed: {
          description: 'The check or the submit failed; the borrower retries.',
          on: { 'finishLoading.retried': { target: 'collecting', actions: 'clearError' } },
        },
      },
    },
  },
})
