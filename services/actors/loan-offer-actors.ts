/**
 * to_borrow's offer (machines/loan-offer.machine.ts): the product the country offers this borrower (home's
 * /loan/loan-product/index), then its amounts, tenures and pricing terms (/loan/product/step-amount).
 * Composition: `loanOfferMachine.provide({ actors: createLoanOfferActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import { ApiCode } from '../../src/domain/api-codes'
import type { ApiFailure } from '../../src/domain/api-result'
import type { StepAmounts } from '../../src/domain/api-types'
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
    loadOffer: fromPromise<StepAmounts>(async ({ signal }) => {
      const { product } = dataOf(await api.request('/loan/loan-product/index', {}, { signal }))
      if (!product) throw NO_PRODUCT
      return dataOf(
        await api.request('/loan/product/step-amount', { productId: product.productId }, { signal }),
      )
    }),
  }
}
