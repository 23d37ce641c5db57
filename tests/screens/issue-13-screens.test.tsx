/**
 * Issue 13 ("The borrower never waits blind") on the screens: a failed Next that is seen, failures beside the
 * button, the onboarding step, phone numbers typed the usual ways, where the amount starts, one fee with its tax,
 * the confirm screen's key figures and why Confirm is unavailable, and radio lists that are not list items.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import AdditionalInfomationScreen from '../../screens/auth/additional-infomation'
import IdCardAuthenticationScreen from '../../screens/auth/id-card-authentication'
import LoanQuestionScreen from '../../screens/auth/loan-question'
import PersonalInfomationScreen from '../../screens/auth/personal-infomation'
import AddBankcardScreen from '../../screens/bank-account/add-bankcard'
import ReviewApplicationScreen from '../../screens/bank-account/review-application'
import ConfirmBorrowScreen from '../../screens/borrow/confirm-borrow'
import ToBorrowScreen from '../../screens/borrow/to-borrow'
import LanguageScreen from '../../screens/user-center/language'
import NationScreen from '../../screens/user/nation'
import type { CountryCode } from '../../domain/countries'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import type { OrderStatusCode } from '../../domain/order-status'
import type { RouteName } from '../../domain/routes'
import { NETWORK_DOWN, renderScreen, startJourney, t, textField } from './auth-journey'
import { HOUR, confirmOffer, renderMoneyPath, startMoneyPath, stepAmounts } from './borrow-harness'
import { renderOnRoute } from './render-on-route'
import { startUserJourney } from './user-journey'
import { personalInfoDraft } from '../domain/onboarding-bodies'

const scrolled = vi.fn()
beforeEach(() => {
  scrolled.mockReset()
  Element.prototype.scrollIntoView = scrolled
})
afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

const tzMoney = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', 'en'))

async function onboarding(
  Screen: Parameters<typeof renderScreen>[0],
  route: RouteName,
  status: OrderStatusCode,
  opts: { country?: CountryCode; drafts?: Map<string, FormValues>; save?: Parameters<typeof startJourney>[0]['save'] } = {},
) {
  const journey = startJourney({ status, entry: route, ...opts })
  await renderScreen(Screen, journey.actor, { route, country: opts.country })
  return journey
}

describe('a Next that finds errors is seen', () => {
  it('scrolls to the first field in error at the top of personal info, focuses it and announces it', async () => {
    const user = userEvent.setup()
    const container = document.body
    await onboarding(PersonalInfomationScreen, 'personalInfomation', 6)
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    const first = textField(t('auth.personal.firstName'))
    await waitFor(() => expect(first).toHaveFocus())
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }))
    expect(container.querySelector('[aria-live="assertive"]')!.textContent).toContain(
      `${t('auth.personal.firstName')}: ${t('validation.name.required')}`,
    )
  })

  it('shows a failure of the whole form (no connection) beside the Next button, in the bar that stays in view', async () => {
    const user = userEvent.setup()
    let fail: (reason: unknown) => void = () => {}
    await onboarding(PersonalInfomationScreen, 'personalInfomation', 6, {
      drafts: new Map([
        [
          'personalInfo',
          personalInfoDraft,
        ],
      ]),
      save: { personalInfo: () => new Promise<void>((_, reject) => (fail = reject)) },
    })
    const next = screen.getByRole('button', { name: t('auth.common.next') })
    await user.click(next)
    await act(async () => fail(NETWORK_DOWN))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(t('errors.network'))
    const bar = next.closest('.k-actions')!
    expect(bar).toContainElement(alert)
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' })
  })
})

describe('the onboarding step, from the domain list', () => {
  it.each([
    [PersonalInfomationScreen, 'personalInfomation', 6, 'TZ', 1, 5, 'personalInfo'],
    [IdCardAuthenticationScreen, 'idCardAuthentication', 12, 'TZ', 2, 5, 'identity'],
    [AdditionalInfomationScreen, 'additionalInfomation', 11, 'TZ', 3, 5, 'additionalInfo'],
    [AddBankcardScreen, 'addBankCard', 5, 'TZ', 4, 5, 'addWallet'],
    [ReviewApplicationScreen, 'reviewApplication', 5, 'TZ', 5, 5, 'review'],
    [AddBankcardScreen, 'addBankCard', 5, 'MX', 4, 6, 'addWallet'],
    [ReviewApplicationScreen, 'reviewApplication', 5, 'MX', 5, 6, 'review'],
    [LoanQuestionScreen, 'loanQuestion', 17, 'MX', 6, 6, 'loanQuestion'],
  ] as const)('%o on %s (%s, %s): step %i of %i', async (Screen, route, status, country, number, total, step) => {
    await onboarding(Screen, route, status, { country })
    const count = await screen.findByText(t('ui.steps.count', { number, total }))
    expect(within(count.closest('.k-steps') as HTMLElement).getByText(t(`ui.steps.${step}`))).toBeInTheDocument()
  })

  it('is not shown when the wallet is corrected after a failed pay-out', async () => {
    await onboarding(AddBankcardScreen, 'addBankCard', 10)
    await screen.findByRole('heading', { name: t('wallet.correct.title') })
    expect(screen.queryByText(/^Step \d/)).toBeNull()
  })
})

describe('phone numbers are taken the ways people type them', () => {
  it.each(['0713 456 789', '+255713111223', '+255 713-111-223'])(
    'an emergency contact, WhatsApp and the spare phone take %s',
    async (typed) => {
      const user = userEvent.setup()
      await onboarding(AdditionalInfomationScreen, 'additionalInfomation', 11)
      const contact = screen.getAllByRole('textbox', { name: new RegExp(`^${t('auth.additional.contactMobile')}`) })[0]!
      await user.type(contact, typed)
      await user.tab()
      expect(contact).not.toHaveAttribute('aria-invalid')
      expect(contact).toHaveAttribute('inputmode', 'tel')
      expect(screen.queryByText(t('validation.phone.digits'))).toBeNull()
    },
  )

  it('WhatsApp and the spare phone in personal info take +255 and spaces too', async () => {
    const user = userEvent.setup()
    await onboarding(PersonalInfomationScreen, 'personalInfomation', 6, {
      drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]),
    })
    for (const label of [t('auth.personal.whatsapp'), t('auth.personal.sparePhone')]) {
      const field = textField(label)
      await user.type(field, '+255 713 111 223')
      await user.tab()
      expect(field).not.toHaveAttribute('aria-invalid')
    }
    expect(screen.queryByText(t('validation.phone.digits'))).toBeNull()
  })
})

describe('to_borrow starts at a sensible amount, never the maximum', () => {
  const slider = () => screen.getByRole('slider', { name: t('borrow.toBorrow.amount') })

  it('a first loan starts in the middle of the range', async () => {
    const offer = stepAmounts(undefined, { defaultAmountMinor: 0 })
    const journey = startMoneyPath({
      entry: 'toBorrow',
      status: null,
      io: { loadOffer: async () => ({ ...offer, defaultAmountMinor: offer.maxAmountMinor }) },
    })
    await renderMoneyPath(ToBorrowScreen, journey.actor, { route: 'toBorrow' })
    await screen.findByRole('heading', { name: t('borrow.breakdown.title') })
    const middle =
      offer.minAmountMinor +
      Math.floor((offer.maxAmountMinor - offer.minAmountMinor) / offer.stepMinor / 2) * offer.stepMinor
    expect(slider()).toHaveValue(String(middle))
    expect(Number((slider() as HTMLInputElement).value)).toBeLessThan(offer.maxAmountMinor)
  })

  it("a repeat borrower starts at the last repaid loan's amount", async () => {
    const offer = stepAmounts()
    const previous = offer.minAmountMinor + 3 * offer.stepMinor
    const journey = startMoneyPath({
      entry: 'toBorrow',
      status: null,
      io: {
        loadOffer: async () => ({ ...offer, defaultAmountMinor: offer.maxAmountMinor, previousAmountMinor: previous }),
      },
    })
    await renderMoneyPath(ToBorrowScreen, journey.actor, { route: 'toBorrow' })
    await screen.findByRole('heading', { name: t('borrow.breakdown.title') })
    expect(slider()).toHaveValue(String(previous))
  })
})

describe('the cost table shows one fee, with its tax inside it', () => {
  it('has one up-front fee line (the fee and its VAT), the two parts under it, and no second "service fee"', async () => {
    const journey = startMoneyPath({
      entry: 'confirmBorrow',
      status: 14,
      orderExtra: { approvedAt: new Date(Date.now() - HOUR).toISOString() },
    })
    await renderMoneyPath(ConfirmBorrowScreen, journey.actor, { route: 'confirmBorrow' })
    const breakdown = await screen.findByRole('region', { name: t('borrow.breakdown.title') })
    const offer = confirmOffer(Date.now() - HOUR)
    const terms = within(breakdown).getAllByRole('term').map((dt) => dt.textContent)
    const upFront = t('borrow.breakdown.upFront', { tax: 'VAT' })
    expect(terms.filter((text) => /fee/i.test(text ?? ''))).toEqual([
      upFront,
      t('borrow.breakdown.processingFee'),
      t('borrow.breakdown.feeTax', { tax: 'VAT', rate: '18%' }),
    ])
    const value = (label: string) =>
      within(breakdown).getAllByRole('term').find((dt) => dt.textContent === label)!.nextElementSibling!.textContent
    expect(value(upFront)).toBe(tzMoney(offer.processingFeeMinor + offer.feeTaxMinor))
    expect(value(upFront)).toBe(tzMoney(offer.principalMinor - offer.disbursalMinor))
    expect(value(t('borrow.breakdown.processingFee'))).toBe(tzMoney(offer.processingFeeMinor))
    const subLines = breakdown.querySelectorAll('.k-kv__sub')
    expect(subLines).toHaveLength(2)
  })
})

describe('confirm borrow: the key figures first, and why Confirm is unavailable', () => {
  async function openConfirm() {
    const journey = startMoneyPath({
      entry: 'confirmBorrow',
      status: 14,
      orderExtra: { approvedAt: new Date(Date.now() - HOUR).toISOString() },
    })
    await renderMoneyPath(ConfirmBorrowScreen, journey.actor, { route: 'confirmBorrow' })
    return journey
  }

  it('puts what is received, what is repaid and by when before every other line and the wallet notice', async () => {
    await openConfirm()
    const breakdown = await screen.findByRole('region', { name: t('borrow.breakdown.title') })
    const lists = breakdown.querySelectorAll('dl')
    const keyTerms = within(lists[0] as HTMLElement)
      .getAllByRole('term')
      .map((dt) => dt.textContent)
    expect(keyTerms).toEqual([
      t('borrow.breakdown.disbursal'),
      t('borrow.breakdown.totalRepayable'),
      t('borrow.breakdown.dueDate'),
    ])
    const notice = screen.getByText(/The money will be sent to your/)
    expect(breakdown.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // Each figure is shown once: the details do not repeat them.
    for (const label of keyTerms) expect(screen.getAllByText(label!)).toHaveLength(1)
  })

  it('says beside the unavailable Confirm button that the agreement must be ticked, as its description', async () => {
    const user = userEvent.setup()
    await openConfirm()
    const confirm = await screen.findByRole('button', { name: t('borrow.confirm.submit') })
    expect(confirm).toHaveAttribute('aria-disabled', 'true')
    expect(confirm).toHaveAccessibleDescription(t('borrow.confirm.tickFirst'))
    expect(confirm.closest('.k-actions')).toHaveTextContent(t('borrow.confirm.tickFirst'))
    await user.click(screen.getByRole('checkbox', { name: t('borrow.confirm.agree') }))
    expect(confirm).not.toHaveAttribute('aria-disabled')
    expect(confirm).toHaveAccessibleDescription('')
    expect(screen.queryByText(t('borrow.confirm.tickFirst'))).toBeNull()
  })
})

describe('radio lists are not list items (axe listitem, serious)', () => {
  it('the language and the country lists are radio groups of radios, with no <li> outside a list', async () => {
    for (const [Screen, route] of [
      [LanguageScreen, 'language'],
      [NationScreen, 'nation'],
    ] as const) {
      const journey = startUserJourney({ entry: route })
      const view = await renderOnRoute(Screen, journey.actor, { route })
      const group = await screen.findByRole('radiogroup')
      expect(within(group).getAllByRole('radio').length).toBeGreaterThan(1)
      for (const li of document.querySelectorAll('li'))
        expect(['UL', 'OL'].includes(li.parentElement!.tagName) && !li.parentElement!.hasAttribute('role')).toBe(true)
      view.unmount()
    }
  })
})
