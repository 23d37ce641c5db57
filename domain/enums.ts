/**
 * Every enumeration of spec §3 as data, with both wire variants where the spec shows two
 * (decisions.md: Tanzania uses variant A, Kenya and Mexico variant B; the country profile picks one).
 * The tuple values are the wire values. Labels live in locales/<lang>/enums.json under
 * `enums.<enumName>.<value>` (see `enumLabelKey`). Also the pure form rules of spec §5 that depend on
 * these values: which work fields show, which payday pickers show, which fields a change clears,
 * and the birthday range.
 */

export type EnumVariant = 'A' | 'B'

/** An enumeration with one tuple of wire values per variant. */
export type VariantEnum = { readonly A: readonly (string | number)[]; readonly B: readonly (string | number)[] }

/** Values of an enumeration in one variant, or in both. */
export type ValueOf<E extends VariantEnum, V extends EnumVariant = EnumVariant> = E[V][number]

// ---------------------------------------------------------------- choice enumerations (variant A and B)

/** Work type. A: 'auto' is freelance; B as shown in the Kenya/Mexico variant. */
export const EMPLOYMENT_TYPES = {
  A: ['Student', 'employee', 'self_employed', 'Unemployed', 'auto', 'ParttimeEmployee', 'no_work', 'Other'],
  B: ['Employee', 'Self employed', 'Unemployed'],
} as const
export type EmploymentType = ValueOf<typeof EMPLOYMENT_TYPES>

export const JOB_EXPERIENCE = {
  A: ['lessThan1Year', 'in1_3Years', 'moreThan3Years'],
  B: ['Less than 1 year', '1-3 years', 'More than 3 years'],
} as const
export type JobExperience = ValueOf<typeof JOB_EXPERIENCE>

/** 'rened' (sic) is the variant-A wire value for a rented home; kept as the wire spells it. */
export const RESIDENCE_TYPES = {
  A: ['ownHouse', 'rened', 'others'],
  B: ['Own house', 'Rented house', 'Others'],
} as const
export type ResidenceType = ValueOf<typeof RESIDENCE_TYPES>

/**
 * Industry: the spec names 16 values without listing them. These follow the sections of the UN's ISIC
 * Rev. 4 classification, with the small sections merged so that the list has 16 entries. Same codes in
 * both variants.
 */
const INDUSTRY_CODES = [
  'agriculture', // A: agriculture, forestry and fishing
  'mining', // B: mining and quarrying
  'manufacturing', // C
  'utilities', // D, E: electricity, gas, water, waste
  'construction', // F
  'trade', // G: wholesale and retail trade, repair of vehicles
  'transport', // H: transport and storage (incl. boda boda, matatu, delivery)
  'hospitality', // I: accommodation and food service
  'ict', // J: information and communication
  'finance', // K: financial and insurance activities
  'realEstate', // L
  'professionalServices', // M, N: professional, scientific, technical, administrative and support services
  'publicAdministration', // O: public administration, defence, police
  'education', // P
  'health', // Q: human health and social work
  'otherServices', // R, S, T: arts, recreation, personal services, domestic work
] as const
export const INDUSTRIES = { A: INDUSTRY_CODES, B: INDUSTRY_CODES } as const
export type Industry = ValueOf<typeof INDUSTRIES>

export const CONTACT_RELATIONS = {
  A: ['colleagues', 'students', 'parents', 'couples', 'brothersOrSisters', 'children', 'friends', 'others'],
  B: ['Parents', 'Spouse', 'Child', 'Siblings', 'Friends', 'Others'],
} as const
export type ContactRelation = ValueOf<typeof CONTACT_RELATIONS>

const MARITAL_CODES = ['single', 'married', 'divorced', 'widowed'] as const
export const MARITAL_STATUS = { A: MARITAL_CODES, B: MARITAL_CODES } as const
export type MaritalStatus = ValueOf<typeof MARITAL_STATUS>

export const EDUCATION = {
  A: ['noEducated', 'primaryschool', 'seniorSchool', 'bachelors', 'masters'],
  B: ['Primary', 'Secondary', 'Graduate', 'masters', 'No education'],
} as const
export type Education = ValueOf<typeof EDUCATION>

/** Fourteen = every fourteen days on a weekday; Biweekly = twice a month on two days of the month. */
const PAY_FREQUENCY_CODES = ['Weekly', 'Fourteen', 'Monthly', 'Biweekly'] as const
export const PAY_FREQUENCIES = { A: PAY_FREQUENCY_CODES, B: PAY_FREQUENCY_CODES } as const
export type PayFrequency = ValueOf<typeof PAY_FREQUENCIES>

/** Weekdays for weekly and fourteen-day paydays, Monday first (ISO 8601 order). */
const WEEKDAY_CODES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const
export const WEEKDAYS = { A: WEEKDAY_CODES, B: WEEKDAY_CODES } as const
export type Weekday = ValueOf<typeof WEEKDAYS>

/** Days of the month for monthly and biweekly paydays. */
export const DAYS_OF_MONTH: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1)

/**
 * Monthly salary bands of spec §3/§9 with the missing 280,001–400,000 band (decisions.md): the ids the form sends in
 * every country. What each means in money is the product's scorecard, in its currency (scorecard-policy.ts); the
 * form labels them with those amounts (salary-bands.ts), not from the locale files. Same bands in both variants.
 */
const SALARY_BAND_CODES = [
  'Less than 70000',
  '70001-180000',
  '180001-280000',
  '280001-400000',
  'More than 400000',
] as const
export const SALARY_BANDS = { A: SALARY_BAND_CODES, B: SALARY_BAND_CODES } as const
export type SalaryBand = ValueOf<typeof SALARY_BANDS>

/** A band's monthly income in whole units of a currency, inclusive; `maxMajor: null` is open-ended. */
export interface SalaryBandBounds {
  readonly minMajor: number
  readonly maxMajor: number | null
}

/** Gender: variant A sends 'male'/'female', variant B the numeric codes 1 (male) and 2 (female). */
export const GENDERS = { A: ['male', 'female'], B: [1, 2] } as const
export type Gender = ValueOf<typeof GENDERS>
export const GENDER_CODE = { male: 1, female: 2 } as const
export const GENDER_NAME = { 1: 'male', 2: 'female' } as const

/** The variant-neutral name of a gender value of either variant. */
export function genderName(value: Gender): 'male' | 'female' {
  return typeof value === 'number' ? GENDER_NAME[value] : value
}

// ---------------------------------------------------------------- coded enumerations (one list)

/** Feedback ticket types, by wire code (spec §3). */
export const FEEDBACK_TYPES = {
  1: 'repaidBillNotUpdated',
  2: 'extendPeriod',
  3: 'other',
  4: 'loanFailure',
  5: 'wantToBorrow',
  6: 'wantToRepay',
  7: 'loanNotReceived',
} as const
export type FeedbackTypeCode = keyof typeof FEEDBACK_TYPES
export type FeedbackTypeName = (typeof FEEDBACK_TYPES)[FeedbackTypeCode]
export const FEEDBACK_TYPE_CODES: readonly FeedbackTypeCode[] = [1, 2, 3, 4, 5, 6, 7]

/** Feedback ticket status, by wire code: 1 and 2 mean the platform is processing (spec §3). */
export const FEEDBACK_STATUS = {
  1: 'processing',
  2: 'processing',
  3: 'needReply',
  4: 'done',
} as const
export type FeedbackStatusCode = keyof typeof FEEDBACK_STATUS
export type FeedbackStatusName = (typeof FEEDBACK_STATUS)[FeedbackStatusCode]
export const FEEDBACK_STATUS_CODES: readonly FeedbackStatusCode[] = [1, 2, 3, 4]

/**
 * Answer sets of the credit-history questionnaire. Every answer value is unique across sets, so one label
 * table (`enums.questionAnswer.<value>`) covers them all. Amounts are whole units of the country's currency.
 */
export const QUESTION_ANSWER_SETS = {
  yesNo: ['yes', 'no'],
  rating: ['excellent', 'good', 'fair', 'poor', 'dontKnow'],
  lenders: ['bank', 'loanApp', 'microfinance', 'cooperative', 'pawnShop', 'retailCredit', 'familyOrFriends', 'noLender'],
  overdue: ['neverLate', 'late1to7Days', 'late8to30Days', 'late31to90Days', 'lateOver90Days'],
  amount: ['amountUnder1000', 'amount1000to5000', 'amount5001to10000', 'amount10001to30000', 'amountOver30000'],
  count: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'moreThan10'],
} as const
export type AnswerSetName = keyof typeof QUESTION_ANSWER_SETS
export type QuestionAnswer = (typeof QUESTION_ANSWER_SETS)[AnswerSetName][number]

export interface QuestionDef {
  /** Wire code, 1–11. */
  readonly code: number
  /** Label key: `enums.questionnaire.<key>`. */
  readonly key: string
  readonly answers: AnswerSetName
}

/**
 * The credit-history questionnaire (spec §3, codes 1–11; Mexico requires it, decisions.md). Every question
 * has one answer; the set of the question lists the allowed values.
 */
export const QUESTIONNAIRE = [
  { code: 1, key: 'borrowedBefore', answers: 'yesNo' },
  { code: 2, key: 'creditHistoryRating', answers: 'rating' },
  { code: 3, key: 'mostRecentLender', answers: 'lenders' },
  { code: 4, key: 'loansLast12Months', answers: 'count' },
  { code: 5, key: 'openLoansNow', answers: 'count' },
  { code: 6, key: 'longestLateRepayment', answers: 'overdue' },
  { code: 7, key: 'overdueNow', answers: 'yesNo' },
  { code: 8, key: 'largestLoanRepaid', answers: 'amount' },
  { code: 9, key: 'monthlyDebtPayments', answers: 'amount' },
  { code: 10, key: 'rejectionsLast6Months', answers: 'count' },
  { code: 11, key: 'hasCreditCard', answers: 'yesNo' },
] as const satisfies readonly QuestionDef[]
export type QuestionCode = (typeof QUESTIONNAIRE)[number]['code']

/** The allowed answers to a question, or null for an unknown code. */
export function answersFor(code: number): readonly QuestionAnswer[] | null {
  const question = QUESTIONNAIRE.find((q) => q.code === code)
  return question ? QUESTION_ANSWER_SETS[question.answers] : null
}

/** The codes of the questions a set of answers leaves unanswered or answers with a value not in its set. */
export function unansweredQuestions(answers: Readonly<Record<number, string | undefined>>): number[] {
  return QUESTIONNAIRE.filter((q) => {
    const answer = answers[q.code]
    return answer === undefined || !(QUESTION_ANSWER_SETS[q.answers] as readonly string[]).includes(answer)
  }).map((q) => q.code)
}

/** Reasons for cancelling an approved, unconfirmed loan (decisions.md: exactly one is chosen). */
export const CANCEL_REASONS = [
  'noLongerNeeded',
  'amountTooLow',
  'feesTooHigh',
  'tenureUnsuitable',
  'repaymentDateUnsuitable',
  'wrongWalletAccount',
  'foundAnotherLender',
  'appliedByMistake',
  'other',
] as const
export type CancelReason = (typeof CANCEL_REASONS)[number]

/** Reasons for deleting the account (decisions.md: exactly one is chosen). */
export const DELETE_ACCOUNT_REASONS = [
  'noLongerNeeded',
  'loanRejected',
  'feesTooHigh',
  'limitTooLow',
  'privacyConcerns',
  'tooManyMessages',
  'usingAnotherApp',
  'secondAccount',
  'other',
] as const
export type DeleteAccountReason = (typeof DELETE_ACCOUNT_REASONS)[number]

// ---------------------------------------------------------------- labels

/** Enumeration names as they appear in label keys. */
export type EnumName =
  | 'employmentType'
  | 'jobExperience'
  | 'residenceType'
  | 'industry'
  | 'contactRelation'
  | 'maritalStatus'
  | 'education'
  | 'payFrequency'
  | 'weekday'
  | 'gender'
  | 'feedbackType'
  | 'feedbackStatus'
  | 'questionnaire'
  | 'questionAnswer'
  | 'cancelReason'
  | 'cardType'
  | 'deleteAccountReason'

/** The variant enumerations, by label name (forms list them as pickers). */
export const VARIANT_ENUMS = {
  employmentType: EMPLOYMENT_TYPES,
  jobExperience: JOB_EXPERIENCE,
  residenceType: RESIDENCE_TYPES,
  industry: INDUSTRIES,
  contactRelation: CONTACT_RELATIONS,
  maritalStatus: MARITAL_STATUS,
  education: EDUCATION,
  payFrequency: PAY_FREQUENCIES,
  weekday: WEEKDAYS,
  gender: GENDERS,
} as const satisfies Partial<Record<EnumName, VariantEnum>>

/** i18n key of a value's label, e.g. `enums.employmentType.Self employed`. */
export function enumLabelKey(name: EnumName, value: string | number): string {
  return `enums.${name}.${value}`
}

// ---------------------------------------------------------------- form rules of spec §5

export type WorkField =
  | 'industryCategory'
  | 'jobExperience'
  | 'payFrequency'
  | 'monthlyPayday'
  | 'monthlyPaydayTwo'
  | 'companyName'
  | 'workThereTime'
  | 'companyPhone'
  | 'workAddress'

export type EmploymentCategory = 'employed' | 'selfEmployed' | 'unemployed'

/**
 * How a work type of either variant behaves in the form. Students and people without work are treated as
 * unemployed; freelancers ('auto') and 'Other' as self-employed; part-time employees as employees.
 */
export const EMPLOYMENT_CATEGORY: Readonly<Record<EmploymentType, EmploymentCategory>> = {
  employee: 'employed',
  Employee: 'employed',
  ParttimeEmployee: 'employed',
  self_employed: 'selfEmployed',
  'Self employed': 'selfEmployed',
  auto: 'selfEmployed',
  Other: 'selfEmployed',
  Unemployed: 'unemployed',
  no_work: 'unemployed',
  Student: 'unemployed',
}

export function employmentCategory(type: EmploymentType): EmploymentCategory {
  return EMPLOYMENT_CATEGORY[type]
}

export interface PaydayFields {
  /** The picker of the (first) payday: a day of the month 1–31, or a weekday. */
  readonly first: 'dayOfMonth' | 'weekday'
  /** Whether a second payday (monthlyPaydayTwo) is asked, with the same picker. */
  readonly second: boolean
}

/** Spec §5: monthly and biweekly use a day 1–31; weekly and fourteen a weekday; biweekly and fourteen ask two. */
export function paydayFieldsFor(frequency: PayFrequency): PaydayFields {
  switch (frequency) {
    case 'Monthly':
      return { first: 'dayOfMonth', second: false }
    case 'Biweekly':
      return { first: 'dayOfMonth', second: true }
    case 'Weekly':
      return { first: 'weekday', second: false }
    case 'Fourteen':
      return { first: 'weekday', second: true }
  }
}

/**
 * Spec §5: which work fields are shown for a work type. Unemployed hides industry, experience, pay frequency
 * and paydays, and (docs/decisions.md) the employer's name, phone, time there and address, which mean
 * nothing without work; self-employed hides experience, pay frequency and paydays. With a pay frequency,
 * the second payday shows only when that frequency needs one.
 */
export function workFieldsFor(type: EmploymentType, frequency?: PayFrequency): Readonly<Record<WorkField, boolean>> {
  const category = employmentCategory(type)
  const working = category !== 'unemployed'
  const paid = category === 'employed'
  return {
    industryCategory: working,
    jobExperience: paid,
    payFrequency: paid,
    monthlyPayday: paid,
    // A frequency that is not one of the list (a request's wrong type or value) counts as not chosen yet.
    monthlyPaydayTwo:
      paid && (frequency === undefined || !PAY_FREQUENCY_CODES.includes(frequency) || paydayFieldsFor(frequency).second),
    companyName: working,
    workThereTime: working,
    companyPhone: working,
    workAddress: working,
  }
}

/** Personal-info fields that wait for the birthday: education, marital status, the ID numbers and the contacts. */
export const AFTER_BIRTHDAY_FIELDS = [
  'education',
  'maritalStatus',
  'nationalId',
  'rfc',
  'nss',
  'email',
  'whatsappNo',
  'sparePhone',
] as const
export type AfterBirthdayField = (typeof AFTER_BIRTHDAY_FIELDS)[number]

/** Spec §4: education, marital status, ID and contacts appear only after the birthday is chosen. */
export function personalFieldsFor(birthday: unknown): Readonly<Record<AfterBirthdayField, boolean>> {
  const chosen = typeof birthday === 'string' && birthday.trim() !== ''
  const shown = AFTER_BIRTHDAY_FIELDS.map((field) => [field, chosen] as const)
  return Object.fromEntries(shown) as Record<AfterBirthdayField, boolean>
}

/**
 * Spec §4 form dependencies: changing the key field clears the listed fields. Employment type clears the
 * fields whose meaning or visibility depends on it; pay frequency its paydays; a state (region, county)
 * its city (district), for the residence address and the work address alike.
 */
export const DEPENDENT_FIELDS = {
  employmentType: ['industryCategory', 'jobExperience', 'payFrequency', 'monthlyPayday', 'monthlyPaydayTwo'],
  payFrequency: ['monthlyPayday', 'monthlyPaydayTwo'],
  state: ['city', 'county'],
  workState: ['workCity', 'workCounty'],
} as const satisfies Record<string, readonly string[]>

export const MIN_BORROWER_AGE = 18
export const MAX_BORROWER_AGE = 65

/** Spec §5: the birthday picker offers the years from 18 years ago back to 65 years ago. */
export function birthdayYearRange(today: Date): { minYear: number; maxYear: number } {
  const year = today.getUTCFullYear()
  return { minYear: year - MAX_BORROWER_AGE, maxYear: year - MIN_BORROWER_AGE }
}

/** Whole years between an ISO date of birth (YYYY-MM-DD) and today (UTC), or null for a malformed date. */
export function ageOn(birthday: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday)
  if (!match) return null
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)
  return today.getUTCFullYear() - y - (beforeBirthday ? 1 : 0)
}

/** A birthday is accepted when the borrower is at least 18 today and born within the picker's years. */
export function isBirthdayAllowed(birthday: string, today: Date): boolean {
  const age = ageOn(birthday, today)
  if (age === null || age < MIN_BORROWER_AGE) return false
  return Number(birthday.slice(0, 4)) >= birthdayYearRange(today).minYear
}
