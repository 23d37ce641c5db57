/**
 * Additional info: work and two emergency contacts (spec §2, §3 fields, §5 rules), sent to
 * POST /user/saveAdditionInfo-market. Work fields are required only when `workFieldsFor` shows them; paydays
 * follow the pay frequency; the contacts must differ from each other and from the login number.
 */
import * as v from 'valibot'
import { COUNTRIES, type CountryCode } from '../countries'
import { isPhoneText, nationalDigits } from '../phone'
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
import { REQUIRED, blankOr, choice, cleanText, crossField, filled, optionalText } from './common'
import { cityField, cityRules, contactPhone, optionalPinCode, samePhone, stateField } from './fields'
import { ADDRESS_MAX, ADDRESS_MIN } from './personal-info'

export const CONTACT_NAME_MAX = 50

const WRONG_KIND = 'validation.payday.wrongKind'

/** Every weekday a payday may name (both variants): a string payday is one of them whatever the frequency. */
const ALL_WEEKDAYS: readonly string[] = [...new Set(Object.values(WEEKDAYS).flat())]

/** A day of the month (monthly, biweekly) or a weekday (weekly, fourteen): which one the pay frequency says. */
const payday = () =>
  v.optional(
    v.union(
      [
        v.pipe(v.number(WRONG_KIND), v.integer(WRONG_KIND), v.minValue(1, WRONG_KIND), v.maxValue(31, WRONG_KIND)),
        v.pipe(v.string(WRONG_KIND), v.check((s) => ALL_WEEKDAYS.includes(s), WRONG_KIND)),
      ],
      WRONG_KIND,
    ),
  )

/**
 * An optional phone number of the employer (a landline is fine): written like a phone number (digits, spaces,
 * dashes, a leading +), at most 13 digits without the country code.
 */
const companyPhone = (country: CountryCode) =>
  v.optional(
    v.pipe(
      v.string('validation.phone.digits'),
      v.trim(),
      v.check(blankOr(isPhoneText), 'validation.phone.digits'),
      v.check(blankOr((s) => nationalDigits(country, s).length <= 13), 'validation.phone.spareLength'),
    ),
  )

const contactName = () =>
  v.pipe(
    v.string('validation.contact.nameRequired'),
    cleanText(),
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
    companyPhone: companyPhone(country),
    workPinCode: optionalPinCode(),
    workState: stateField(country, false),
    workCity: cityField(),
    workCounty: optionalText(100),
    workAddress: v.optional(
      v.pipe(
        v.string('validation.address.length'),
        cleanText(),
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

/** The pay frequency when it is one of the list (a rule may run while the field itself is still invalid). */
const frequencyOf = (i: Shape): PayFrequency | undefined =>
  (PAY_FREQUENCIES.A as readonly unknown[]).includes(i.payFrequency) ||
  (PAY_FREQUENCIES.B as readonly unknown[]).includes(i.payFrequency)
    ? (i.payFrequency as PayFrequency)
    : undefined

const shown = (i: Shape, field: WorkField): boolean =>
  workFieldsFor(i.employmentType as EmploymentType, frequencyOf(i))[field]

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
function buildAdditionalInfoSchema(country: CountryCode, loginMobile: string) {
  return v.pipe(
    v.object(additionalInfoEntries(country), REQUIRED),
    ...workRules(country),
    ...cityRules<Shape>(country, 'workState', 'workCity', { required: false }),
    ...contactRules(country, loginMobile),
  )
}

/**
 * The schemas already built, per country and login number (issue 17: the server built one for every save of the
 * work form, 0.23 ms of CPU). A schema is a value: validating with it changes nothing in it. Emptied when full.
 */
const keptSchemas = new Map<string, ReturnType<typeof buildAdditionalInfoSchema>>()
const MAX_KEPT_SCHEMAS = 500

export function additionalInfoSchema(country: CountryCode, ctx: { loginMobile: string }) {
  const key = `${country}\u0000${ctx.loginMobile}`
  let schema = keptSchemas.get(key)
  if (!schema) {
    if (keptSchemas.size >= MAX_KEPT_SCHEMAS) keptSchemas.clear()
    schema = buildAdditionalInfoSchema(country, ctx.loginMobile)
    keptSchemas.set(key, schema)
  }
  return schema
}

export type AdditionalInfoInput = v.InferInput<ReturnType<typeof additionalInfoSchema>>
export type AdditionalInfo = v.InferOutput<ReturnType<typeof additionalInfoSchema>>
