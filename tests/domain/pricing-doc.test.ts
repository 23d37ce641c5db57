/**
 * docs/pricing.md's worked examples are the engine's real output. Each example sits between
 * `<!-- example:NAME -->` and `<!-- /example:NAME -->`; this test renders it from the engine and fails when the
 * document differs. After a deliberate change, rewrite the blocks with:
 *   UPDATE_PRICING_DOC=1 npx vitest run tests/domain/pricing-doc.test.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatMoney, formatPercent, ratioToNumber, unitsToMinor } from '../../domain/money'
import {
  addDays,
  applyPaymentOn,
  applyRollover,
  balanceOf,
  chargePenalty,
  interestDaysOn,
  interestEarned,
  openLoan,
  penaltyAfter,
  PricingError,
  quote,
  remainingBalance,
  repeatBorrowerTerms,
  rolloverQuote,
} from '../../domain/pricing'
import { defineProduct, type ProductConfig } from '../../domain/product'
import { validateProduct } from '../../domain/product-rules'
import { mxInstallments, tzStandard } from './pricing-products'

const DOC = new URL('../../docs/pricing.md', import.meta.url)
const DAY0 = '2025-01-15'

const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en').replace(/\u00a0/g, ' ')
const tzs = (minor: number) => money(minor, 'TZS')
const mxn = (minor: number) => money(minor, 'MXN')
const pct = (rate: number, digits = 2) => formatPercent(rate, 'en', digits)
/** num/den as a decimal with up to 4 places, exactly; '…' marks a longer expansion. */
const decimal = (num: bigint, den: bigint) => {
  const scaled = (num * 10_000n) / den
  const text = `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}`.replace(/\.?0+$/, '')
  return (num * 10_000n) % den === 0n ? text : `${text}…`
}
const table = (head: string[], rows: (string | number)[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')

function renderExamples(): Record<string, string> {
  const q = quote(tzStandard, { amountMinor: unitsToMinor(10_000, 100), tenureDays: 91, disbursedOn: DAY0 })
  const m = quote(mxInstallments, {
    amountMinor: unitsToMinor(10_000, 100),
    tenureDays: 120,
    disbursedOn: DAY0,
  })
  const loan = openLoan(q)

  const tzQuote = table(
    ['Item', 'Amount'],
    [
      ['Principal', tzs(q.principalMinor)],
      ['Interest (30% a year × 91 / 365)', tzs(q.interestMinor)],
      ['Processing fee (0.1% a day × 91 days)', tzs(q.processingFeeMinor)],
      ['VAT on the fee (18%)', tzs(q.feeTaxMinor)],
      ['Disbursal (to the wallet on ' + q.disbursedOn + ')', tzs(q.disbursalMinor)],
      ['Total repayable (on ' + q.dueDate + ')', tzs(q.totalRepayableMinor)],
      ['Late penalty per day (2% of the principal)', tzs(q.penalty.perDayMinor)],
      ['Most penalties can add up to', tzs(q.penalty.maxPenaltyMinor ?? 0)],
      ['Rollover (fee + VAT, 7 days, to ' + q.rollover?.newDueDate + ')', tzs(q.rollover?.totalMinor ?? 0)],
      ['APR (annual effective)', pct(q.apr.basisPoints / 10_000)],
    ],
  )

  const mxSchedule = [
    table(
      ['#', 'Day', 'Date', 'Principal', 'Interest', 'Payment'],
      m.installments.map((i) => [
        i.number,
        i.day,
        i.dueDate,
        mxn(i.principalMinor),
        mxn(i.interestMinor),
        mxn(i.totalMinor),
      ]),
    ),
    '',
    `Interest ${mxn(m.interestMinor)}, processing fee ${mxn(m.processingFeeMinor)}, IVA ${mxn(m.feeTaxMinor)}, ` +
      `disbursal ${mxn(m.disbursalMinor)}, total repayable ${mxn(m.totalRepayableMinor)}; ` +
      `CAT ${pct(m.apr.basisPoints / 10_000)} sin IVA (cash flows: ${mxn(m.disbursalMinor + m.feeTaxMinor)} received).`,
  ].join('\n')

  const five = penaltyAfter(tzStandard, loan, 5)
  const fortyOne = penaltyAfter(tzStandard, loan, 41)
  const penalty = table(
    ['Overdue days', 'Per day', 'Accrued', 'Charged', 'Written off', 'Cap'],
    [five, fortyOne].map((p) => [
      p.days,
      tzs(p.perDayMinor),
      tzs(p.accruedMinor),
      tzs(p.chargedMinor),
      tzs(p.writtenOffMinor),
      tzs(p.capMinor ?? 0),
    ]),
  )

  const refusalOf = (f: () => unknown) => {
    try {
      f()
      return 'accepted'
    } catch (e) {
      return e instanceof PricingError ? `${e.code}: ${e.message}` : String(e)
    }
  }
  const first = rolloverQuote(tzStandard, loan, DAY0)
  const afterFirst = applyRollover(loan, first)
  const second = rolloverQuote(tzStandard, afterFirst, DAY0)
  const rollover = [
    table(
      ['Rollover', 'Fee', 'VAT', 'Paid now', 'Due date', 'New due date', 'To repay on the new due date'],
      [first, second].map((r) => [
        r.number,
        tzs(r.feeMinor),
        tzs(r.feeTaxMinor),
        tzs(r.totalMinor),
        r.dueDate,
        r.newDueDate,
        tzs(r.newBalanceMinor),
      ]),
    ),
    '',
    `A third rollover is refused — ${refusalOf(() => rolloverQuote(tzStandard, applyRollover(afterFirst, second), DAY0))}.`,
    `Eight days after the due date the first is refused — ${refusalOf(() => rolloverQuote(tzStandard, loan, addDays(q.dueDate, 8)))}.`,
  ].join('\n')

  // The cap reached by penalties first, then a rollover: a product with a 25% cap.
  const tight = defineProduct({ ...tzStandard, id: 'tz-tight', penalty: { chargesCapBps: 2_500 } })
  const twoLate = chargePenalty(loan, penaltyAfter(tight, loan, 2))
  const lowered = rolloverQuote(tight, twoLate, addDays(q.dueDate, 2))
  const capRollover = [
    table(
      ['Charged before', 'Room under the 25% cap', 'Fee', 'VAT', 'Paid now', 'Taken off by the cap'],
      [
        [
          tzs(q.interestMinor + q.processingFeeMinor + q.feeTaxMinor + twoLate.penaltyChargedMinor),
          tzs(
            2_500 * 100 -
              q.interestMinor -
              q.processingFeeMinor -
              q.feeTaxMinor -
              twoLate.penaltyChargedMinor,
          ),
          tzs(lowered.feeMinor),
          tzs(lowered.feeTaxMinor),
          tzs(lowered.totalMinor),
          tzs(lowered.reducedByCapMinor),
        ],
      ],
    ),
    '',
    `Another rollover is then refused — ${refusalOf(() => rolloverQuote(tight, applyRollover(twoLate, lowered), addDays(q.dueDate, 2)))}.`,
  ].join('\n')

  const early = [
    table(
      [
        'Repaid in full on',
        'Day',
        'Interest days',
        'Interest to that day',
        'Repay in full',
        'Interest rebated',
      ],
      [0, 1, 30, 46, 90, 91].map((d) => {
        const on = addDays(DAY0, d)
        const payoff = balanceOf(loan, on).totalMinor
        return [
          on,
          d,
          interestDaysOn(loan, on) ?? '',
          tzs(interestEarned(loan, on)),
          tzs(payoff),
          tzs(applyPaymentOn(loan, payoff, on).rebate.totalMinor),
        ]
      }),
    ),
  ].join('\n')
  const part = applyPaymentOn(loan, unitsToMinor(3_000, 100), addDays(DAY0, 10))
  const partThen = balanceOf(part.loan, addDays(DAY0, 30))
  const partDone = applyPaymentOn(part.loan, partThen.totalMinor, addDays(DAY0, 30))
  const earlyPart = table(
    ['Day', 'Payment', 'To interest', 'To principal', 'Rebated: off interest', 'Rebated: off principal'],
    [
      [
        10,
        tzs(300_000),
        tzs(part.allocation.interestMinor),
        tzs(part.allocation.principalMinor),
        tzs(0),
        tzs(0),
      ],
      [
        30,
        tzs(partThen.totalMinor),
        tzs(partDone.allocation.interestMinor),
        tzs(partDone.allocation.principalMinor),
        tzs(partDone.rebate.interestMinor),
        tzs(partDone.rebate.principalMinor),
      ],
    ],
  )

  const overdue = chargePenalty(loan, five)
  const paid = remainingBalance(overdue, [unitsToMinor(1_500, 100), unitsToMinor(3_000, 100)])
  const payments = [
    table(
      ['Payment', 'To penalty', 'To interest', 'To principal'],
      paid.allocations.map((a, i) => [
        tzs([150_000, 300_000][i] ?? 0),
        tzs(a.penaltyMinor),
        tzs(a.interestMinor),
        tzs(a.principalMinor),
      ]),
    ),
    '',
    `Remaining: penalty ${tzs(paid.remaining.penaltyMinor)}, interest ${tzs(paid.remaining.interestMinor)}, ` +
      `principal ${tzs(paid.remaining.principalMinor)}, total ${tzs(paid.remaining.totalMinor)}.`,
  ].join('\n')

  const ladder = table(
    ['Loans repaid on time', 'Limit', 'Daily rate', 'Annual rate', 'Interest on 10,000 for 91 days'],
    [0, 1, 3, 10, 15, 20].map((n) => {
      const t = repeatBorrowerTerms(tzStandard, n)
      const daily = ratioToNumber(t.dailyRate)
      const i = quote(tzStandard, {
        amountMinor: 1_000_000,
        tenureDays: 91,
        disbursedOn: DAY0,
        loansRepaidOnTime: n,
      })
      return [n, tzs(t.maxAmountMinor), pct(daily, 4), pct(daily * 365, 2), tzs(i.interestMinor)]
    }),
  )

  const boundary = defineProduct({
    ...tzStandard,
    id: 'tz-boundary',
    amount: { minMinor: 100_000, maxMinor: 500_000, stepMinor: 100 },
    processingFee: { bps: 250 },
    rollover: { feeBps: 0, maxCount: 0 },
  })
  const at = (units: number) =>
    quote(boundary, { amountMinor: units * 100, tenureDays: 91, disbursedOn: DAY0 })
  const rounding = table(
    [
      'Principal',
      'Interest before rounding (30%, 91 days)',
      'Charged',
      'Fee before rounding (2.5%)',
      'Charged',
      'VAT before rounding (18%)',
      'Charged',
    ],
    [1_824, 1_825, 1_820, 3_000].map((u) => {
      const r = at(u)
      return [
        tzs(u * 100),
        decimal(BigInt(u) * 3_000n * 91n, 10_000n * 365n),
        tzs(r.interestMinor),
        decimal(BigInt(u) * 250n, 10_000n),
        tzs(r.processingFeeMinor),
        decimal(BigInt(r.processingFeeMinor / 100) * 1_800n, 10_000n),
        tzs(r.feeTaxMinor),
      ]
    }),
  )

  const refusedCases: [string, ProductConfig][] = [
    [
      '0.98% a day fee',
      defineProduct({ ...tzStandard, id: 'tz-greedy', processingFee: { dailyPpm: 9_800 } }),
    ],
    ['37% a year', defineProduct({ ...tzStandard, id: 'tz-37', interest: { annualBps: 3_700 } })],
    ['0.1% a day', defineProduct({ ...tzStandard, id: 'tz-daily', interest: { dailyPpm: 1_000 } })],
    ['60-day tenure', defineProduct({ ...tzStandard, id: 'tz-60', tenureDays: [60, 91] })],
    [
      '5 rollovers at 20%',
      defineProduct({ ...tzStandard, id: 'tz-roll', rollover: { feeBps: 2_000, maxCount: 5 } }),
    ],
  ]
  const refused = table(
    ['Configuration', 'First problem'],
    refusedCases.map(([name, p]) => {
      const problem = validateProduct(p)[0]
      return [name, problem ? `\`${problem.field}\`: ${problem.message}` : 'accepted']
    }),
  )

  return {
    'tz-quote': tzQuote,
    'mx-installments': mxSchedule,
    penalty,
    rollover,
    'cap-rollover': capRollover,
    early,
    'early-part': earlyPart,
    payments,
    ladder,
    rounding,
    refused,
  }
}

const blockPattern = (name: string) =>
  new RegExp(`(<!-- example:${name} -->\\n)([\\s\\S]*?)(\\n<!-- /example:${name} -->)`)

describe('docs/pricing.md', () => {
  const examples = renderExamples()

  if (process.env.UPDATE_PRICING_DOC === '1') {
    let doc = readFileSync(DOC, 'utf8')
    for (const [name, body] of Object.entries(examples)) {
      doc = doc.replace(
        blockPattern(name),
        (_all, open: string, _old: string, close: string) => open + body + close,
      )
    }
    writeFileSync(DOC, doc)
  }

  const doc = readFileSync(DOC, 'utf8')
  for (const [name, body] of Object.entries(examples)) {
    it(`shows the engine's real numbers in the worked example "${name}"`, () => {
      const found = blockPattern(name).exec(doc)
      expect(found, `docs/pricing.md has no block <!-- example:${name} -->`).not.toBeNull()
      expect(found?.[2]).toBe(body)
    })
  }

  it('repeats the engine’s numbers in its prose', () => {
    const q = quote(tzStandard, { amountMinor: 1_000_000, tenureDays: 91, disbursedOn: DAY0 })
    const m = quote(mxInstallments, { amountMinor: 1_000_000, tenureDays: 120, disbursedOn: DAY0 })
    const n = (minor: number) => tzs(minor).replace('TZS ', '')
    const charged = q.interestMinor + q.processingFeeMinor + q.feeTaxMinor
    expect(doc).toContain(
      `(${n(q.totalRepayableMinor)} / ${n(q.disbursalMinor)})^(365/91) − 1 = ${pct(q.apr.basisPoints / 10_000)}`,
    )
    expect(doc).toContain(
      `${n(q.interestMinor)} + ${n(q.processingFeeMinor)} + ${n(q.feeTaxMinor)} = ${n(charged)}, ` +
        `so penalties can add up to ${n(q.penalty.maxPenaltyMinor ?? 0)}`,
    )
    expect(doc).toContain(
      `receive ${n(m.disbursalMinor + m.feeTaxMinor)} (IVA left out), pay ${n(m.installments[0]?.totalMinor ?? 0)}`,
    )
    expect(doc).toContain(`CAT ${pct(m.apr.basisPoints / 10_000)}.`)
  })

  it('states the spec’s example in its text: 10,000 at 30% for 91 days is 748', () => {
    expect(examples['tz-quote']).toContain('| Interest (30% a year × 91 / 365) | TZS 748 |')
    expect(doc).toContain('TZS 748')
  })
})
