import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import AdditionalInfomationScreen from '../../screens/auth/additional-infomation'
import type { Language } from '../../src/domain/countries'
import { pick, pickerButton, renderScreen, startJourney, t, textField } from './auth-journey'

async function openAdditionalInfo(opts: { language?: Language; draft?: FormValues } = {}) {
  const journey = startJourney({
    status: 11,
    entry: 'additionalInfomation',
    drafts: opts.draft ? new Map([['additionalInfo', opts.draft]]) : undefined,
  })
  await renderScreen(AdditionalInfomationScreen, journey.actor, {
    route: 'additionalInfomation',
    language: opts.language,
  })
  return journey
}

const label = (key: string) => t(`auth.additional.${key}`)
const shown = (key: string) =>
  screen.queryByRole('button', { name: new RegExp(`^${label(key).replace(/[?()]/g, '\\$&')}`) })
const workType = (user: UserEvent, type: string) =>
  pick(user, label('employmentType'), t(`enums.employmentType.${type}`))

describe('additional information: work fields follow the work type', () => {
  it('asks nothing about an employer before the work type is chosen', async () => {
    await openAdditionalInfo()
    expect(shown('industry')).toBeNull()
    expect(shown('payFrequency')).toBeNull()
    expect(pickerButton(label('monthlySalary'))).toBeInTheDocument()
  })

  it('hides industry, experience, pay frequency and paydays from the unemployed, and asks where the income comes from', async () => {
    const user = userEvent.setup()
    await openAdditionalInfo()
    await workType(user, 'employee')
    expect(shown('industry')).toBeInTheDocument()
    expect(shown('jobExperience')).toBeInTheDocument()
    expect(shown('payFrequency')).toBeInTheDocument()

    await workType(user, 'Unemployed')
    expect(shown('industry')).toBeNull()
    expect(shown('jobExperience')).toBeNull()
    expect(shown('payFrequency')).toBeNull()
    expect(screen.queryByRole('textbox', { name: new RegExp(`^${label('companyName')}`) })).toBeNull()
    expect(textField(label('incomeSource'))).toBeInTheDocument()
  })

  it('asks the self-employed for their industry but not their experience or pay frequency', async () => {
    const user = userEvent.setup()
    await openAdditionalInfo()
    await workType(user, 'self_employed')
    expect(shown('industry')).toBeInTheDocument()
    expect(shown('jobExperience')).toBeNull()
    expect(shown('payFrequency')).toBeNull()
  })

  it('clears the industry when the work type changes', async () => {
    const user = userEvent.setup()
    await openAdditionalInfo()
    await workType(user, 'employee')
    await pick(user, label('industry'), t('enums.industry.transport'))
    expect(shown('industry')).toHaveTextContent(t('enums.industry.transport'))
    await workType(user, 'self_employed')
    expect(shown('industry')).toHaveTextContent(t('ui.picker.choose'))
  })
})

describe('additional information: paydays follow the pay frequency', () => {
  it('offers a day of the month for a monthly pay, and two weekdays for every fourteen days, clearing the old payday', async () => {
    const user = userEvent.setup()
    const { drafts } = await openAdditionalInfo()
    await workType(user, 'employee')
    await pick(user, label('payFrequency'), t('enums.payFrequency.Monthly'))
    await user.click(pickerButton(label('payday.only.day')))
    const days = within(await screen.findByRole('dialog')).getAllByRole('option')
    expect(days.map((d) => d.textContent)).toEqual(Array.from({ length: 31 }, (_, i) => String(i + 1)))
    await user.click(days[24]!)
    expect(pickerButton(label('payday.only.day'))).toHaveTextContent('25')
    expect(screen.queryByRole('button', { name: new RegExp(`^${label('payday.second.day')}`) })).toBeNull()

    await pick(user, label('payFrequency'), t('enums.payFrequency.Fourteen'))
    expect(pickerButton(label('payday.first.weekday'))).toHaveTextContent(t('ui.picker.choose'))
    expect(drafts.get('additionalInfo')).toMatchObject({ payFrequency: 'Fourteen', monthlyPayday: undefined })
    expect(pickerButton(label('payday.second.weekday'))).toBeInTheDocument()
    await user.click(pickerButton(label('payday.first.weekday')))
    expect(within(await screen.findByRole('dialog')).getAllByRole('option')).toHaveLength(7)
  })
})

describe.each<Language>(['en', 'sw', 'es'])(
  'additional information: emergency contact messages in %s',
  (language) => {
    const contactMobile = (n: number) =>
      within(screen.getByRole('group', { name: t('auth.additional.contact', { n }) })).getByRole('textbox', {
        name: new RegExp(`^${label('contactMobile')}`),
      })

    it('refuses a second contact with the same mobile as the first, at the second contact', async () => {
      const user = userEvent.setup()
      await openAdditionalInfo({ language })
      await user.type(contactMobile(1), '0754000001')
      await user.type(contactMobile(2), '754000001')
      await user.tab()
      const message = t('validation.contact.sameMobile')
      expect(message).not.toBe('validation.contact.sameMobile')
      const field = contactMobile(2).closest('.k-field') as HTMLElement
      expect(await within(field).findByText(message)).toBeInTheDocument()
    })

    it('refuses the borrower’s own login number as a contact', async () => {
      const user = userEvent.setup()
      await openAdditionalInfo({ language })
      await user.type(contactMobile(1), '0712345678')
      await user.tab()
      const field = contactMobile(1).closest('.k-field') as HTMLElement
      expect(await within(field).findByText(t('validation.contact.ownMobile'))).toBeInTheDocument()
    })

    it('refuses two contacts with the same relationship, at the second contact', async () => {
      const user = userEvent.setup()
      await openAdditionalInfo({ language })
      const relation = (n: number) =>
        within(screen.getByRole('group', { name: t('auth.additional.contact', { n }) })).getByRole('button', {
          name: new RegExp(`^${label('contactRelation')}`),
        })
      for (const n of [1, 2]) {
        await user.click(relation(n))
        await user.click(
          within(await screen.findByRole('dialog')).getByRole('option', {
            name: t('enums.contactRelation.parents'),
          }),
        )
      }
      const field = relation(2).closest('.k-field') as HTMLElement
      expect(await within(field).findByText(t('validation.contact.sameRelation'))).toBeInTheDocument()
    })
  },
)

describe('additional information: saving', () => {
  const UNEMPLOYED: FormValues = {
    employmentType: 'Unemployed',
    companyName: 'Typed before the type changed',
    incomeSource: 'Family support',
    monthlySalary: 'Less than 70000',
    emergencyContactName1: 'Baraka Mushi',
    emergencyContactMobile1: '0754000001',
    emergencyContactRelation1: 'parents',
    emergencyContactName2: 'Neema Mushi',
    emergencyContactMobile2: '688000002',
    emergencyContactRelation2: 'brothersOrSisters',
  }

  it('restores the draft and sends only the fields the work type shows, then goes on to the wallet', async () => {
    const user = userEvent.setup()
    const { actor, sent } = await openAdditionalInfo({ draft: UNEMPLOYED })
    expect(textField(label('incomeSource'))).toHaveValue('Family support')
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    expect(sent.additionalInfo).toMatchObject({
      employmentType: 'Unemployed',
      incomeSource: 'Family support',
    })
    expect(sent.additionalInfo?.companyName).toBeUndefined()
  })
})
