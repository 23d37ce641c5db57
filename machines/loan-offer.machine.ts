/**
 * loan offer — what the borrower may borrow now (to_borrow): the product's amounts and tenures for this borrower
 * (a repeat borrower's higher limit and lower rate), with the product's pricing terms, so every amount and tenure
 * the borrower tries is priced at once on the phone by the same engine the server uses (src/domain/pricing.ts
 * `quote`) — no call per change on a slow, costly connection. The application itself is the journey's
 * applicationForm / repeatApplicationForm child (submit machine); its values are the borrower's choice.
 *
 * Input: none
 * Events: offer.retried
 * Tags:   busy (loading), loadFailed
 * Output: { outcome: 'sessionEnded' } (otherwise it runs as long as its screen)
 * Actors the composition provides:
 *   loadOffer () → StepAmounts   (GET /loan/loan-product/index for the product, then /loan/product/step-amount)
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate'
import type { StepAmounts } from '../src/domain/api-types'
import { checkLoanRequest, quote, type Quote } from '../src/domain/pricing'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './submit.machine'

export interface LoanOfferContext {
  offer: StepAmounts | null
  error: Message | null
}

export type LoanOfferEvent = { type: 'offer.retried' }

export type LoanOfferOutput = { outcome: 'sessionEnded' }

/** What the application sends: the product, the amount and the tenure. */
export interface LoanChoice {
  productId: string
  amountMinor: number
  tenureDays: number
}

/**
 * The borrower's choice from the application form's values (its draft): an amount or tenure this offer does not
 * include (a draft from an earlier, lower limit) falls back to the offer's default, so what is shown is always
 * what would be sent.
 */
export function choiceOf(offer: StepAmounts, values: Readonly<Record<string, unknown>>): LoanChoice {
  const terms = { loansRepaidOnTime: offer.loansRepaidOnTime }
  const tenureDays =
    typeof values.tenureDays === 'number' && offer.tenureDays.includes(values.tenureDays)
      ? values.tenureDays
      : offer.defaultTenureDays
  const drafted = typeof values.amountMinor === 'number' ? values.amountMinor : null
  const amountOffered =
    drafted !== null &&
    checkLoanRequest(offer.pricing, { amountMinor: drafted, tenureDays, ...terms }) === null
  return {
    productId: offer.productId,
    amountMinor: amountOffered ? drafted : offer.defaultAmountMinor,
    tenureDays,
  }
}

/** The full price of a choice (the repeat-borrower ladder applied), the money going out on the server's today. */
export function quoteOf(offer: StepAmounts, choice: LoanChoice): Quote {
  return quote(offer.pricing, {
    amountMinor: choice.amountMinor,
    tenureDays: choice.tenureDays,
    disbursedOn: offer.today,
    loansRepaidOnTime: offer.loansRepaidOnTime,
  })
}

export const loanOfferMachine = setup({
  types: {
    context: {} as LoanOfferContext,
    events: {} as LoanOfferEvent,
    output: {} as LoanOfferOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'loadFailed',
  },
  actors: {
    loadOffer: fromPromise<StepAmounts>(() => {
      throw new Error("The 'loadOffer' actor is provided by services/actors")
    }),
  },
  guards: {
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    keepOffer: assign({
      offer: ({ event }) => (event as unknown as { output: StepAmounts }).output,
      error: null,
    }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'loanOffer',
  description: 'The amounts, tenures and pricing terms the borrower may choose from, priced on the phone.',
  context: { offer: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOffer',
        onDone: { target: 'ready', actions: 'keepOffer' },
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { target: 'loadFailed', actions: 'showFailure' },
        ],
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'offer.retried': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description: 'The amount stepper and tenure chips; each choice is quoted by the pricing engine.',
    },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): LoanOfferOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as LoanOfferOutput,
})
