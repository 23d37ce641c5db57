/**
 * "Step 2 of 4 · Your ID" on an onboarding screen: the number comes from the domain's list of the borrower's
 * country's steps (src/domain/onboarding-steps.ts), never from the screen.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { onboardingProgress, type OnboardingStep } from '../../src/domain/onboarding-steps'
import { StepIndicator } from '../../src/ui/step-indicator'
import type { JourneyRef } from '../screen-props'
import { selectCountry } from './journey-selectors'

export function OnboardingStepIndicator({
  journey,
  step,
}: {
  journey: JourneyRef
  step: OnboardingStep
}): ReactElement | null {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const progress = onboardingProgress(country, step)
  if (!progress) return null
  return <StepIndicator number={progress.number} total={progress.total} name={t(`ui.steps.${step}`)} />
}
