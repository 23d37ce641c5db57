/**
 * Additional info: work and two emergency contacts (spec §2, §3 fields, §5 rules), sent to
 * POST /user/saveAdditionInfo-market. Work fields are required only when `workFieldsFor` shows them; paydays
 * follow the pay frequency; the contacts must differ from each other and from the login number.
 */
import * as v from 'valibot'
import { COUNTRIES, type CountryCode } from '../countries'
import {
  CONTACT_RELATIONS,
  EMPLOYMENT_TYPES,
  INDUSTRIES,
  JOB_EXPERIENCE,
  PAY_FREQUENCIES,
  SALARY_BANDS,
  WEEKDAYS,
  employmentCategory,
  paydayFieldsFor,
  workFieldsFor,
  type EmploymentType,
  type PayFrequency,
  type WorkField,
} from '../enums'
import { REQUIRED, blankOr, choice, crossField, filled, isDigits, optionalText } from './common'
import { cityField, cityRules, contactPhone, optionalPinCode, samePhone, stateField } from './fields'
import { ADDRESS_MAX, ADDRESS_MIN } from './personal-info'

export const CONTACT_NAME_MAX = 50

/** A day of the month (monthly, biweekly) or a weekday (weekly, fourteen): which one the pay frequency says. */
const payday = () =>
  v.optional(v.union([v.pipe(v.number(), v.integer()), v.string()], 'validation.payday.required'))

/** An optional phone number of the employer (a landline is fine): digits only, at most 13. */
const companyPhone = () =>
  v.optional(
    v.pipe(
      v.string('validation.phone.digits'),
      v.check(blankOr(isDigits), 'validation.phone.digits'),
      v.maxLength(13, 'validation.phone.spareLength'),
    ),
  )

const contactName = () =>
  v.pipe(
    v.string('validation.contact.nameRequired'),
    v.check(filled, 'validation.contact.nameRequired'),
    v.maxLength(CONTACT_NAME_MAX, 'validation.name.tooLong'),
  )

function additionalInfoEntries(country: CountryCode) {
  const variant = COUNTRIES[country].enumVariant
  return {
    employmentType: choice(EMPLOYMENT_TYPES[variant]),
    companyName: optionalText(100),
    /** How long at this employer or business. */
    workThereTime: v.optional(choice(JOB_EXPERIENCE[variant])),
    industryCategory: v.optional(choice(INDUSTRIES[variant])),
    jobExperience: v.optional(choice(JOB_EXPERIENCE[variant])),
    monthlySalary: choice(SALARY_BANDS[variant]),
    payFrequency: v.optional(choice(PAY_FREQUENCIES[variant])),
    monthlyPayday: payday(),
    monthlyPaydayTwo: payday(),
    incomeSource: optionalText(100),
    companyPhone: companyPhone(),
    workPinCode: optionalPinCode(),
    workState: stateField(country, false),
    workCity: cityField(),
    workCounty: optionalText(100),
    workAddress: v.optional(
      v.pipe(
        v.string('validation.address.length'),
        v.check(
          blankOr((s) => s.trim().length >= ADDRESS_MIN && s.trim().length <= ADDRESS_MAX),
          'validation.address.length',
        ),
      ),
    ),
    emergencyContactName1: contactName(),
    emergencyContactMobile1: contactPhone(country),
    emergencyContactRelation1: choice(CONTACT_RELATIONS[variant]),
    emergencyContactName2: contactName(),
    emergencyContactMobile2: contactPhone(country),
    emergencyContactRelation2: choice(CONTACT_RELATIONS[variant]),
    linkedin: optionalText(200),
    facebook: optionalText(200),
  }
}

type Shape = v.InferOutput<v.ObjectSchema<ReturnType<typeof additionalInfoEntries>, string>>

/** Work fields required whenever they are shown (the others — phone, time there, address — stay optional). */
const REQUIRED_WHEN_SHOWN = ['companyName', 'industryCategory', 'jobExperience', 'payFrequency'] as const
const PAYDAY_FIELDS = ['monthlyPayday', 'monthlyPaydayTwo'] as const satisfies readonly WorkField[]

const shown = (i: Shape, field: WorkField): boolean =>
  workFieldsFor(i.employmentType as EmploymentType, i.payFrequency as PayFrequency | undefined)[field]

const present = (value: unknown): boolean => (typeof value === 'string' ? filled(value) : value !== undefined)

/** Whether a payday value fits the picker its pay frequency uses. */
function paydayFits(frequency: PayFrequency, value: unknown, weekdays: readonly string[]): boolean {
  return paydayFieldsFor(frequency).first === 'dayOfMonth'
    ? typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 31
    : typeof value === 'string' && weekdays.includes(value)
}

function workRules(country: CountryCode) {
  const weekdays: readonly string[] = WEEKDAYS[COUNTRIES[country].enumVariant]
  const requiredWhenShown = REQUIRED_WHEN_SHOWN.map((field) =>
    crossField<Shape>(['employmentType', field], (i) => !shown(i, field) || present(i[field]), REQUIRED, field),
  )
  const paydays = PAYDAY_FIELDS.flatMap((field) => [
    // Paydays are asked once a pay frequency is chosen, and only when the work type shows them.
    crossField<Shape>(
      ['employmentType', 'payFrequency', field],
      (i) => i.payFrequency === undefined || !shown(i, field) || present(i[field]),
      'validation.payday.required',
      field,
    ),
    crossField<Shape>(
      ['payFrequency', field],
      (i) => i.payFrequency === undefined || i[field] === undefined || paydayFits(i.payFrequency, i[field], weekdays),
      'validation.payday.wrongKind',
      field,
    ),
  ])
  return [
    ...requiredWhenShown,
    ...paydays,
    crossField<Shape>(
      ['monthlyPayday', 'monthlyPaydayTwo'],
      (i) => i.monthlyPaydayTwo === undefined || i.monthlyPayday !== i.monthlyPaydayTwo,
      'validation.payday.sameAsFirst',
      'monthlyPaydayTwo',
    ),
    // Without work the borrower says where the monthly income comes from (eligibility: "has a monthly income").
    crossField<Shape>(
      ['employmentType', 'incomeSource'],
      (i) =>
        employmentCategory(i.employmentType as EmploymentType) !== 'unemployed' || filled(i.incomeSource ?? ''),
      'validation.work.incomeSource',
      'incomeSource',
    ),
  ]
}

function contactRules(country: CountryCode, loginMobile: string) {
  const notLogin = (field: 'emergencyContactMobile1' | 'emergencyContactMobile2') =>
    crossField<Shape>([field], (i) => !samePhone(country, i[field], loginMobile), 'validation.contact.ownMobile', field)
  return [
    crossField<Shape>(
      ['emergencyContactRelation1', 'emergencyContactRelation2'],
      (i) => i.emergencyContactRelation1 !== i.emergencyContactRelation2,
      'validation.contact.sameRelation',
      'emergencyContactRelation2',
    ),
    notLogin('emergencyContactMobile1'),
    notLogin('emergencyContactMobile2'),
    crossField<Shape>(
      ['emergencyContactMobile1', 'emergencyContactMobile2'],
      (i) => !samePhone(country, i.emergencyContactMobile1, i.emergencyContactMobile2),
      'validation.contact.sameMobile',
      'emergencyContactMobile2',
    ),
  ]
}

/** `loginMobile`: the number the borrower logs in with, in any usual form. */
export function additionalInfoSchema(country: CountryCode, ctx: { loginMobile: string }) {
  return v.pipe(
    v.object(additionalInfoEntries(country), REQUIRED),
    ...workRules(country),
    ...cityRules<Shape>(country, 'workState', 'workCity', { required: false }),
    ...contactRules(country, ctx.loginMobile),
  )
}

export type AdditionalInfoInput = v.InferInput<ReturnType<typeof additionalInfoSchema>>
export type AdditionalInfo = v.InferOutput<ReturnType<typeof additionalInfoSchema>>
