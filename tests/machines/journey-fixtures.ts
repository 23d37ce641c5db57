/** Test data shared by the journey's machine tests: a borrower and their latest order, as the API sends them. */
import { fromPromise } from 'xstate'
import type { HomeOverview } from '../../machines/home/home-context'
import { sessionMachine, type StoredSession } from '../../machines/session.machine'
import type { LatestOrder, UserInfo } from '../../domain/api-types'
import type { OrderStatusCode } from '../../domain/order-status'

export const T0 = Date.UTC(2026, 10, 1, 8, 0, 0)
export const DAY = 24 * 60 * 60 * 1000
export const iso = (ms: number) => new Date(ms).toISOString()

export function user(userId = '42'): UserInfo {
  return {
    basicInfo: {
      userId,
      country: 'TZ',
      mobile: '712345678',
      language: 'sw',
      firstName: 'Asha',
      lastName: 'Mwita',
      registeredAt: iso(T0 - 90 * DAY),
    },
    profile: { basicInfo: true, identity: true, additionalInfo: true, wallet: true, questionnaire: true },
    personalInfo: null,
    additionalInfo: null,
    wallet: null,
    credit: {
      currency: 'TZS',
      limitMinor: 500_000_00,
      availableMinor: 500_000_00,
      dailyRatePercent: 0.09,
      loansRepaidOnTime: 0,
      nextLimitMinor: null,
    },
  }
}

export function order(status: OrderStatusCode, extra: Partial<LatestOrder> = {}): LatestOrder {
  return {
    orderNo: 'KP-1001',
    loanOrderId: 'L-1001',
    status,
    productId: 'tz-standard',
    productName: 'Kopa Standard',
    currency: 'TZS',
    amountMinor: 100_000_00,
    disbursalMinor: null,
    tenureDays: 91,
    createdAt: iso(T0 - DAY),
    approvedAt: null,
    confirmBy: null,
    disbursedAt: null,
    dueDate: null,
    remainingMinor: null,
    overdueDays: 0,
    chargesCapReached: false,
    retryAt: null,
    collectionPending: false,
    ...extra,
  }
}

/** The session child of a borrower the shell signed in earlier (token tok-1), whose user info reads fine. */
export function signedInSession() {
  return sessionMachine.provide({
    actors: {
      readStoredSession: fromPromise(async (): Promise<StoredSession> => ({ token: 'tok-1', user: user() })),
      storeToken: fromPromise(async () => {}),
      loadUser: fromPromise(async () => user()),
      clearStoredSession: fromPromise(async () => {}),
    },
  })
}

/** Home's card when the server names no product yet. */
export const NO_PRODUCT_OVERVIEW: HomeOverview = {
  product: null,
  minAmountMinor: 5_000_00,
  maxAmountMinor: 500_000_00,
  maxTenureDays: 180,
  currency: 'TZS',
  canApply: true,
  repeatBorrower: false,
}
