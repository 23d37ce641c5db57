/**
 * The review before the application is sent (issue 13; docs/decisions.md "Review before submitting"): short
 * stories of a Tanzanian borrower who has typed the wallet and now checks what they are applying for.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import AddBankcardScreen from '../../screens/bank-account/add-bankcard'
import ReviewApplicationScreen from '../../screens/bank-account/review-application'
import type { PersonalInfo } from '../../domain/schemas/personal-info'
import type { Language } from '../../domain/countries'
import type { OrderStatusCode } from '../../domain/order-status'
import { personalInfoDraft, walletDraft, workInfo } from '../domain/onboarding-bodies'
import { NETWORK_DOWN, renderScreen, startJourney, t, textField, type JourneyOptions } from './auth-journey'

const PERSONAL = personalInfoDraft as unknown as PersonalInfo

const WALLET: FormValues = walletDraft

/** The review opened as after a reload: the wallet typed earlier is the draft kept on the phone. */
async function openReview(opts: Partial<JourneyOptions> & { language?: Language; status?: OrderStatusCode } = {}) {
  const drafts = opts.drafts ?? new Map<string, FormValues>([['wallet', WALLET]])
  const journey = startJourney({
    ...opts,
    drafts,
    status: opts.status ?? 5,
    entry: 'reviewApplication',
    userExtra: { personalInfo: PERSONAL, additionalInfo: workInfo as never, ...opts.userExtra },
  })
  await renderScreen(ReviewApplicationScreen, journey.actor, { route: 'reviewApplication', language: opts.language })
  await screen.findByText('M-Pesa')
  return journey
}

const section = (title: string) => screen.getByRole('region', { name: title })

describe('the review of the application', () => {
  it('opens after Continue on the wallet form, with nothing sent yet', async () => {
    const user = userEvent.setup()
    const { actor, sent } = startJourney({ status: 5, entry: 'addBankCard' })
    await renderScreen(AddBankcardScreen, actor, { route: 'addBankCard' })
    await user.click(screen.getByRole('radio', { name: t('enums.wallet.mpesa') }))
    await user.type(textField(t('wallet.mobile.number')), '0754123456')
    await user.type(textField(t('wallet.mobile.confirm')), '0754 123 456')
    await user.click(screen.getByRole('button', { name: t('wallet.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('reviewApplication'))
    expect(sent.wallet).toBeUndefined()
  })

  it('shows what the borrower applies for and entered, with the ID and the numbers partly hidden', async () => {
    await openReview()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('wallet.review.title'))
    expect(screen.getByText(t('ui.steps.count', { number: 5, total: 5 }))).toBeInTheDocument()

    const loan = section(t('wallet.review.loan'))
    expect(within(loan).getByText(t('auth.review.days', { count: 91 }))).toBeInTheDocument()
    expect(within(loan).getByText(/100,000/)).toBeInTheDocument()

    const personal = section(t('ui.steps.personalInfo'))
    expect(within(personal).getByText('Asha Mwakyusa')).toBeInTheDocument()
    expect(within(personal).getByText(/0226$/)).toBeInTheDocument()
    expect(personal).not.toHaveTextContent('19900517')

    const work = section(t('auth.additional.work'))
    expect(within(work).getByText('Tanga Cement')).toBeInTheDocument()

    const contacts = section(t('auth.additional.contacts'))
    expect(contacts).toHaveTextContent('Baraka Mushi')
    expect(contacts).toHaveTextContent('0754 *** 001')
    expect(contacts).not.toHaveTextContent('0754000001')

    const wallet = section(t('ui.steps.addWallet'))
    expect(wallet).toHaveTextContent('0754 *** 456')
    expect(wallet).not.toHaveTextContent('0754123456')
  })

  it('sends the wallet, and so the application, only when Submit application is tapped', async () => {
    const user = userEvent.setup()
    const { actor, sent, status } = await openReview()
    expect(sent.wallet).toBeUndefined()
    await user.click(screen.getByRole('button', { name: t('wallet.review.submit') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('finishLoading'))
    expect(sent.wallet).toMatchObject({ provider: 'mpesa', accountNumber: '0754123456' })
    expect(status()).toBe(19)
  })

  it('keeps Submit busy while the application is sent and says why it was not', async () => {
    const user = userEvent.setup()
    let fail: (reason: unknown) => void = () => {}
    await openReview({ save: { wallet: () => new Promise<void>((_, reject) => (fail = reject)) } })
    const submit = screen.getByRole('button', { name: t('wallet.review.submit') })
    await user.click(submit)
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'))
    await act(async () => fail(NETWORK_DOWN))
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-busy'))
    expect(screen.getByRole('alert')).toHaveTextContent(t('errors.network'))
  })

  it.each([
    ['ui.steps.personalInfo', 'personalInfomation'],
    ['auth.additional.work', 'additionalInfomation'],
    ['auth.additional.contacts', 'additionalInfomation'],
    ['ui.steps.addWallet', 'addBankCard'],
  ] as const)('Edit on %s opens %s', async (title, route) => {
    const user = userEvent.setup()
    const { actor } = await openReview()
    await user.click(within(section(t(title))).getByRole('button', { name: t('wallet.review.editLabel', { section: t(title) }) }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe(route))
  })

  it('brings the borrower back to the review once an edited step is saved', async () => {
    const user = userEvent.setup()
    const { actor, sent } = await openReview()
    await user.click(within(section(t('ui.steps.addWallet'))).getByRole('button', { name: /Edit/ }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    cleanup()
    await renderScreen(AddBankcardScreen, actor, { route: 'addBankCard' })
    const number = textField(t('wallet.mobile.number'))
    await waitFor(() => expect(number).toHaveValue('0754123456'))
    await user.click(screen.getByRole('button', { name: t('wallet.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('reviewApplication'))
    expect(sent.wallet).toBeUndefined()
  })

  it.each<Language>(['sw', 'es'])('reads in %s', async (language) => {
    await openReview({ language })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('wallet.review.title'))
    expect(screen.getByRole('button', { name: t('wallet.review.submit') })).toBeInTheDocument()
    expect(t('wallet.review.submit')).not.toBe('wallet.review.submit')
  })
})
