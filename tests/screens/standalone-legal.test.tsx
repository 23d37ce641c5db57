import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import PrivacyScreen from '../../screens/standalone/privacy'
import TermsScreen from '../../screens/standalone/terms'
import { settledOn } from './render-on-route'
import { renderOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

describe('privacy policy and terms of service', () => {
  it('/privacy shows the privacy policy the server wrote for the chosen country', async () => {
    const { actor, asked } = startUserJourney({ entry: 'privacy', country: 'KE' })
    await renderOn(PrivacyScreen, actor, { route: 'privacy' })
    expect(await screen.findByRole('article', { name: 'privacy-policy' })).toHaveTextContent('KE')
    expect(asked.documents).toEqual([{ document: 'privacy-policy', country: 'KE' }])
  })

  it('/agreements shows the terms of service, and offers a retry when they could not be loaded', async () => {
    let fail = true
    const { actor } = startUserJourney({
      entry: 'agreements',
      legalDocument: async () => {
        if (fail) throw { ok: false, kind: 'network', message: 'errors.network' }
        return { title: 'Terms', version: '2026-01', language: 'en', html: '<p>Terms text</p>' }
      },
    })
    await renderOn(TermsScreen, actor, { route: 'agreements' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t('standalone.terms.title'))
    expect(await screen.findByText(t('errors.network'))).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: t('ui.error.retry') }))
    expect(await screen.findByText('Terms text')).toBeInTheDocument()
  })

  it('the back arrow of the privacy policy returns to the screen it was opened from, or to about us after a link', async () => {
    const { actor } = startUserJourney({ entry: 'me' })
    await settledOn(actor, 'me')
    actor.send({ type: 'xstate.route', to: '#privacyPolicy' })
    const view = await renderOn(PrivacyScreen, actor, { route: 'privacyPolicy' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('ui.header.back') }))
    await settledOn(actor, 'me')
    view.unmount()

    const linked = startUserJourney({ entry: 'privacyPolicy' }).actor
    await renderOn(PrivacyScreen, linked, { route: 'privacyPolicy' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('ui.header.back') }))
    await settledOn(linked, 'aboutUs')
  })
})
