/**
 * A loan product is configuration (decisions.md "Pricing"). `defineProduct` fills the defaults the decisions name;
 * domain/product-rules.ts lists every problem that would make a product unfair or unlawful (`validateProduct`), and
 * the server refuses to start with such a product. The arithmetic lives in pricing.ts; docs/pricing.md explains it.
 */
import type { CountryCode } from './countries'
import { COUNTRY_SCORECARDS, type ScorecardPolicy } from './scorecard-policy'

/** Interest, stated exactly: an annual rate in basis points over a 365-day year, or a daily rate in ppm. */
export type InterestRate = { readonly annualBps: number } | { readonly dailyPpm: number }

/** Processing fee as a share of the principal: once (basis points), or per day of tenure (ppm per day). */
export type FeeRate = { readonly bps: number } | { readonly dailyPpm: number }

export interface ProductConfig {
  readonly id: string
  readonly country: CountryCode
  /** ISO 4217 code, e.g. 'TZS'. */
  readonly currency: string
  /** Minor units in one whole unit (100 for TZS, KES, MXN). Every charge is rounded to a whole unit. */
  readonly minorPerUnit: number
  readonly amount: { readonly minMinor: number; readonly maxMinor: number; readonly stepMinor: number }
  /** The tenures a borrower may choose, in days; app-store rule: each at least 91. */
  readonly tenureDays: readonly number[]
  readonly interest: InterestRate
  /** The highest annual interest rate allowed (interest only, fees excluded), in basis points. */
  readonly annualRateCapBps: number
  readonly processingFee: FeeRate
  /** Tax on fees in basis points (TZ VAT 1800, KE excise 2000, MX IVA 1600); the server fills it per country. */
  readonly feeTaxBps: number
  readonly penalty: {
    /** Per day of the overdue principal, in basis points (200 = 2%). */
    readonly dailyBps: number
    /**
     * Interest + fees + their tax + rollover charges + penalties never exceed this share of the principal
     * (10 000 = 100%: the in duplum rule). Defaults to the country's cap (CHARGES_CAP_BPS_BY_COUNTRY); a product may
     * set a lower one, never a higher one or none where the country has a cap. `null`: no cap.
     */
    readonly chargesCapBps: number | null
  }
  readonly rollover: {
    readonly days: number
    /** Rollover fee as a share of the principal, in basis points; the fee tax applies to it. */
    readonly feeBps: number
    readonly maxCount: number
  }
  /** 1 = one payment at the due date; n > 1 = n installments. */
  readonly installments: number
  readonly repayment: {
    /** A partial payment must be a multiple of this (default 100 whole units). */
    readonly unitMinor: number
    /** A partial payment must be at least this (never below the 1,000-unit floor). */
    readonly minMinor: number
  }
  /**
   * Repeat borrowers (domain/ladder.ts): each loan repaid on time is one step up, each loan repaid late one
   * step down, and one repaid more than resetAfterDaysLate days late goes back to step 0.
   */
  readonly repeatLadder: {
    readonly limitIncreaseMinor: number
    /** The highest limit the ladder reaches. */
    readonly maxLimitMinor: number
    readonly dailyRateDecreasePpm: number
    /** The daily rate never falls below this (100 ppm = 0.01% a day). */
    readonly dailyRateFloorPpm: number
    /** A loan repaid more than this many days late sends the borrower back to step 0 (default 30). */
    readonly resetAfterDaysLate: number
  }
  /** The assessment's salary bands, salary points and approval points, in this product's currency. */
  readonly scorecard: ScorecardPolicy
  /** The APR leaves the fee tax out (Mexico's CAT is "sin IVA"). Default: true for MX, false elsewhere. */
  readonly aprExcludesFeeTax: boolean
}

/** Fewest whole units a partial repayment may be (decisions.md "Repayment"). */
export const REPAYMENT_FLOOR_UNITS = 1_000
/** App-store rule for loan apps (decisions.md "Pricing"). */
export const MIN_TENURE_DAYS = 91
/**
 * Spec §9: "Processing fee up to 0.98% per day plus 18% tax, deducted upfront": the most a processing fee may be,
 * per day of tenure, in parts per million (0.98% = 9 800 ppm). A flat fee (`bps`) may be at most that much for the
 * product's shortest tenure (98 bps a day).
 */
export const MAX_PROCESSING_FEE_DAILY_PPM = 9_800
export const DEFAULT_ANNUAL_RATE_CAP_BPS = 3_600
export const DEFAULT_PENALTY_DAILY_BPS = 200
export const DEFAULT_CHARGES_CAP_BPS = 10_000
/**
 * The charges cap (in duplum) of each country, in basis points of the principal: the most interest, fees, tax,
 * rollover fees and penalties may add up to (decisions.md "Pricing details"). Kenya: the in duplum rule (Banking
 * Act s. 44A, which the courts apply to every lender, digital credit providers included). Tanzania: the Bank of
 * Tanzania's guidance for digital lenders asks for fair, disclosed charges without a figure; Kopa applies the same
 * rule. Mexico: no statutory cap (null); products default to DEFAULT_CHARGES_CAP_BPS all the same.
 */
export const CHARGES_CAP_BPS_BY_COUNTRY: Readonly<Record<CountryCode, number | null>> = {
  TZ: 10_000,
  KE: 10_000,
  MX: null,
}
export const DEFAULT_ROLLOVER_DAYS = 7
export const DEFAULT_REPAYMENT_UNIT_UNITS = 100
export const DEFAULT_DAILY_RATE_FLOOR_PPM = 100
export const DEFAULT_LADDER_RESET_AFTER_DAYS_LATE = 30
/** validateProduct checks every amount; a product with more steps than this is refused as a likely typo. */
export const MAX_AMOUNT_STEPS = 100_000

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? Partial<T[K]> : T[K] }

/** What a product definition must state; everything else has the defaults of decisions.md. */
export type ProductInput = Pick<
  ProductConfig,
  | 'id'
  | 'country'
  | 'currency'
  | 'minorPerUnit'
  | 'amount'
  | 'tenureDays'
  | 'interest'
  | 'processingFee'
  | 'feeTaxBps'
> & {
  readonly rollover: Pick<ProductConfig['rollover'], 'feeBps' | 'maxCount'> & { readonly days?: number }
} & DeepPartial<Omit<ProductConfig, 'rollover' | 'interest' | 'processingFee' | 'amount' | 'tenureDays'>>

export function defineProduct(input: ProductInput): ProductConfig {
  const unit = input.minorPerUnit
  return {
    ...input,
    annualRateCapBps: input.annualRateCapBps ?? DEFAULT_ANNUAL_RATE_CAP_BPS,
    penalty: {
      dailyBps: input.penalty?.dailyBps ?? DEFAULT_PENALTY_DAILY_BPS,
      chargesCapBps:
        input.penalty?.chargesCapBps === undefined
          ? (CHARGES_CAP_BPS_BY_COUNTRY[input.country] ?? DEFAULT_CHARGES_CAP_BPS)
          : input.penalty.chargesCapBps,
    },
    rollover: { days: DEFAULT_ROLLOVER_DAYS, ...input.rollover },
    installments: input.installments ?? 1,
    repayment: {
      unitMinor: input.repayment?.unitMinor ?? DEFAULT_REPAYMENT_UNIT_UNITS * unit,
      minMinor: input.repayment?.minMinor ?? REPAYMENT_FLOOR_UNITS * unit,
    },
    repeatLadder: {
      limitIncreaseMinor: input.repeatLadder?.limitIncreaseMinor ?? 0,
      maxLimitMinor: input.repeatLadder?.maxLimitMinor ?? input.amount.maxMinor,
      dailyRateDecreasePpm: input.repeatLadder?.dailyRateDecreasePpm ?? 0,
      dailyRateFloorPpm: input.repeatLadder?.dailyRateFloorPpm ?? DEFAULT_DAILY_RATE_FLOOR_PPM,
      resetAfterDaysLate: input.repeatLadder?.resetAfterDaysLate ?? DEFAULT_LADDER_RESET_AFTER_DAYS_LATE,
    },
    scorecard: { ...COUNTRY_SCORECARDS[input.country], ...input.scorecard },
    aprExcludesFeeTax: input.aprExcludesFeeTax ?? input.country === 'MX',
  }
}
