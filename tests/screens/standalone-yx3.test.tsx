import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import RegisterScreen from '../../screens/user/register'
import Yx3Screen from '../../screens/standalone/yx3'
import { renderOn, settledOn, startUserJourney } from './user-journey'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

describe('/yx3: the phone-number landing page', () => {
  it('takes the number to register, filled in, and the code goes to that number', async () => {
    const { actor, asked } = startUserJourney({ entry: 'yx3' })
    await renderOn(Yx3Screen, actor, { route: 'yx3' })
    const user = userEvent.setup()
    await user.type(
      screen.getByRole('textbox', {
        name: new RegExp(t('standalone.yx3.mobile', { dialCode: '255' }).replace(/[+()]/g, '\\$&')),
      }),
      '0754 000 111',
    )
    await user.click(screen.getByRole('button', { name: t('standalone.yx3.continue') }))
    await settledOn(actor, 'register')
    cleanup()
    await renderOn(RegisterScreen, actor, { route: 'register' })
    expect(screen.getByRole('textbox', { name: new RegExp(t('user.form.mobile')) })).toHaveValue(
      '0754 000 111',
    )
    await user.click(screen.getByRole('button', { name: t('user.form.getCode') }))
    await screen.findByRole('button', { name: t('user.form.resendIn', { count: 60 }) })
    expect(asked.codes).toEqual([{ purpose: 'register', country: 'TZ', mobile: '754000111' }])
  })

  it('says an empty number cannot be sent, and stays', async () => {
    const { actor } = startUserJourney({ entry: 'yx3' })
    await renderOn(Yx3Screen, actor, { route: 'yx3' })
    await userEvent.setup().click(screen.getByRole('button', { name: t('standalone.yx3.continue') }))
    expect(await screen.findByText(t('validation.mobile.required'))).toBeInTheDocument()
    expect(actor.getSnapshot().context.route).toBe('yx3')
  })
})
