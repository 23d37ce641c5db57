import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import AdditionalInfomationScreen from '../../screens/auth/additional-infomation'
import type { ApiResult } from '../../domain/api-result'
import { COUNTRIES, intlLocale, type CountryCode, type Language } from '../../domain/countries'
import { SALARY_BANDS } from '../../domain/enums'
import { COUNTRY_SCORECARDS } from '../../domain/scorecard-policy'
import { emergencyContacts } from '../domain/onboarding-bodies'
import {
  NETWORK_DOWN,
  pick,
  pickerButton,
  renderScreen,
  startJourney,
  stepAmountOf,
  t,
  textField,
  type JourneyOptions,
} from './auth-journey'

async function openAdditionalInfo(
  opts: {
    language?: Language
    draft?: FormValues
    country?: CountryCode
    stepAmount?: JourneyOptions['stepAmount']
  } = {},
) {
  const journey = startJourney({
    status: 11,
    entry: 'additionalInfomation',
    country: opts.country,
    drafts: opts.draft ? new Map([['additionalInfo', opts.draft]]) : undefined,
    stepAmount: opts.stepAmount,
  })
  await renderScreen(AdditionalInfomationScreen, journey.actor, {
    route: 'additionalInfomation',
    language: opts.language,
    country: opts.country,
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
    ...emergencyContacts,
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

/** The texts of the monthly-income picker's options (closing it again), spaces as plain spaces. */
async function salaryLabels(user: UserEvent): Promise<string[]> {
  await user.click(pickerButton(label('monthlySalary')))
  const sheet = await screen.findByRole('dialog')
  const texts = within(sheet)
    .getAllByRole('option')
    .map((o) => (o.textContent ?? '').replace(/\s+/g, ' '))
  await user.keyboard('{Escape}')
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  return texts
}

/** Chooses the monthly-income band labelled `text` (spaces as plain spaces). */
async function pickBand(user: UserEvent, text: string): Promise<void> {
  await user.click(pickerButton(label('monthlySalary')))
  const sheet = await screen.findByRole('dialog')
  const option = within(sheet)
    .getAllByRole('option')
    .find((o) => (o.textContent ?? '').replace(/\s+/g, ' ') === text)
  expect(option, text).toBeDefined()
  await user.click(option!)
}

/** Everything but the salary band, for an applicant who is not employed. */
const CONTACTS_ONLY: FormValues = {
  employmentType: 'Unemployed',
  incomeSource: 'Family support',
  emergencyContactName1: 'Baraka Mushi',
  emergencyContactMobile1: '0754000001',
  emergencyContactRelation1: 'parents',
  emergencyContactName2: 'Neema Mushi',
  emergencyContactMobile2: '688000002',
  emergencyContactRelation2: 'brothersOrSisters',
}

/** Kenya and Mexico list the spec's second set of relations (enumeration variant B). */
const KE_CONTACTS: FormValues = {
  ...CONTACTS_ONLY,
  emergencyContactMobile1: '0722000001',
  emergencyContactRelation1: 'Parents',
  emergencyContactMobile2: '0733000002',
  emergencyContactRelation2: 'Siblings',
}

const MX_CONTACTS: FormValues = {
  ...KE_CONTACTS,
  emergencyContactMobile1: '5512345671',
  emergencyContactMobile2: '5598765432',
}

describe('additional information: salary bands in the country’s currency', () => {
  it('shows a Kenyan applicant the bands in Kenyan shillings and sends the band id the server scores', async () => {
    const user = userEvent.setup()
    const { actor, sent, productTermsAsked } = await openAdditionalInfo({ country: 'KE', draft: KE_CONTACTS })
    expect(await salaryLabels(user)).toEqual([
      'Less than Ksh 10,000',
      'Ksh 10,001 – Ksh 25,000',
      'Ksh 25,001 – Ksh 50,000',
      'Ksh 50,001 – Ksh 100,000',
      'More than Ksh 100,000',
    ])
    expect(productTermsAsked).toEqual(['ke-flex'])

    await pickBand(user, 'Ksh 25,001 – Ksh 50,000')
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    expect(sent.additionalInfo?.monthlySalary).toBe('180001-280000')
  })

  it('shows a Mexican applicant the bands in pesos, in Spanish, and sends the band id the server scores', async () => {
    const user = userEvent.setup()
    const { actor, sent } = await openAdditionalInfo({ country: 'MX', language: 'es', draft: MX_CONTACTS })
    expect(await salaryLabels(user)).toEqual([
      'Menos de $6,000',
      'De $6,001 a $12,000',
      'De $12,001 a $20,000',
      'De $20,001 a $35,000',
      'Más de $35,000',
    ])

    await pickBand(user, 'Más de $35,000')
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    expect(sent.additionalInfo?.monthlySalary).toBe('More than 400000')
  })

  it('shows a Tanzanian applicant the spec’s amounts as shillings, in Kiswahili', async () => {
    const user = userEvent.setup()
    await openAdditionalInfo({ country: 'TZ', language: 'sw' })
    expect(await salaryLabels(user)).toEqual([
      'Chini ya TSh 70,000',
      'TSh 70,001 hadi TSh 180,000',
      'TSh 180,001 hadi TSh 280,000',
      'TSh 280,001 hadi TSh 400,000',
      'Zaidi ya TSh 400,000',
    ])
  })

  it('shows the country’s bands while the product’s terms load, then the lender’s configured ones', async () => {
    const user = userEvent.setup()
    let answer: (result: ApiResult<unknown>) => void = () => {}
    const configured = {
      ...COUNTRY_SCORECARDS.KE,
      salaryBands: {
        'Less than 70000': { minMajor: 0, maxMajor: 15_000 },
        '70001-180000': { minMajor: 15_001, maxMajor: 30_000 },
        '180001-280000': { minMajor: 30_001, maxMajor: 60_000 },
        '280001-400000': { minMajor: 60_001, maxMajor: 120_000 },
        'More than 400000': { minMajor: 120_001, maxMajor: null },
      },
    }
    const { actor, sent } = await openAdditionalInfo({
      country: 'KE',
      draft: KE_CONTACTS,
      stepAmount: () => new Promise((resolve) => (answer = resolve)),
    })
    expect((await salaryLabels(user))[0]).toBe('Less than Ksh 10,000')

    answer({ ok: true, data: stepAmountOf('KE', configured) })
    await waitFor(() => expect(actor.getSnapshot().context.salaryBands).not.toBeNull())
    expect(await salaryLabels(user)).toEqual([
      'Less than Ksh 15,000',
      'Ksh 15,001 – Ksh 30,000',
      'Ksh 30,001 – Ksh 60,000',
      'Ksh 60,001 – Ksh 120,000',
      'More than Ksh 120,000',
    ])
    await pickBand(user, 'Ksh 15,001 – Ksh 30,000')
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('addBankCard'))
    expect(sent.additionalInfo?.monthlySalary).toBe('70001-180000')
  })

  it('keeps the country’s bands when the product’s terms cannot be read, or name another currency', async () => {
    const user = userEvent.setup()
    await openAdditionalInfo({ country: 'KE', stepAmount: async () => NETWORK_DOWN as ApiResult<unknown> })
    expect((await salaryLabels(user))[4]).toBe('More than Ksh 100,000')
    cleanup()

    const copiedFromTanzania = { ...stepAmountOf('KE'), pricing: { scorecard: COUNTRY_SCORECARDS.TZ } }
    const { actor } = await openAdditionalInfo({
      country: 'KE',
      stepAmount: async () => ({ ok: true, data: copiedFromTanzania }),
    })
    await waitFor(() => expect(actor.getSnapshot().hasTag('busy')).toBe(false))
    expect(actor.getSnapshot().context.salaryBands).toBeNull()
    expect((await salaryLabels(user))[4]).toBe('More than Ksh 100,000')
  })
})

/** The symbols and ISO codes a currency may show with in a locale, e.g. "Ksh" and "KES". */
function currencyMarks(currency: string, locale: string): string[] {
  const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency })
    .formatToParts(1)
    .find((p) => p.type === 'currency')!.value
  return [...new Set([symbol, currency])]
}

const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[]

const SOURCES = {
  /** The order's product's step-amount reply. */
  product: undefined,
  /** The country's defaults: the reply has not come (or cannot). */
  defaults: async () => NETWORK_DOWN as ApiResult<unknown>,
} satisfies Record<string, JourneyOptions['stepAmount']>

describe.each(
  COUNTRY_CODES.flatMap((c) =>
    (['en', 'sw', 'es'] as const).flatMap((l) =>
      (Object.keys(SOURCES) as (keyof typeof SOURCES)[]).map((from) => [c, l, from] as const),
    ),
  ),
)('additional information: %s salary bands in %s, from the %s', (country, language, from) => {
  it('are labelled in the country’s currency only, one label per band id', async () => {
    const user = userEvent.setup()
    const { actor } = await openAdditionalInfo({ country, language, stepAmount: SOURCES[from] })
    await waitFor(() =>
      expect(actor.getSnapshot().children.salaryBands?.getSnapshot().status).not.toBe('active'),
    )
    expect(actor.getSnapshot().context.salaryBands === null).toBe(from === 'defaults')
    const labels = await salaryLabels(user)
    expect(labels).toHaveLength(SALARY_BANDS.A.length)
    const locale = intlLocale(country, language)
    const own = COUNTRIES[country].currency
    const mine = currencyMarks(own, locale)[0]!
    const others = COUNTRY_CODES.map((c) => COUNTRIES[c].currency)
      .filter((c) => c !== own)
      .flatMap((c) => currencyMarks(c, locale))
      .filter((mark) => !mine.includes(mark))
    for (const text of labels) {
      expect(text, text).toContain(mine)
      for (const mark of others) expect(text, `${text} shows ${mark}`).not.toContain(mark)
    }
    const top = new Intl.NumberFormat(locale).format(
      COUNTRY_SCORECARDS[country].salaryBands['280001-400000'].maxMajor!,
    )
    expect(labels[4]).toContain(top)
  })
})
