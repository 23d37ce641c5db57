import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import LanguageScreen from '../../screens/user-center/language'
import SettingsScreen from '../../screens/user-center/settings'
import { renderUserCentre, routeOf, startUserCentre, t } from './user-center-harness'

const SCREENS = { language: LanguageScreen, settings: SettingsScreen }

describe('language', () => {
  it('switches every text of the app at once and keeps the choice on the phone', async () => {
    const user = userEvent.setup()
    const journey = startUserCentre({ entry: 'language', storedLanguage: 'en' })
    await renderUserCentre(SCREENS, journey.actor, { route: 'language', language: 'en' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Language')
    expect(screen.getByRole('radio', { name: /English/ })).toHaveAttribute('aria-checked', 'true')

    await user.click(screen.getByRole('radio', { name: /Kiswahili/ }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lugha'))
    expect(screen.getByText('Chagua lugha ya programu')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Kiswahili/ })).toHaveAttribute('aria-checked', 'true')
    expect(journey.storedLanguage()).toBe('sw')

    await user.click(screen.getByRole('radio', { name: /Español/ }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Idioma'))
    expect(journey.storedLanguage()).toBe('es')
  })

  it("lists the borrower's country's languages first, each named in its own language", async () => {
    const mexico = startUserCentre({ entry: 'language', country: 'MX' })
    const { unmount } = await renderUserCentre(SCREENS, mexico.actor, { route: 'language', country: 'MX' })
    expect(screen.getAllByRole('radio').map((r) => r.querySelector('[lang]')?.textContent)).toEqual([
      'Español',
      'English',
      'Kiswahili',
    ])
    unmount()
    const tanzania = startUserCentre({ entry: 'language', country: 'TZ' })
    await renderUserCentre(SCREENS, tanzania.actor, { route: 'language' })
    expect(screen.getAllByRole('radio').map((r) => r.querySelector('[lang]')?.textContent)).toEqual([
      'Kiswahili',
      'English',
      'Español',
    ])
  })

  it('is reached from settings, which names the language in use', async () => {
    const user = userEvent.setup()
    const journey = startUserCentre({ entry: 'settings', storedLanguage: 'sw' })
    await renderUserCentre(SCREENS, journey.actor, { route: 'settings', language: 'sw' })
    const row = screen.getByRole('button', { name: /Lugha/ })
    expect(row).toHaveTextContent('Kiswahili')
    await user.click(row)
    await waitFor(() => expect(routeOf(journey.actor)).toBe('language'))
    expect(
      await screen.findByRole('heading', { level: 1, name: t('user-center.language.title') }),
    ).toBeInTheDocument()
  })
})
