/** Issue 20: support finds a borrower and reads the order's story; risk also reads the decision with its reasons. */
import { describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import { expectAccessible, openConsole, screen, signIn, withConsoleServer, within } from './console-harness'

const { fake } = withConsoleServer()

describe('finding a borrower and reading an order', () => {
  it('lets support find a borrower by phone and read the order’s status changes, transfer, schedule and ledger', async () => {
    const api = fake()
    const console = openConsole('/loans')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: 'Borrowers and loans' })
    const { user } = console
    await user.type(screen.getByLabelText(/^Phone, ID number or order number/), '07')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Type at least 3 characters.')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/^Phone, ID number or order number/), '54001001')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByRole('heading', { name: '1 borrower found' })).toBeInTheDocument()
    expect(screen.getByText('Asha Juma')).toBeInTheDocument()
    expect(screen.getByText('found by phone number', { exact: false })).toBeInTheDocument()
    await expectAccessible()

    await user.click(screen.getByRole('button', { name: 'Open order KP261128000000001' }))
    await screen.findByRole('heading', { name: 'Order KP261128000000001' })
    const timeline = screen.getByRole('region', { name: 'Status changes' })
    expect(within(timeline).getAllByRole('row')).toHaveLength(5)
    expect(
      within(timeline).getByRole('row', { name: /Paying out Repaying payout\.succeeded/ }),
    ).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Money transfers' })).toHaveTextContent('KP-T-0001')
    expect(screen.getByRole('region', { name: 'Schedule' })).toHaveTextContent('2026-05-31')
    expect(screen.getByRole('region', { name: 'Journal entries' })).toHaveTextContent('clearing.mpesa.payout')
    expect(screen.queryByRole('region', { name: 'Decision' })).toBeNull()
    // A repaying loan offers support nothing to do.
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull()
    await expectAccessible()
    await user.click(screen.getByRole('button', { name: 'Back to the search' }))
    expect(await screen.findByRole('heading', { name: '1 borrower found' })).toBeInTheDocument()
    expect(api.audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['borrowers.searched', 'order.viewed']),
    )
  })

  it('gives a risk officer the decision with each rule’s points and reason', async () => {
    fake()
    const console = openConsole('/loans')
    await signIn(console, 'rita.risk', 'risk password 1')
    await screen.findByRole('heading', { level: 1, name: 'Borrowers and loans' })
    await console.user.type(screen.getByLabelText(/^Phone, ID number or order number/), 'KP261128000000001')
    await console.user.click(screen.getByRole('button', { name: 'Search' }))
    await console.user.click(await screen.findByRole('button', { name: 'Open order KP261128000000001' }))
    const decision = await screen.findByRole('region', { name: 'Decision' })
    expect(
      within(decision).getByText(/^Approved: 55 points \(approves at 40\); limit \S+\s?200,000\.$/),
    ).toBeInTheDocument()
    expect(within(decision).getByText('30 points: Earns 180,001–280,000 a month')).toBeInTheDocument()
    await expectAccessible()
  })

  it('lets support cancel an approved order, with a reason', async () => {
    const api = fake()
    api.story = { ...api.story, status: 14, due: { principalMinor: 0, interestMinor: 0, penaltyMinor: 0 } }
    const console = openConsole('/loans')
    await signIn(console, 'amina.support', 'support password 1')
    await screen.findByRole('heading', { level: 1, name: 'Borrowers and loans' })
    const { user } = console
    await user.type(screen.getByLabelText(/^Phone, ID number or order number/), '0754001001')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.click(await screen.findByRole('button', { name: 'Open order KP261128000000001' }))
    const actions = await screen.findByRole('region', { name: 'Actions' })
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel the order'])
    await user.click(within(actions).getByRole('button', { name: 'Cancel the order' }))
    await user.click(within(actions).getByRole('button', { name: 'Cancel the order' }))
    expect(await within(actions).findByText('Say why.')).toBeInTheDocument()
    await expectAccessible()
    await user.type(within(actions).getByLabelText(/^Why/), 'The borrower called to cancel')
    await user.click(within(actions).getByRole('button', { name: 'Cancel the order' }))
    await screen.findByText('Cancelled', { selector: 'strong' })
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull()
    expect(api.actionBodies).toEqual([
      {
        action: 'cancel',
        body: { requestId: expect.any(String), note: 'The borrower called to cancel' },
      },
    ])
  })

  it('lets finance waive part of an overdue loan’s penalty, never more than is due, then write it off', async () => {
    const api = fake()
    api.story = { ...api.story, status: 3, due: { ...api.story.due, penaltyMinor: 50_000 } }
    const console = openConsole('/loans')
    await signIn(console, 'fatma.finance', 'finance password 1')
    await screen.findByRole('heading', { level: 1, name: 'Borrowers and loans' })
    const { user } = console
    await user.type(screen.getByLabelText(/^Phone, ID number or order number/), 'KP261128000000001')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await user.click(await screen.findByRole('button', { name: 'Open order KP261128000000001' }))
    const actions = await screen.findByRole('region', { name: 'Actions' })
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Waive the penalty', 'Write the loan off'])
    await user.click(within(actions).getByRole('button', { name: 'Waive the penalty' }))
    await user.type(within(actions).getByLabelText(/^Penalty to waive/), '600')
    await user.type(within(actions).getByLabelText(/^Why/), 'Goodwill')
    await user.click(within(actions).getByRole('button', { name: 'Waive' }))
    expect(await within(actions).findByText('That is more than the penalty due.')).toBeInTheDocument()
    await expectAccessible()
    await user.clear(within(actions).getByLabelText(/^Penalty to waive/))
    await user.type(within(actions).getByLabelText(/^Penalty to waive/), '200')
    await user.click(within(actions).getByRole('button', { name: 'Waive' }))
    await waitFor(() => expect(api.story.due.penaltyMinor).toBe(30_000))
    await user.click(await within(actions).findByRole('button', { name: 'Write the loan off' }))
    await user.type(within(actions).getByLabelText(/^Why/), 'Uncollectable')
    await user.click(within(actions).getByRole('button', { name: 'Write off' }))
    await screen.findByText('Repaid', { selector: 'strong' })
    expect(api.actionBodies.map((a) => a.action)).toEqual(['waive', 'write-off'])
    expect(api.actionBodies[0]!.body).toMatchObject({ amountMinor: 20_000, note: 'Goodwill' })
  })
})
