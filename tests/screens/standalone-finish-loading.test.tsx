import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import FinishLoadingScreen from '../../screens/standalone/finish-loading'
import { order, user } from '../machines/journey-fixtures'
import { ALL_FLAGS, renderOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

describe('finish loading: the application is being sent', () => {
  it('shows the step under way while the device data is checked', async () => {
    const { actor } = startUserJourney({
      entry: 'finishLoading',
      borrower: user(),
      order: order(19),
      uploadStatus: () => new Promise(() => {}),
    })
    await renderOn(FinishLoadingScreen, actor, { route: 'finishLoading' })
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      t('standalone.finishLoading.step.collecting'),
    )
    expect(screen.queryByRole('button', { name: t('standalone.finishLoading.retry') })).toBeNull()
  })

  it('shows why sending failed and sends it again on retry', async () => {
    let attempts = 0
    const { actor } = startUserJourney({
      entry: 'finishLoading',
      borrower: user(),
      order: order(19),
      uploadStatus: async () => ALL_FLAGS,
      submitApplication: async () => {
        attempts += 1
        throw {
          ok: false,
          kind: 'rejected',
          code: 1500,
          message: 'The server is busy',
          messageKey: 'errors.code.1500',
        }
      },
    })
    await renderOn(FinishLoadingScreen, actor, { route: 'finishLoading' })
    const retry = await screen.findByRole('button', { name: t('standalone.finishLoading.retry') })
    expect(screen.getByRole('alert')).toHaveTextContent('The server is busy')
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(t('standalone.finishLoading.failed'))
    await userEvent.setup().click(retry)
    await waitFor(() => expect(attempts).toBe(2))
  })
})
