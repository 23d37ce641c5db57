import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import LoanQuestionScreen from '../../screens/auth/loan-question'
import type { Language } from '../../domain/countries'
import { QUESTIONNAIRE, QUESTION_ANSWER_SETS } from '../../domain/enums'
import { renderScreen, startJourney, t } from './auth-journey'

async function openQuestionnaire(language: Language = 'es', drafts?: Map<string, Record<string, unknown>>) {
  const journey = startJourney({ status: 17, entry: 'loanQuestion', country: 'MX', drafts })
  await renderScreen(LoanQuestionScreen, journey.actor, { route: 'loanQuestion', language, country: 'MX' })
  return journey
}

const question = (index: number) => {
  const q = QUESTIONNAIRE[index]!
  return screen.getByRole('radiogroup', {
    name: t('auth.question.numbered', { n: index + 1, question: t(`enums.questionnaire.${q.key}`) }),
  })
}

/** Every question answered with the first answer of its set, as a kept draft. */
const ALL_ANSWERED = {
  answers: Object.fromEntries(QUESTIONNAIRE.map((q) => [String(q.code), QUESTION_ANSWER_SETS[q.answers][0]])),
}

describe('the credit history questionnaire', () => {
  it('asks the 11 questions, each with the answers of its set', async () => {
    await openQuestionnaire('en')
    expect(screen.getAllByRole('radiogroup')).toHaveLength(11)
    const yesNo = QUESTIONNAIRE.findIndex((q) => q.answers === 'yesNo')
    expect(within(question(yesNo)).getAllByRole('radio')).toHaveLength(2)
    const counts = QUESTIONNAIRE.findIndex((q) => q.answers === 'count')
    expect(
      within(question(counts)).getByRole('radio', { name: t('enums.questionAnswer.moreThan10') }),
    ).toBeInTheDocument()
  })

  it('keeps the answers as a draft by question code', async () => {
    const user = userEvent.setup()
    const { drafts } = await openQuestionnaire('en')
    await user.click(within(question(0)).getByRole('radio', { name: t('enums.questionAnswer.yes') }))
    expect(drafts.get('questionnaire')).toEqual({ answers: { '1': 'yes' } })
  })

  it('saves a fully answered questionnaire and moves on', async () => {
    const user = userEvent.setup()
    const { actor, sent } = await openQuestionnaire('es', new Map([['questionnaire', ALL_ANSWERED]]))
    expect(screen.getByText(t('auth.question.progress', { answered: 11, total: 11 }))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: t('auth.common.submit') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).not.toBe('loanQuestion'))
    expect(sent.questionnaire).toEqual(ALL_ANSWERED)
  })
})

describe.each<Language>(['en', 'sw', 'es'])('questionnaire messages in %s', (language) => {
  it('asks to complete the questionnaire when nothing is answered', async () => {
    const user = userEvent.setup()
    const { sent } = await openQuestionnaire(language)
    await user.click(screen.getByRole('button', { name: t('auth.common.submit') }))
    const message = t('validation.questionnaire.empty')
    expect(message).not.toBe('validation.questionnaire.empty')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(sent.questionnaire).toBeUndefined()
  })

  it('says questions are still unanswered, and marks them, when some are', async () => {
    const user = userEvent.setup()
    await openQuestionnaire(language)
    await user.click(within(question(0)).getAllByRole('radio')[0]!)
    await user.click(screen.getByRole('button', { name: t('auth.common.submit') }))
    expect(await screen.findByRole('alert')).toHaveTextContent(t('validation.questionnaire.incomplete'))
    expect(
      within(question(1).closest('fieldset')!).getByText(t('validation.questionnaire.unanswered')),
    ).toBeInTheDocument()
    expect(
      within(question(0).closest('fieldset')!).queryByText(t('validation.questionnaire.unanswered')),
    ).toBeNull()
  })
})
