import { describe, expect, it } from 'vitest'
import { QUESTIONNAIRE, QUESTION_ANSWER_SETS } from '../../domain/enums'
import { FORM_ERROR, fieldErrors } from '../../domain/schemas/field-errors'
import { questionnaireSchema } from '../../domain/schemas/questionnaire'

const allAnswered = Object.fromEntries(QUESTIONNAIRE.map((q) => [String(q.code), QUESTION_ANSWER_SETS[q.answers][0]]))

describe('credit-history questionnaire', () => {
  it('accepts all 11 questions answered', () => {
    expect(fieldErrors(questionnaireSchema(), { answers: allAnswered })).toEqual({})
  })

  it('with nothing answered asks to complete the questionnaire', () => {
    const errors = fieldErrors(questionnaireSchema(), { answers: {} })
    expect(errors[FORM_ERROR]).toBe('validation.questionnaire.empty')
    expect(fieldErrors(questionnaireSchema(), {})[FORM_ERROR]).toBe('validation.questionnaire.empty')
  })

  it('with one question unanswered says there are unanswered questions and marks that one', () => {
    const { 11: _left, ...tenAnswered } = allAnswered
    expect(fieldErrors(questionnaireSchema(), { answers: tenAnswered })).toEqual({
      [FORM_ERROR]: 'validation.questionnaire.incomplete',
      'answers.11': 'validation.questionnaire.unanswered',
    })
  })

  it("counts an answer outside the question's set as unanswered", () => {
    expect(fieldErrors(questionnaireSchema(), { answers: { ...allAnswered, 1: 'maybe' } })).toEqual({
      [FORM_ERROR]: 'validation.questionnaire.incomplete',
      'answers.1': 'validation.questionnaire.unanswered',
    })
  })
})
