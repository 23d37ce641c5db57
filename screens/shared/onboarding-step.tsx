/**
 * "Step 2 of 5 · Your ID" on an onboarding screen: the steps come from the domain's list of the borrower's
 * country's steps (domain/onboarding-steps.ts), never from the screen, with the review of the application
 * (issue 13) right after the wallet: the wallet is sent from the review (docs/decisions.md "Review before
 * submitting"), so in Mexico the questionnaire the server asks after the wallet still follows it.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { onboardingSteps, type OnboardingStep } from '../../domain/onboarding-steps'
import { StepIndicator } from '../../ui/step-indicator'
import type { JourneyRef } from '../screen-props'
import { selectCountry } from './journey-selectors'

export type IndicatorStep = OnboardingStep | 'review'

/** The country's steps as the borrower counts them: the review follows the wallet. */
export function indicatorSteps(steps: readonly OnboardingStep[]): readonly IndicatorStep[] {
  return steps.flatMap((step): IndicatorStep[] => (step === 'addWallet' ? [step, 'review'] : [step]))
}

export function OnboardingStepIndicator({
  journey,
  step,
}: {
  journey: JourneyRef
  step: IndicatorStep
}): ReactElement | null {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const steps = indicatorSteps(onboardingSteps(country))
  const at = steps.indexOf(step)
  if (at < 0) return null
  return <StepIndicator number={at + 1} total={steps.length} name={t(`ui.steps.${step}`)} />
}
