/** Issue 20: every member changes their own password; their other sessions end. */
import { describe, expect, it } from 'vitest'
import { expectAccessible, openConsole, screen, signIn, withConsoleServer, within } from './console-harness'

const { fake } = withConsoleServer()

describe('changing one’s password', () => {
  it('says at the current password that it is wrong, then changes it and says the other sessions ended', async () => {
    const api = fake()
    const console = openConsole('/password')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: 'Change password' })
    await expectAccessible()
    const { user } = console
    await user.type(screen.getByLabelText(/^Current password/), 'not my password')
    await user.type(screen.getByLabelText(/^New password\*?$/), 'a brand new passphrase')
    await user.type(screen.getByLabelText(/^New password again/), 'a brand new passphrase')
    await user.click(
      within(screen.getByRole('form', { name: 'Change password' })).getByRole('button', {
        name: 'Change password',
      }),
    )
    expect(await screen.findByText('This is not your current password')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true')
    await user.clear(screen.getByLabelText(/^Current password/))
    await user.type(screen.getByLabelText(/^Current password/), 'support password 1')
    await user.click(
      within(screen.getByRole('form', { name: 'Change password' })).getByRole('button', {
        name: 'Change password',
      }),
    )
    expect(
      await screen.findByText('Your password is changed. Your other sessions have ended.'),
    ).toBeInTheDocument()
    expect(api.staff.find((s) => s.username === 'amina.support')?.password).toBe('a brand new passphrase')
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('')
  })

  it('wants the new password twice alike before sending it', async () => {
    const api = fake()
    const console = openConsole('/password')
    await signIn(console)
    await screen.findByRole('heading', { level: 1, name: 'Change password' })
    await console.user.type(screen.getByLabelText(/^Current password/), 'correct horse battery')
    await console.user.type(screen.getByLabelText(/^New password\*?$/), 'a brand new passphrase')
    await console.user.type(screen.getByLabelText(/^New password again/), 'a brand new passphrasE')
    await console.user.click(
      within(screen.getByRole('form', { name: 'Change password' })).getByRole('button', {
        name: 'Change password',
      }),
    )
    expect(screen.getByLabelText(/^New password again/)).toHaveAccessibleDescription(
      'The two new passwords differ',
    )
    expect(api.calls).not.toContain('POST /console/api/password')
    await expectAccessible()
  })
})
