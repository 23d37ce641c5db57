import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  CANCEL_REASONS,
  DELETE_ACCOUNT_REASONS,
  DEPENDENT_FIELDS,
  EMPLOYMENT_TYPES,
  FEEDBACK_STATUS,
  FEEDBACK_TYPES,
  INDUSTRIES,
  PAY_FREQUENCIES,
  QUESTION_ANSWER_SETS,
  QUESTIONNAIRE,
  SALARY_BANDS,
  VARIANT_ENUMS,
  ageOn,
  answersFor,
  birthdayYearRange,
  genderName,
  isBirthdayAllowed,
  paydayFieldsFor,
  unansweredQuestions,
  workFieldsFor,
} from '../../domain/enums'

type Labels = Record<string, Record<string, string>>
const labels = (lang: string): Labels =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/enums.json`, import.meta.url), 'utf8')) as Labels
const LANGS = { en: labels('en'), sw: labels('sw'), es: labels('es') }

/** Every [enumName, value] pair the app may show. */
const allValues: [string, string][] = [
  ...Object.entries(VARIANT_ENUMS).flatMap(([name, e]) => [...e.A, ...e.B].map((v): [string, string] => [name, String(v)])),
  ...Object.values(FEEDBACK_TYPES).map((v): [string, string] => ['feedbackType', v]),
  ...Object.values(FEEDBACK_STATUS).map((v): [string, string] => ['feedbackStatus', v]),
  ...QUESTIONNAIRE.map((q): [string, string] => ['questionnaire', q.key]),
  ...Object.values(QUESTION_ANSWER_SETS).flatMap((set) => set.map((v): [string, string] => ['questionAnswer', v])),
  ...CANCEL_REASONS.map((v): [string, string] => ['cancelReason', v]),
  ...DELETE_ACCOUNT_REASONS.map((v): [string, string] => ['deleteAccountReason', v]),
]

describe('enumeration labels', () => {
  it.each(Object.keys(LANGS))('every enumeration value has a label in %s', (lang) => {
    const file = LANGS[lang as keyof typeof LANGS]
    const missing = allValues.filter(([name, value]) => !file[name]?.[value]?.trim())
    expect(missing).toEqual([])
  })

  it('the three languages have exactly the same keys', () => {
    const keys = (l: Labels) => Object.entries(l).flatMap(([g, m]) => Object.keys(m).map((k) => `${g}.${k}`)).sort()
    expect(keys(LANGS.sw)).toEqual(keys(LANGS.en))
    expect(keys(LANGS.es)).toEqual(keys(LANGS.en))
  })

  it.each(['sw', 'es'] as const)('%s labels are translations, not copies of the English', (lang) => {
    const words = allValues.filter(([, v]) => !/^\d+$/.test(v))
    const copied = words.filter(([n, v]) => LANGS[lang][n]?.[v] === LANGS.en[n]?.[v])
    expect(copied.length / words.length).toBeLessThan(0.05)
  })
})

describe('enumerations', () => {
  it('keeps both work-type variants exactly as the spec lists them', () => {
    expect(EMPLOYMENT_TYPES.A).toEqual(['Student', 'employee', 'self_employed', 'Unemployed', 'auto', 'ParttimeEmployee', 'no_work', 'Other'])
    expect(EMPLOYMENT_TYPES.B).toEqual(['Employee', 'Self employed', 'Unemployed'])
  })

  it('has 16 distinct industries in both variants', () => {
    expect(new Set(INDUSTRIES.A).size).toBe(16)
    expect(INDUSTRIES.B).toEqual(INDUSTRIES.A)
  })

  it('includes the missing 280,001–400,000 salary band among the five band ids of both variants', () => {
    expect(SALARY_BANDS.A).toEqual([
      'Less than 70000',
      '70001-180000',
      '180001-280000',
      '280001-400000',
      'More than 400000',
    ])
    expect(SALARY_BANDS.B).toEqual(SALARY_BANDS.A)
  })

  it('names gender 1 male and 2 female', () => {
    expect(genderName(1)).toBe('male')
    expect(genderName(2)).toBe('female')
    expect(genderName('female')).toBe('female')
  })

  it('reads feedback statuses 1 and 2 as processing, 3 as waiting for the borrower, 4 as done', () => {
    expect([1, 2, 3, 4].map((c) => FEEDBACK_STATUS[c as 1 | 2 | 3 | 4])).toEqual(['processing', 'processing', 'needReply', 'done'])
    expect(FEEDBACK_TYPES[7]).toBe('loanNotReceived')
  })

  it('has eleven questions coded 1 to 11, each with its own answer set', () => {
    expect(QUESTIONNAIRE.map((q) => q.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(answersFor(4)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'moreThan10'])
    expect(answersFor(1)).toEqual(['yes', 'no'])
    expect(answersFor(12)).toBeNull()
  })

  it('reports unanswered questions and answers outside the question\'s set', () => {
    const all = Object.fromEntries(QUESTIONNAIRE.map((q) => [q.code, QUESTION_ANSWER_SETS[q.answers][0]]))
    expect(unansweredQuestions(all)).toEqual([])
    expect(unansweredQuestions({ ...all, 3: undefined, 5: 'yes' })).toEqual([3, 5])
  })
})

describe('work fields (spec §5)', () => {
  it('hides industry, experience, pay frequency and paydays for the unemployed', () => {
    for (const type of ['Unemployed', 'no_work', 'Student'] as const) {
      const f = workFieldsFor(type)
      expect([f.industryCategory, f.jobExperience, f.payFrequency, f.monthlyPayday, f.monthlyPaydayTwo]).toEqual([false, false, false, false, false])
    }
  })

  it('hides experience, pay frequency and paydays but keeps industry for the self-employed', () => {
    for (const type of ['self_employed', 'Self employed', 'auto'] as const) {
      const f = workFieldsFor(type)
      expect(f.industryCategory).toBe(true)
      expect([f.jobExperience, f.payFrequency, f.monthlyPayday, f.monthlyPaydayTwo]).toEqual([false, false, false, false])
    }
  })

  it('shows every work field to an employee, and the second payday only when the frequency has one', () => {
    expect(Object.values(workFieldsFor('Employee')).every(Boolean)).toBe(true)
    expect(workFieldsFor('employee', 'Monthly').monthlyPaydayTwo).toBe(false)
    expect(workFieldsFor('ParttimeEmployee', 'Biweekly').monthlyPaydayTwo).toBe(true)
  })

  it('uses a day of the month for monthly and biweekly, a weekday for weekly and fourteen, two paydays for biweekly and fourteen', () => {
    expect(PAY_FREQUENCIES.A.map((f) => [f, paydayFieldsFor(f)])).toEqual([
      ['Weekly', { first: 'weekday', second: false }],
      ['Fourteen', { first: 'weekday', second: true }],
      ['Monthly', { first: 'dayOfMonth', second: false }],
      ['Biweekly', { first: 'dayOfMonth', second: true }],
    ])
  })

  it('clears industry when the work type changes, paydays when the frequency changes, the city when the state changes', () => {
    expect(DEPENDENT_FIELDS.employmentType).toContain('industryCategory')
    expect(DEPENDENT_FIELDS.payFrequency).toEqual(['monthlyPayday', 'monthlyPaydayTwo'])
    expect(DEPENDENT_FIELDS.state).toEqual(['city', 'county'])
    expect(DEPENDENT_FIELDS.workState).toEqual(['workCity', 'workCounty'])
  })
})

describe('birthday (spec §5)', () => {
  const today = new Date('2025-06-15T09:00:00Z')

  it('offers the years from 18 years ago back to 65 years ago', () => {
    expect(birthdayYearRange(today)).toEqual({ minYear: 1960, maxYear: 2007 })
  })

  it('refuses a borrower who turns 18 tomorrow and accepts one who turns 18 today', () => {
    expect(isBirthdayAllowed('2007-06-16', today)).toBe(false)
    expect(isBirthdayAllowed('2007-06-15', today)).toBe(true)
  })

  it('refuses a birth year before the picker\'s range and dates that do not exist', () => {
    expect(isBirthdayAllowed('1959-12-31', today)).toBe(false)
    expect(isBirthdayAllowed('1960-01-01', today)).toBe(true)
    expect(ageOn('1990-02-30', today)).toBeNull()
    expect(ageOn('15/06/1990', today)).toBeNull()
  })
})
