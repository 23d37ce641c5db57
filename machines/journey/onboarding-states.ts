/**
 * The journey's onboarding (machines/journey.machine.ts): the steps the order's status names before the
 * application is submitted — personal info (6), ID (12), additional info (11), the questionnaire (17, Mexico),
 * review tips (1) — and the wallet (5, and 10 to correct it) with the review before submitting.
 */
import { formSchemas } from '../kit/form-schemas'
import { lifecycleOf } from '../latest-order'
import { formStepOf, orderWatchOf, page } from './journey-invokes'
import { countryOf, STEP_ROUTE } from './journey-routes'
import { journeySetup } from './journey-setup'

export const bankAccountStates = journeySetup.createStateConfig({
  description:
    'The wallet form and the review share one walletForm: a first wallet (5) is checked, reviewed, then ' +
    'sent from the review; a wallet corrected after a failed pay-out (10) is sent at once.',
  initial: 'addBankCard',
  invoke: {
    id: 'walletForm',
    src: 'walletForm',
    input: ({ context }) => ({
      formId: 'wallet',
      initialValues: { ...context.reviewWallet },
      schema: formSchemas().walletSchema(countryOf(context)),
      reviewFirst: lifecycleOf(context.order).can({ type: 'wallet.added' }),
    }),
    onDone: {
      guard: { type: 'formSaved', params: ({ event }) => ({ output: event.output }) },
      target: '#journey.app.following',
      actions: 'forgetReview',
    },
  },
  states: {
    addBankCard: {
      ...page('addBankCard'),
      on: {
        'form.ready': {
          actions: [
            { type: 'keepReviewWallet', params: ({ event }) => ({ values: event.values }) },
            { type: 'goTo', params: { wanted: ['reviewApplication'] } },
          ],
        },
      },
    },
    reviewApplication: {
      ...page('reviewApplication'),
      description:
        "What the borrower applies for and entered: the order's amount and term, the profile the server " +
        'has (read again on entry), the wallet as typed. Edit opens a step; Submit sends the wallet.',
      entry: [
        { type: 'arrive', params: { route: 'reviewApplication' } },
        { type: 'startReview' },
        { type: 'rereadUser' },
      ],
      on: {
        'application.submitted': { actions: 'confirmWallet' },
        'form.refused': { actions: { type: 'goTo', params: { wanted: ['addBankCard'] } } },
        'review.edited': {
          actions: {
            type: 'goTo',
            params: ({ event }) => ({ wanted: [STEP_ROUTE[event.step]] }),
          },
        },
      },
    },
  },
})

// The forms' schemas are given, not imported: they load with the first form (machines/kit/form-schemas.ts).
export const authStates = journeySetup.createStateConfig({
  initial: 'personalInfomation',
  states: {
    personalInfomation: {
      ...page('personalInfomation'),
      invoke: formStepOf('personalInfoForm', 'personalInfoForm', ({ context }) => ({
        formId: 'personalInfo',
        initialValues: { ...context.session.user?.personalInfo },
        schema: formSchemas().personalInfoSchema(countryOf(context), { today: new Date(context.orderReadAt) }),
      })),
    },
    idCardAuthentication: {
      ...page('idCardAuthentication'),
      invoke: {
        id: 'identity',
        src: 'identity',
        onDone: {
          guard: { type: 'childFinished', params: ({ event }) => ({ output: { outcome: event.output.status } }) },
          target: '#journey.app.following',
        },
      },
    },
    additionalInfomation: {
      ...page('additionalInfomation'),
      description:
        "The form, and beside it the order's product terms: the salary bands in its currency label the " +
        "band picker (the country's defaults until they arrive, or if they cannot be read).",
      exit: 'forgetSalaryBands',
      invoke: [
        formStepOf('additionalInfoForm', 'additionalInfoForm', ({ context }) => ({
          formId: 'additionalInfo',
          initialValues: { ...context.session.user?.additionalInfo },
          schema: formSchemas().additionalInfoSchema(countryOf(context), {
            loginMobile: context.session.user?.basicInfo.mobile ?? '',
          }),
        })),
        {
          id: 'salaryBands',
          src: 'loadSalaryBands',
          input: ({ context }) => ({ productId: context.order?.productId ?? null }),
          onDone: {
            actions: { type: 'takeSalaryBands', params: ({ event }) => ({ terms: event.output }) },
          },
          // Labels only: the country's defaults stay; a session the server ended shows at the form's save.
          onError: {},
        },
      ],
    },
    loanQuestion: {
      ...page('loanQuestion'),
      invoke: formStepOf('questionnaireForm', 'questionnaireForm', () => ({
        formId: 'questionnaire',
        schema: formSchemas().questionnaireSchema(),
      })),
    },
    reviewTips: {
      ...page('reviewTips'),
      description:
        'The application is being assessed (1): the order watch follows it; "order.follow" checks at once.',
      invoke: orderWatchOf(),
    },
  },
})
