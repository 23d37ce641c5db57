import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import AboutUsScreen from '../../screens/user-center/about-us'
import CustomerServicesScreen from '../../screens/user-center/customer-services'
import OpenAppScreen from '../../screens/user-center/open-app'
import SettingsScreen from '../../screens/user-center/settings'
import { COUNTRIES } from '../../domain/countries'
import { renderUserCentre, routeOf, startUserCentre, t } from './user-center-harness'

const Home = () => <h1>home</h1>

describe('customer service', () => {
  it("lists the country's phone, WhatsApp and e-mail as links the phone opens, with its hours", async () => {
    const journey = startUserCentre({ entry: 'customerServices', country: 'KE' })
    await renderUserCentre({ customerServices: CustomerServicesScreen }, journey.actor, {
      route: 'customerServices',
      country: 'KE',
    })
    const ke = COUNTRIES.KE.customerService
    expect(screen.getByRole('link', { name: t('user-center.contact.call') })).toHaveAttribute(
      'href',
      `tel:+${ke.phone}`,
    )
    expect(screen.getByRole('link', { name: t('user-center.contact.chat') })).toHaveAttribute(
      'href',
      `https://wa.me/${ke.whatsapp}`,
    )
    expect(screen.getByRole('link', { name: t('user-center.contact.write') })).toHaveAttribute(
      'href',
      `mailto:${ke.email}`,
    )
    expect(screen.getByText('0700 000 000')).toBeInTheDocument()
    expect(screen.getByText('Monday to Saturday, 08:00–20:00')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t('user-center.contact.copyEmail') })).toBeInTheDocument()
  })

  it('names the days in Kiswahili', async () => {
    const journey = startUserCentre({ entry: 'customerServices' })
    await renderUserCentre({ customerServices: CustomerServicesScreen }, journey.actor, {
      route: 'customerServices',
      language: 'sw',
    })
    expect(screen.getByText('Jumatatu hadi Jumamosi, 08:00–20:00')).toBeInTheDocument()
  })
})

describe('about us', () => {
  it.each(['TZ', 'KE', 'MX'] as const)(
    'names the lender licensed in %s, its licence and where to complain',
    async (country) => {
      const journey = startUserCentre({ entry: 'aboutUs', country })
      await renderUserCentre({ aboutUs: AboutUsScreen }, journey.actor, { route: 'aboutUs', country })
      const { lender, customerService } = COUNTRIES[country]
      const licence = screen.getByText(t('user-center.about.licence')).closest('div')!
      expect(within(licence).getByText(lender.licenceNumber)).toBeInTheDocument()
      expect(screen.getAllByText(lender.legalName).length).toBeGreaterThan(0)
      expect(
        screen.getByText(t('user-center.about.complaintsThen', { regulator: t(lender.regulatorKey) })),
      ).toBeInTheDocument()
      expect(screen.getByText(customerService.email)).toBeInTheDocument()
    },
  )
})

describe('settings', () => {
  it('logs out after asking, and takes the borrower home signed out', async () => {
    const user = userEvent.setup()
    const journey = startUserCentre({ entry: 'settings' })
    await renderUserCentre({ settings: SettingsScreen, home: Home }, journey.actor, { route: 'settings' })
    await user.click(screen.getByRole('button', { name: t('user-center.settings.logOut') }))
    const dialog = await screen.findByRole('alertdialog', { name: t('user-center.settings.logOutTitle') })
    await user.click(within(dialog).getByRole('button', { name: t('ui.dialog.cancel') }))
    expect(routeOf(journey.actor)).toBe('settings')

    await user.click(screen.getByRole('button', { name: t('user-center.settings.logOut') }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: t('user-center.settings.logOut'),
      }),
    )
    await waitFor(() => expect(routeOf(journey.actor)).toBe('home'))
    await waitFor(() => expect(journey.actor.getSnapshot().context.session.token).toBeNull())
    expect(journey.inputsOf('clearStoredSession')).toHaveLength(1)
  })
})

describe('settings for a visitor', () => {
  it('opens without a session and offers only the language: no log out, no account to delete', async () => {
    const user = userEvent.setup()
    const journey = startUserCentre({ entry: 'settings', signedIn: false })
    await renderUserCentre({ settings: SettingsScreen, home: Home }, journey.actor, { route: 'settings' })
    expect(routeOf(journey.actor)).toBe('settings')
    expect(screen.queryByRole('button', { name: t('user-center.settings.logOut') })).toBeNull()
    expect(screen.queryByRole('button', { name: new RegExp(t('user-center.settings.deleteAccount')) })).toBeNull()
    await user.click(screen.getByRole('button', { name: new RegExp(t('user-center.settings.language')) }))
    expect(routeOf(journey.actor)).toBe('language')
  })

  it('lets a visitor read who lends and how to complain', async () => {
    const journey = startUserCentre({ entry: 'aboutUs', signedIn: false })
    await renderUserCentre({ aboutUs: AboutUsScreen, home: Home }, journey.actor, { route: 'aboutUs' })
    expect(routeOf(journey.actor)).toBe('aboutUs')
    expect(screen.getByText(COUNTRIES.TZ.lender.licenceNumber)).toBeTruthy()
  })
})

describe('open in the app', () => {
  it('gives the download address in a browser', async () => {
    const journey = startUserCentre({ entry: 'openApp' })
    await renderUserCentre({ openApp: OpenAppScreen }, journey.actor, { route: 'openApp' })
    const link = await screen.findByRole('link', {
      name: t('user-center.openApp.downloadVersion', { version: '2.4.0' }),
    })
    expect(link).toHaveAttribute('href', 'https://kopa.example/kopa.apk')
  })

  it('says the borrower is in the app already inside the native shell', async () => {
    const journey = startUserCentre({ entry: 'openApp', io: { loadDownloadAddress: async () => null } })
    await renderUserCentre({ openApp: OpenAppScreen }, journey.actor, { route: 'openApp', language: 'es' })
    expect(
      await screen.findByText('Ya estás usando la app de Kopa. Puedes continuar aquí.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
  })
})
