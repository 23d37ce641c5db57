import { describe, expect, it } from 'vitest'
import { onboardingProgress, onboardingSteps } from '../../domain/onboarding-steps'

describe('the onboarding steps the borrower counts (issue 13: no step indicator)', () => {
  it('follow the statuses 6 → 12 → 11 → 5, and the questionnaire (17) only where the country asks it', () => {
    expect(onboardingSteps('TZ')).toEqual(['personalInfo', 'identity', 'additionalInfo', 'addWallet'])
    expect(onboardingSteps('KE')).toEqual(['personalInfo', 'identity', 'additionalInfo', 'addWallet'])
    expect(onboardingSteps('MX')).toEqual(['personalInfo', 'identity', 'additionalInfo', 'addWallet', 'loanQuestion'])
  })

  it('number each step of its country', () => {
    expect(onboardingProgress('TZ', 'identity')).toEqual({ step: 'identity', number: 2, total: 4 })
    expect(onboardingProgress('MX', 'loanQuestion')).toEqual({ step: 'loanQuestion', number: 5, total: 5 })
    expect(onboardingProgress('TZ', 'loanQuestion')).toBeNull()
  })
})
