import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { additionalInfoSchema } from '../../domain/schemas/additional-info'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { emergencyContacts } from './onboarding-bodies'

const LOGIN = '255712345678'
const tz = additionalInfoSchema('TZ', { loginMobile: LOGIN })

const contacts = emergencyContacts
const employee = {
  employmentType: 'employee',
  companyName: 'Tanga Cement',
  industryCategory: 'manufacturing',
  jobExperience: 'in1_3Years',
  monthlySalary: '180001-280000',
  payFrequency: 'Monthly',
  monthlyPayday: 25,
  ...contacts,
}
const errorsOf = (change: Record<string, unknown>, base: Record<string, unknown> = employee) =>
  fieldErrors(tz, { ...base, ...change })

describe('additional info: work', () => {
  it('accepts an employee paid monthly with two distinct contacts', () => {
    expect(fieldErrors(tz, employee)).toEqual({})
  })

  it('requires the fields an employee sees: company, industry, experience, pay frequency', () => {
    const bare = { employmentType: 'employee', monthlySalary: 'Less than 70000', ...contacts }
    expect(fieldErrors(tz, bare)).toEqual({
      companyName: 'validation.required',
      industryCategory: 'validation.required',
      jobExperience: 'validation.required',
      payFrequency: 'validation.required',
    })
  })

  it('asks an unemployed borrower for no work fields, only where the income comes from', () => {
    const unemployed = { employmentType: 'Unemployed', monthlySalary: 'Less than 70000', ...contacts }
    expect(fieldErrors(tz, unemployed)).toEqual({ incomeSource: 'validation.work.incomeSource' })
    expect(fieldErrors(tz, { ...unemployed, incomeSource: 'Family support' })).toEqual({})
  })

  it('asks a self-employed borrower for company and industry but no experience, frequency or payday', () => {
    const own = { employmentType: 'self_employed', monthlySalary: '70001-180000', ...contacts }
    expect(fieldErrors(tz, own)).toEqual({
      companyName: 'validation.required',
      industryCategory: 'validation.required',
    })
    expect(fieldErrors(tz, { ...own, companyName: 'Mama Ntilie', industryCategory: 'hospitality' })).toEqual({})
  })

  describe('paydays follow the pay frequency', () => {
    it('monthly: a day 1–31', () => {
      expect(errorsOf({ monthlyPayday: undefined })).toEqual({ monthlyPayday: 'validation.payday.required' })
      expect(errorsOf({ monthlyPayday: 32 })).toEqual({ monthlyPayday: 'validation.payday.wrongKind' })
      expect(errorsOf({ monthlyPayday: 'Friday' })).toEqual({ monthlyPayday: 'validation.payday.wrongKind' })
    })

    it('weekly: a weekday', () => {
      expect(errorsOf({ payFrequency: 'Weekly', monthlyPayday: 'Friday' })).toEqual({})
      expect(errorsOf({ payFrequency: 'Weekly', monthlyPayday: 5 })).toEqual({
        monthlyPayday: 'validation.payday.wrongKind',
      })
    })

    it('biweekly and fourteen: a second payday, different from the first', () => {
      expect(errorsOf({ payFrequency: 'Biweekly', monthlyPayday: 15 })).toEqual({
        monthlyPaydayTwo: 'validation.payday.required',
      })
      expect(errorsOf({ payFrequency: 'Biweekly', monthlyPayday: 15, monthlyPaydayTwo: 30 })).toEqual({})
      expect(errorsOf({ payFrequency: 'Biweekly', monthlyPayday: 15, monthlyPaydayTwo: 15 })).toEqual({
        monthlyPaydayTwo: 'validation.payday.sameAsFirst',
      })
      expect(errorsOf({ payFrequency: 'Fourteen', monthlyPayday: 'Monday', monthlyPaydayTwo: 'Thursday' })).toEqual({})
      expect(errorsOf({ payFrequency: 'Fourteen', monthlyPayday: 'Monday', monthlyPaydayTwo: 3 })).toEqual({
        monthlyPaydayTwo: 'validation.payday.wrongKind',
      })
    })
  })

  it('keeps a work city inside its work state', () => {
    expect(errorsOf({ workState: 'Arusha', workCity: 'Karatu' })).toEqual({})
    expect(errorsOf({ workState: 'Dodoma', workCity: 'Karatu' })).toEqual({ workCity: 'validation.city.notInState' })
    expect(errorsOf({ workCity: 'Karatu' })).toEqual({ workCity: 'validation.area.region.first' })
  })
})

describe('additional info: emergency contacts', () => {
  it('refuses a second contact equal to the first: same relation and same mobile, shown at the second', () => {
    const twice = {
      emergencyContactName2: contacts.emergencyContactName1,
      emergencyContactMobile2: contacts.emergencyContactMobile1,
      emergencyContactRelation2: contacts.emergencyContactRelation1,
    }
    expect(errorsOf(twice)).toEqual({
      emergencyContactRelation2: 'validation.contact.sameRelation',
      emergencyContactMobile2: 'validation.contact.sameMobile',
    })
  })

  it('sees the same mobile written two ways as the same', () => {
    expect(errorsOf({ emergencyContactMobile2: '754000001' })).toEqual({
      emergencyContactMobile2: 'validation.contact.sameMobile',
    })
  })

  it("refuses the borrower's own login number as a contact, whichever way it is written", () => {
    expect(errorsOf({ emergencyContactMobile1: '0712345678' })).toEqual({
      emergencyContactMobile1: 'validation.contact.ownMobile',
    })
    expect(errorsOf({ emergencyContactMobile2: '712345678' })).toEqual({
      emergencyContactMobile2: 'validation.contact.ownMobile',
    })
  })

  // Issue 13: contacts refused "0713 456 789" and "+255713111223" with "Use digits only".
  it('takes a contact number the ways people type it, and keeps it as the national number', () => {
    for (const typed of ['0713 456 789', '+255713456789', '+255 713 456 789', '0713-456-789', '713456789']) {
      expect(errorsOf({ emergencyContactMobile1: typed }), typed).toEqual({})
      expect(v.parse(tz, { ...employee, emergencyContactMobile1: typed }).emergencyContactMobile1).toBe('713456789')
    }
    expect(errorsOf({ companyPhone: '+255 22 211 1111' })).toEqual({})
    expect(errorsOf({ companyPhone: '022-211-1111 ext' })).toEqual({ companyPhone: 'validation.phone.digits' })
  })

  it('refuses letters, and more than 9 national digits, or 10 starting with 0', () => {
    expect(errorsOf({ emergencyContactMobile1: '754 OOO 001' })).toEqual({
      emergencyContactMobile1: 'validation.phone.digits',
    })
    expect(errorsOf({ emergencyContactMobile1: '7540000011' })).toEqual({
      emergencyContactMobile1: 'validation.contact.phoneLength',
    })
    expect(errorsOf({ emergencyContactMobile1: '' })).toEqual({
      emergencyContactMobile1: 'validation.contact.phoneRequired',
    })
  })

  it("takes Mexico's 10-digit numbers, which have no leading 0", () => {
    const mx = additionalInfoSchema('MX', { loginMobile: '5512345678' })
    const mexican = {
      employmentType: 'Unemployed',
      incomeSource: 'Remesas',
      monthlySalary: 'Less than 70000',
      emergencyContactName1: 'Lucía',
      emergencyContactMobile1: '3312345678',
      emergencyContactRelation1: 'Parents',
      emergencyContactName2: 'Andrés',
      emergencyContactMobile2: '8112345678',
      emergencyContactRelation2: 'Friends',
    }
    expect(fieldErrors(mx, mexican)).toEqual({})
    expect(fieldErrors(mx, { ...mexican, emergencyContactMobile2: '81123456789' })).toEqual({
      emergencyContactMobile2: 'validation.contact.phoneLengthNoTrunk',
    })
  })

  it('keeps a contact name to 50 characters', () => {
    expect(errorsOf({ emergencyContactName1: 'a'.repeat(51) })).toEqual({
      emergencyContactName1: 'validation.name.tooLong',
    })
  })
})
