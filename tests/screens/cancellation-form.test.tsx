import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import CancellationFormScreen from '../../screens/standalone/cancellation-form'
import type { Language } from '../../src/domain/countries'
import { renderMoneyPath, startMoneyPath, t } from './borrow-harness'

async function open(language: Language = 'en') {
  const journey = startMoneyPath({ entry: 'cancellationForm', status: 14 })
  await renderMoneyPath(CancellationFormScreen, journey.actor, { route: 'cancellationForm', language })
  return journey
}

const MESSAGES: Record<Language, { none: string; two: string }> = {
  en: { none: 'You have to choose the reason', two: 'Choose only one reason' },
  sw: { none: 'Lazima uchague sababu', two: 'Chagua sababu moja tu' },
  es: { none: 'Tienes que elegir el motivo', two: 'Elige solo un motivo' },
}

describe('cancellation form: exactly one reason', () => {
  it.each(['en', 'sw', 'es'] as const)(
    'in %s, says to choose a reason when none is ticked and only one when two are',
    async (language) => {
      const user = userEvent.setup()
      const journey = await open(language)
      const submit = screen.getByRole('button', { name: t('borrow.cancel.submit') })
      await user.click(submit)
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES[language].none)

      await user.click(screen.getByRole('checkbox', { name: t('enums.cancelReason.noLongerNeeded') }))
      await user.click(screen.getByRole('checkbox', { name: t('enums.cancelReason.foundAnotherLender') }))
      await user.click(submit)
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES[language].two)
      expect(journey.inputsOf('cancelOrder')).toEqual([])
    },
  )

  it('sends the one reason ticked, with the remark', async () => {
    const user = userEvent.setup()
    const journey = await open()
    await user.click(screen.getByRole('checkbox', { name: t('enums.cancelReason.other') }))
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
