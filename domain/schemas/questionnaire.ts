/**
 * The credit-history questionnaire (POST /user/save/questionnaire; Mexico, status 17): every one of the 11
 * questions answered with a value of its answer set (spec §5). Nothing answered gives "Complete the credit
 * history questionnaire"; some unanswered give "There are still unanswered questions, please complete" — both
 * for the whole form — and each unanswered question gets its own message at `answers.<code>`.
 */
import * as v from 'valibot'
import { QUESTIONNAIRE, unansweredQuestions } from '../enums'
import { REQUIRED } from './common'

export function questionnaireSchema() {
  return v.pipe(
    v.object(
      {
        /** Answer value by question code ('1'…'11'). */
        answers: v.optional(
          v.record(
            // Question codes '1'…'11' (anything else is not a question; it would be stored as a key).
            v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'validation.questionnaire.unanswered')),
            v.pipe(v.string('validation.questionnaire.unanswered'), v.maxLength(100, 'validation.questionnaire.unanswered')),
            'validation.questionnaire.empty',
          ),
          {},
        ),
      },
      REQUIRED,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const answers = dataset.value.answers
      const byCode: Record<number, string | undefined> = {}
      for (const [code, answer] of Object.entries(answers)) byCode[Number(code)] = answer
      const missing = unansweredQuestions(byCode)
      if (missing.length === 0) return
      addIssue({
        message:
          missing.length === QUESTIONNAIRE.length ? 'validation.questionnaire.empty' : 'validation.questionnaire.incomplete',
      })
      for (const code of missing) {
        addIssue({
          message: 'validation.questionnaire.unanswered',
          path: [
            { type: 'object', origin: 'value', input: dataset.value, key: 'answers', value: answers },
            { type: 'object', origin: 'value', input: answers, key: String(code), value: answers[String(code)] },
          ],
        })
      }
    }),
  )
}

export type QuestionnaireInput = v.InferInput<ReturnType<typeof questionnaireSchema>>
