import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { beforeEach, describe, expect, it } from 'vitest'
import PermissionScreen from '../../screens/standalone/permission'
import type { UploadFlag } from '../../domain/permissions'
import type { CountryCode } from '../../domain/countries'
import { renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

// The lender's data policy per country, as its server states it (/time/upload/policy, from config.collection).
let policy: Record<CountryCode, UploadFlag[]>
const collectionPolicy = async (country: CountryCode) => policy[country]

beforeEach(() => {
  policy = { TZ: [], KE: [], MX: [] }
})

const rowOf = (name: string) => screen.getByText(t(`standalone.permission.name.${name}`)).closest('li')!

async function openDisclosure(route: 'pop' | 'permission' = 'pop') {
  const journey = startUserJourney({
    entry: route,
    permissionStates: { camera: 'granted', location: 'prompt' },
    collectionPolicy,
  })
  await renderOn(PermissionScreen, journey.actor, { route })
  await screen.findByRole('button', { name: t('standalone.permission.accept') })
  return journey
}

describe('permission disclosure', () => {
  it('states what each permission is for', async () => {
    await openDisclosure()
    for (const name of [
      'camera',
      'location',
      'phone',
      'storage',
      'contacts',
      'sms',
      'callLog',
      'installedApps',
    ])
      expect(within(rowOf(name)).getByText(t(`standalone.permission.purpose.${name}`))).toBeInTheDocument()
    // The badge sits with the text, not in a value column that squeezed the purpose at 360 px.
    expect(document.querySelector('.k-row__value')).toBeNull()
  })

  it('by default needs only the camera, and says contacts, SMS, call log and installed apps are not used', async () => {
    await openDisclosure()
    expect(
      within(rowOf('camera')).getByText(t('standalone.permission.refusing.identity')),
    ).toBeInTheDocument()
    for (const name of ['contacts', 'sms', 'callLog', 'installedApps'])
      expect(within(rowOf(name)).getByText(t('standalone.permission.use.notUsed'))).toBeInTheDocument()
    expect(
      within(rowOf('location')).getByText(t('standalone.permission.refusing.optional')),
    ).toBeInTheDocument()
    expect(screen.queryByText(t('standalone.permission.refusing.required'))).toBeNull()
  })

  it('says refusing affects loan approval only for what the country requires, as the server states it', async () => {
    policy.TZ = ['location', 'contact']
    const { asked } = await openDisclosure('permission')
    expect(asked.policies).toEqual(['TZ'])
    for (const name of ['location', 'contacts']) {
      expect(within(rowOf(name)).getByText(t('standalone.permission.use.required'))).toBeInTheDocument()
      expect(within(rowOf(name)).getByText(t('standalone.permission.refusing.required'))).toBeInTheDocument()
    }
    expect(within(rowOf('sms')).getByText(t('standalone.permission.use.notUsed'))).toBeInTheDocument()
  })

  it('shows what the phone already allows', async () => {
    await openDisclosure()
    expect(within(rowOf('camera')).getByText(t('standalone.permission.granted'))).toBeInTheDocument()
  })

  it('on accept asks the phone for the permissions the app uses, keeps the acceptance, then goes home', async () => {
    const { actor, asked } = await openDisclosure()
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.permission.accept') }))
    await settledOn(actor, 'home')
    expect(asked.permissions).toEqual([['camera', 'location', 'phone', 'storage']])
    expect(asked.acceptances).toBe(1)
  })

  it('once accepted, /pop is not shown again and /permission says when it was accepted', async () => {
    const pop = startUserJourney({ entry: 'pop', permissionsAcceptedAt: Date.UTC(2026, 9, 30, 9) })
    await settledOn(pop.actor, 'home')
    expect(pop.asked.permissions).toEqual([])
    const page = startUserJourney({ entry: 'permission', permissionsAcceptedAt: Date.UTC(2026, 9, 30, 9) })
    await renderOn(PermissionScreen, page.actor, { route: 'permission' })
    const note = (await screen.findByText(t('standalone.permission.acceptedOn'), { exact: false })).closest('p')!
    expect(note).toHaveAttribute('role', 'status')
    expect(within(note).getByText(/2026/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t('standalone.permission.accept') })).toBeEnabled()
  })

  it('"Not now" goes home without asking, and is not remembered', async () => {
    const { actor, asked } = await openDisclosure()
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.permission.decline') }))
    await settledOn(actor, 'home')
    expect(asked.permissions).toEqual([])
    expect(asked.acceptances).toBe(0)
  })

  it('shows no list while the policy cannot be read: the borrower tries again, then sees it', async () => {
    let reachable = false
    const journey = startUserJourney({
      entry: 'pop',
      collectionPolicy: async () => {
        if (!reachable) throw { ok: false, kind: 'network', message: 'errors.network' }
        return ['location']
      },
    })
    await renderOn(PermissionScreen, journey.actor, { route: 'pop' })
    expect(await screen.findByText(t('errors.network'))).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: t('standalone.permission.accept') })).toBeNull()
    expect(screen.queryByText(t('standalone.permission.name.camera'))).toBeNull()
    reachable = true
    await userEvent.setup().click(screen.getByRole('button', { name: t('ui.error.retry') }))
    await screen.findByRole('button', { name: t('standalone.permission.accept') })
    expect(within(rowOf('location')).getByText(t('standalone.permission.use.required'))).toBeInTheDocument()
    expect(journey.asked.policies).toEqual(['TZ', 'TZ'])
  })
})
