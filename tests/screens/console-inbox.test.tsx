/**
 * Issue 20 item 2: a support agent opens the inbox, sees the overdue ticket with its SLA, reads the thread and the
 * receipt's picture, answers (the ticket waits for the borrower) and marks it done; other roles have no inbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { expectAccessible, openConsole, screen, signIn, withConsoleServer, within } from './console-harness'

const { fake } = withConsoleServer()
const { createObjectURL, revokeObjectURL } = URL

describe('the support inbox', () => {
  beforeAll(() => {
    // jsdom keeps no blobs: the picture's object URL is a name the test can see.
    URL.createObjectURL = vi.fn(() => 'blob:receipt-3')
  })
  afterAll(() => {
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = revokeObjectURL
  })

  it('lets support answer an overdue ticket, look at its receipt and mark it done', async () => {
    const api = fake()
    const console = openConsole('/inbox')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: 'Support inbox' })
    const { user } = console
    expect(await screen.findByRole('heading', { name: '1 ticket' })).toBeInTheDocument()
    expect(screen.getByText(/^Overdue since/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'To answer' })).toHaveAttribute('aria-pressed', 'true')
    await expectAccessible()

    await user.click(screen.getByRole('button', { name: 'Open ticket 12' }))
    await screen.findByRole('heading', { name: 'Ticket 12' })
    expect(screen.getByText('No messages yet.')).toBeInTheDocument()
    expect(screen.getByText(/Order KP261128000000001/)).toBeInTheDocument()
    URL.revokeObjectURL = vi.fn()
    await user.click(screen.getByRole('button', { name: 'Picture 1' }))
    expect(await screen.findByRole('img', { name: 'A picture the borrower sent' })).toHaveAttribute(
      'src',
      'blob:receipt-3',
    )
    await expectAccessible()
    // Shown, it is kept while the agent works on the reply beside it.
    await user.upload(
      screen.getByLabelText(/^Pictures for the borrower/),
      new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], 'beside.png', { type: 'image/png' }),
    )
    await user.click(await screen.findByRole('button', { name: 'Remove beside.png' }))
    expect(URL.revokeObjectURL).not.toHaveBeenCalled()

    // A picture read with the member's token is a copy in the page: closed, it is let go.
    await user.click(screen.getByRole('button', { name: 'Close the picture' }))
    expect(screen.queryByRole('img', { name: 'A picture the borrower sent' })).toBeNull()
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:receipt-3')
    await user.click(screen.getByRole('button', { name: 'Picture 1' }))
    await screen.findByRole('img', { name: 'A picture the borrower sent' })

    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('Write a reply')).toBeInTheDocument()
    await user.upload(
      screen.getByLabelText(/^Pictures for the borrower/),
      new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], 'where-to-look.png', { type: 'image/png' }),
    )
    expect(await screen.findByRole('button', { name: 'Remove where-to-look.png' })).toBeInTheDocument()
    await user.type(
      screen.getByLabelText(/^Your reply/),
      'We found your payment. Please confirm the M-Pesa code.',
    )
    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    const thread = await screen.findByRole('region', { name: 'Conversation' })
    expect(
      await within(thread).findByText('We found your payment. Please confirm the M-Pesa code.'),
    ).toBeInTheDocument()
    expect(screen.getByText(/Waiting for the borrower/)).toBeInTheDocument()
    expect(screen.getByLabelText(/^Your reply/)).toHaveValue('')
    expect(within(thread).getByRole('button', { name: 'Picture 1' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Remove where-to-look.png' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Mark done' }))
    expect(await screen.findByRole('button', { name: 'Mark in progress' })).toBeInTheDocument()
    await expectAccessible()
    await user.click(screen.getByRole('button', { name: 'Back to the inbox' }))
    expect(await screen.findByText('No tickets here.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(await screen.findByRole('button', { name: 'Open ticket 12' })).toBeInTheDocument()
    expect(api.audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['ticket.answered', 'ticket.status']),
    )
  })

  it('has no inbox for finance', async () => {
    fake()
    const console = openConsole('/')
    await signIn(console, 'fatma.finance', 'finance password 1')
    const nav = await screen.findByRole('navigation', { name: 'Console pages' })
    expect(within(nav).queryByRole('button', { name: 'Inbox' })).toBeNull()
    expect(within(nav).getByRole('button', { name: 'Loans' })).toBeInTheDocument()
  })
})
