/**
 * loan offer — what the borrower may borrow now (to_borrow): the product's amounts and tenures for this borrower
 * (a repeat borrower's higher limit and lower rate), with the product's pricing terms, so every amount and tenure
 * the borrower tries is priced at once on the phone by the same engine the server uses (domain/pricing.ts
 * `quote`) — no call per change on a slow, costly connection. The application itself is the journey's
 * applicationForm / repeatApplicationForm child (submit machine); its values are the borrower's choice.
 *
 * Beside the offer it reads the country's products (a lender may offer several: the borrower picks one, and its
 * amounts and terms are loaded) and the borrower's credit line — limit, available amount, daily rate and the next
 * limit of the repeat-borrower ladder — shown where the amount is chosen. Either may fail without harm: the
 * default product is offered, and the credit line is not shown.
 *
 * Input: none
 * Events: offer.retried, offer.productChosen {productId} (one of `products`, other than the one offered)
 * Tags:   busy (loading), loadFailed
 * Output: { outcome: 'sessionEnded' } (otherwise it runs as long as its screen)
 * Actors the composition provides (services/actors/loan-offer-actors.ts):
 *   loadOffer ({ productId }) → LoanOffer     (GET /loan/product/step-amount; productId null: the country's
 *                                             default product, from /loan/loan-product/index; with the amount
 *                                             of the last repaid loan, from /loan/loan-order/latest)
 *   loadProducts () → ProductSummary[]        (GET /loan/product/list-market)
 *   loadCredit () → CreditInfo                (GET /loan/get-credit-info)
 */
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { CreditInfo, ProductSummary, StepAmounts } from '../domain/api-types'
import { checkLoanRequest, quote, type Quote } from '../domain/pricing'
import { suggestedAmountMinor } from '../domain/suggested-amount'
import {
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  isSessionEnded,
  messageOf,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { loadErrors, loadFailedState } from './kit/loadable'
import { outputParams, type Output } from './kit/params'

export interface LoanOfferContext {
  /** The product the borrower picked; null: the country's default product. */
  productId: string | null
  offer: LoanOffer | null
  /** The country's products (/loan/product/list-market); a picker shows when there is more than one. */
  products: ProductSummary[]
  /** The borrower's credit line (/loan/get-credit-info), or null until read (or when it could not be). */
  credit: CreditInfo | null
  error: Message | null
}

export type LoanOfferEvent = { type: 'offer.retried' } | { type: 'offer.productChosen'; productId: string }

export type LoanOfferOutput = { outcome: 'sessionEnded' }

/** What the application sends: the product, the amount and the tenure. */
export interface LoanChoice {
  productId: string
  amountMinor: number
  tenureDays: number
}

/**
 * An offer as the loan offer keeps it: the product's amounts and terms, and the amount of the borrower's last repaid
 * loan (null for a first loan, or when it could not be read), where to_borrow's amount starts for a repeat borrower.
 */
export type LoanOffer = StepAmounts & { previousAmountMinor?: number | null }

/**
 * The borrower's choice from the application form's values (its draft): an amount or tenure this offer does not
 * include (a draft from an earlier, lower limit) falls back to the suggested amount (domain/suggested-amount.ts:
 * the last repaid loan's, the lender's default below the maximum, else the middle of the range — never the maximum
 * by default) and the offer's default tenure, so what is shown is always what would be sent.
 */
export function choiceOf(offer: LoanOffer, values: Readonly<Record<string, unknown>>): LoanChoice {
  const terms = { loansRepaidOnTime: offer.loansRepaidOnTime }
  const tenureDays =
    typeof values.tenureDays === 'number' && offer.tenureDays.includes(values.tenureDays)
      ? values.tenureDays
      : offer.defaultTenureDays
  const drafted = typeof values.amountMinor === 'number' ? values.amountMinor : null
  const amountOffered =
    drafted !== null &&
    checkLoanRequest(offer.pricing, { amountMinor: drafted, tenureDays, ...terms }) === null
  if (amountOffered) return { productId: offer.productId, amountMinor: drafted, tenureDays }
  const suggested = suggestedAmountMinor(offer, offer.previousAmountMinor ?? null)
  const suggestedOffered =
    checkLoanRequest(offer.pricing, { amountMinor: suggested, tenureDays, ...terms }) === null
  return {
    productId: offer.productId,
    amountMinor: suggestedOffered ? suggested : offer.defaultAmountMinor,
    tenureDays,
  }
}

/** The full price of a choice (the repeat-borrower ladder applied), the money going out on the server's today. */
export function quoteOf(offer: LoanOffer, choice: LoanChoice): Quote {
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
    loadOffer: fromPromise<LoanOffer, { productId: string | null }>(() => {
      throw new Error("The 'loadOffer' actor is provided by services/actors")
    }),
    // The extras reject rather than throw when not provided: the offer works without them, as when their call fails.
    loadProducts: fromPromise<ProductSummary[]>(async () => {
      throw new Error("The 'loadProducts' actor is provided by services/actors/loan-offer-actors.ts")
    }),
    loadCredit: fromPromise<CreditInfo>(async () => {
      throw new Error("The 'loadCredit' actor is provided by services/actors/loan-offer-actors.ts")
    }),
  },
  guards: {
    sessionEnded: ({ event }) => endsSession(event),
    errorEndsSession: (_, params: { error: unknown }) => isSessionEnded(params.error),
    /** A listed product other than the one offered now. */
    otherProduct: ({ context, event }) =>
      event.type === 'offer.productChosen' &&
      event.productId !== (context.offer?.productId ?? context.productId) &&
      context.products.some((p) => p.productId === event.productId),
  },
  actions: {
    chooseProduct: assign({
      productId: ({ context, event }) =>
        event.type === 'offer.productChosen' ? event.productId : context.productId,
      error: null,
    }),
    keepProducts: assign((_, params: { products: ProductSummary[] }) => ({ products: params.products })),
    keepCredit: assign((_, params: { credit: CreditInfo }) => ({ credit: params.credit })),
    keepOffer: assign({
      offer: (_, { output }: Output<LoanOffer>) => output,
      error: null,
    }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'loanOffer',
  description: 'The amounts, tenures and pricing terms the borrower may choose from, priced on the phone.',
  context: { productId: null, offer: null, products: [], credit: null, error: null },
  // The product list and the credit line are read once, beside the offer; a failure leaves them out.
  invoke: [
    {
      src: 'loadProducts',
      onDone: { actions: { type: 'keepProducts', params: ({ event }) => ({ products: event.output }) } },
      onError: [
        {
          guard: { type: 'errorEndsSession', params: ({ event }) => ({ error: event.error }) },
          target: '.sessionEnded',
        },
        {},
      ],
    },
    {
      src: 'loadCredit',
      onDone: { actions: { type: 'keepCredit', params: ({ event }) => ({ credit: event.output }) } },
      onError: [
        {
          guard: { type: 'errorEndsSession', params: ({ event }) => ({ error: event.error }) },
          target: '.sessionEnded',
        },
        {},
      ],
    },
  ],
  on: {
    'offer.productChosen': { guard: 'otherProduct', target: '.loading', actions: 'chooseProduct' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadOffer',
        input: ({ context }) => ({ productId: context.productId }),
        onDone: { target: 'ready', actions: { type: 'keepOffer', params: outputParams } },
        onError: loadErrors(),
      },
    },
    loadFailed: loadFailedState('offer.retried'),
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

/**
 * What the borrow screen shows of the offer — its one read of this machine (screens/shared/use-view.ts): the
 * offer, the products and the credit, the chosen product, and the offer's load.
 */
export function loanOfferView(s: SnapshotFrom<typeof loanOfferMachine>) {
  return {
    offer: s.context.offer,
    products: s.context.products,
    credit: s.context.credit,
    chosenProduct: s.context.productId,
    loadFailed: s.hasTag('loadFailed'),
    offerError: s.context.error,
  }
}
