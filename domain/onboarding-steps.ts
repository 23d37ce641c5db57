/**
 * The steps of onboarding as the borrower counts them ("Step 2 of 4"), in the order the statuses take them
 * (decisions.md: 6 → 12 → 11 → 5, then 17 where the country asks the questionnaire). One list for every screen, so
 * no screen hard-codes its number and a country that adds or drops a step renumbers them all.
 */
import { COUNTRIES, type CountryCode } from './countries'
import { ONBOARDING_STATUSES, OrderStatus, onboardingStepOf, type StatusStep } from './order-status'

export type OnboardingStep = Extract<
  StatusStep,
  'personalInfo' | 'identity' | 'additionalInfo' | 'addWallet' | 'loanQuestion'
>

/** The onboarding steps of a country, in order. */
export function onboardingSteps(country: CountryCode): readonly OnboardingStep[] {
  return ONBOARDING_STATUSES.filter(
    (status) => status !== OrderStatus.Question || COUNTRIES[country].questionnaireRequired,
  ).map((status) => onboardingStepOf(status) as OnboardingStep)
}

export interface OnboardingProgress {
  step: OnboardingStep
  /** 1-based. */
  number: number
  total: number
}

/** Where a step stands in the country's onboarding, or null when the country does not ask it. */
export function onboardingProgress(country: CountryCode, step: OnboardingStep): OnboardingProgress | null {
  const steps = onboardingSteps(country)
  const at = steps.indexOf(step)
  return at < 0 ? null : { step, number: at + 1, total: steps.length }
}
