/**
 * to_borrow's offer (machines/loan-offer.machine.ts): the product the borrower picked, or the one the country
 * offers by default (home's /loan/loan-product/index), then its amounts, tenures and pricing terms
 * (/loan/product/step-amount); the country's products to pick from (/loan/product/list-market); and the
 * borrower's credit line (/loan/get-credit-info); the amount of the last repaid loan (/loan/loan-order/latest), where
 * a repeat borrower's amount starts.
 * Composition: `loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import { ApiCode } from '../../domain/api-codes'
import type { ApiFailure } from '../../domain/api-result'
import type { CreditInfo, ProductSummary, StepAmounts } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export interface LoanOfferActorDeps {
  api: Pick<ApiClient, 'request'>
}

/** No product offered in the country now: the same refusal the server gives (2101). */
const NO_PRODUCT: ApiFailure = {
  ok: false,
  kind: 'rejected',
  code: ApiCode.LoanNoProduct,
  message: '',
  messageKey: `errors.code.${ApiCode.LoanNoProduct}`,
}

/**
 * The amount of the borrower's last repaid loan (status 4), where a repeat borrower's amount starts
 * (domain/suggested-amount.ts); null for anyone else, or when the order cannot be read — it only moves where the
 * amount starts, so it never stops the offer.
 */
async function previousAmountMinor(api: LoanOfferActorDeps['api'], signal: AbortSignal): Promise<number | null> {
  const latest = await api.request('/loan/loan-order/latest', {}, { signal })
  return latest.ok && latest.data && latest.data.status === OrderStatus.Finish ? latest.data.amountMinor : null
}

/** The offer with the last repaid loan's amount (machines/loan-offer.machine.ts `LoanOffer`). */
type OfferWithPrevious = StepAmounts & { previousAmountMinor?: number | null }

export function createLoanOfferActors({ api }: LoanOfferActorDeps) {
  return {
    loadOffer: fromPromise<OfferWithPrevious, { productId: string | null } | undefined>(async ({ input, signal }) => {
      const previous = previousAmountMinor(api, signal).catch(() => null)
      let productId = input?.productId ?? null
      if (productId === null) {
        const { product } = dataOf(await api.request('/loan/loan-product/index', {}, { signal }))
        if (!product) throw NO_PRODUCT
        productId = product.productId
      }
      const offer = dataOf(await api.request('/loan/product/step-amount', { productId }, { signal }))
      const previousAmount = await previous
      return { ...offer, previousAmountMinor: previousAmount !== null && previousAmount > 0 ? previousAmount : null }
    }),
    loadProducts: fromPromise<ProductSummary[]>(async ({ signal }) =>
      dataOf(await api.request('/loan/product/list-market', {}, { signal })).products,
    ),
    loadCredit: fromPromise<CreditInfo>(async ({ signal }) =>
      dataOf(await api.request('/loan/get-credit-info', {}, { signal })),
    ),
  }
}
