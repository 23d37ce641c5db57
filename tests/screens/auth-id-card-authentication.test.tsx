import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import IdCardAuthenticationScreen from '../../screens/auth/id-card-authentication'
import type { Language } from '../../domain/countries'
import { renderScreen, startJourney } from './auth-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)
const photo = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' })

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

async function openIdScreen(
  opts: {
    language?: Language
    featureMode?: { live: number; ocr: number; frontPermission?: number }
    camera?: 'granted' | 'denied'
    holdUploads?: boolean
  } = {},
) {
  const journey = startJourney({
    status: 12,
    entry: 'idCardAuthentication',
    featureMode: opts.featureMode,
    camera: opts.camera,
    holdUploads: opts.holdUploads,
  })
  await renderScreen(IdCardAuthenticationScreen, journey.actor, {
    route: 'idCardAuthentication',
    language: opts.language,
  })
  await screen.findByRole('region', { name: t('auth.identity.front') })
  return journey
}

const step = (key: 'front' | 'back' | 'face') =>
  screen.getByRole('region', { name: t(`auth.identity.${key}`) })

async function takePhoto(user: UserEvent, key: 'front' | 'back' | 'face') {
  await user.upload(step(key).querySelector<HTMLInputElement>('input[type=file]')!, photo(`${key}.jpg`))
}

describe.each<Language>(['en', 'sw', 'es'])('the ID card screen in %s', (language) => {
  it('says how to allow the camera when the borrower refused it before the front (frontPermission)', async () => {
    await openIdScreen({ language, featureMode: { live: 1, ocr: -1, frontPermission: 1 }, camera: 'denied' })
    const message = t('identity.error.cameraDenied')
    expect(message).not.toBe('identity.error.cameraDenied')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('refuses the back of the ID before the front, with its message', async () => {
    const user = userEvent.setup()
    const { uploads } = await openIdScreen({ language })
    await takePhoto(user, 'back')
    const message = t('identity.error.frontFirst')
    expect(message).not.toBe('identity.error.frontFirst')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(uploads).toEqual([])
  })
})

describe('the ID card screen', () => {
  it('uploads each photo with a progress bar, shows it with a retake button, and goes on once front, back and face are in', async () => {
    const user = userEvent.setup()
    const { actor, uploads, releaseUploads } = await openIdScreen({ holdUploads: true })
    await takePhoto(user, 'front')
    expect(await within(step('front')).findByRole('progressbar')).toBeInTheDocument()
    releaseUploads()
    expect(await within(step('front')).findByText(t('auth.identity.uploaded'))).toBeInTheDocument()
    expect(
      within(step('front')).getByRole('img', {
        name: t('ui.image.preview', { label: t('auth.identity.front') }),
      }),
    ).toBeInTheDocument()
    expect(within(step('front')).getByRole('button', { name: t('ui.image.retake') })).toBeInTheDocument()

    await takePhoto(user, 'back')
    await within(step('back')).findByRole('progressbar')
    releaseUploads()
    await within(step('back')).findByText(t('auth.identity.uploaded'))
    await takePhoto(user, 'face')
    await within(step('face')).findByRole('progressbar')
    releaseUploads()
    await within(step('face')).findByText(t('auth.identity.uploaded'))
    expect(uploads.map((u) => u.side)).toEqual(['front', 'back', 'face'])

    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('additionalInfomation'))
  })

  it('takes the ID photos with the shell’s card scanner when featureMode.ocr is 1, not the browser camera', async () => {
    const user = userEvent.setup()
    const { uploads, scans } = await openIdScreen({ featureMode: { live: -1, ocr: 1 } })
    await user.click(
      within(step('front')).getByRole('button', { name: new RegExp(t('auth.identity.front')) }),
    )
    await within(step('front')).findByText(t('auth.identity.uploaded'))
    await user.click(within(step('back')).getByRole('button', { name: new RegExp(t('auth.identity.back')) }))
    await within(step('back')).findByText(t('auth.identity.uploaded'))
    expect(scans).toEqual(['front', 'back'])
    expect(uploads.map((u) => u.side)).toEqual(['front', 'back'])
    // The face is not a card: the selfie still uses the camera.
    await takePhoto(user, 'face')
    await within(step('face')).findByText(t('auth.identity.uploaded'))
    expect(scans).toEqual(['front', 'back'])
  })

  it('asks for the face step when Next is pressed before it', async () => {
    const user = userEvent.setup()
    await openIdScreen()
    await takePhoto(user, 'front')
    await within(step('front')).findByText(t('auth.identity.uploaded'))
    await takePhoto(user, 'back')
    await within(step('back')).findByText(t('auth.identity.uploaded'))
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t('identity.error.faceRequired'))
  })

  it('keeps the camera and Next disabled while a photo uploads', async () => {
    const user = userEvent.setup()
    const journey = await openIdScreen({ holdUploads: true })
    await takePhoto(user, 'front')
    await within(step('front')).findByRole('progressbar')
    expect(screen.getByRole('button', { name: t('auth.common.next') })).toBeDisabled()
    expect(within(step('back')).getByRole('button')).toBeDisabled()
    journey.releaseUploads()
    await within(step('front')).findByText(t('auth.identity.uploaded'))
    expect(screen.getByRole('button', { name: t('auth.common.next') })).toBeEnabled()
  })

  it('runs the face check with the native SDK when featureMode asks for liveness', async () => {
    const user = userEvent.setup()
    await openIdScreen({ featureMode: { live: 1, ocr: -1 } })
    const face = step('face')
    expect(face.querySelector('input[type=file]')).toBeNull()
    const start = within(face).getByRole('button', { name: t('auth.identity.faceStart') })
    await user.click(start)
    expect(await screen.findByRole('alert')).toHaveTextContent(t('identity.error.frontFirst'))

    await takePhoto(user, 'front')
    await within(step('front')).findByText(t('auth.identity.uploaded'))
    await takePhoto(user, 'back')
    await within(step('back')).findByText(t('auth.identity.uploaded'))
    await user.click(within(face).getByRole('button', { name: t('auth.identity.faceStart') }))
    expect(await within(face).findByText(t('auth.identity.faceDone'))).toBeInTheDocument()
  })
})
