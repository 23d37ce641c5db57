import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import Yx1Screen from '../../screens/standalone/yx1'
import Yx2Screen from '../../screens/standalone/yx2'
import { order, user } from '../machines/journey-fixtures'
import { renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

describe('promotion pages', () => {
  it('/yx1 takes a newcomer to register', async () => {
    const { actor } = startUserJourney({ entry: 'yx1' })
    await renderOn(Yx1Screen, actor, { route: 'yx1' })
    expect(screen.getByRole('heading', { name: t('standalone.yx1.how') })).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.yx1.start') }))
    await settledOn(actor, 'register')
  })

  it('/yx1 takes a signed-in borrower home', async () => {
    const { actor } = startUserJourney({ entry: 'yx1', borrower: user() })
    await renderOn(Yx1Screen, actor, { route: 'yx1' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.yx1.start') }))
    await settledOn(actor, 'home')
  })

  it('/yx2 leads a borrower who may apply to the loan screen, and a visitor to login first', async () => {
    const { actor } = startUserJourney({ entry: 'yx2', borrower: user() })
    const view = await renderOn(Yx2Screen, actor, { route: 'yx2' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.yx2.apply') }))
    await settledOn(actor, 'toBorrow')

    view.unmount()
    const visitor = startUserJourney({ entry: 'yx2' }).actor
    await renderOn(Yx2Screen, visitor, { route: 'yx2' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.yx2.apply') }))
    await settledOn(visitor, 'login')
    expect(visitor.getSnapshot().context.returnTo).toBe('toBorrow')
  })

  it('/yx2 takes a borrower with a loan in progress home, where the card says why', async () => {
    const { actor } = startUserJourney({ entry: 'yx2', borrower: user(), order: order(2) })
    await renderOn(Yx2Screen, actor, { route: 'yx2' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.yx2.apply') }))
    await settledOn(actor, 'home')
  })
})
