/** Issue 20: an admin reads the audit log by days, a page at a time, and exports it. */
import { describe, expect, it } from 'vitest'
import {
  expectAccessible,
  openConsole,
  screen,
  signIn,
  withConsoleServer,
  waitFor,
  within,
} from './console-harness'

const { fake } = withConsoleServer()

describe('the audit log', () => {
  it('shows who did what, in words, with the member each row names; more on request', async () => {
    const api = fake()
    api.log(null, 'staff.created', 'staff:1', {
      username: 'ana.admin',
      displayName: 'Ana Mwita',
      role: 'admin',
    })
    api.log(1, 'staff.created', 'staff:2', {
      username: 'amina.support',
      displayName: 'Amina Juma',
      role: 'support',
    })
    for (let i = 0; i < 101; i++) api.log(2, 'session.refused', 'staff:2')
    const console = openConsole('/audit')
    await signIn(console)
    await screen.findByRole('heading', { level: 2, name: /100 rows shown, 2026-03-04 to 2026-03-10/ })
    const list = screen.getByRole('list', { name: /rows shown/ })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(100)
    expect(rows[0]).toHaveTextContent('Operator (command line)')
    expect(rows[0]).toHaveTextContent('Staff member added staff:1 (ana.admin)')
    expect(rows[1]).toHaveTextContent('ana.admin')
    expect(rows[1]).toHaveTextContent(
      'After: username: amina.support, displayName: Amina Juma, role: support.',
    )
    expect(rows[2]).toHaveTextContent('amina.supportSign-in refused')
    expect(within(rows[0]!).getByText(/2026/).closest('time')).toHaveAttribute(
      'datetime',
      '2026-03-10T06:00:00.000Z',
    )
    await expectAccessible()
    await console.user.click(screen.getByRole('button', { name: 'Show more' }))
    await screen.findByRole('heading', { level: 2, name: /104 rows shown/ })
    expect(api.calls.filter((c) => c === 'GET /console/api/audit')).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument()
  }, 60_000)

  it('checks the days at their fields, and shows other days on request', async () => {
    fake()
    const console = openConsole('/audit')
    await signIn(console)
    await screen.findByRole('heading', { level: 2, name: /rows? shown/ })
    const from = screen.getByLabelText(/^First day/)
    const to = screen.getByLabelText(/^Last day/)
    await console.user.clear(to)
    await console.user.type(to, '2026-03-01')
    await console.user.click(screen.getByRole('button', { name: 'Show' }))
    expect(to).toHaveAccessibleDescription('The last day cannot be before the first')
    await console.user.clear(from)
    await console.user.type(from, '2026-02-01')
    await console.user.click(screen.getByRole('button', { name: 'Show' }))
    await screen.findByRole('heading', { level: 2, name: /0 rows shown, 2026-02-01 to 2026-03-01/ })
    expect(screen.getByText('Nothing was done on these days.')).toBeInTheDocument()
    expect(screen.getByText('Days and times in Africa/Dar_es_Salaam')).toBeInTheDocument()
  })

  it('exports the days shown as a CSV file, and the export is logged', async () => {
    const api = fake()
    const console = openConsole('/audit')
    await signIn(console)
    await console.user.click(await screen.findByRole('button', { name: 'Export CSV' }))
    expect(await screen.findByText(/The CSV file is saved/)).toBeInTheDocument()
    expect(console.save).toHaveBeenCalledWith(expect.objectContaining({ name: 'kopa-audit-2026-03-03.csv' }))
    await waitFor(() => expect(api.audit.at(-1)?.action).toBe('audit.exported'))
  })
})
