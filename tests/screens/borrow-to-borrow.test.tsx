import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import ToBorrowScreen from '../../screens/borrow/to-borrow'
import { intlLocale, type CountryCode, type Language } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { quote } from '../../domain/pricing'
import { mxInstallments, tzStandard } from '../domain/pricing-products'
import { renderMoneyPath, startMoneyPath, stepAmounts, t } from './borrow-harness'

async function open(
  opts: { country?: CountryCode; language?: Language; offer?: ReturnType<typeof stepAmounts> } = {},
) {
  const journey = startMoneyPath({
    entry: 'toBorrow',
    status: null,
    io: { loadOffer: async () => opts.offer ?? stepAmounts() },
  })
  await renderMoneyPath(ToBorrowScreen, journey.actor, {
    route: 'toBorrow',
    country: opts.country,
    language: opts.language,
  })
  await screen.findByRole('heading', { name: t('borrow.breakdown.title') })
  return journey
}

/** The amount shown on a line of the breakdown, by the start of its label. */
function line(label: string): string {
  const term = screen.getAllByRole('term').find((dt) => dt.textContent?.startsWith(label))
  if (!term) throw new Error(`no line ${label}`)
  return term.parentElement!.querySelector('dd')!.textContent!
}

const tzMoney = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', 'en'))

describe('to borrow: choose an amount and a tenure and see the full price at once', () => {
  it('prices the first choice with the engine: the spec example, TZS 10,000 for 91 days costs 748 in interest', async () => {
    await open()
    const q = quote(tzStandard, { amountMinor: 1_000_000, tenureDays: 91, disbursedOn: '2025-01-15' })
    expect(q.interestMinor).toBe(74_800)
    expect(line(t('borrow.breakdown.amount'))).toBe(tzMoney(1_000_000))
    expect(line('Interest')).toBe(tzMoney(q.interestMinor))
    expect(line(t('borrow.breakdown.processingFee'))).toBe(tzMoney(q.processingFeeMinor))
    expect(line('VAT on the fee')).toBe(tzMoney(q.feeTaxMinor))
    expect(line(t('borrow.breakdown.disbursal'))).toBe(tzMoney(q.disbursalMinor))
    expect(line(t('borrow.breakdown.totalRepayable'))).toBe(tzMoney(q.totalRepayableMinor))
    expect(line(t('borrow.breakdown.apr.APR'))).toBe('110.65%')
    expect(line(t('borrow.breakdown.dueDate'))).toBe('16 Apr 2025')
  })

  it('updates the breakdown when the amount and then the tenure change', async () => {
    const user = userEvent.setup()
    await open()
    await user.click(
      screen.getByRole('button', { name: t('ui.stepper.increase', { amount: tzMoney(100_000) }) }),
    )
    let q = quote(tzStandard, { amountMinor: 1_100_000, tenureDays: 91, disbursedOn: '2025-01-15' })
    await waitFor(() => expect(line(t('borrow.breakdown.amount'))).toBe(tzMoney(1_100_000)))
    expect(line('Interest')).toBe(tzMoney(q.interestMinor))
    expect(line(t('borrow.breakdown.disbursal'))).toBe(tzMoney(q.disbursalMinor))

    await user.click(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 180 }) }))
    q = quote(tzStandard, { amountMinor: 1_100_000, tenureDays: 180, disbursedOn: '2025-01-15' })
    await waitFor(() => expect(line(t('borrow.breakdown.tenure'))).toBe(t('ui.tenure.days', { count: 180 })))
    expect(line('Interest')).toBe(tzMoney(q.interestMinor))
    expect(line(t('borrow.breakdown.processingFee'))).toBe(tzMoney(q.processingFeeMinor))
    expect(line(t('borrow.breakdown.dueDate'))).toBe('14 Jul 2025')
  })

  it('shows a repeat borrower their higher limit and the lower rate in the price', async () => {
    await open({ offer: stepAmounts(tzStandard, { loansRepaidOnTime: 1, maxAmountMinor: 35_000_000 }) })
    expect(
      // Intl puts a no-break space between the currency and the number; the DOM query normalises it.
      screen.getByText(
        t('borrow.toBorrow.repeat', { limit: tzMoney(35_000_000), rate: '0.0772%' }).replace(/\s+/g, ' '),
      ),
    ).toBeInTheDocument()
    expect(line('Interest')).toBe(tzMoney(70_200))
  })

  it('shows Mexico the CAT "sin IVA, para fines informativos y de comparación", in pesos, with its installments', async () => {
    await open({
      country: 'MX',
      language: 'es',
      offer: stepAmounts(mxInstallments, { defaultAmountMinor: 1_000_000 }),
    })
    const q = quote(mxInstallments, { amountMinor: 1_000_000, tenureDays: 120, disbursedOn: '2025-01-15' })
    const mxn = (minor: number) => formatMoney(minor, 'MXN', intlLocale('MX', 'es'))
    expect(line(t('borrow.breakdown.apr.CAT'))).toMatch(/^113[.,]96\s?%$/)
    expect(screen.getByText('CAT sin IVA, para fines informativos y de comparación exclusivamente.')).toBeInTheDocument()
    expect(line('IVA')).toBe(mxn(q.feeTaxMinor))
    const installments = screen.getByRole('heading', {
      name: t('borrow.breakdown.installments'),
    }).nextElementSibling!
    expect(within(installments as HTMLElement).getAllByRole('listitem')).toHaveLength(4)
    expect(installments.textContent).toContain(mxn(277_000))
  })

  it('applies with the product, amount and tenure shown', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(screen.getByRole('radio', { name: t('ui.tenure.days', { count: 120 }) }))
    await user.click(screen.getByRole('button', { name: t('borrow.toBorrow.apply') }))
    await waitFor(() =>
      expect(journey.inputsOf('apply')).toEqual([
        { productId: 'tz-standard', amountMinor: 1_000_000, tenureDays: 120 },
      ]),
    )
  })
})
