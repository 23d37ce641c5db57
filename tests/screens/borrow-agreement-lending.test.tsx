import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AgreementScreen from '../../screens/borrow/agreement'
import LendingScreen from '../../screens/borrow/lending'
import type { AgreementDocument } from '../../src/domain/api-types'
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
  it('says the money usually arrives within 10 to 60 minutes, and refresh follows the order once it has', async () => {
    const user = userEvent.setup()
    const journey = startMoneyPath({ entry: 'lending', status: 7 })
    await renderMoneyPath(LendingScreen, journey.actor, { route: 'lending' })
    expect(screen.getByText('It usually reaches your account within 10 to 60 minutes.')).toBeInTheDocument()
    journey.setStatus(2)
    await user.click(screen.getByRole('button', { name: t('borrow.lending.refresh') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('repayDetail'))
  })
})
