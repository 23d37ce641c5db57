/**
 * Borrowers brought to a point of the journey through the real API (the same encrypted calls the app makes),
 * so a journey spends its browser time on the part it proves. Journey 1 and 11 walk the whole way in the
 * browser; the others start from here: a Tanzanian borrower with a complete profile, an application assessed by
 * the server's scorecard, an approval, a pay-out.
 */
import { deflateSync, crc32 } from 'node:zlib'
import type { ApiPath } from '../../domain/api'
import type { ApplyResult, LatestOrder, StepResult } from '../../domain/api-types'
import { QUESTIONNAIRE, QUESTION_ANSWER_SETS } from '../../domain/enums'
import { mexicanPersonalChanges, tanzanianPersonalInfo, workInfo } from '../domain/onboarding-bodies'
import type { CountryCode } from '../../domain/countries'
import type { KopaServer } from './fixtures'

export const TZS = 100
export const TZ_PRODUCT = 'tz-haraka'
export const KES = 100
export const KE_PRODUCT = 'ke-flex'
export const MXN = 100
export const MX_PRODUCT = 'mx-kopa'

let serial = 0
/** A fresh Tanzanian mobile number in national format; `tail` fixes its last four digits (0000 fails pay-outs). */
export function freshMobile(tail?: string): string {
  serial += 1
  const body = `${String(Date.now()).slice(-4)}${String(serial % 100).padStart(2, '0')}`
  return `075${body.slice(0, 3)}${tail ?? body.slice(3, 6).padEnd(4, '1')}`.slice(0, 10)
}

export interface ApiBorrower {
  mobile: string
  token: string
}

/** Asha's personal information (the same forms the schema, machine and server tests use). */
export const PERSONAL = tanzanianPersonalInfo

let people = 0
/**
 * A NIDA number of its own for each borrower: one loan at a time per person across accounts (docs/decisions.md
 * "One loan at a time per person"), and the journeys of a worker share one database.
 */
export function freshNationalId(): string {
  people += 1
  return `19900517-${String(Date.now()).slice(-5)}-${String(people).padStart(5, '0')}-26`
}

/** Work info that the scorecard approves (employee, 180–280k, 1–3 years) or rejects (unemployed, < 70k). */
export const WORK = {
  good: workInfo,
  poor: {
    employmentType: 'Unemployed',
    monthlySalary: 'Less than 70000',
    incomeSource: 'Help from family',
    emergencyContactName1: workInfo.emergencyContactName1,
    emergencyContactMobile1: workInfo.emergencyContactMobile1,
    emergencyContactRelation1: workInfo.emergencyContactRelation1,
    emergencyContactName2: workInfo.emergencyContactName2,
    emergencyContactMobile2: workInfo.emergencyContactMobile2,
    emergencyContactRelation2: workInfo.emergencyContactRelation2,
  },
} as const

/** A small camera-like greyscale PNG (noise), as the ID checks want a real image. */
export function photoPng(width = 320, height = 200): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 0
  const rows: Buffer[] = []
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(width + 1)
    for (let x = 1; x <= width; x += 1) row[x] = (x * 31 + y * 17 + ((x * y) % 13) * 11) & 0xff
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** One call that must succeed; its data. */
export async function ok<T = unknown>(
  kopa: KopaServer,
  b: ApiBorrower,
  apiPath: ApiPath,
  payload: Record<string, unknown> = {},
): Promise<T> {
  const res = await kopa.call<T>(apiPath, payload, b.token)
  if (res.code !== 0) throw new Error(`${apiPath} answered ${res.code} ${res.msg}`)
  return res.data
}

/** A fresh Kenyan mobile number in national format (07…); `tail` fixes its last four digits (0000 fails). */
export function freshKenyanMobile(tail?: string): string {
  return `071${freshMobile(tail).slice(3)}`
}

/** A Mexican borrower's bank account, a CLABE with its check digit at Banamex (002), a bank SPEI knows (journey 11's). */
export const MX_CLABE = '002010077777777771'

/** A fresh Mexican mobile number (10 digits, Mexico City's 55 first). */
export function freshMexicanMobile(): string {
  return `55${freshMobile().slice(2)}`
}

/** A registered borrower (Tanzanian unless told; no profile yet). */
export async function registered(kopa: KopaServer, mobile = freshMobile(), country: CountryCode = 'TZ'): Promise<ApiBorrower> {
  return { mobile, token: await kopa.signUp(mobile, country) }
}

/** A Kenyan ID number of its own (7–8 digits), for the same reason as freshNationalId. */
function freshKenyanId(): string {
  people += 1
  return `${String(Date.now()).slice(-5)}${String(people % 1000).padStart(3, '0')}`
}

/**
 * Asha's forms as a Kenyan borrower fills them in: Kenya's enumerations are variant B (docs/decisions.md), her ID
 * is a Kenyan ID number, her county Nairobi with a typed sub-county, her emergency contacts Kenyan numbers.
 */
const KENYAN = {
  personal: () => ({
    ...PERSONAL,
    gender: 2,
    education: 'Graduate',
    residenceType: 'Rented house',
    nationalId: freshKenyanId(),
    state: 'Nairobi',
    city: 'Westlands',
    address: 'Mpaka Road 14',
    whatsappNo: '',
  }),
  work: {
    ...workInfo,
    employmentType: 'Employee',
    jobExperience: '1-3 years',
    emergencyContactMobile1: '0712000001',
    emergencyContactRelation1: 'Parents',
    emergencyContactMobile2: '0712000002',
    emergencyContactRelation2: 'Siblings',
  },
}

/**
 * Zoë's forms as a Mexican borrower fills them in (the profile tests' Mexican body): a CURP, Jalisco with a typed
 * municipality, variant-B enumerations, Mexican emergency contacts, and the questionnaire Mexico requires, every
 * question answered. One CURP serves: a file's borrowers under rails of their own have a server of their own.
 */
const MEXICAN = {
  personal: () => ({ ...PERSONAL, ...mexicanPersonalChanges, whatsappNo: '' }),
  work: {
    ...KENYAN.work,
    emergencyContactMobile1: '3312345601',
    emergencyContactMobile2: '5512345602',
  },
  answers: Object.fromEntries(QUESTIONNAIRE.map((q) => [String(q.code), QUESTION_ANSWER_SETS[q.answers][0]])),
}

/** Runs what is due now: the jobs (assessment, pay-out) and the sandbox wallet's callbacks. */
export async function settle(kopa: KopaServer): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await kopa.advanceClock(0)
    const { delivered } = (await kopa.devPost('/dev/payments/sandbox/deliver', {})) as { delivered: number }
    if (delivered === 0) return
  }
}

/**
 * Settles until the borrower's latest order satisfies `done`: the server's own job worker may be running a job
 * (an assessment, a pay-out) when `settle` finds nothing due, so the order is the thing to wait for.
 */
export async function orderWhen(
  kopa: KopaServer,
  b: ApiBorrower,
  done: (order: LatestOrder) => boolean,
  what: string,
): Promise<LatestOrder> {
  let order: LatestOrder | null = null
  for (let i = 0; i < 60; i += 1) {
    await settle(kopa)
    order = await ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
    if (order && done(order)) return order
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the order never reached ${what}; it is at ${order?.status ?? 'none'}`)
}

/** Statuses from which the server moves on by itself (submitted, assessing, confirmed and paying out). */
const MOVING: readonly number[] = [1, 7, 19]

export interface ApplicationOptions {
  amountMinor?: number
  tenureDays?: number
  work?: keyof typeof WORK
  /** The wallet number (a number ending 0000 makes the sandbox pay-out fail); a fresh one of its own by default. */
  wallet?: string
  /**
   * Tanzania unless told; Kenya fills in Asha's Kenyan forms and applies for the Kenyan product; Mexico fills in
   * Zoë's Mexican forms and the questionnaire, its wallet a CLABE.
   */
  country?: 'TZ' | 'KE' | 'MX'
}

/**
 * A first application with every profile step saved through its call and the collector done: the server's
 * scorecard has decided it (14 approved with good work info, 9 rejected with poor).
 */
export async function assessedApplication(
  kopa: KopaServer,
  b: ApiBorrower,
  opts: ApplicationOptions = {},
): Promise<{ applied: ApplyResult; order: LatestOrder }> {
  const kenyan = opts.country === 'KE'
  const mexican = opts.country === 'MX'
  const applied = await ok<ApplyResult>(kopa, b, '/loan/loan-order/apply-market', {
    productId: kenyan ? KE_PRODUCT : mexican ? MX_PRODUCT : TZ_PRODUCT,
    amountMinor: opts.amountMinor ?? (kenyan ? 10_000 * KES : mexican ? 2_000 * MXN : 250_000 * TZS),
    tenureDays: opts.tenureDays ?? (mexican ? 91 : 120),
  })
  const personal = kenyan ? KENYAN.personal() : mexican ? MEXICAN.personal() : { ...PERSONAL, nationalId: freshNationalId() }
  await ok<StepResult>(kopa, b, '/user/saveBasicInfo-market', personal)
  for (const [i, path] of (['/user/upload/curp/front', '/user/upload/curp/back', '/user/saveFaceImage'] as const).entries()) {
    const res = await kopa.upload<{ accepted: boolean }>(path, { bytes: photoPng(320 + i * 8), name: 'photo.png', type: 'image/png' }, b.token)
    if (res.code !== 0 || !res.data.accepted) throw new Error(`${path} answered ${res.code} ${res.msg}`)
  }
  await ok<StepResult>(kopa, b, '/user/finishUploadAllImg')
  const work = kenyan ? KENYAN.work : mexican ? MEXICAN.work : WORK[opts.work ?? 'good']
  await ok<StepResult>(kopa, b, '/user/saveAdditionInfo-market', { ...work })
  const wallet = opts.wallet ?? (kenyan ? freshKenyanMobile() : mexican ? MX_CLABE : freshMobile())
  const provider = mexican ? 'clabe' : 'mpesa'
  await ok<StepResult>(kopa, b, '/user/addBankCard', { provider, accountNumber: wallet, confirmAccountNumber: wallet })
  // Mexico asks its questionnaire last (17), after the wallet.
  if (mexican) await ok<StepResult>(kopa, b, '/user/save/questionnaire', { answers: MEXICAN.answers })
  await ok(kopa, b, '/user/submit', { orderNo: applied.orderNo })
  const order = await orderWhen(kopa, b, (o) => !MOVING.includes(o.status), 'a decision')
  return { applied, order }
}

/** A borrower whose loan the server approved (status 14), not yet confirmed. */
export async function approvedBorrower(kopa: KopaServer, opts: ApplicationOptions & { mobile?: string } = {}) {
  const country = opts.country ?? 'TZ'
  const fresh = country === 'KE' ? freshKenyanMobile() : country === 'MX' ? freshMexicanMobile() : freshMobile()
  const b = await registered(kopa, opts.mobile ?? fresh, country)
  const { applied, order } = await assessedApplication(kopa, b, opts)
  if (order.status !== 14 && order.status !== 18) throw new Error(`expected an approval, the order is at ${order.status}`)
  return { b, applied, order }
}

/** A borrower whose loan was confirmed and paid out to the sandbox wallet (status 2, repaying). */
export async function paidOutBorrower(kopa: KopaServer, opts: ApplicationOptions & { mobile?: string } = {}) {
  const { b, applied } = await approvedBorrower(kopa, opts)
  await ok(kopa, b, '/loan/get-money', { loanOrderId: applied.loanOrderId, agreed: true })
  const order = await orderWhen(kopa, b, (o) => !MOVING.includes(o.status), 'the pay-out')
  return { b, applied, order }
}
