/**
 * Demo loan products for Tanzania (the default country), Kenya and Mexico. Every tenure is at least 91 days (the
 * app-store rule for loan apps); every rate is within the 36% annual cap; each product passes validateProduct,
 * and the server refuses to start if one does not. A lender replaces these with its own rows in loan_products.
 * The scorecard's salary bands and points are the country's, in its currency (domain/scorecard-policy.ts).
 */
import { sql } from 'drizzle-orm'
import { COUNTRIES, type Language } from '../../domain/countries'
import { defineProduct, type ProductConfig } from '../../domain/product'
import { COUNTRY_SCORECARDS } from '../../domain/scorecard-policy'
import type { Queryable } from '../db/client'
import { loanProducts } from '../db/schema/loans'

export interface ProductSeed {
  config: ProductConfig
  names: Partial<Record<Language, string>>
}

const TZS = 100
const KES = 100
const MXN = 100

export const DEMO_PRODUCTS: readonly ProductSeed[] = [
  {
    names: { sw: 'Mkopo wa Haraka', en: 'Quick Loan' },
    config: defineProduct({
      id: 'tz-haraka',
      country: 'TZ',
      currency: 'TZS',
      minorPerUnit: TZS,
      amount: { minMinor: 50_000 * TZS, maxMinor: 300_000 * TZS, stepMinor: 10_000 * TZS },
      tenureDays: [91, 120, 180],
      // 0.09% a day (spec §9, home), 32.85% a year.
      interest: { dailyPpm: 900 },
      processingFee: { bps: 300 },
      feeTaxBps: COUNTRIES.TZ.feeTaxBps,
      scorecard: COUNTRY_SCORECARDS.TZ,
      rollover: { feeBps: 200, maxCount: 3 },
      repeatLadder: {
        limitIncreaseMinor: 100_000 * TZS,
        maxLimitMinor: 500_000 * TZS,
        dailyRateDecreasePpm: 100,
        dailyRateFloorPpm: 100,
      },
    }),
  },
  {
    names: { en: 'Kopa Flex', sw: 'Kopa Flex' },
    config: defineProduct({
      id: 'ke-flex',
      country: 'KE',
      currency: 'KES',
      minorPerUnit: KES,
      // FAQ: KSh 1,000 to 60,000.
      amount: { minMinor: 1_000 * KES, maxMinor: 50_000 * KES, stepMinor: 500 * KES },
      tenureDays: [91, 120],
      interest: { dailyPpm: 900 },
      processingFee: { bps: 300 },
      feeTaxBps: COUNTRIES.KE.feeTaxBps,
      scorecard: COUNTRY_SCORECARDS.KE,
      rollover: { feeBps: 200, maxCount: 3 },
      repeatLadder: {
        limitIncreaseMinor: 5_000 * KES,
        maxLimitMinor: 60_000 * KES,
        dailyRateDecreasePpm: 100,
        dailyRateFloorPpm: 100,
      },
    }),
  },
  {
    names: { es: 'Préstamo Kopa', en: 'Kopa Loan' },
    config: defineProduct({
      id: 'mx-kopa',
      country: 'MX',
      currency: 'MXN',
      minorPerUnit: MXN,
      amount: { minMinor: 1_000 * MXN, maxMinor: 20_000 * MXN, stepMinor: 500 * MXN },
      tenureDays: [91, 120, 180],
      interest: { annualBps: 3_500 },
      processingFee: { bps: 400 },
      feeTaxBps: COUNTRIES.MX.feeTaxBps,
      scorecard: COUNTRY_SCORECARDS.MX,
      rollover: { feeBps: 200, maxCount: 3 },
      repeatLadder: {
        limitIncreaseMinor: 2_500 * MXN,
        maxLimitMinor: 30_000 * MXN,
        dailyRateDecreasePpm: 100,
        dailyRateFloorPpm: 100,
      },
    }),
  },
]

/** Inserts or updates the demo products (idempotent; `npm start` runs it in demo mode). */
export async function seedDemo(
  db: Queryable,
  products: readonly ProductSeed[] = DEMO_PRODUCTS,
): Promise<void> {
  const now = new Date()
  for (const [position, p] of products.entries()) {
    await db
      .insert(loanProducts)
      .values({
        id: p.config.id,
        country: p.config.country,
        config: p.config,
        names: p.names,
        position,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: loanProducts.id,
        set: {
          country: sql`excluded.country`,
          config: sql`excluded.config`,
          names: sql`excluded.names`,
          updatedAt: now,
        },
      })
  }
}
