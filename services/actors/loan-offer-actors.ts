/**
 * to_borrow's offer (machines/loan-offer.machine.ts): the product the borrower picked, or the one the country
 * offers by default (home's /loan/loan-product/index), then its amounts, tenures and pricing terms
 * (/loan/product/step-amount); the country's products to pick from (/loan/product/list-market); and the
 * borrower's credit line (/loan/get-credit-info).
 * Composition: `loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import { ApiCode } from '../../src/domain/api-codes'
import type { ApiFailure } from '../../src/domain/api-result'
import type { CreditInfo, ProductSummary, StepAmounts } from '../../src/domain/api-types'
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

export function createLoanOfferActors({ api }: LoanOfferActorDeps) {
  return {
    loadOffer: fromPromise<StepAmounts, { productId: string | null } | undefined>(async ({ input, signal }) => {
      let productId = input?.productId ?? null
      if (productId === null) {
        const { product } = dataOf(await api.request('/loan/loan-product/index', {}, { signal }))
        if (!product) throw NO_PRODUCT
        productId = product.productId
      }
      return dataOf(await api.request('/loan/product/step-amount', { productId }, { signal }))
    }),
    loadProducts: fromPromise<ProductSummary[]>(async ({ signal }) =>
      dataOf(await api.request('/loan/product/list-market', {}, { signal })).products,
    ),
    loadCredit: fromPromise<CreditInfo>(async ({ signal }) =>
      dataOf(await api.request('/loan/get-credit-info', {}, { signal })),
    ),
  }
}
