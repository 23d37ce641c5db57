import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import CancellationFormScreen from '../../screens/standalone/cancellation-form'
import type { Language } from '../../domain/countries'
import { renderMoneyPath, startMoneyPath, t } from './borrow-harness'

async function open(language: Language = 'en') {
  const journey = startMoneyPath({ entry: 'cancellationForm', status: 14 })
  await renderMoneyPath(CancellationFormScreen, journey.actor, { route: 'cancellationForm', language })
  return journey
}

const MESSAGES: Record<Language, string> = {
  en: 'You have to choose the reason',
  sw: 'Lazima uchague sababu',
  es: 'Tienes que elegir el motivo',
}

describe('cancellation form: exactly one reason', () => {
  // Issue 13: the reasons were check boxes that allowed several, then complained at the bottom of the sheet.
  it.each(['en', 'sw', 'es'] as const)(
    'in %s, offers the reasons as a radio group, and says at the group, focused, to choose one when none is',
    async (language) => {
      const user = userEvent.setup()
      const journey = await open(language)
      const group = screen.getByRole('radiogroup', { name: t('borrow.cancel.reasons') })
      expect(screen.queryAllByRole('checkbox')).toEqual([])
      await user.click(screen.getByRole('button', { name: t('borrow.cancel.submit') }))

      const first = within(group).getAllByRole('radio')[0]!
      await waitFor(() => expect(first).toHaveFocus())
      expect(first).toHaveAccessibleDescription(MESSAGES[language])
      const fieldset = group.closest('fieldset')!
      const message = within(fieldset).getByText(MESSAGES[language])
      // At the group, under its question and above the reasons: in view when the group is, however long the list.
      expect(message.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(screen.queryByRole('alert')).toBeNull()
      expect(journey.inputsOf('cancelOrder')).toEqual([])

      // Choosing a reason clears the message, and choosing another replaces it: one is ever chosen.
      await user.click(within(group).getByRole('radio', { name: t('enums.cancelReason.noLongerNeeded') }))
      expect(within(fieldset).queryByText(MESSAGES[language])).toBeNull()
      await user.click(within(group).getByRole('radio', { name: t('enums.cancelReason.foundAnotherLender') }))
      expect(within(group).getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1)
    },
  )

  it('sends the one reason chosen, with the remark', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(screen.getByRole('radio', { name: t('enums.cancelReason.feesTooHigh') }))
    await user.click(screen.getByRole('radio', { name: t('enums.cancelReason.other') }))
    await user.type(screen.getByRole('textbox', { name: t('borrow.cancel.remark') }), 'Got paid early')
    await user.click(screen.getByRole('button', { name: t('borrow.cancel.submit') }))
    await waitFor(() =>
      expect(journey.inputsOf('cancelOrder')).toEqual([
        { loanOrderId: 'L-1001', reasons: ['other'], remark: 'Got paid early' },
      ]),
    )
  })

  it('goes back to confirm borrow when the borrower keeps the loan', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(screen.getByRole('button', { name: t('borrow.cancel.keep') }))
    await waitFor(() => expect(journey.actor.getSnapshot().context.route).toBe('confirmBorrow'))
  })
})
