import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AgreementScreen from '../../screens/borrow/agreement'
import LendingScreen from '../../screens/borrow/lending'
import type { AgreementDocument } from '../../domain/api-types'
import { renderMoneyPath, startMoneyPath, t } from './borrow-harness'

describe('loan agreement', () => {
  it("shows the open order's agreement as the server wrote it, in a region a keyboard can scroll", async () => {
    const journey = startMoneyPath({ entry: 'agreement', status: 14 })
    await renderMoneyPath(AgreementScreen, journey.actor, { route: 'agreement' })
    const article = await screen.findByRole('article', { name: 'Kopa loan agreement' })
    expect(article).toHaveAttribute('tabindex', '0')
    expect(screen.getByRole('heading', { name: '1. The loan' })).toBeInTheDocument()
    expect(journey.inputsOf('loadAgreement')).toEqual([{ loanOrderId: 'L-1001' }])
  })

  it("shows the product's agreement before any order, and retries after a failure", async () => {
    const user = userEvent.setup()
    let calls = 0
    const doc: AgreementDocument = {
      title: 'Mkataba wa mkopo',
      version: '1',
      language: 'sw',
      html: '<p>Masharti</p>',
    }
    const journey = startMoneyPath({
      entry: 'agreement',
      status: null,
      io: {
        loadAgreement: async () =>
          ++calls === 1 ? Promise.reject({ ok: false, kind: 'network', message: 'errors.network' }) : doc,
      },
    })
    await renderMoneyPath(AgreementScreen, journey.actor, { route: 'agreement', language: 'sw' })
    expect(await screen.findByText(t('errors.network'))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('ui.error.retry') }))
    expect(await screen.findByText('Masharti')).toBeInTheDocument()
    expect(journey.inputsOf('loadAgreement')).toEqual([{}, {}])
  })
})

describe('lending', () => {
  // The loan: TSh 100,000 borrowed, TSh 96,460 reaches the wallet (processing fee and its tax deducted).
  const LOAN = { amountMinor: 100_000_00, disbursalMinor: 96_460_00 }

  it('shows the amount that reaches the wallet, not the principal, with the loan amount and what was deducted', async () => {
    const journey = startMoneyPath({ entry: 'lending', status: 7, orderExtra: LOAN })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending' })
    const card = screen.getByRole('heading', { name: t('borrow.lending.heading') }).closest('section')!
    expect(within(card).getByText(t('borrow.lending.toWallet'))).toBeInTheDocument()
    expect(card.querySelector('.k-amount')).toHaveTextContent(/96,460/)
    expect(card).not.toHaveTextContent(/100,000/)
    expect(valueOf(t('borrow.breakdown.amount'))).toHaveTextContent(/100,000/)
    expect(valueOf(t('borrow.breakdown.upFront', { tax: 'VAT' }))).toHaveTextContent(/3,540/)
  })

  it('shows no headline amount rather than the principal when the order states no disbursal', async () => {
    const journey = startMoneyPath({ entry: 'lending', status: 7, orderExtra: { disbursalMinor: null } })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending' })
    const card = screen.getByRole('heading', { name: t('borrow.lending.heading') }).closest('section')!
    expect(card.querySelector('.k-amount')).toBeNull()
    expect(valueOf(t('borrow.breakdown.amount'))).toHaveTextContent(/100,000/)
  })

  it("states one expected time, the server's: a repeat borrower's minute is not contradicted by 10 to 60 minutes", async () => {
    const journey = startMoneyPath({
      entry: 'lending',
      status: 7,
      orderExtra: LOAN,
      io: {
        loadMoneyTime: async () => ({
          expectedFrom: '2026-11-01T08:00:00.000Z',
          expectedBy: '2026-11-01T08:01:00.000Z',
          disbursedAt: null,
        }),
      },
    })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending' })
    const line = (await screen.findByText(t('borrow.lending.expected'), { exact: false })).closest('p')!
    // 08:00–08:01 UTC is 11:00–11:01 in Dar es Salaam.
    expect(line).toHaveTextContent(/11:00\s*–\s*11:01/)
    expect(screen.getAllByText(t('borrow.lending.expected'), { exact: false })).toHaveLength(1)
    expect(document.body).not.toHaveTextContent(/\bminutes?\b/)
  })

  it('reads the same in Kiswahili and Spanish: what reaches the wallet, and no 10 to 60 minutes', async () => {
    for (const language of ['sw', 'es'] as const) {
      const journey = startMoneyPath({ entry: 'lending', status: 7, orderExtra: LOAN })
      const view = await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending', language })
      const card = screen.getByRole('heading', { name: t('borrow.lending.heading') }).closest('section')!
      expect(within(card).getByText(t('borrow.lending.toWallet'))).toBeInTheDocument()
      expect(card.querySelector('.k-amount')).toHaveTextContent(/96[.,\s\u00a0\u202f]?460/)
      expect(document.body).not.toHaveTextContent(/\b(dakika|minutos)\b/)
      view.unmount()
    }
  })

  it('refresh follows the order once the money has arrived: the outcome screen says it was sent', async () => {
    const user = userEvent.setup()
    const journey = startMoneyPath({ entry: 'lending', status: 7, orderExtra: LOAN })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending' })
    journey.setStatus(2)
    await user.click(screen.getByRole('button', { name: t('borrow.lending.refresh') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('outcome'))
    expect(journey.actor.getSnapshot().context.outcome?.kind).toBe('moneySent')
  })
})

/** The value beside a label of the lending screen's list. */
function valueOf(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement
}
