import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AddBankcardScreen from '../../screens/bank-account/add-bankcard'
import type { CountryCode, Language } from '../../domain/countries'
import type { OrderStatusCode } from '../../domain/order-status'
import { renderScreen, startJourney, t, textField, type JourneyOptions } from './auth-journey'

async function openWallet(
  opts: {
    language?: Language
    country?: CountryCode
    status?: OrderStatusCode
  } & Partial<JourneyOptions> = {},
) {
  const journey = startJourney({ ...opts, status: opts.status ?? 5, entry: 'addBankCard' })
  await renderScreen(AddBankcardScreen, journey.actor, {
    route: 'addBankCard',
    language: opts.language,
    country: opts.country,
  })
  return journey
}

async function enterWallet(user: UserEvent, provider: string, number: string, again: string) {
  await user.click(screen.getByRole('radio', { name: t(`enums.wallet.${provider}`) }))
  await user.type(textField(t('wallet.mobile.number')), number)
  await user.type(textField(t('wallet.mobile.confirm')), again)
  await user.tab()
}

const fieldOf = (input: HTMLElement) => input.closest('.k-field') as HTMLElement

describe('the wallet account screen', () => {
  it('offers Tanzania’s four wallet providers', async () => {
    await openWallet()
    const providers = within(screen.getByRole('radiogroup')).getAllByRole('radio')
    expect(providers.map((p) => p.closest('label')!.textContent)).toEqual([
      'M-Pesa',
      'Airtel Money',
      'Mixx by Yas',
      'HaloPesa',
    ])
  })

  it('asks a Mexican borrower for a CLABE, with the bank account already chosen', async () => {
    await openWallet({ country: 'MX', status: 5, language: 'es' })
    expect(screen.getByRole('radio', { name: t('enums.wallet.clabe') })).toBeChecked()
    expect(textField(t('wallet.clabe.number'))).toBeInTheDocument()
    expect(textField(t('wallet.clabe.confirm'))).toBeInTheDocument()
  })

  it('checks the account and opens the review of the application, sending nothing yet', async () => {
    const user = userEvent.setup()
    const { actor, sent } = await openWallet()
    await enterWallet(user, 'mpesa', '0754123456', '+255 754 123 456')
    await user.click(screen.getByRole('button', { name: t('wallet.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('reviewApplication'))
    expect(sent.wallet).toBeUndefined()
  })

  it('keeps the borrower on the form when the account does not pass', async () => {
    const user = userEvent.setup()
    const { actor } = await openWallet()
    await enterWallet(user, 'airtel', '0688000002', '0688000003')
    await user.click(screen.getByRole('button', { name: t('wallet.next') }))
    expect(await screen.findByText(t('validation.wallet.mismatch'))).toBeInTheDocument()
    expect(actor.getSnapshot().context.route).toBe('addBankCard')
  })

  it('explains a failed pay-out, shows the account used, and pays out again once corrected', async () => {
    const user = userEvent.setup()
    const { actor, status } = await openWallet({
      status: 10,
      userExtra: {
        wallet: { provider: 'mpesa', maskedNumber: '0754 *** 456', addedAt: '2026-10-30T08:00:00.000Z' },
      },
    })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('wallet.correct.title'))
    expect(screen.getByText(t('wallet.correct.text'))).toBeInTheDocument()
    expect(screen.getByText(/0754 \*\*\* 456/)).toHaveTextContent('M-Pesa')
    await enterWallet(user, 'mpesa', '0765123456', '0765123456')
    await user.click(screen.getByRole('button', { name: t('wallet.save') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('finishLoading'))
    expect(status()).toBe(19)
  })
})

describe.each<Language>(['en', 'sw', 'es'])('wallet messages in %s', (language) => {
  it('refuses a number on another provider’s network', async () => {
    const user = userEvent.setup()
    await openWallet({ language })
    await enterWallet(user, 'mpesa', '0688000002', '0688000002')
    const message = t('validation.wallet.network')
    expect(message).not.toBe('validation.wallet.network')
    expect(within(fieldOf(textField(t('wallet.mobile.number')))).getByText(message)).toBeInTheDocument()
  })

  it('refuses a second entry that differs from the first', async () => {
    const user = userEvent.setup()
    await openWallet({ language })
    await enterWallet(user, 'mpesa', '0754123456', '0754123457')
    expect(
      within(fieldOf(textField(t('wallet.mobile.confirm')))).getByText(t('validation.wallet.mismatch')),
    ).toBeInTheDocument()
  })

  it('refuses a CLABE whose check digit is wrong', async () => {
    const user = userEvent.setup()
    await openWallet({ language, country: 'MX' })
    await user.type(textField(t('wallet.clabe.number')), '002010077777777778')
    await user.tab()
    expect(
      within(fieldOf(textField(t('wallet.clabe.number')))).getByText(t('validation.wallet.clabe')),
    ).toBeInTheDocument()
  })
})
