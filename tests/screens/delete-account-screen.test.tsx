import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import DeleteAccountScreen from '../../screens/user-center/delete-account'
import SettingsScreen from '../../screens/user-center/settings'
import type { Language } from '../../domain/countries'
import type { OrderStatusCode } from '../../domain/order-status'
import { renderUserCentre, routeOf, startUserCentre, t, type UserCentreIo } from './user-center-harness'

const Home = () => <h1>home</h1>
const SCREENS = { deleteAccount: DeleteAccountScreen, settings: SettingsScreen, home: Home }

async function openDeletion(
  opts: { status?: OrderStatusCode | null; language?: Language; io?: Partial<UserCentreIo> } = {},
) {
  const journey = startUserCentre({ entry: 'deleteAccount', status: opts.status ?? null, io: opts.io })
  await renderUserCentre(SCREENS, journey.actor, { route: 'deleteAccount', language: opts.language })
  return journey
}

const reason = (key: string) => screen.getByRole('checkbox', { name: t(`enums.deleteAccountReason.${key}`) })
const submit = () => screen.getByRole('button', { name: t('user-center.delete.submit') })

describe('delete account', () => {
  it.each([2, 3, 7, 14] as OrderStatusCode[])(
    'is refused while a loan is open (status %i), saying why',
    async (status) => {
      const journey = await openDeletion({ status })
      expect(screen.getByRole('heading', { name: t('user-center.delete.refusedTitle') })).toBeInTheDocument()
      expect(screen.getByRole('alert')).toHaveTextContent(t('errors.code.2401'))
      expect(screen.queryByRole('button', { name: t('user-center.delete.submit') })).not.toBeInTheDocument()
      const user = userEvent.setup()
      await user.click(screen.getByRole('button', { name: t('user-center.delete.back') }))
      await waitFor(() => expect(routeOf(journey.actor)).toBe('settings'))
      expect(journey.inputsOf('deleteAccount')).toEqual([])
    },
  )

  it('is offered once the last loan is repaid', async () => {
    await openDeletion({ status: 4 })
    expect(
      screen.queryByRole('heading', { name: t('user-center.delete.refusedTitle') }),
    ).not.toBeInTheDocument()
    expect(submit()).toBeEnabled()
  })

  const oneReason: [Language, string, string][] = [
    ['en', 'You have to choose the reason', 'Choose only one reason'],
    ['sw', 'Lazima uchague sababu', 'Chagua sababu moja tu'],
    ['es', 'Tienes que elegir el motivo', 'Elige solo un motivo'],
  ]
  it.each(oneReason)('asks for exactly one reason, in %s', async (language, none, onlyOne) => {
    const user = userEvent.setup()
    const journey = await openDeletion({ language })
    await user.click(submit())
    expect(await screen.findByText(none)).toBeInTheDocument()
    await user.click(reason('feesTooHigh'))
    await user.click(reason('privacyConcerns'))
    await user.click(submit())
    expect(await screen.findByText(onlyOne)).toBeInTheDocument()
    expect(screen.queryByText(none)).not.toBeInTheDocument()
    expect(journey.inputsOf('deleteAccount')).toEqual([])
  })

  it('deletes with one reason and the SMS code, then signs the borrower out and goes home', async () => {
    const user = userEvent.setup()
    const journey = await openDeletion()
    await user.click(screen.getByRole('button', { name: t('user-center.delete.sendCode') }))
    expect(
      await screen.findByText(t('user-center.delete.codeSent', { mobile: '0712 *** 678' })),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: t('user-center.delete.resend') })).toBeDisabled()
    await user.click(reason('usingAnotherApp'))
    await user.type(screen.getByRole('textbox', { name: t('user-center.delete.remark') }), 'Asante')
    await user.type(screen.getByRole('textbox', { name: t('ui.code.digit', { n: 1, total: 6 }) }), '482913')
    await user.click(submit())
    await waitFor(() => expect(routeOf(journey.actor)).toBe('home'))
    expect(journey.inputsOf('sendDeletionCode')).toHaveLength(1)
    expect(journey.inputsOf('deleteAccount')).toEqual([
      { reasons: ['usingAnotherApp'], remark: 'Asante', code: '482913' },
    ])
    await waitFor(() => expect(journey.actor.getSnapshot().context.session.status).toBe('signedOut'))
    expect(journey.inputsOf('clearStoredSession')).toHaveLength(1)
    expect(await screen.findByText(t('user-center.delete.done'))).toBeInTheDocument()
  })

  it('asks for the 6-digit code before deleting', async () => {
    const user = userEvent.setup()
    const journey = await openDeletion()
    await user.click(reason('other'))
    await user.click(submit())
    expect(await screen.findByText(t('validation.captcha.required'))).toBeInTheDocument()
    expect(journey.inputsOf('deleteAccount')).toEqual([])
  })

  it('goes back to settings when the borrower keeps the account', async () => {
    const user = userEvent.setup()
    const journey = await openDeletion()
    await user.click(screen.getByRole('button', { name: t('user-center.delete.keep') }))
    await waitFor(() => expect(routeOf(journey.actor)).toBe('settings'))
    expect(
      await screen.findByRole('heading', { level: 1, name: t('user-center.settings.title') }),
    ).toBeInTheDocument()
  })

  it('is reached from settings', async () => {
    const user = userEvent.setup()
    const journey = startUserCentre({ entry: 'settings' })
    await renderUserCentre(SCREENS, journey.actor, { route: 'settings' })
    await user.click(
      screen.getByRole('button', { name: new RegExp(t('user-center.settings.deleteAccount')) }),
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: t('user-center.delete.title') }),
    ).toBeInTheDocument()
  })
})
