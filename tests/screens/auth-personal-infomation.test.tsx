import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import type { FormValues } from '../../machines/submit.machine'
import PersonalInfomationScreen from '../../screens/auth/personal-infomation'
import type { Language } from '../../domain/countries'
import { NETWORK_DOWN, renderScreen, startJourney } from './auth-journey'
import { personalInfoDraft } from '../domain/onboarding-bodies'

const t = (key: string, values?: Record<string, unknown>) => i18next.t(key, values)

const VALID: FormValues = personalInfoDraft

async function openPersonalInfo(
  opts: Partial<Parameters<typeof startJourney>[0]> & { language?: Language } = {},
) {
  const journey = startJourney({ status: 6, entry: 'personalInfomation', ...opts })
  const view = await renderScreen(PersonalInfomationScreen, journey.actor, {
    route: 'personalInfomation',
    language: opts.language,
    country: opts.country,
  })
  return { ...journey, view }
}

async function chooseBirthday(user: UserEvent, year: string, month: string, day: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.year') }), year)
  await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.month') }), month)
  await user.selectOptions(screen.getByRole('combobox', { name: t('ui.birthday.day') }), day)
}

/** The NIDA boxes (the field's fieldset holds the kit's group of four inputs). */
function nidaBoxes(): HTMLInputElement[] {
  const label = new RegExp(t('auth.personal.nationalId.nida').replace(/[()]/g, '\\$&'))
  return within(screen.getAllByRole('group', { name: label })[0]!).getAllByRole(
    'textbox',
  ) as HTMLInputElement[]
}

/** Opens a picker field by its label and chooses an option. */
async function pick(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }))
  const sheet = await screen.findByRole('dialog')
  await user.click(within(sheet).getByRole('option', { name: option }))
}

describe('personal information: what the borrower is asked', () => {
  it('asks for education, marital status, the ID and the contacts only once the birthday is chosen', async () => {
    const user = userEvent.setup()
    await openPersonalInfo()
    expect(screen.getByRole('heading', { name: t('auth.personal.basic') })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: t('auth.personal.residence') })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Education/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Marital status/ })).toBeNull()
    expect(screen.queryAllByRole('group', { name: /National ID number \(NIDA\)/ })).toEqual([])
    expect(screen.queryByRole('textbox', { name: /^E-mail/ })).toBeNull()

    await chooseBirthday(user, '1990', '5', '17')

    expect(screen.getByRole('button', { name: /^Education/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^Marital status/ })).toBeInTheDocument()
    expect(nidaBoxes()).toHaveLength(4)
    expect(screen.getByRole('textbox', { name: /^E-mail/ })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^WhatsApp/ })).toBeInTheDocument()
  })

  it('moves a Tanzanian borrower’s NIDA number on from box to box as each fills (8-5-5-2)', async () => {
    const user = userEvent.setup()
    await openPersonalInfo({ drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    const boxes = nidaBoxes()
    expect(boxes).toHaveLength(4)
    await user.click(boxes[0]!)
    await user.keyboard('12345678')
    expect(boxes[1]).toHaveFocus()
    await user.keyboard('12345')
    expect(boxes[2]).toHaveFocus()
    await user.keyboard('00002')
    expect(boxes[3]).toHaveFocus()
    await user.keyboard('26')
    expect(boxes.map((box) => box.value)).toEqual(['12345678', '12345', '00002', '26'])
  })

  it('asks a Mexican borrower for the CURP and the optional RFC and NSS, in Spanish, and types the municipality in', async () => {
    await openPersonalInfo({
      country: 'MX',
      language: 'es',
      drafts: new Map([['personalInfo', { birthday: '1990-05-17', state: 'Jalisco' }]]),
    })
    expect(screen.getByRole('textbox', { name: /^CURP/ })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^RFC \(opcional\)/ })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^NSS/ })).toBeInTheDocument()
    expect(screen.queryAllByRole('group', { name: /NIDA/ })).toEqual([])
    expect(screen.getByRole('textbox', { name: /^Municipio/ })).toBeEnabled()
  })

  it('asks a Kenyan borrower for the national ID number as one field, with no RFC', async () => {
    await openPersonalInfo({ country: 'KE', drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    expect(screen.getByRole('textbox', { name: /^National ID number/ })).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^RFC/ })).toBeNull()
  })
})

describe('personal information: card type, ward and colonia (issue 18, spec §3 cardType and county)', () => {
  it('asks a Kenyan borrower which card they hold, the national ID card unless they pick the Maisha card', async () => {
    const user = userEvent.setup()
    await openPersonalInfo({ country: 'KE', drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    const group = screen.getByRole('radiogroup', { name: new RegExp(`^${t('auth.personal.cardType')}`) })
    const cards = within(group).getAllByRole('radio')
    expect(cards.map((c) => c.closest('label')?.textContent)).toEqual([
      t('enums.cardType.nationalIdCard'),
      t('enums.cardType.maishaCard'),
    ])
    await user.click(within(group).getByRole('radio', { name: t('enums.cardType.maishaCard') }))
    expect(within(group).getByRole('radio', { name: t('enums.cardType.maishaCard') })).toBeChecked()
  })

  it('does not ask a Tanzanian borrower, whose only card is the NIDA card', async () => {
    await openPersonalInfo({ drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    expect(screen.queryByRole('radiogroup', { name: new RegExp(`^${t('auth.personal.cardType')}`) })).toBeNull()
  })

  it('asks the ward once the region is chosen and sends it as county', async () => {
    const user = userEvent.setup()
    const { actor, sent } = await openPersonalInfo({ drafts: new Map([['personalInfo', VALID]]) })
    const ward = screen.getByRole('textbox', { name: new RegExp(`^${t('enums.adminLevel.ward')}`) })
    expect(ward).toBeEnabled()
    await user.type(ward, 'Kariakoo')
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('idCardAuthentication'))
    expect(sent.personalInfo).toMatchObject({ county: 'Kariakoo' })
  })

  it('calls it the colonia in Mexico, in Spanish', async () => {
    await openPersonalInfo({ country: 'MX', language: 'es', drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    expect(screen.getByRole('textbox', { name: /^Colonia \(opcional\)/ })).toBeDisabled()
  })
})

describe('personal information: region and district', () => {
  it('opens the district only after a region, and clears it when the region changes', async () => {
    const user = userEvent.setup()
    await openPersonalInfo()
    const district = () => screen.getByRole('button', { name: /^District/ })
    expect(district()).toBeDisabled()

    await pick(user, 'Region', 'Arusha')
    expect(district()).toBeEnabled()
    await pick(user, 'District', 'Karatu')
    expect(district()).toHaveTextContent('Karatu')

    await pick(user, 'Region', 'Dodoma')
    expect(district()).not.toHaveTextContent('Karatu')
    expect(district()).toHaveTextContent(t('ui.picker.choose'))
  })

  it('finds a region by typing part of its name in the picker’s search box', async () => {
    const user = userEvent.setup()
    await openPersonalInfo()
    await user.click(screen.getByRole('button', { name: /^Region/ }))
    const sheet = await screen.findByRole('dialog')
    await user.type(within(sheet).getByRole('searchbox'), 'kilim')
    expect(
      within(sheet)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kilimanjaro'])
  })
})

describe.each<Language>(['en', 'sw', 'es'])('personal information: messages in %s', (language) => {
  it('says how to write a NIDA number that is not complete', async () => {
    const user = userEvent.setup()
    await openPersonalInfo({ language, drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    const boxes = nidaBoxes()
    await user.click(boxes[0]!)
    await user.keyboard('1234')
    await user.tab()
    const message = t('validation.nationalId.nida')
    expect(message).not.toBe('validation.nationalId.nida')
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('names the e-mail domains the country accepts', async () => {
    const user = userEvent.setup()
    await openPersonalInfo({ language, drafts: new Map([['personalInfo', { birthday: '1990-05-17' }]]) })
    const email = screen.getByRole('textbox', { name: new RegExp(`^${t('auth.personal.email')}`) })
    await user.type(email, 'asha@hotmail.com')
    await user.tab()
    const message = t('validation.email.domain', { domains: 'gmail.com, yahoo.com' })
    expect(message).toContain('gmail.com, yahoo.com')
    expect(await screen.findByText(message)).toBeInTheDocument()
  })
})

describe('personal information: draft and submit', () => {
  it('gives back what was typed after the app is closed and opened again', async () => {
    const user = userEvent.setup()
    const first = await openPersonalInfo()
    await user.type(screen.getByRole('textbox', { name: /^First name/ }), 'Asha')
    await user.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Mwakyusa')
    first.view.unmount()
    first.actor.stop()

    await openPersonalInfo({ drafts: first.drafts })
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Asha')
    expect(screen.getByRole('textbox', { name: /^Last name/ })).toHaveValue('Mwakyusa')
  })

  it('fills the form with a draft the phone’s storage hands over only after the screen opened', async () => {
    await openPersonalInfo({ lateDrafts: true, drafts: new Map([['personalInfo', { firstName: 'Neema' }]]) })
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Neema'))
  })

  it('does not keep a district in the draft after the region changed', async () => {
    const user = userEvent.setup()
    const { drafts } = await openPersonalInfo({
      drafts: new Map([['personalInfo', { state: 'Arusha', city: 'Karatu' }]]),
    })
    await pick(user, 'Region', 'Dodoma')
    expect(drafts.get('personalInfo')?.state).toBe('Dodoma')
    expect(drafts.get('personalInfo')?.city).toBeUndefined()
  })

  it('disables the button while saving, and keeps every value when the save fails', async () => {
    const user = userEvent.setup()
    let fail: (reason: unknown) => void = () => {}
    const { actor } = await openPersonalInfo({
      drafts: new Map([['personalInfo', VALID]]),
      save: { personalInfo: () => new Promise<void>((_, reject) => (fail = reject)) },
    })
    const next = screen.getByRole('button', { name: t('auth.common.next') })
    expect(next).toBeEnabled()
    await user.click(next)
    await waitFor(() => expect(next).toBeDisabled())

    await act(async () => fail(NETWORK_DOWN))
    await waitFor(() => expect(next).toBeEnabled())
    expect(await screen.findByRole('alert')).toHaveTextContent(t('errors.network'))
    expect(screen.getByRole('textbox', { name: /^First name/ })).toHaveValue('Asha')
    expect(screen.getByRole('textbox', { name: /^Address/ })).toHaveValue('Plot 12, Sokoine Road')
    expect(actor.getSnapshot().context.route).toBe('personalInfomation')
  })

  it('saves a complete form and goes on to the ID card step', async () => {
    const user = userEvent.setup()
    const { actor, sent, drafts } = await openPersonalInfo({ drafts: new Map([['personalInfo', VALID]]) })
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    await waitFor(() => expect(actor.getSnapshot().context.route).toBe('idCardAuthentication'))
    expect(sent.personalInfo).toMatchObject({ nationalId: '19900517-12345-00002-26', city: 'Karatu' })
    expect(drafts.has('personalInfo')).toBe(false)
  })

  it('shows what is missing instead of sending an incomplete form', async () => {
    const user = userEvent.setup()
    const { sent } = await openPersonalInfo()
    await user.click(screen.getByRole('button', { name: t('auth.common.next') }))
    expect(await screen.findByText(t('validation.birthday.required'))).toBeInTheDocument()
    expect(screen.getAllByText(t('validation.name.required'))).toHaveLength(2)
    expect(sent.personalInfo).toBeUndefined()
  })
})
