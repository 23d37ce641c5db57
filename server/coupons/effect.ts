/**
 * What a coupon does to a loan's figures — a pure function the coupon calls and the loans module share.
 *
 * A coupon takes a fixed amount off the loan's interest (spec §3: it has a quota condition, the minimum loan, and
 * an expiry). It never touches the principal, the processing fee or its tax, so what reaches the wallet is
 * unchanged; the interest and the total repayable go down by the discount, which is the coupon's face value or
 * the whole interest when that is smaller, rounded down to the currency's whole unit. With installments the
 * discount comes off the interest of the earliest installments first.
 */
import type { Installment, Quote } from '../../domain/pricing'

/** The coupon's side: its face value, its quota condition and its currency. */
export interface CouponTerms {
  readonly discountMinor: number
  readonly minLoanMinor: number
  readonly currency: string
}

/** The loan's side: any Quote (domain/pricing.ts) has these. */
export type QuoteFigures = Pick<
  Quote,
  'currency' | 'minorPerUnit' | 'principalMinor' | 'interestMinor' | 'totalRepayableMinor' | 'installments'
>

export type CouponProblem = 'currency' | 'belowMinimum'

/** Why a coupon cannot apply to a loan (a coupon of another currency, or a loan below its minimum), or null. */
export function couponProblem(coupon: CouponTerms, quote: QuoteFigures): CouponProblem | null {
  if (coupon.currency !== quote.currency) return 'currency'
  if (quote.principalMinor < coupon.minLoanMinor) return 'belowMinimum'
  return null
}

export interface CouponEffect {
  /** What comes off the interest (and so off the total repayable). */
  readonly discountMinor: number
  /** The interest after the coupon. */
  readonly interestMinor: number
  /** What is repaid on time after the coupon. */
  readonly totalRepayableMinor: number
  /** The schedule after the coupon (the same dates and principal; less interest on the first installments). */
  readonly installments: readonly Installment[]
}

/**
 * The coupon's effect on a quote. Throws a RangeError when the coupon cannot apply (check `couponProblem` first).
 *
 *   couponEffect({ discountMinor: 300_000, minLoanMinor: 5_000_000, currency: 'TZS' }, quote)
 *   → { discountMinor: 300_000, interestMinor: quote.interestMinor - 300_000, … }
 */
export function couponEffect(coupon: CouponTerms, quote: QuoteFigures): CouponEffect {
  const problem = couponProblem(coupon, quote)
  if (problem) throw new RangeError(`The coupon does not apply to this loan (${problem})`)
  const unit = quote.minorPerUnit
  const capped = Math.min(coupon.discountMinor, quote.interestMinor)
  const discountMinor = Math.floor(capped / unit) * unit
  let left = discountMinor
  const installments = quote.installments.map((i) => {
    const cut = Math.min(left, i.interestMinor)
    left -= cut
    return { ...i, interestMinor: i.interestMinor - cut, totalMinor: i.totalMinor - cut }
  })
  return {
    discountMinor,
    interestMinor: quote.interestMinor - discountMinor,
    totalRepayableMinor: quote.totalRepayableMinor - discountMinor,
    installments,
  }
}
