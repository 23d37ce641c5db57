/**
 * The outcome screen (issue 13 item 2): after the money is sent, a payment, a rollover or a cancellation the
 * borrower sees what happened, with the server's figures, and what happens next — in English, Kiswahili and
 * Spanish — and Continue takes them on.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import OutcomeScreen from '../../screens/standalone/outcome'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { order } from '../machines/journey-fixtures'
import { finish, on, PAID_OUT, startOutcomeJourney } from '../machines/outcome-journey'
import { localeTexts, placeholders } from './locale-checks'
import { renderOnRoute } from './render-on-route'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)
const owing = order(2, { ...PAID_OUT, remainingMinor: 109_000_00, dueDate: '2027-01-31' })

/** A figure of the details list: the value next to its label. */
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling

describe('outcome screen', () => {
  it.each(['en', 'sw', 'es'] as const)(
    'after a part payment: what was paid, what is left and by when, then on to repay detail [%s]',
    async (language) => {
      const { actor, server } = startOutcomeJourney('repayDetail', owing, {
        repaid: { outcome: 'paid', amountMinor: 40_000_00 },
      })
      await on(actor, 'repayDetail')
      server.order = { ...owing, remainingMinor: 69_000_00 }
      finish(actor.getSnapshot(), 'repayment')
      await renderOnRoute(OutcomeScreen, actor, { route: 'outcome', language })
      const money = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', language)).replace(/\s/g, ' ')

      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('outcome.repaidInPart.title'))
      const news = screen.getByRole('status', { name: t('outcome.repaidInPart.heading') })
      expect(news).toHaveTextContent(money(40_000_00))
      expect(figure(t('outcome.orderNo'))).toHaveTextContent('KP-1001')
      expect(figure(t('outcome.remaining'))).toHaveTextContent(money(69_000_00))
      expect(figure(t('outcome.dueDate'))?.querySelector('time')).toHaveAttribute('datetime', '2027-01-31')
      const next = screen.getByRole('region', { name: t('outcome.nextTitle') })
      expect(next).toHaveTextContent(money(69_000_00))
      expect(next).not.toHaveTextContent('{{')

      await userEvent.click(screen.getByRole('button', { name: t('outcome.continue') }))
      await on(actor, 'repayDetail')
    },
  )

  it('after the pay-out: what reached the wallet and what to repay by when', async () => {
    const { actor, server, pass } = startOutcomeJourney('lending', order(7, { disbursalMinor: 88_400_00 }))
    await on(actor, 'lending')
    server.order = owing
    await pass(2_000)
    await renderOnRoute(OutcomeScreen, actor, { route: 'outcome' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Money sent')
    expect(screen.getByRole('status', { name: 'Your money has been sent to your wallet' })).toHaveTextContent('TSh 88,400')
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent(
      'Repay TSh 109,000 by 31 Jan 2027.',
    )
  })

  it('after a full repayment: the loan is closed and a new loan may be applied for; Continue goes home', async () => {
    const { actor, server } = startOutcomeJourney('repayDetail', owing, {
      repaid: { outcome: 'paid', amountMinor: 109_000_00 },
    })
    await on(actor, 'repayDetail')
    server.order = { ...owing, status: 4, remainingMinor: 0 }
    finish(actor.getSnapshot(), 'repayment')
    await renderOnRoute(OutcomeScreen, actor, { route: 'outcome', language: 'sw' })
    expect(screen.getByRole('status', { name: 'Umemaliza kulipa mkopo wako' })).toHaveTextContent('TSh 109,000')
    expect(screen.queryByText(t('outcome.remaining'))).toBeNull()
    expect(screen.getByRole('region', { name: 'Kinachofuata' })).toHaveTextContent(
      'Unaweza kuomba mkopo mpya sasa.',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Endelea' }))
    await on(actor, 'home')
  })

  it('after a rollover: the fee paid and the next due date', async () => {
    const { actor, server } = startOutcomeJourney('exhibitionPeriodDetail', owing, {
      rolledOver: { outcome: 'rolledOver', newDueDate: '2027-02-07', feeMinor: 2_500_00 },
    })
    await on(actor, 'exhibitionPeriodDetail')
    server.order = { ...owing, dueDate: '2027-02-07' }
    finish(actor.getSnapshot(), 'rollover')
    await renderOnRoute(OutcomeScreen, actor, { route: 'outcome', language: 'es' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Extensión lista')
    expect(screen.getByRole('status', { name: t('outcome.rolledOver.heading') })).toHaveTextContent(
      t('outcome.rolledOver.amount'),
    )
    expect(screen.getByRole('region', { name: 'Qué sigue' })).toHaveTextContent(
      /Tu nueva fecha límite de pago es el .*2027\. Paga TSh 109,000 a más tardar ese día\./,
    )
  })

  it('after a cancellation: nothing is owed, and the borrower may apply again', async () => {
    const approved = order(14, { approvedAt: '2026-11-01T07:00:00.000Z' })
    const { actor, server } = startOutcomeJourney('confirmBorrow', approved, { confirmed: { outcome: 'cancelled' } })
    await on(actor, 'confirmBorrow')
    server.order = { ...approved, status: 8 }
    finish(actor.getSnapshot(), 'confirmBorrow')
    await renderOnRoute(OutcomeScreen, actor, { route: 'outcome' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Loan cancelled')
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent(
      'Nothing is owed and no money will be sent. You can apply again whenever you are ready.',
    )
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled()
  })
})

describe('the outcome texts', () => {
  it('have the same keys and the same figures in English, Kiswahili and Spanish', () => {
    const en = localeTexts('en', ['outcome'], { foldPlurals: false })
    for (const lang of ['sw', 'es']) {
      const other = localeTexts(lang, ['outcome'], { foldPlurals: false })
      expect([...other.keys()].sort(), lang).toEqual([...en.keys()].sort())
      for (const [key, text] of en) expect(placeholders(other.get(key)!), `${lang} ${key}`).toEqual(placeholders(text))
    }
  })
})
