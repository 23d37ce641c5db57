/**
 * What the borrower-service stories (feedback, coupons, content, rating, account deletion) share: the full server
 * (server/modules.ts) on a fresh database, and borrowers brought to a loan state through the real loan calls —
 * approved and waiting to confirm, repaid, or rejected — with the loans harness's helpers.
 */
import { expect } from 'vitest'
import type * as T from '../../domain/api-types'
import type { CountryCode } from '../../domain/countries'
import type { ServerConfig } from '../../server/config'
import type { ServerModule } from '../../server/context'
import { loansRuntime } from '../../server/loans/module'
import { MODULES } from '../../server/modules'
import type { DatabaseTarget } from './helpers/databases'
import { startTestServer } from './helpers/server'
import { completeSteps, ok, PRODUCT, register, settle, type Borrower, type LoanServer } from './loans-harness'

export const UNIT = 100

/** The whole server; `replace` swaps modules by name (e.g. a coupons module with a pinned draw). */
export async function startServicesServer(
  target: DatabaseTarget,
  opts: { config?: Partial<ServerConfig>; replace?: readonly ServerModule[] } = {},
): Promise<LoanServer> {
  const replaced = new Map((opts.replace ?? []).map((m) => [m.name, m]))
  const s = await startTestServer(target, 'inject', {
    config: {
      verifyCode: {
        ttlMs: 5 * 60_000,
        maxWrongTries: 5,
        resendAfterMs: 60_000,
        perNumberPerHour: 100,
        perAddressPerHour: 10_000,
      },
      ...opts.config,
    },
    overrides: { modules: MODULES.map((m) => replaced.get(m.name) ?? m) },
  })
  return { s, rt: loansRuntime(s.server.ctx), close: () => s.close() }
}

const latest = (ls: LoanServer, b: Borrower) => ok<T.LatestOrder>(ls, b, '/loan/loan-order/latest')

/** A borrower with a complete profile whose application was assessed (approved unless `poor`). */
async function assessed(
  ls: LoanServer,
  opts: { country?: CountryCode; amountUnits?: number; poor?: boolean } = {},
): Promise<{ b: Borrower; order: T.LatestOrder }> {
  const b = await register(ls.s, opts.country ?? 'TZ')
  await completeSteps(ls, b, undefined, opts.poor ? { addition: 'poor' } : {})
  const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
    productId: PRODUCT.TZ,
    amountMinor: (opts.amountUnits ?? 200_000) * UNIT,
    tenureDays: 91,
  })
  await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
  await settle(ls)
  return { b, order: await latest(ls, b) }
}

/** Approved (14), waiting for the borrower to confirm. */
export async function approvedBorrower(ls: LoanServer, amountUnits?: number) {
  const found = await assessed(ls, amountUnits === undefined ? {} : { amountUnits })
  expect(found.order.status).toBe(14)
  return found
}

/** Rejected (9) by the scorecard. */
export async function rejectedBorrower(ls: LoanServer) {
  const found = await assessed(ls, { poor: true })
  expect(found.order.status).toBe(9)
  return found
}

/** Confirms an approved order, lets it pay out and repays all of it: the order is 4 (Finish). */
export async function repayInFull(ls: LoanServer, b: Borrower, order: T.LatestOrder): Promise<T.LatestOrder> {
  await ok(ls, b, '/loan/get-money', { loanOrderId: order.loanOrderId, agreed: true })
  await settle(ls)
  const detail = await ok<T.RepaymentDetail>(ls, b, '/portal/repayment/detail', { orderNo: order.orderNo })
  await ok(ls, b, '/portal/repayment/confirm', {
    orderNo: order.orderNo,
    amountMinor: detail.balance.totalMinor,
    channelId: detail.channels[0]!.channelId,
  })
  await settle(ls)
  const finished = await latest(ls, b)
  expect(finished.status).toBe(4)
  return finished
}

/** A borrower whose first loan is repaid. */
export async function repaidBorrower(ls: LoanServer) {
  const { b, order } = await approvedBorrower(ls)
  return { b, order: await repayInFull(ls, b, order) }
}

/** A repeat borrower's next loan, applied, approved and repaid. */
export async function repayAgain(ls: LoanServer, b: Borrower): Promise<T.LatestOrder> {
  const applied = await ok<T.ApplyResult>(ls, b, '/loan/loan-order/apply-market-again', {
    productId: PRODUCT.TZ,
    amountMinor: 200_000 * UNIT,
    tenureDays: 91,
  })
  if (applied.status === 19) await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
  await settle(ls)
  const order = await latest(ls, b)
  expect(order.status).toBe(14)
  return repayInFull(ls, b, order)
}
