/**
 * Issue 20 item 3: finance opens the queue of manual repayment proofs (the late one marked), reads the borrower's
 * words and receipt, is stopped at the field above what the loan takes, then approves — and a support agent has
 * no such page.
 */
import { render } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleApp } from '../../src/console/app'
import { expectAccessible, openConsole, screen, signIn, withConsoleServer, within } from './console-harness'

const { fake } = withConsoleServer()
const { createObjectURL, revokeObjectURL } = URL

afterEach(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
})

describe('manual repayments', () => {
  it('shows finance the late proof, refuses more than the loan takes at the field, and approves it', async () => {
    const api = fake()
    const console = openConsole('/repayment-proofs')
    await signIn(console, 'fatma.finance', 'finance password 1')
    await screen.findByRole('heading', { level: 1, name: 'Manual repayments' })
    const queue = await screen.findByRole('region', { name: '1 proof waiting' })
    const row = within(queue).getByRole('row', { name: /KP202603080000000007/ })
    expect(row).toHaveTextContent(/Late: due/)
    await expectAccessible()

    await console.user.click(within(row).getByRole('button', { name: 'Open proof 7' }))
    await screen.findByRole('heading', { level: 2, name: 'Proof 7' })
    expect(
      screen.getByText('I paid TSh 54,095 by M-Pesa but the loan still shows as unpaid.'),
    ).toBeInTheDocument()
    expect(api.calls).toContain('GET /console/api/repayment-proofs/7/receipts/3')
    const amount = screen.getByLabelText(/^Amount received \(TZS\)/)
    expect(amount).toHaveValue('54095')
    await expectAccessible()

    await console.user.clear(amount)
    await console.user.type(amount, '60000')
    await console.user.type(screen.getByLabelText(/^Receipt code/), 'QK81XYZ')
    await console.user.click(screen.getByRole('button', { name: 'Approve and book' }))
    expect(
      await screen.findByText('That is more than the loan takes today. Book at most what it takes.'),
    ).toBeInTheDocument()
    expect(api.calls).not.toContain('POST /console/api/repayment-proofs/7/approve')

    await console.user.clear(amount)
    await console.user.type(amount, '54095')
    await console.user.click(screen.getByRole('button', { name: 'Approve and book' }))
    expect(
      await screen.findByText('Approved: the repayment is booked and the borrower is told.'),
    ).toBeInTheDocument()
    expect(api.audit.at(-1)).toMatchObject({
      action: 'repayment.approved',
      subject: 'ticket:7',
      after: { amountMinor: 5_409_500 },
    })
    expect(screen.queryByRole('button', { name: 'Approve and book' })).toBeNull()
    await expectAccessible()
  })

  it('keeps the receipt’s picture while the proof is shown, re-mounted or not, and lets it go once it is closed or its page left', async () => {
    // jsdom keeps no blobs: the picture's object URL is a name the test can see.
    URL.createObjectURL = vi.fn(() => 'blob:receipt-3')
    URL.revokeObjectURL = vi.fn()
    fake()
    const console = openConsole('/repayment-proofs')
    await signIn(console, 'fatma.finance', 'finance password 1')
    const queue = await screen.findByRole('region', { name: '1 proof waiting' })
    await console.user.click(within(queue).getByRole('button', { name: 'Open proof 7' }))
    expect(await screen.findByRole('img', { name: 'Receipt 1' })).toHaveAttribute('src', 'blob:receipt-3')

    // Written on beside it, and the page drawn again from scratch (as React's strict mode does): still there.
    await console.user.type(screen.getByLabelText(/^Receipt code/), 'QK81')
    console.view.unmount()
    const again = render(
      <StrictMode>
        <ConsoleApp app={console.app} />
      </StrictMode>,
    )
    expect(await screen.findByRole('img', { name: 'Receipt 1' })).toHaveAttribute('src', 'blob:receipt-3')
    expect(screen.getByLabelText(/^Receipt code/)).toHaveValue('QK81')
    expect(URL.revokeObjectURL).not.toHaveBeenCalled()

    // Closed, the copy in the page is let go.
    await console.user.click(screen.getByRole('button', { name: 'Back to the queue' }))
    await screen.findByRole('region', { name: '1 proof waiting' })
    expect(screen.queryByRole('img', { name: 'Receipt 1' })).toBeNull()
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:receipt-3')

    // Open again, then the page left with it open: let go as well.
    await console.user.click(screen.getByRole('button', { name: 'Open proof 7' }))
    await screen.findByRole('img', { name: 'Receipt 1' })
    await console.user.click(
      within(screen.getByRole('navigation', { name: 'Console pages' })).getByRole('button', {
        name: 'Overview',
      }),
    )
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(2)
    expect(URL.revokeObjectURL).toHaveBeenLastCalledWith('blob:receipt-3')
    again.unmount()
  })

  it('asks for the reason at the field before rejecting', async () => {
    const api = fake()
    const console = openConsole('/repayment-proofs')
    await signIn(console, 'fatma.finance', 'finance password 1')
    const queue = await screen.findByRole('region', { name: '1 proof waiting' })
    await console.user.click(within(queue).getByRole('button', { name: 'Open proof 7' }))
    await console.user.click(await screen.findByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Write a reason of 3 to 300 characters.')).toBeInTheDocument()
    await console.user.type(screen.getByLabelText(/^Reason/), 'The receipt is for another number.')
    await console.user.click(screen.getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('Rejected: the borrower reads your reason.')).toBeInTheDocument()
    expect(api.audit.at(-1)).toMatchObject({ action: 'repayment.rejected', subject: 'ticket:7' })
  })

  it('has no repayments page for a support agent', async () => {
    fake()
    const console = openConsole('/repayment-proofs')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: /Welcome/ })
    expect(
      within(screen.getByRole('navigation', { name: 'Console pages' })).queryByRole('button', {
        name: 'Repayments',
      }),
    ).toBeNull()
  })
})
