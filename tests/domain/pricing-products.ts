/**
 * The example products of docs/pricing.md. The documentation's numbers come from these products, and
 * tests/domain/pricing-doc.test.ts asserts them, so the document cannot drift from the engine.
 */
import { unitsToMinor } from '../../domain/money'
import { defineProduct } from '../../domain/product'

const tzs = (units: number) => unitsToMinor(units, 100)

/** Tanzania: one payment; 30% a year (the spec's example), 0.1% a day processing fee plus 18% VAT. */
export const tzStandard = defineProduct({
  id: 'tz-standard',
  country: 'TZ',
  currency: 'TZS',
  minorPerUnit: 100,
  amount: { minMinor: tzs(10_000), maxMinor: tzs(300_000), stepMinor: tzs(1_000) },
  tenureDays: [91, 120, 180],
  interest: { annualBps: 3_000 },
  processingFee: { dailyPpm: 1_000 },
  feeTaxBps: 1_800,
  rollover: { feeBps: 500, maxCount: 2 },
  repeatLadder: { limitIncreaseMinor: tzs(50_000), maxLimitMinor: tzs(500_000), dailyRateDecreasePpm: 50 },
})

/** Mexico: four installments; 0.09% a day, a 5% processing fee plus 16% IVA; CAT sin IVA. */
export const mxInstallments = defineProduct({
  id: 'mx-cuotas',
  country: 'MX',
  currency: 'MXN',
  minorPerUnit: 100,
  amount: {
    minMinor: unitsToMinor(2_000, 100),
    maxMinor: unitsToMinor(20_000, 100),
    stepMinor: unitsToMinor(500, 100),
  },
  tenureDays: [120, 180],
  interest: { dailyPpm: 900 },
  processingFee: { bps: 500 },
  feeTaxBps: 1_600,
  installments: 4,
  rollover: { feeBps: 300, maxCount: 1 },
})
