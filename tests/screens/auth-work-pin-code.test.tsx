/**
 * Issue 18: the work address's postal code (workPinCode) is asked with the rest of the work address, shown and sent
 * only where the work type shows the address.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import AdditionalInfomationScreen from '../../screens/auth/additional-infomation'
import type { Language } from '../../domain/countries'
import { workInfo } from '../domain/onboarding-bodies'
import { renderScreen, startJourney, t, textField } from './auth-journey'

async function open(draft: FormValues, language?: Language) {
  const journey = startJourney({
    status: 11,
    entry: 'additionalInfomation',
    drafts: new Map([['additionalInfo', draft]]),
  })
  await renderScreen(AdditionalInfomationScreen, journey.actor, { route: 'additionalInfomation', language })
  return journey
}

describe('additional information: the work address’s postal code', () => {
  it('is asked beside the work address of an employee and sent with it', async () => {
    const { actor, sent } = await open({
      ...workInfo,
      workAddress: 'Plot 12, Pangani Road',
      workPinCode: '21101',
      workState: 'Arusha',
      workCounty: 'Kaloleni',
    })
    expect(textField(t('auth.additional.workPinCode'))).toHaveValue('21101')
    // The work address's third level (the ward in Tanzania), spec §3's county, sent as workCounty.
    expect(textField(t('auth.area.optional', { level: t('enums.adminLevel.ward') }))).toHaveValue('Kaloleni')
    await userEvent.setup().click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    expect(sent.additionalInfo).toMatchObject({
      workAddress: 'Plot 12, Pangani Road',
      workPinCode: '21101',
      workCounty: 'Kaloleni',
    })
  })

  it('refuses a postal code that is not five digits, in the borrower’s language', async () => {
    await open({ ...workInfo, workPinCode: '211' }, 'sw')
    await userEvent.setup().click(screen.getByRole('button', { name: t('auth.common.next', { lng: 'sw' }) }))
    expect(await screen.findByText(t('validation.pinCode.format', { lng: 'sw' }))).toBeInTheDocument()
  })

  it('is neither asked nor sent where the work type has no work address', async () => {
    const { actor, sent } = await open({
      employmentType: 'Unemployed',
      incomeSource: 'Family support',
      monthlySalary: 'Less than 70000',
      workPinCode: '21101',
      workCounty: 'Kaloleni',
      emergencyContactName1: workInfo.emergencyContactName1,
      emergencyContactMobile1: workInfo.emergencyContactMobile1,
      emergencyContactRelation1: workInfo.emergencyContactRelation1,
      emergencyContactName2: workInfo.emergencyContactName2,
      emergencyContactMobile2: workInfo.emergencyContactMobile2,
      emergencyContactRelation2: workInfo.emergencyContactRelation2,
    })
    expect(screen.queryByLabelText(t('auth.additional.workPinCode'))).toBeNull()
    await userEvent.setup().click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    expect(sent.additionalInfo?.workPinCode).toBeUndefined()
    expect(sent.additionalInfo?.workCounty).toBeUndefined()
  })
})
