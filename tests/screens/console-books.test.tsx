/** Issue 20: finance reads the books — the check's problems, the settlement's differences, suspense — and exports them. */
import { describe, expect, it } from 'vitest'
import { expectAccessible, openConsole, screen, signIn, withConsoleServer, within } from './console-harness'

const { fake } = withConsoleServer()

describe('reading the books', () => {
  it('shows finance the problem, the difference and the receipt in suspense, and exports the daily totals', async () => {
    const api = fake()
    const console = openConsole('/books')
    await signIn(console, 'fatma.finance', 'finance password 1')
    await screen.findByRole('heading', { level: 1, name: 'Books' })
    expect(await screen.findByText(/1 problem found/)).toBeInTheDocument()
    expect(
      screen.getByText('transfer KP-T-0009 moved 500000 at mpesa but is booked as 499000'),
    ).toBeInTheDocument()
    const settlement = screen.getByRole('region', { name: 'Settlement (1 difference)' })
    expect(within(settlement).getByRole('row', { name: /2026-03-09 mpesa Collection/ })).toHaveTextContent(
      /10/,
    )
    const suspense = screen.getByRole('region', { name: '1 receipt in suspense' })
    expect(within(suspense).getByText('QK81XYZ')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Daily totals per account' })).toHaveTextContent(
      'receivable.principal',
    )
    expect(api.calls).toContain('GET /console/api/books')
    await expectAccessible()

    await console.user.click(screen.getByRole('button', { name: 'Export daily totals (CSV)' }))
    expect(await screen.findByText('The file is saved.')).toBeInTheDocument()
    expect(console.save).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'kopa-accounts-2026-03-04-2026-03-10.csv' }),
    )
    expect(api.audit.at(-1)).toMatchObject({ action: 'books.exported', after: { report: 'accounts' } })
  })

  it('says at the field when more than 92 days are chosen, and reads nothing', async () => {
    const api = fake()
    const console = openConsole('/books')
    await signIn(console, 'fatma.finance', 'finance password 1')
    await screen.findByText(/1 problem found/)
    const reads = api.calls.filter((c) => c === 'GET /console/api/books').length
    const from = screen.getByLabelText(/^From \(UTC day\)/)
    await console.user.clear(from)
    await console.user.type(from, '2025-01-01')
    await console.user.click(screen.getByRole('button', { name: 'Show these days' }))
    expect(await screen.findByText('Choose at most 92 days.')).toBeInTheDocument()
    expect(api.calls.filter((c) => c === 'GET /console/api/books')).toHaveLength(reads)
  })

  it('has no books page for a support agent', async () => {
    fake()
    const console = openConsole('/books')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    expect(
      within(screen.getByRole('navigation', { name: 'Console pages' })).queryByRole('button', {
        name: 'Books',
      }),
    ).toBeNull()
  })

  it('lets finance record a receipt in suspense paid back by hand, and the list reads again without it', async () => {
    const api = fake()
    const console = openConsole('/books')
    await signIn(console, 'fatma.finance', 'finance password 1')
    const { user } = console
    await user.click(await screen.findByRole('button', { name: 'Resolve receipt QK81XYZ' }))
    const form = await screen.findByRole('form', { name: /^Resolve mpesa QK81XYZ/ })
    await user.click(within(form).getByRole('radio', { name: 'It was paid back by hand' }))
    await user.click(within(form).getByRole('button', { name: 'Resolve' }))
    expect(await within(form).findByText('Use 3 to 80 characters.')).toBeInTheDocument()
    await expectAccessible()
    await user.type(within(form).getByLabelText(/^Reference of the payment back/), 'MPESA-RFD-0001')
    await user.type(within(form).getByLabelText(/^Why/), 'Paid twice by mistake')
    await user.click(within(form).getByRole('button', { name: 'Resolve' }))
    expect(await screen.findByText('No receipt waits in suspense.')).toBeInTheDocument()
    expect(api.actionBodies).toEqual([
      {
        action: 'resolve',
        body: {
          requestId: expect.any(String),
          outcome: 'refunded',
          reference: 'MPESA-RFD-0001',
          note: 'Paid twice by mistake',
        },
      },
    ])
    await expectAccessible()
  })
})
