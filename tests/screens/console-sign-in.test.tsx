/**
 * Issue 20: a member of the lender's staff signs in to the console with a username, a password and their
 * authenticator's code, and sees the navigation of their role only; every problem is said where they look for it.
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
} from './console-harness'

const { fake } = withConsoleServer()

describe('signing in to the console', () => {
  it('an admin signs in with username, password and code, and sees every page of the console', async () => {
    fake()
    const console = openConsole('/')
    await expectAccessible()
    await signIn(console)
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana Mwita' })
    expect(navigation()).toEqual([
      'Overview',
      'Staff',
      'Audit log',
      'Inbox',
      'Loans',
      'Products',
      'Books',
      'Repayments',
      'Change password',
    ])
    expect(screen.getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByText('Add staff members')).toBeInTheDocument()
    expect(sessionStorage.getItem('kopa.console.token')).toMatch(/^token-/)
    await expectAccessible()
  })

  it('a support member sees only the overview and their password in the navigation', async () => {
    fake()
    const console = openConsole('/')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Amina Juma' })
    expect(navigation()).toEqual(['Overview', 'Inbox', 'Loans', 'Change password'])
    expect(screen.getByText('Support', { selector: '.k-badge' })).toBeInTheDocument()
    expect(screen.queryByText('Add staff members')).not.toBeInTheDocument()
  })

  it('says at each field what is missing, and sends nothing', async () => {
    const api = fake()
    const { user } = openConsole('/')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription('Fill this in')
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Fill this in')
    expect(screen.getByRole('group', { name: /Authenticator code/ })).toHaveTextContent('Fill this in')
    expect(api.calls.filter((c) => c.startsWith('POST'))).toEqual([])
    await expectAccessible()
  })

  it('says the details are wrong, keeps the username and password, and empties the code boxes for the next code', async () => {
    fake()
    const console = openConsole('/')
    await signIn(console, 'ana.admin', 'correct horse battery', '111111')
    expect(await screen.findByRole('alert')).toHaveTextContent('The username, password or code is wrong')
    expect(screen.getByLabelText(/^Username/)).toHaveValue('ana.admin')
    expect(screen.getByLabelText(/^Password/)).toHaveValue('correct horse battery')
    for (const box of within(screen.getByRole('group', { name: /Authenticator code/ })).getAllByRole(
      'textbox',
    ))
      expect(box).toHaveValue('')
  })

  it('says until when a locked account stays locked', async () => {
    const api = fake()
    api.nextSignIn = { status: 423, body: { error: 'locked', retryAt: '2026-03-10T09:15:00.000Z' } }
    const console = openConsole('/')
    await signIn(console)
    expect(await screen.findByRole('alert')).toHaveTextContent(/this account is locked until \d\d:\d\d/)
  })

  it('opens the page asked for once signed in, and keeps the session across a reload of the tab', async () => {
    fake()
    const first = openConsole('/audit')
    await signIn(first)
    await screen.findByRole('heading', { level: 1, name: 'Audit log' })
    await waitFor(() => expect(window.location.hash).toBe('#/audit'))
    first.view.unmount()
    openConsole('/audit')
    await screen.findByRole('heading', { level: 1, name: 'Audit log' })
  })

  it('signs out: back at sign-in, saying so, with the tab’s session forgotten', async () => {
    const api = fake()
    const console = openConsole('/')
    await signIn(console)
    await console.user.click(await screen.findByRole('button', { name: 'Sign out' }))
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument()
    expect(window.location.hash).toBe('#/sign-in')
    expect(sessionStorage.getItem('kopa.console.token')).toBeNull()
    expect(api.sessions.size).toBe(0)
  })
})
