/**
 * What the additional-info form's salary bands stand for in money (decisions.md "Onboarding and wallet screens").
 * The wire keeps the spec's five band ids in every country; what each one means is the product's scorecard, in the
 * product's currency (domain/scorecard-policy.ts). The form labels the bands with the lender's configured
 * amounts — the `pricing.scorecard` of the order's product in its /loan/product/step-amount reply — and, until that
 * reply arrives (or when it cannot be had), with the country's defaults (COUNTRY_SCORECARDS).
 */
import type { StepAmounts } from './api-types'
import type { CountryCode } from './countries'
import type { SalaryBand, SalaryBandBounds } from './enums'
import { minorPerUnitOf } from './money'
import { COUNTRY_SCORECARDS, SALARY_BAND_ORDER } from './scorecard-policy'

export interface SalaryBandTerms {
  /** The currency of every amount of `bands` (the product's). */
  readonly currency: string
  /** Minor units in one whole unit of `currency` (100 for TZS, KES and MXN). */
  readonly minorPerUnit: number
  /** Each band id's monthly income, in whole units of `currency`, inclusive; the highest is open-ended. */
  readonly bands: Readonly<Record<SalaryBand, SalaryBandBounds>>
}

/** The country's default bands (the scorecard a product gets unless its lender configured another). */
export function countrySalaryBands(country: CountryCode): SalaryBandTerms {
  const policy = COUNTRY_SCORECARDS[country]
  return {
    currency: policy.currency,
    minorPerUnit: minorPerUnitOf(policy.currency),
    bands: policy.salaryBands,
  }
}

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0

/**
 * The bands a product's step-amount reply states, or null when it states none the form could show: no scorecard
 * (a server from before the scorecard was configuration), a scorecard in another currency than the product's, or a
 * band missing or malformed. The server refuses such a product at start-up; the app does not trust the reply more.
 */
export function salaryBandsOf(
  offer: Pick<StepAmounts, 'currency' | 'minorPerUnit'> & { pricing?: Partial<StepAmounts['pricing']> },
): SalaryBandTerms | null {
  const scorecard = offer.pricing?.scorecard
  if (!scorecard || scorecard.currency !== offer.currency || !whole(offer.minorPerUnit)) return null
  const bands = scorecard.salaryBands as Partial<Record<SalaryBand, SalaryBandBounds>> | undefined
  const complete = SALARY_BAND_ORDER.every((band) => {
    const b = bands?.[band]
    return b !== undefined && whole(b.minMajor) && (b.maxMajor === null || whole(b.maxMajor))
  })
  if (!complete) return null
  return { currency: offer.currency, minorPerUnit: offer.minorPerUnit, bands: scorecard.salaryBands }
}

/**
 * How a band reads, in whole units: the lowest "less than" its top, the open-ended highest "more than" where the
 * band below ends, the others "from – to" as the scorecard bounds them (the TZS labels the spec lists: "Less than
 * 70,000", "70,001 – 180,000", …, "More than 400,000").
 */
export type SalaryBandWording =
  | { readonly kind: 'below'; readonly amountMajor: number }
  | { readonly kind: 'between'; readonly fromMajor: number; readonly toMajor: number }
  | { readonly kind: 'above'; readonly amountMajor: number }

export function salaryBandWording({ minMajor, maxMajor }: SalaryBandBounds): SalaryBandWording {
  if (maxMajor === null) return { kind: 'above', amountMajor: Math.max(minMajor - 1, 0) }
  if (minMajor === 0) return { kind: 'below', amountMajor: maxMajor }
  return { kind: 'between', fromMajor: minMajor, toMajor: maxMajor }
}
