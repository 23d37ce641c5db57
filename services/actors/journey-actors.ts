/**
 * The journey's own I/O (machines/journey.machine.ts), the home tab's (machines/home.machine.ts), and the `submit`
 * actor of each onboarding form the journey runs with machines/submit.machine.ts. Composition:
 *
 *   const journey = createJourneyActors({ api })
 *   journeyMachine.provide({ actors: {
 *     fetchLatestOrder: journey.fetchLatestOrder, submitApplication: journey.submitApplication,
 *     loadSalaryBands: journey.loadSalaryBands, loadRedDot: journey.loadRedDot,
 *     home: homeMachine.provide({ actors: { loadOverview: journey.loadOverview,
 *                                           checkRejectRecommendation: journey.checkRejectRecommendation,
 *                                           loadMarket: journey.loadMarket,
 *                                           loadLendingRecords: journey.loadLendingRecords,
 *                                           loadRepayTone: journey.loadRepayTone } }),
 *     personalInfoForm: submitMachine.provide({ actors: { submit: journey.save.personalInfo, draftStore } }),
 *     … } })
 */
import { fromPromise } from 'xstate'
import type { API } from '../../domain/api'
import type {
  HomeIndex,
  LatestOrder,
  LendingRecord,
  MarketIndex,
  RejectRecommendation,
  RepayColor,
} from '../../domain/api-types'
import { salaryBandsOf, type SalaryBandTerms } from '../../domain/salary-bands'
import type { ApiClient, JsonPathOf, RequestOf } from '../api/client'
import { dataOf } from './call'

type Api = typeof API

export interface JourneyActorDeps {
  api: Pick<ApiClient, 'request'>
  /**
   * The clock stamped on each reading of the order (ms since the epoch). The composition gives the server's time
   * (services/actors/server-clock.ts), so the server's dates (the retry date) are judged on its clock.
   */
  now?: () => number
  /** The device's clock at the same moment: with `now`, the server clock's offset (stamped when given). */
  deviceNow?: () => number
}

/** The `submit` actor of a form: its values, already checked against the form's schema, sent to `path`. */
function saveTo<P extends JsonPathOf<Api>>(api: JourneyActorDeps['api'], path: P) {
  return fromPromise<unknown, { values: Record<string, unknown> }>(async ({ input, signal }) =>
    dataOf(await api.request(path, input.values as RequestOf<Api, P>, { signal })),
  )
}

export function createJourneyActors({ api, now = Date.now, deviceNow }: JourneyActorDeps) {
  return {
    /** Also the order watch's reading (machines/order-watch.machine.ts). */
    fetchLatestOrder: fromPromise<{ order: LatestOrder | null; readAt: number; receivedAt?: number }>(
      async ({ signal }) => {
        const order = dataOf(await api.request('/loan/loan-order/latest', {}, { signal }))
        return deviceNow ? { order, readAt: now(), receivedAt: deviceNow() } : { order, readAt: now() }
      },
    ),
    submitApplication: fromPromise<void, { orderNo: string }>(async ({ input, signal }) => {
      dataOf(await api.request('/user/submit', { orderNo: input.orderNo }, { signal }))
    }),
    /**
     * Additional info's salary bands in the order's product's currency (its step-amount reply's scorecard); null
     * without an order to ask about or when the reply states no usable bands (the form keeps the country's).
     */
    loadSalaryBands: fromPromise<SalaryBandTerms | null, { productId: string | null }>(
      async ({ input, signal }) => {
        if (input.productId === null) return null
        const offer = dataOf(
          await api.request('/loan/product/step-amount', { productId: input.productId }, { signal }),
        )
        return salaryBandsOf(offer)
      },
    ),
    loadOverview: fromPromise<HomeIndex>(async ({ signal }) =>
      dataOf(await api.request('/loan/loan-product/index', {}, { signal })),
    ),
    checkRejectRecommendation: fromPromise<RejectRecommendation>(async ({ signal }) =>
      dataOf(await api.request('/app/isRejectRecommendation', {}, { signal })),
    ),
    /** Home's notice from the market index (its products are to_borrow's, through /loan/product/list-market). */
    loadMarket: fromPromise<MarketIndex>(async ({ signal }) =>
      dataOf(await api.request('/loanMarket/index', {}, { signal })),
    ),
    loadLendingRecords: fromPromise<LendingRecord[]>(async ({ signal }) =>
      dataOf(await api.request('/loanMarket/lending-record', {}, { signal })).records,
    ),
    loadRepayTone: fromPromise<RepayColor>(async ({ signal }) =>
      dataOf(await api.request('/loanMarket/repay-color', {}, { signal })),
    ),
    /** The Me tab's and Me's feedback row's dot; a visitor has no tickets, so no call is made for one. */
    // A failed read answers null (the journey keeps the last count): a dot is not worth an error, and a read that
    // fails after its screen was left must not surface as one.
    loadRedDot: fromPromise<{ unread: number } | null, { signedIn: boolean }>(async ({ input, signal }) => {
      if (!input.signedIn) return { unread: 0 }
      try {
        return dataOf(await api.request('/feedback/red-dot-marker', {}, { signal }))
      } catch {
        return null
      }
    }),
    save: {
      personalInfo: saveTo(api, '/user/saveBasicInfo-market'),
      additionalInfo: saveTo(api, '/user/saveAdditionInfo-market'),
      wallet: saveTo(api, '/user/addBankCard'),
      questionnaire: saveTo(api, '/user/save/questionnaire'),
      application: saveTo(api, '/loan/loan-order/apply-market'),
      repeatApplication: saveTo(api, '/loan/loan-order/apply-market-again'),
    },
  }
}
