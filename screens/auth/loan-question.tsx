/**
 * The credit-history questionnaire (status 17, Mexico; spec §3 codes 1–11, §5 "fully answered"). Each question
 * offers its answer set (QUESTIONNAIRE, QUESTION_ANSWER_SETS); an incomplete questionnaire is refused with the
 * spec's message for the whole form, and each unanswered question is marked. The form is the journey's
 * `questionnaireForm` child.
 */
import type { ReactElement } from 'react'
import { useFormState } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { FORM_ERROR } from 'final-form'
import {
  QUESTIONNAIRE,
  QUESTION_ANSWER_SETS,
  unansweredQuestions,
  type QuestionDef,
} from '../../domain/enums'
import { RadioGroupField } from '../../ui/form-fields'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME, useFormChild } from '../shared/journey-selectors'
import { OnboardingStepIndicator } from '../shared/onboarding-step'
import { SubmitButton, SubmitForm, type FormCodec } from '../shared/submit-form'
import { useEnumOptions } from './parts/enum-options'

/** Final-form makes an array of `answers.<number>`: the form names each answer `answers.q<code>`. */
const prefixed = (answers: unknown, from: string, to: string): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries((answers ?? {}) as Record<string, unknown>)
      .filter(([key, value]) => value !== undefined && key.startsWith(from))
      .map(([key, value]) => [to + key.slice(from.length), value]),
  )

const CODEC: FormCodec = {
  toForm: (values) => ({ ...values, answers: prefixed(values.answers, '', 'q') }),
  toMachine: (values) => ({ ...values, answers: prefixed(values.answers, 'q', '') }),
  errors: (errors) => (errors.answers ? { ...errors, answers: prefixed(errors.answers, '', 'q') } : errors),
}

/** Short answer sets sit in a row of chips. */
const INLINE_SETS = new Set(['yesNo', 'count'])

function Question({ question, index }: { question: QuestionDef; index: number }): ReactElement {
  const { t } = useTranslation()
  const options = useEnumOptions('questionAnswer', QUESTION_ANSWER_SETS[question.answers])
  return (
    <div className="k-card">
      <RadioGroupField
        name={`answers.q${question.code}`}
        label={t('auth.question.numbered', {
          n: index + 1,
          question: t(`enums.questionnaire.${question.key}`),
        })}
        required
        inline={INLINE_SETS.has(question.answers)}
        options={options}
      />
    </div>
  )
}

/** How many are answered, and the spec's message for the whole form once a submit was refused. */
function Progress(): ReactElement {
  const { t } = useTranslation()
  const { values, errors, submitErrors, submitFailed } = useFormState<Record<string, unknown>>({
    subscription: { values: true, errors: true, submitErrors: true, submitFailed: true },
  })
  const answers = CODEC.toMachine(values).answers as Record<number, string | undefined>
  const answered = QUESTIONNAIRE.length - unansweredQuestions(answers).length
  const formError = (errors?.[FORM_ERROR] ?? submitErrors?.[FORM_ERROR]) as string | undefined
  return (
    <>
      <p className="k-muted" aria-live="polite">
        {t('auth.question.progress', { answered, total: QUESTIONNAIRE.length })}
      </p>
      {submitFailed && formError && (
        <p className="k-notice k-notice--danger" role="alert">
          {t(formError)}
        </p>
      )}
    </>
  )
}

export default function LoanQuestionScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const form = useFormChild(journey, 'questionnaireForm')
  return (
    <main className="k-page k-stack">
      <PageHeader title={t('auth.question.title')} onBack={() => journey.send(GO_HOME)} />
      <OnboardingStepIndicator journey={journey} step="loanQuestion" />
      <p>{t('auth.question.intro')}</p>
      {form && (
        <SubmitForm actor={form} codec={CODEC}>
          {QUESTIONNAIRE.map((question, index) => (
            <Question key={question.code} question={question} index={index} />
          ))}
          <Progress />
          <SubmitButton actor={form}>{t('auth.common.submit')}</SubmitButton>
        </SubmitForm>
      )}
    </main>
  )
}
