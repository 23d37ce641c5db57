/**
 * The spec's example loan as the API sends it, shared by the screens' harness and the model tests' fake back end:
 * TZS 10,000 for 91 days from 2025-01-15, its confirm-borrow price and its repay detail (without the clocks).
 */
import type { ConfirmProductInfo, RepaymentDetail, WalletSummary } from '../../domain/api-types'
import { quote } from '../../domain/pricing'
import { tzStandard } from '../domain/pricing-products'

const tzs = (units: number) => units * 100

/** The M-Pesa push channel the example loan is repaid through. */
export const MPESA_CHANNEL: RepaymentDetail['channels'][number] = {
  channelId: 'mpesa',
  kind: 'push',
  provider: 'mpesa',
  nameKey: 'enums.wallet.mpesa',
  available: true,
}

/** The approved order's price as the server quotes it, paid out to `wallet` and to be confirmed by `confirmBy`. */
export function confirmTerms(wallet: WalletSummary, confirmBy: string): ConfirmProductInfo {
  const q = quote(tzStandard, { amountMinor: tzs(10_000), tenureDays: 91, disbursedOn: '2025-01-15' })
  return {
    ...q,
    loanOrderId: 'L-1001',
    orderNo: 'KP-1001',
    productName: 'Kopa Standard',
    aprLabel: 'APR',
    feeTaxNameKey: 'enums.feeTax.vat',
    wallet,
    confirmBy,
    coupon: null,
    payableAfterCouponMinor: q.totalRepayableMinor,
    usableCoupons: 0,
  }
}

/** The repay detail of that loan: TZS 10,748 owed, due 2025-04-16, repaid through M-Pesa push. */
export function repaymentTerms(extra: Partial<RepaymentDetail> = {}): RepaymentDetail {
  return {
    orderNo: 'KP-1001',
    loanOrderId: 'L-1001',
    status: 2,
    currency: 'TZS',
    minorPerUnit: 100,
    principalMinor: tzs(10_000),
    interestMinor: tzs(748),
    processingFeeMinor: tzs(910),
    feeTaxMinor: tzs(164),
    disbursalMinor: tzs(8_926),
    disbursedAt: '2025-01-15T09:00:00.000Z',
    balance: {
      penaltyMinor: 0,
      interestMinor: tzs(748),
      principalMinor: tzs(10_000),
      totalMinor: tzs(10_748),
    },
    paidMinor: 0,
    reductionMinor: 0,
    breakdown: {
      principalMinor: tzs(10_000),
      interestToDateMinor: tzs(748),
      interestDays: 91,
      interestNotYetEarnedMinor: 0,
      penaltyAccruedMinor: 0,
      penaltyWrittenOffMinor: 0,
      paidMinor: 0,
      dueMinor: tzs(10_748),
    },
    chargesCap: { capMinor: tzs(10_000), chargedMinor: tzs(1_822), leftMinor: tzs(8_178), reached: false },
    dueDate: '2025-04-16',
    overdueDays: 0,
    penaltyPerDayMinor: tzs(200),
    installments: [],
    amountRules: { minMinor: tzs(2_000), unitMinor: tzs(100), floorMinor: tzs(1_000) },
    rollover: { available: true, rolloversLeft: 2 },
    channels: [MPESA_CHANNEL],
    pendingPayOrder: null,
    ...extra,
  }
}
