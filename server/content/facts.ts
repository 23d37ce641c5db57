/**
 * The facts the FAQ and the legal texts quote, taken from the live configuration so the words never disagree with
 * the money: the country's active loan products (amounts, tenures, rates, fees, tax, penalty, rollover, repayment
 * rules, the repeat-borrower ladder and a worked example computed by the pricing engine), its wallets, customer
 * service and lender, and what the data collector is required to deliver. Everything is formatted for the
 * reader's language and the country's locale.
 */
import { and, asc, eq } from 'drizzle-orm'
import { COUNTRIES, intlLocale, type CountryCode, type Language } from '../../domain/countries'
import { formatMoney, ratioToNumber } from '../../domain/money'
import { dailyInterestRate, processingFeeRate, quote } from '../../domain/pricing'
import { REPAYMENT_FLOOR_UNITS, type ProductConfig } from '../../domain/product'
import { validateProduct } from '../../domain/product-rules'
import { SERIOUS_OVERDUE_DAYS } from '../../domain/scorecard-policy'
import type { CollectionPolicy } from '../config'
import type { Queryable } from '../db/client'
import { loanProducts } from '../db/schema/loans'
import type { Translate } from '../i18n'

export interface LoanFacts {
  minAmount: string
  maxAmount: string
  /** The highest limit repeat borrowers reach, when above maxAmount. */
  topLimit: string | null
  /** The tenures offered, e.g. "91, 120 or 180". */
  tenures: string
  shortestDays: number
  dailyRate: string
  annualRate: string
  /** Processing fee: a share of the amount, or a share per day of the tenure. */
  fee: string
  feePerDay: boolean
  taxName: string
  taxRate: string
  penaltyRate: string
  /** All charges together never exceed this share of the principal (null: no cap). */
  chargesCap: string | null
  rolloverDays: number
  rolloverFee: string
  maxRollovers: number
  minRepayment: string
  repaymentUnit: string
  /**
   * Each loan repaid on time raises the limit by this and lowers the daily rate to at least `floorRate`; each one
   * repaid late takes a step back, and one more than `resetAfterDays` days late goes back to the first-loan terms
   * (domain/ladder.ts).
   */
  ladder: { increase: string; floorRate: string; resetAfterDays: number } | null
  /** A loan more than this many days overdue refuses every later application (the scorecard's hard rule). */
  seriousOverdueDays: number
  installments: number
  /** The smallest amount at the shortest tenure, priced by the engine. */
  example: {
    amount: string
    days: number
    interest: string
    fee: string
    tax: string
    received: string
    total: string
  }
}

export interface Facts {
  country: CountryCode
  language: Language
  countryName: string
  /** "M-Pesa, Airtel Money, Mixx by Yas or HaloPesa". */
  wallets: string
  /** Mexico pays out to and collects from a bank account (CLABE, SPEI) instead of a mobile wallet. */
  bankAccount: boolean
  /** `days` reads "Monday to Saturday" in the reader's language. */
  service: { phone: string; whatsapp: string; email: string; days: string; opens: string; closes: string }
  /** The feedback types the FAQ points to, as the ticket form labels them. */
  ticketTypes: { notUpdated: string; notReceived: string }
  /** 'APR' or Mexico's 'CAT'. */
  aprLabel: string
  lender: { name: string; licence: string; regulator: string }
  /** Labels of what the data collector must deliver in this country (empty by default). */
  collected: string[]
  /** null when the country has no active product. */
  loan: LoanFacts | null
}

const FLAG_KEYS: Readonly<Record<string, string>> = {
  appList: 'installedApps',
  sms: 'sms',
  exif: 'photoData',
  device: 'device',
  contact: 'contacts',
  callLog: 'callLog',
  location: 'location',
}

/** What each collector flag means to a borrower, per language. */
const FLAG_LABELS: Readonly<Record<Language, Record<string, string>>> = {
  en: {
    installedApps: 'the list of installed apps',
    sms: 'financial SMS messages',
    photoData: 'the date and place stored in your photos',
    device: 'information about your phone',
    contacts: 'your contacts list',
    callLog: 'your call log',
    location: 'your approximate location',
  },
  sw: {
    installedApps: 'orodha ya programu zilizosakinishwa',
    sms: 'ujumbe mfupi wa kifedha',
    photoData: 'tarehe na mahali vilivyohifadhiwa kwenye picha zako',
    device: 'taarifa za simu yako',
    contacts: 'orodha ya anwani zako',
    callLog: 'kumbukumbu za simu zako',
    location: 'mahali ulipo kwa makadirio',
  },
  es: {
    installedApps: 'la lista de aplicaciones instaladas',
    sms: 'los SMS financieros',
    photoData: 'la fecha y el lugar guardados en tus fotos',
    device: 'información de tu teléfono',
    contacts: 'tu lista de contactos',
    callLog: 'tu registro de llamadas',
    location: 'tu ubicación aproximada',
  },
}

/** A rate as a percentage with at most two decimals: 0.0009 → "0.09%", 0.02 → "2%". */
export function percent(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(rate)
}

/** "a, b or c" in the reader's language. */
export function orList(items: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(items)
}

/** "Monday to Saturday", "Jumatatu hadi Jumamosi", "de lunes a sábado". */
function dayRange(lang: Language, first: string, last: string): string {
  if (lang === 'es') return `de ${first.toLocaleLowerCase('es')} a ${last.toLocaleLowerCase('es')}`
  return lang === 'sw' ? `${first} hadi ${last}` : `${first} to ${last}`
}

/** "+255 800 000 000", "+52 800 123 4567" from the E.164 digits and the dial code: groups of three, a lone digit joins the last. */
export function phone(digits: string, dialCode: string): string {
  const groups: string[] = digits.slice(dialCode.length).match(/\d{1,3}/g) ?? []
  if (groups.length > 1 && groups[groups.length - 1]!.length === 1) {
    const last = groups.pop()!
    groups.push(groups.pop()! + last)
  }
  return `+${dialCode} ${groups.join(' ')}`
}

/** The country's active, valid products in display order. */
export async function activeProducts(q: Queryable, country: CountryCode): Promise<ProductConfig[]> {
  const rows = await q
    .select({ config: loanProducts.config })
    .from(loanProducts)
    .where(and(eq(loanProducts.country, country), eq(loanProducts.active, true)))
    .orderBy(asc(loanProducts.position), asc(loanProducts.id))
  return rows.map((r) => r.config as ProductConfig).filter((p) => validateProduct(p).length === 0)
}

function loanFacts(
  products: readonly ProductConfig[],
  t: Translate,
  lang: Language,
  today: string,
): LoanFacts | null {
  const main = products[0]
  if (!main) return null
  const country = COUNTRIES[main.country]
  const locale = intlLocale(main.country, lang)
  const money = (minor: number, p: ProductConfig = main) =>
    formatMoney(minor, p.currency, locale, { minorPerUnit: p.minorPerUnit })
  const minOf = (f: (p: ProductConfig) => number) => Math.min(...products.map(f))
  const maxOf = (f: (p: ProductConfig) => number) => Math.max(...products.map(f))
  const tenures = [...new Set(products.flatMap((p) => p.tenureDays))].sort((a, b) => a - b)
  const daily = ratioToNumber(dailyInterestRate(main.interest))
  const feePerDay = !('bps' in main.processingFee)
  const feeRate = ratioToNumber(processingFeeRate(main.processingFee, 1))
  const ladder = main.repeatLadder
  const shortest = Math.min(...main.tenureDays)
  const example = quote(main, { amountMinor: main.amount.minMinor, tenureDays: shortest, disbursedOn: today })
  const top = maxOf((p) => p.repeatLadder.maxLimitMinor)
  const max = maxOf((p) => p.amount.maxMinor)
  return {
    minAmount: money(minOf((p) => p.amount.minMinor)),
    maxAmount: money(max),
    topLimit: top > max ? money(top) : null,
    tenures: orList(
      tenures.map((d) => String(d)),
      locale,
    ),
    shortestDays: tenures[0]!,
    dailyRate: percent(daily, locale),
    annualRate: percent(daily * 365, locale),
    fee: percent(feeRate, locale),
    feePerDay,
    taxName: t(lang, country.feeTaxNameKey),
    taxRate: percent(main.feeTaxBps / 10_000, locale),
    penaltyRate: percent(main.penalty.dailyBps / 10_000, locale),
    chargesCap:
      main.penalty.chargesCapBps === null ? null : percent(main.penalty.chargesCapBps / 10_000, locale),
    rolloverDays: main.rollover.days,
    rolloverFee: percent(main.rollover.feeBps / 10_000, locale),
    maxRollovers: main.rollover.maxCount,
    minRepayment: money(Math.max(main.repayment.minMinor, REPAYMENT_FLOOR_UNITS * main.minorPerUnit)),
    repaymentUnit: money(main.repayment.unitMinor),
    ladder:
      ladder.limitIncreaseMinor > 0 || ladder.dailyRateDecreasePpm > 0
        ? {
            increase: money(ladder.limitIncreaseMinor),
            floorRate: percent(ladder.dailyRateFloorPpm / 1_000_000, locale),
            resetAfterDays: ladder.resetAfterDaysLate,
          }
        : null,
    seriousOverdueDays: SERIOUS_OVERDUE_DAYS,
    installments: main.installments,
    example: {
      amount: money(example.principalMinor),
      days: shortest,
      interest: money(example.interestMinor),
      fee: money(example.processingFeeMinor),
      tax: money(example.feeTaxMinor),
      received: money(example.disbursalMinor),
      total: money(example.totalRepayableMinor),
    },
  }
}

export interface FactsSource {
  q: Queryable
  t: Translate
  collection: Readonly<Record<CountryCode, CollectionPolicy>>
  now: Date
}

export async function loadFacts(src: FactsSource, country: CountryCode, lang: Language): Promise<Facts> {
  const profile = COUNTRIES[country]
  const locale = intlLocale(country, lang)
  const cs = profile.customerService
  const weekday = (d: string) => src.t(lang, `enums.weekday.${d}`)
  const today = src.now.toISOString().slice(0, 10)
  return {
    country,
    language: lang,
    countryName: src.t(lang, profile.nameKey),
    wallets: orList(
      profile.walletProviders.map((w) => src.t(lang, `enums.wallet.${w}`)),
      locale,
    ),
    bankAccount: profile.walletProviders.includes('clabe'),
    service: {
      phone: phone(cs.phone, profile.dialCode),
      whatsapp: phone(cs.whatsapp, profile.dialCode),
      email: cs.email,
      days: dayRange(lang, weekday(cs.days[0]!), weekday(cs.days[cs.days.length - 1]!)),
      opens: cs.opens,
      closes: cs.closes,
    },
    lender: {
      name: profile.lender.legalName,
      licence: profile.lender.licenceNumber,
      regulator: src.t(lang, profile.lender.regulatorKey),
    },
    ticketTypes: {
      notUpdated: src.t(lang, 'enums.feedbackType.repaidBillNotUpdated'),
      notReceived: src.t(lang, 'enums.feedbackType.loanNotReceived'),
    },
    aprLabel: profile.aprLabel,
    collected: src.collection[country].requiredFlags.map((f) => FLAG_LABELS[lang][FLAG_KEYS[f]!]!),
    loan: loanFacts(await activeProducts(src.q, country), src.t, lang, today),
  }
}
