/**
 * Issue 20: an admin adds a member of staff and hands over, once, what they need to sign in; a session that ends
 * meanwhile loses nothing typed; a member of another role cannot open the page even by its address.
 */
import { describe, expect, it } from 'vitest'
import {
  expectAccessible,
  navigation,
  openConsole,
  screen,
  signIn,
  withConsoleServer,
  waitFor,
  within,
  type OpenConsole,
} from './console-harness'
import { SECRET } from '../console/fake-console-api'

const { fake } = withConsoleServer()

async function fillNewMember({ user }: OpenConsole, username = 'amina.ops') {
  await user.type(screen.getByLabelText(/^Username/), username)
  await user.type(screen.getByLabelText(/^Name/), 'Amina Okello')
  await user.click(screen.getByRole('radio', { name: /^Support/ }))
  await user.type(screen.getByLabelText(/^First password/), 'a long first password')
}

describe('adding a staff member', () => {
  it('shows the new member once: username, first password, setup key and authenticator link', async () => {
    const api = fake()
    const console = openConsole('/staff')
    await signIn(console)
    await screen.findByRole('heading', { level: 1, name: 'Staff' })
    await expectAccessible()
    await fillNewMember(console)
    await console.user.click(screen.getByRole('button', { name: 'Add staff member' }))
    const card = await screen.findByRole('region', { name: 'Amina Okello is added' })
    expect(within(card).getByText('amina.ops')).toBeInTheDocument()
    expect(within(card).getByTestId('first-password')).toHaveTextContent('a long first password')
    expect(within(card).getByTestId('setup-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(within(card).getByTestId('otpauth-uri')).toHaveTextContent(`secret=${SECRET}`)
    expect(within(card).getByRole('status')).toHaveTextContent(
      'will not show the password or the authenticator key again',
    )
    expect(api.staff.find((s) => s.username === 'amina.ops')?.role).toBe('support')
    await expectAccessible()
    await console.user.click(screen.getByRole('button', { name: 'Add another member' }))
    expect(screen.getByLabelText(/^Username/)).toHaveValue('')
    expect(screen.queryByTestId('setup-key')).not.toBeInTheDocument()
  })

  it('says at each field what is wrong before sending anything, and at the username when it is taken', async () => {
    const api = fake()
    const console = openConsole('/staff')
    await signIn(console)
    await screen.findByRole('heading', { level: 1, name: 'Staff' })
    await console.user.type(screen.getByLabelText(/^First password/), 'short')
    await console.user.click(screen.getByRole('button', { name: 'Add staff member' }))
    expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription(/Fill this in/)
    expect(screen.getByLabelText(/^First password/)).toHaveAccessibleDescription(/Use at least 12 characters/)
    expect(screen.getByRole('group', { name: /^Role/ })).toHaveTextContent('Choose a role')
    expect(api.calls).not.toContain('POST /console/api/staff')
    await expectAccessible()
    await console.user.clear(screen.getByLabelText(/^First password/))
    await fillNewMember(console, 'amina.support')
    await console.user.click(screen.getByRole('button', { name: 'Add staff member' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription(
        /Another staff member has this username/,
      ),
    )
  })

  it('suggests a first password on request', async () => {
    fake()
    const console = openConsole('/staff')
    await signIn(console)
    await console.user.click(await screen.findByRole('button', { name: 'Suggest a password' }))
    await waitFor(() =>
      expect((screen.getByLabelText(/^First password/) as HTMLInputElement).value).toMatch(
        /^[A-Za-z2-9]{20}$/,
      ),
    )
  })

  it('loses nothing typed when the session ends: sign in again and the form is as it was', async () => {
    const api = fake()
    const console = openConsole('/staff')
    await signIn(console)
    await screen.findByRole('heading', { level: 1, name: 'Staff' })
    await fillNewMember(console)
    api.endSessions()
    await console.user.click(screen.getByRole('button', { name: 'Add staff member' }))
    expect(await screen.findByText(/Your session has ended/)).toBeInTheDocument()
    await waitFor(() => expect(window.location.hash).toBe('#/sign-in'))
    expect(screen.getByLabelText(/^Username/)).toHaveValue('ana.admin')
    await console.user.type(screen.getByLabelText(/^Password/), 'correct horse battery')
    const boxes = within(screen.getByRole('group', { name: /Authenticator code/ })).getAllByRole('textbox')
    await console.user.click(boxes[0]!)
    await console.user.paste('246810')
    await console.user.click(screen.getByRole('button', { name: 'Sign in' }))
    await screen.findByRole('heading', { level: 1, name: 'Staff' })
    expect(screen.getByLabelText(/^Username/)).toHaveValue('amina.ops')
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Amina Okello')
    expect(screen.getByRole('radio', { name: /^Support/ })).toBeChecked()
    expect(screen.getByLabelText(/^First password/)).toHaveValue('a long first password')
    await waitFor(() => expect(window.location.hash).toBe('#/staff'))
  })

  it('is not opened for a support member, even by its address', async () => {
    fake()
    const console = openConsole('/')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina Juma' })
    window.location.hash = '/staff'
    window.dispatchEvent(new HashChangeEvent('hashchange'))
    await waitFor(() => expect(window.location.hash).toBe('#/'))
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Amina Juma')
    expect(navigation()).toEqual(['Overview', 'Inbox', 'Loans', 'Change password'])
  })
})
