import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import MeScreen from '../../screens/tabs/me'
import type { Language } from '../../domain/countries'
import { user } from '../machines/journey-fixtures'
import { renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

async function openMe(signedIn: boolean, language: Language = 'en') {
  const { actor } = startUserJourney({ entry: 'me', borrower: signedIn ? user() : null })
  await renderOn(MeScreen, actor, { route: 'me', language })
  return actor
}

describe('me: the borrower’s menu', () => {
  it('shows a signed-in borrower their login number with its middle hidden', async () => {
    await openMe(true)
    expect(screen.getByText('0712 *** 678')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: new RegExp(t('me.login')) })).toBeNull()
  })

  it('offers a signed-out visitor to log in, and opens login', async () => {
    const actor = await openMe(false)
    await userEvent.setup().click(screen.getByRole('button', { name: new RegExp(t('me.login')) }))
    await settledOn(actor, 'login')
  })

  it('lists coupons, FAQ, feedback, customer service, about us and settings, each opening its screen', async () => {
    const actor = await openMe(true)
    const menu = screen.getByRole('navigation', { name: t('me.menu') })
    for (const item of ['coupons', 'faq', 'feedbackList', 'customerServices', 'aboutUs', 'settings'])
      expect(within(menu).getByRole('button', { name: t(`me.item.${item}`) })).toBeInTheDocument()
    await userEvent.setup().click(within(menu).getByRole('button', { name: t('me.item.aboutUs') }))
    await settledOn(actor, 'aboutUs')
  })

  it('lists the privacy agreement, the terms of service and the loan repayment agreement', async () => {
    const actor = await openMe(false)
    const section = screen.getByRole('heading', { name: t('me.agreements') }).closest('section')!
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([t('me.item.privacyPolicy'), t('me.item.termsOfService'), t('me.item.agreement')])
    await userEvent.setup().click(within(section).getByRole('button', { name: t('me.item.agreement') }))
    await settledOn(actor, 'agreement')
  })

  it('a signed-out visitor who opens coupons is asked to log in first', async () => {
    const actor = await openMe(false)
    await userEvent.setup().click(screen.getByRole('button', { name: t('me.item.coupons') }))
    await settledOn(actor, 'login')
    expect(actor.getSnapshot().context.returnTo).toBe('coupons')
  })

  it('a signed-out visitor opens settings, about us, customer service and the FAQ without logging in', async () => {
    const actor = await openMe(false)
    for (const item of ['settings', 'aboutUs', 'customerServices', 'faq'] as const) {
      actor.send({ type: 'xstate.route', to: '#me' })
      await settledOn(actor, 'me')
      await userEvent.setup().click(screen.getByRole('button', { name: t(`me.item.${item}`) }))
      await settledOn(actor, item)
    }
  })

  it.each([
    ['sw', 'Mimi', 'Mikataba'],
    ['es', 'Yo', 'Contratos'],
  ] as const)('reads in %s', async (language, title, agreements) => {
    await openMe(true, language)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title)
    expect(screen.getByRole('heading', { name: agreements })).toBeInTheDocument()
  })
})
