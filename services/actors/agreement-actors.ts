/**
 * The loan agreement's text (machines/agreement.machine.ts): the order's, or the country's product's when no
 * order is named (/loan/loan-order/loanAgreement); and a confirmed order's signed contract
 * (/loan/get-money/contract). Composition:
 * `agreementMachine.provide({ actors: createAgreementActors({ api }) })`.
 */
import { fromPromise } from 'xstate'
import type { AgreementDocument } from '../../domain/api-types'
import type { ApiClient } from '../api/client'
import { dataOf } from './call'

export interface AgreementActorDeps {
  api: Pick<ApiClient, 'request'>
}

export function createAgreementActors({ api }: AgreementActorDeps) {
  return {
    loadAgreement: fromPromise<AgreementDocument, { loanOrderId?: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/loan/loan-order/loanAgreement', input, { signal })),
    ),
    loadContract: fromPromise<AgreementDocument, { loanOrderId: string }>(async ({ input, signal }) =>
      dataOf(await api.request('/loan/get-money/contract', { loanOrderId: input.loanOrderId }, { signal })),
    ),
  }
}
