/**
 * What the loan, money and payment stories share: a server with the loans module on a fresh database, borrowers
 * registered through the real account calls, profile steps completed the way the profile module does (its rows,
 * then the onProfileStep hook in the same transaction), the clock moved through the development endpoint, jobs
 * and sandbox callbacks run until nothing is left, and the books check.
 */
import { expect } from 'vitest'
import type { ApplyResult, LoginResult } from '../../domain/api-types'
import { ApiCode, type ApiEnvelope } from '../../domain/api-codes'
import type { CountryCode } from '../../domain/countries'
import type { ApiPath } from '../../domain/api'
import type { ServerConfig } from '../../server/config'
import type { ProfileStep } from '../../server/context'
import { profiles, walletAccounts } from '../../server/db/schema/profile'
import {
  createLoansModule,
  loansRuntime,
  type LoansModuleOptions,
  type LoansRuntime,
} from '../../server/loans/module'
import { MODULES } from '../../server/modules'
import { checkBooks } from '../../server/money/check'
import type { DatabaseTarget } from './helpers/databases'
import { startTestServer, type CallOptions, type TestServer, type Transport } from './helpers/server'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export interface LoanServer {
  s: TestServer
  rt: LoansRuntime
  close(): Promise<void>
}

export async function startLoanServer(
  target: DatabaseTarget,
  transport: Transport = 'inject',
  options: LoansModuleOptions = {},
  config: Partial<ServerConfig> = {},
): Promise<LoanServer> {
  const modules = [...MODULES.filter((m) => m.name !== 'loans'), createLoansModule(options)]
  const s = await startTestServer(target, transport, {
    config: {
      // Stories move the clock months ahead; a session should outlive them.
      tokenTtlMs: 400 * DAY,
      verifyCode: {
        ttlMs: 5 * MINUTE,
        maxWrongTries: 5,
        resendAfterMs: MINUTE,
        perNumberPerHour: 100,
        perAddressPerHour: 10_000,
      },
      ...config,
    },
    overrides: { modules },
  })
  return { s, rt: loansRuntime(s.server.ctx), close: () => s.close() }
}

let serial = 0
/** A fresh number of the country (national format) whose last four digits are `suffix` when given. */
export function mobileFor(country: CountryCode, suffix?: string): string {
  serial += 1
  const body = String(100_000 + ((serial * 7919 + process.pid) % 900_000)).slice(0, 6)
  const tail = suffix ?? String(1000 + (serial % 8999))
  if (country === 'TZ') return `0754${body.slice(0, 2)}${tail}`
  if (country === 'KE') return `0712${body.slice(0, 2)}${tail}`
  return `55${body}${tail}`.slice(0, 10)
}

async function codeFor(s: TestServer, mobile: string): Promise<string> {
  const page = await s.raw({ method: 'GET', url: '/dev/sms' })
  for (const row of page.body.split('<tr>')) {
    if (row.includes(`•${mobile.slice(-3)}<`)) {
      const code = /\b(\d{6})\b/.exec(row)?.[1]
      if (code) return code
    }
  }
  throw new Error('no code in the development outbox')
}

export interface Borrower {
  token: string
  userId: number
  country: CountryCode
  mobile: string
}

export async function register(
  s: TestServer,
  country: CountryCode = 'TZ',
  mobile = mobileFor(country),
): Promise<Borrower> {
  const sent = await s.call('/security/getVerifyCode', { country, mobile, purpose: 'register' })
  expect(sent.code, sent.msg).toBe(ApiCode.Ok)
  const res = await s.call<LoginResult>('/security/register', {
    country,
    mobile,
    code: await codeFor(s, mobile),
  })
  expect(res.code, res.msg).toBe(ApiCode.Ok)
  return { token: res.data.token, userId: Number(res.data.userId), country, mobile }
}

/** The additional info that scores well (employee, 180–280k a month, 1–3 years) or poorly (unemployed, < 70k). */
export const ADDITION = {
  good: { employmentType: 'employee', monthlySalary: '180001-280000', jobExperience: 'in1_3Years' },
  poor: { employmentType: 'Unemployed', monthlySalary: 'Less than 70000' },
} as const

const STEP_ORDER: readonly ProfileStep[] = [
  'basicInfo',
  'identity',
  'additionalInfo',
  'wallet',
  'questionnaire',
]

/**
 * Completes profile steps as the profile module does: saves the step's row, then calls the onProfileStep hook in
 * the same transaction.
 */
export async function completeSteps(
  ls: LoanServer,
  b: Borrower,
  steps: readonly ProfileStep[] = STEP_ORDER,
  opts: { addition?: keyof typeof ADDITION; wallet?: string } = {},
): Promise<void> {
  const { db, clock } = ls.s.server.ctx
  for (const step of steps) {
    await db.transaction(async (tx) => {
      const now = clock.now()
      const patch =
        step === 'basicInfo'
          ? { basicInfo: { firstName: 'Asha', lastName: 'Juma', birthday: '1992-04-10' }, basicInfoAt: now }
          : step === 'identity'
            ? { identityAt: now }
            : step === 'additionalInfo'
              ? { additionInfo: ADDITION[opts.addition ?? 'good'], additionInfoAt: now }
              : step === 'questionnaire'
                ? { questionnaire: { answers: [] }, questionnaireAt: now }
                : null
      if (patch) {
        await tx
          .insert(profiles)
          .values({ userId: b.userId, ...patch, updatedAt: now })
          .onConflictDoUpdate({ target: profiles.userId, set: { ...patch, updatedAt: now } })
      } else {
        const account = opts.wallet ?? (b.country === 'MX' ? '002010077777777771' : mobileFor(b.country))
        const provider = b.country === 'MX' ? 'clabe' : 'mpesa'
        await tx.insert(walletAccounts).values({ userId: b.userId, provider, account, createdAt: now })
      }
      await ls.s.server.ctx.onProfileStep(b.userId, step, { q: tx, now, country: b.country })
    })
  }
}

/**
 * A new Tanzanian borrower with a complete profile who applied for `amountMinor` over `tenureDays` on the TZ
 * product, was assessed, confirmed and was paid out.
 */
export async function paidOutBorrower(
  ls: LoanServer,
  { amountMinor, tenureDays }: { amountMinor: number; tenureDays: number },
): Promise<{ b: Borrower; applied: ApplyResult }> {
  const b = await register(ls.s, 'TZ')
  await completeSteps(ls, b)
  const applied = await ok<ApplyResult>(ls, b, '/loan/loan-order/apply-market', {
    productId: PRODUCT.TZ,
    amountMinor,
    tenureDays,
  })
  await ok(ls, b, '/user/submit', { orderNo: applied.orderNo })
  await settle(ls)
  await ok(ls, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
  await settle(ls)
  return { b, applied }
}

/** Runs due jobs and delivers due sandbox callbacks until neither has anything left. */
export async function settle(ls: LoanServer): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const ran = await ls.s.server.ctx.jobs.runDue()
    const delivered = await ls.rt.deliverSandbox()
    if (ran === 0 && delivered === 0) return
  }
  throw new Error('jobs and callbacks did not settle')
}

/** Moves the shared clock through the development endpoint (which runs due jobs), then settles. */
export async function advance(ls: LoanServer, ms: number): Promise<void> {
  const res = await ls.s.raw({
    method: 'POST',
    url: '/dev/clock/advance',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ms }),
  })
  expect(res.status, res.body).toBe(200)
  await settle(ls)
}

export async function call<T = unknown>(
  ls: LoanServer,
  b: Borrower | null,
  path: ApiPath,
  payload: Record<string, unknown> = {},
  opts: CallOptions = {},
): Promise<ApiEnvelope<T>> {
  return ls.s.call<T>(path, payload, { ...(b ? { token: b.token } : {}), ...opts })
}

/** Asserts success and returns the data. */
export async function ok<T = unknown>(
  ls: LoanServer,
  b: Borrower | null,
  path: ApiPath,
  payload: Record<string, unknown> = {},
  opts: CallOptions = {},
): Promise<T> {
  const res = await call<T>(ls, b, path, payload, opts)
  expect(res.code, `${path}: ${res.msg} ${JSON.stringify(res.data)}`).toBe(ApiCode.Ok)
  return res.data
}

/** The books balance and every loan's balance equals its journal. */
export async function expectBooksBalanced(ls: LoanServer): Promise<void> {
  const report = await checkBooks(ls.s.server.ctx.db, { now: ls.s.server.ctx.clock.now() })
  expect(report.problems).toEqual([])
  expect(report.ok).toBe(true)
}

export const PRODUCT = { TZ: 'tz-haraka', KE: 'ke-flex', MX: 'mx-kopa' } as const
