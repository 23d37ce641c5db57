/**
 * Page steps of the onboarding, as a borrower does them on screen (journeys 1 and 11): log in or register with
 * the SMS code, fill in personal information, the ID photos and the face check, the work information, the
 * questionnaire (Mexico) and the wallet. Every control is found by its role and its translated label
 * (locales/<lang>/…), so a missing or raw translation makes the step fail.
 */
import { intlLocale, type CountryCode } from '../../../domain/countries'
import type { SalaryBand } from '../../../domain/enums'
import { formatMoney, unitsToMinor } from '../../../domain/money'
import { countrySalaryBands, salaryBandWording } from '../../../domain/salary-bands'
import { QUESTIONNAIRE } from '../../../domain/enums'
import { photoPng } from '../borrower-api'
import { expect, t, type KopaServer, type Lang, type Page } from '../fixtures'

/** A translated text with its `{{placeholders}}` filled in. */
export function tr(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  return t(lang, key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    String(values[name] ?? `{{${name}}}`),
  )
}

/** The text of an enumeration value as the pickers show it (locales/<lang>/enums.json). */
export function enumText(lang: Lang, name: string, value: string | number): string {
  return t(lang, `enums.${name}.${value}`)
}

/**
 * Chooses an option of an empty select-like field: its button is named by the field's label and the picker's
 * "Choose", and opens a bottom sheet with a listbox; long lists have a search box, typed into first.
 */
export async function pick(
  page: Page,
  lang: Lang,
  label: string,
  option: string,
  within: ReturnType<Page['locator']> | Page = page,
): Promise<void> {
  await within.getByRole('button', { name: `${label} ${t(lang, 'ui.picker.choose')}`, exact: true }).click()
  const sheet = page.getByRole('dialog', { name: label, exact: true })
  await expect(sheet).toBeVisible()
  const search = sheet.getByRole('searchbox', { name: t(lang, 'ui.picker.search') })
  if (await search.isVisible()) await search.fill(option)
  await sheet.getByRole('option', { name: option, exact: true }).click()
  await expect(sheet).toBeHidden()
}

/** On login or register: types the number (unless it is filled in already) and asks for the SMS code. */
export async function requestSmsCode(page: Page, lang: Lang, mobile?: string): Promise<void> {
  if (mobile !== undefined)
    await page.getByRole('textbox', { name: t(lang, 'user.form.mobile'), exact: true }).fill(mobile)
  await page.getByRole('button', { name: t(lang, 'user.form.getCode'), exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: t(lang, 'user.form.codeSent') })).toBeVisible()
}

/** Reads the SMS the server "sent" (its development outbox), types it into the six boxes and submits. */
export async function enterSmsCode(
  page: Page,
  kopa: KopaServer,
  lang: Lang,
  mobile: string,
  purpose: 'login' | 'register',
): Promise<void> {
  const code = await kopa.smsCode(mobile)
  await page
    .getByRole('textbox', { name: tr(lang, 'ui.code.digit', { n: 1, total: 6 }), exact: true })
    .click()
  await page.keyboard.type(code)
  await page.getByRole('button', { name: t(lang, `user.${purpose}.submit`), exact: true }).click()
}

/** On login or register: the number, the SMS code, submit. */
export async function signInWithSmsCode(
  page: Page,
  kopa: KopaServer,
  lang: Lang,
  mobile: string,
  purpose: 'login' | 'register',
): Promise<void> {
  await requestSmsCode(page, lang, mobile)
  await enterSmsCode(page, kopa, lang, mobile, purpose)
}

/** What a borrower types on personal information; enumeration fields hold their wire values. */
export interface PersonalInput {
  firstName: string
  lastName: string
  gender: string | number
  birthday: { year: number; month: number; day: number }
  education: string
  maritalStatus: string
  /** The ID number as typed: Tanzania's 20 NIDA digits into their four boxes, Mexico's CURP into one field. */
  nationalId: string
  rfc?: string
  nss?: string
  email: string
  residenceType: string
  state: string
  /** Tanzania's district is picked from the region's list; Mexico's municipality is typed. */
  city: string
  /** The optional third level (Tanzania's ward, Mexico's colonia), sent as `county` (issue 18). */
  county?: string
  /** The card, where the country takes more than one (Mexico: INE or passport); otherwise the usual one. */
  cardType?: string
  address: string
}

/** A Mexican borrower's personal information: a CURP, an RFC and an NSS (IMSS's own example), a state. */
export const CARLOS_GOMEZ: PersonalInput = {
  firstName: 'Carlos',
  lastName: 'Gómez Martínez',
  gender: 1,
  birthday: { year: 1990, month: 1, day: 1 },
  education: 'Graduate',
  maritalStatus: 'married',
  nationalId: 'GOMC900101HDFRRR06',
  rfc: 'GOMC900101AB1',
  nss: '92919084431',
  email: 'carlos.gomez@gmail.com',
  residenceType: 'Rented house',
  state: 'Jalisco',
  city: 'Zapopan',
  county: 'Jardines del Bosque',
  cardType: 'passport',
  address: 'Av. Patria 1234, Col. Jardines',
}

/** Personal information (status 6): basic information, the ID number, residence. */
export async function fillPersonalInfo(page: Page, lang: Lang, country: 'TZ' | 'MX', p: PersonalInput) {
  const text = (key: string) => page.getByRole('textbox', { name: t(lang, key), exact: true })
  await text('auth.personal.firstName').fill(p.firstName)
  await text('auth.personal.lastName').fill(p.lastName)
  await page.getByRole('radio', { name: enumText(lang, 'gender', p.gender), exact: true }).check()
  // The rest of the basic information opens once the date of birth is chosen.
  await page
    .getByRole('combobox', { name: t(lang, 'ui.birthday.year'), exact: true })
    .selectOption(String(p.birthday.year))
  await page
    .getByRole('combobox', { name: t(lang, 'ui.birthday.month'), exact: true })
    .selectOption(String(p.birthday.month))
  await page
    .getByRole('combobox', { name: t(lang, 'ui.birthday.day'), exact: true })
    .selectOption(String(p.birthday.day))
  await pick(page, lang, t(lang, 'auth.personal.education'), enumText(lang, 'education', p.education))
  await pick(
    page,
    lang,
    t(lang, 'auth.personal.maritalStatus'),
    enumText(lang, 'maritalStatus', p.maritalStatus),
  )
  if (country === 'TZ') {
    // The NIDA boxes move on by themselves as the digits are typed.
    await page
      .getByRole('textbox', { name: tr(lang, 'ui.nida.part', { n: 1, total: 4, digits: 8 }), exact: true })
      .click()
    await page.keyboard.type(p.nationalId)
  } else {
    if (p.cardType) await page.getByRole('radio', { name: enumText(lang, 'cardType', p.cardType), exact: true }).check()
    await text('auth.personal.nationalId.curp').fill(p.nationalId)
    if (p.rfc) await text('auth.personal.rfc').fill(p.rfc)
    if (p.nss) await text('auth.personal.nss').fill(p.nss)
  }
  await text('auth.personal.email').fill(p.email)
  await pick(
    page,
    lang,
    t(lang, 'auth.personal.residenceType'),
    enumText(lang, 'residenceType', p.residenceType),
  )
  const levels = country === 'TZ' ? (['region', 'district'] as const) : (['state', 'municipality'] as const)
  await pick(page, lang, t(lang, `enums.adminLevel.${levels[0]}`), p.state)
  if (country === 'TZ') await pick(page, lang, t(lang, `enums.adminLevel.${levels[1]}`), p.city)
  else await text(`enums.adminLevel.${levels[1]}`).fill(p.city)
  if (p.county) {
    const third = t(lang, `enums.adminLevel.${country === 'TZ' ? 'ward' : 'colonia'}`)
    await page.getByRole('textbox', { name: tr(lang, 'auth.area.optional', { level: third }), exact: true }).fill(p.county)
  }
  await text('auth.personal.address').fill(p.address)
}

/**
 * The permission disclosure the app opens by itself before the first screen of a visit that collects from the
 * phone (the ID photos, finish loading) on a phone where it was never accepted (docs/decisions.md "Permission
 * disclosure"): Accept asks the shell for what Kopa uses, and the app goes on to that screen.
 */
export async function acceptDisclosure(page: Page, lang: Lang): Promise<void> {
  await expect(page).toHaveURL(/#\/pop$/)
  await expect(
    page.getByRole('heading', { level: 1, name: t(lang, 'standalone.permission.title'), exact: true }),
  ).toBeVisible()
  await page.getByRole('button', { name: t(lang, 'standalone.permission.accept'), exact: true }).click()
}

/**
 * The ID screen (status 12): the card's front and back are photographed with the phone's camera (the file input
 * with `capture`, given a camera-like photo here), each upload is confirmed on screen, then the face check runs
 * in the native shell's liveness SDK (featureMode.live 1, the default).
 */
export async function takeIdPhotosAndFace(page: Page, lang: Lang): Promise<void> {
  for (const [i, side] of (['front', 'back'] as const).entries()) {
    const region = page.getByRole('region', { name: t(lang, `auth.identity.${side}`), exact: true })
    const chooser = page.waitForEvent('filechooser')
    await region.getByRole('button').click()
    await (
      await chooser
    ).setFiles({ name: `id-${side}.png`, mimeType: 'image/png', buffer: photoPng(320 + 16 * i) })
    await expect(region.getByText(t(lang, 'auth.identity.uploaded'), { exact: true })).toBeVisible()
  }
  await page.getByRole('button', { name: t(lang, 'auth.identity.faceStart'), exact: true }).click()
  await expect(page.getByText(t(lang, 'auth.identity.faceDone'), { exact: true })).toBeVisible()
}

export interface WorkInput {
  employmentType: string
  companyName: string
  industry: string
  jobExperience: string
  monthlySalary: string
  payFrequency: string
  /** Day of the month (a monthly pay frequency). */
  payday: number
  contacts: readonly [ContactInput, ContactInput]
}

/** Work the scorecard approves: an employee, 180,001–280,000 a month, 1–3 years (70 points). */
export const TANGA_CEMENT_WORK: WorkInput = {
  employmentType: 'employee',
  companyName: 'Tanga Cement',
  industry: 'manufacturing',
  jobExperience: 'in1_3Years',
  monthlySalary: '180001-280000',
  payFrequency: 'Monthly',
  payday: 25,
  contacts: [
    { name: 'Baraka Mushi', mobile: '0754000001', relation: 'parents' },
    { name: 'Neema Mushi', mobile: '0688000002', relation: 'brothersOrSisters' },
  ],
}

/** A Mexican employee's work at Cemex, with Mexican contacts. */
export const CEMEX_WORK: WorkInput = {
  employmentType: 'Employee',
  companyName: 'Cemex',
  industry: 'manufacturing',
  jobExperience: '1-3 years',
  monthlySalary: '180001-280000',
  payFrequency: 'Monthly',
  payday: 15,
  contacts: [
    { name: 'María Gómez', mobile: '3312345601', relation: 'Parents' },
    { name: 'Luis Gómez', mobile: '5512345602', relation: 'Siblings' },
  ],
}

export interface ContactInput {
  name: string
  mobile: string
  relation: string
}

/**
 * A salary band as the form labels it: the country's bands in its currency (domain/salary-bands.ts — the demo
 * products keep the country's defaults), formatted as the app formats money in that language.
 */
export function salaryBandLabel(lang: Lang, country: CountryCode, band: string): string {
  const terms = countrySalaryBands(country)
  const locale = intlLocale(country, lang)
  const money = (major: number) =>
    formatMoney(unitsToMinor(major, terms.minorPerUnit), terms.currency, locale, {
      minorPerUnit: terms.minorPerUnit,
    })
  const wording = salaryBandWording(terms.bands[band as SalaryBand])
  const template = t(lang, `auth.additional.salaryBand.${wording.kind}`)
  return wording.kind === 'between'
    ? template.replace('{{from}}', money(wording.fromMajor)).replace('{{to}}', money(wording.toMajor))
    : template.replace('{{amount}}', money(wording.amountMajor))
}

/** Additional information (status 11): work, pay and two emergency contacts. */
export async function fillWorkInfo(
  page: Page,
  lang: Lang,
  w: WorkInput,
  country: CountryCode = 'TZ',
): Promise<void> {
  await pick(
    page,
    lang,
    t(lang, 'auth.additional.employmentType'),
    enumText(lang, 'employmentType', w.employmentType),
  )
  await page
    .getByRole('textbox', { name: t(lang, 'auth.additional.companyName'), exact: true })
    .fill(w.companyName)
  await pick(page, lang, t(lang, 'auth.additional.industry'), enumText(lang, 'industry', w.industry))
  await pick(
    page,
    lang,
    t(lang, 'auth.additional.jobExperience'),
    enumText(lang, 'jobExperience', w.jobExperience),
  )
  await pick(
    page,
    lang,
    t(lang, 'auth.additional.monthlySalary'),
    salaryBandLabel(lang, country, w.monthlySalary),
  )
  await pick(
    page,
    lang,
    t(lang, 'auth.additional.payFrequency'),
    enumText(lang, 'payFrequency', w.payFrequency),
  )
  await pick(page, lang, t(lang, 'auth.additional.payday.only.day'), String(w.payday))
  for (const [i, c] of w.contacts.entries()) {
    const group = page.getByRole('group', {
      name: tr(lang, 'auth.additional.contact', { n: i + 1 }),
      exact: true,
    })
    await group
      .getByRole('textbox', { name: t(lang, 'auth.additional.contactName'), exact: true })
      .fill(c.name)
    await group
      .getByRole('textbox', { name: t(lang, 'auth.additional.contactMobile'), exact: true })
      .fill(c.mobile)
    await pick(
      page,
      lang,
      t(lang, 'auth.additional.contactRelation'),
      enumText(lang, 'contactRelation', c.relation),
      group,
    )
  }
}

/** The wallet the loan is paid to (status 5): a mobile-money number (Tanzania) or a CLABE (Mexico), typed twice. */
export async function fillWallet(
  page: Page,
  lang: Lang,
  provider: 'mpesa' | 'clabe',
  account: string,
): Promise<void> {
  const kind = provider === 'clabe' ? 'clabe' : 'mobile'
  const choice = page.getByRole('radio', { name: t(lang, `enums.wallet.${provider}`), exact: true })
  // A country with one provider (Mexico's CLABE) may show it chosen already.
  if (!(await choice.isChecked())) await choice.check()
  await page.getByRole('textbox', { name: t(lang, `wallet.${kind}.number`), exact: true }).fill(account)
  await page.getByRole('textbox', { name: t(lang, `wallet.${kind}.confirm`), exact: true }).fill(account)
}

/** Taps a button by its translated name (exact). */
export async function tap(page: Page, lang: Lang, key: string): Promise<void> {
  await page.getByRole('button', { name: t(lang, key), exact: true }).click()
}

/**
 * The credit-history questionnaire (status 17, Mexico): each question given, found by its numbered label as the
 * screen shows it, answered with the answer given for its key (`enums.questionnaire.<key>` →
 * `enums.questionAnswer.<answer>`).
 */
export async function answerQuestionnaire(
  page: Page,
  lang: Lang,
  answers: readonly { key: string; answer: string }[],
): Promise<void> {
  for (const { key, answer } of answers) {
    const n = QUESTIONNAIRE.findIndex((q) => q.key === key) + 1
    const question = tr(lang, 'auth.question.numbered', {
      n,
      question: t(lang, `enums.questionnaire.${key}`),
    })
    const group = page.getByRole('radiogroup', { name: question, exact: true })
    await group.getByRole('radio', { name: enumText(lang, 'questionAnswer', answer), exact: true }).check()
  }
}
