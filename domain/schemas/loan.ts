/**
 * Loan calls: apply (POST /loan/loan-order/apply-market and apply-market-again), confirm borrow with the agreement
 * ticked (GET /loan/get-money), cancel an approved order with exactly one reason (POST /loan/cancel-draw-money),
 * and the queries of the loan screens.
 */
import * as v from 'valibot'
import { CANCEL_REASONS } from '../enums'
import { checkLoanRequest } from '../pricing'
import type { ProductConfig } from '../product'
import { REQUIRED, identifier, loanOrderId, oneReason, optionalText, orderNo, pageEntries } from './common'

export const productId = () => identifier('validation.loan.productRequired')

const applyEntries = {
  productId: productId(),
  amountMinor: v.pipe(
    v.number('validation.loan.amountRequired'),
    v.safeInteger('validation.loan.amountRange'),
    v.minValue(1, 'validation.loan.amountRange'),
  ),
  tenureDays: v.pipe(
    v.number('validation.loan.tenure'),
    v.integer('validation.loan.tenure'),
    v.minValue(1, 'validation.loan.tenure'),
    v.maxValue(3660, 'validation.loan.tenure'),
  ),
}

/** What the server knows about the chosen product and this borrower when it checks an application. */
export interface ApplyLimits {
  readonly product: ProductConfig
  /** Loans this borrower repaid on time (the repeat-borrower ladder raises the limit). */
  readonly loansRepaidOnTime: number
}

/**
 * Apply for a loan. Without limits the shape is checked (the app's form knows the product from the slider);
 * with them, the amount and tenure must be ones the product offers this borrower (pricing.ts `checkLoanRequest`).
 */
export function applySchema(limits?: ApplyLimits) {
  return v.pipe(
    v.object(applyEntries, REQUIRED),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!limits || !dataset.typed) return
      const { amountMinor, tenureDays } = dataset.value
      const problem = checkLoanRequest(limits.product, {
        amountMinor,
        tenureDays,
        loansRepaidOnTime: limits.loansRepaidOnTime,
      })
      if (problem === null) return
      const key = problem === 'validation.loan.tenure' ? 'tenureDays' : 'amountMinor'
      addIssue({
        message: problem,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key, value: dataset.value[key] }],
      })
    }),
  )
}

/** Confirm borrow: the agreement must be ticked (spec §5); a coupon may be applied. */
export function confirmBorrowSchema() {
  return v.object(
    {
      loanOrderId: loanOrderId(),
      agreed: v.literal(true, 'validation.agreement.required'),
      couponId: v.optional(identifier('validation.coupon.required')),
    },
    REQUIRED,
  )
}

/** Cancel an approved order: exactly one reason from the cancellation form (spec §5, decisions.md). */
export function cancelLoanSchema() {
  return v.object(
    { loanOrderId: loanOrderId(), reasons: oneReason(CANCEL_REASONS), remark: optionalText(200) },
    REQUIRED,
  )
}

/** Calls about one order by its loanOrderId. */
export function loanOrderQuery() {
  return v.object({ loanOrderId: loanOrderId() }, REQUIRED)
}

/** Calls about one order by its orderNo. */
export function orderNoQuery() {
  return v.object({ orderNo: orderNo() }, REQUIRED)
}

/** The agreement text: of an order (with its figures) or, before applying, of a product. */
export function loanAgreementQuery() {
  return v.object(
    {
      loanOrderId: v.optional(loanOrderId()),
      productId: v.optional(productId()),
    },
    REQUIRED,
  )
}

export const ORDER_LIST_TABS = ['incomplete', 'finished'] as const

/** The records tab: Incomplete (open orders) or Finished (closed), a page at a time. */
export function orderListQuery() {
  return v.object({ tab: v.picklist(ORDER_LIST_TABS, 'validation.select'), ...pageEntries }, REQUIRED)
}

/** The amounts and tenures a product offers this borrower. */
export function productQuery() {
  return v.object({ productId: productId() }, REQUIRED)
}

export type ApplyInput = v.InferInput<ReturnType<typeof applySchema>>
export type ConfirmBorrowInput = v.InferInput<ReturnType<typeof confirmBorrowSchema>>
export type CancelLoanInput = v.InferInput<ReturnType<typeof cancelLoanSchema>>
