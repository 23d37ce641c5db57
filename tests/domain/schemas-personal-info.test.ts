import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { personalInfoSchema } from '../../domain/schemas/personal-info'
import { tanzanianPersonalInfo } from './onboarding-bodies'

const today = new Date('2025-06-01T08:00:00Z')
const tz = personalInfoSchema('TZ', { today })
const ke = personalInfoSchema('KE', { today })
const mx = personalInfoSchema('MX', { today })

const tanzanian = tanzanianPersonalInfo
const kenyan = {
  ...tanzanian,
  gender: 2,
  nationalId: '12345678',
  education: 'Graduate',
  residenceType: 'Rented house',
  state: 'Nairobi',
  city: 'Westlands',
  whatsappNo: '0712345678',
}
const mexican = {
  ...kenyan,
  firstName: 'Zoë',
  lastName: 'Núñez',
  nationalId: 'GOMC900101HDFRRR06',
  state: 'Jalisco',
  city: 'Zapopan',
  whatsappNo: '5512345678',
  rfc: 'GOMC900101AB1',
  nss: '92919084431',
}

const errorsOf = (
  schema: typeof tz,
  change: Record<string, unknown>,
  base: Record<string, unknown> = tanzanian,
) => fieldErrors(schema, { ...base, ...change })

describe('personal info', () => {
  it('accepts a complete Tanzanian, Kenyan and Mexican form', () => {
    expect(fieldErrors(tz, tanzanian)).toEqual({})
    expect(fieldErrors(ke, kenyan)).toEqual({})
    expect(fieldErrors(mx, mexican)).toEqual({})
  })

  it('asks for every required field of an empty form, each with its own message', () => {
    expect(fieldErrors(tz, {})).toMatchObject({
      firstName: 'validation.name.required',
      lastName: 'validation.name.required',
      gender: 'validation.select',
      nationalId: 'validation.nationalId.required',
      birthday: 'validation.birthday.required',
      state: 'validation.area.region.required',
      city: 'validation.city.required',
      address: 'validation.address.required',
      email: 'validation.email.required',
    })
  })

  describe('names', () => {
    it('accepts letters of any script and compound names: Zoë Núñez, María José De la Cruz', () => {
      expect(errorsOf(tz, { firstName: 'Zoë', lastName: 'Núñez' })).toEqual({})
      expect(errorsOf(tz, { firstName: 'María José', lastName: 'De la Cruz' })).toEqual({})
      expect(errorsOf(tz, { firstName: 'Zoe\u0308' })).toEqual({})
    })

    it('refuses digits and symbols, and a first or last name under 3 letters', () => {
      expect(errorsOf(tz, { firstName: 'J0hn' })).toEqual({ firstName: 'validation.name.letters' })
      expect(errorsOf(tz, { lastName: 'Smith!' })).toEqual({ lastName: 'validation.name.letters' })
      expect(errorsOf(tz, { firstName: 'Al' })).toEqual({ firstName: 'validation.name.tooShort' })
      expect(errorsOf(tz, { lastName: 'N-g' })).toEqual({ lastName: 'validation.name.tooShort' })
    })

    it('lets the middle name be left out but not hold digits', () => {
      expect(errorsOf(tz, { middleName: undefined })).toEqual({})
      expect(errorsOf(tz, { middleName: '' })).toEqual({})
      expect(errorsOf(tz, { middleName: 'Joh' })).toEqual({})
      expect(errorsOf(tz, { middleName: 'J4' })).toEqual({ middleName: 'validation.name.letters' })
    })

    it("applies spec §5's \"middle name at least 3 letters\" variant in Tanzania only (an initial is fine elsewhere)", () => {
      expect(errorsOf(tz, { middleName: 'Jo' })).toEqual({ middleName: 'validation.name.tooShort' })
      expect(errorsOf(tz, { middleName: "O'N" })).toEqual({ middleName: 'validation.name.tooShort' })
      expect(errorsOf(ke, { middleName: 'J' }, kenyan)).toEqual({})
      expect(errorsOf(mx, { middleName: 'Ma' }, mexican)).toEqual({})
    })
  })

  describe('national ID', () => {
    it('refuses a 19-digit NIDA number with the spec message, dashed or run together', () => {
      expect(errorsOf(tz, { nationalId: '19900517-12345-00002-2' })).toEqual({
        nationalId: 'validation.nationalId.nida',
      })
      expect(errorsOf(tz, { nationalId: '1990051712345000022' })).toEqual({
        nationalId: 'validation.nationalId.nida',
      })
      expect(errorsOf(tz, { nationalId: '19900517123450000226' })).toEqual({})
    })

    it('tells a Tanzanian whose NIDA number starts with no real birth date that the first 8 digits are the birth date', () => {
      for (const nationalId of ['19901317-12345-00002-26', '19900230-12345-00002-26'])
        expect(errorsOf(tz, { nationalId }), nationalId).toEqual({ nationalId: 'validation.nationalId.nidaBirthDate' })
    })

    it('checks a Kenyan ID in Kenya and a CURP in Mexico, not a NIDA number', () => {
      expect(errorsOf(ke, { nationalId: tanzanian.nationalId }, kenyan)).toEqual({
        nationalId: 'validation.nationalId.kenyaId',
      })
      expect(errorsOf(mx, { nationalId: 'GOMC900101HDFRRR07' }, mexican)).toEqual({
        nationalId: 'validation.nationalId.curp',
      })
    })
  })

  describe('e-mail', () => {
    it("takes the domain from the country's allowlist: Tanzania refuses outlook.com, Kenya accepts it", () => {
      expect(errorsOf(tz, { email: 'asha@outlook.com' })).toEqual({ email: 'validation.email.domain' })
      expect(errorsOf(ke, { email: 'asha@outlook.com' }, kenyan)).toEqual({})
      expect(errorsOf(tz, { email: 'Asha@Yahoo.com' })).toEqual({})
    })

    it('says which rule is broken: spaces, format, special symbols', () => {
      expect(errorsOf(tz, { email: 'asha m@gmail.com' })).toEqual({ email: 'validation.email.spaces' })
      expect(errorsOf(tz, { email: 'asha@gmail.com ' })).toEqual({ email: 'validation.email.spaces' })
      expect(errorsOf(tz, { email: 'asha.gmail.com' })).toEqual({ email: 'validation.email.format' })
      expect(errorsOf(tz, { email: 'asha@gmail' })).toEqual({ email: 'validation.email.format' })
      expect(errorsOf(tz, { email: 'asha+loans@gmail.com' })).toEqual({ email: 'validation.email.symbols' })
      expect(errorsOf(tz, { email: '' })).toEqual({ email: 'validation.email.required' })
    })
  })

  it('keeps the address between 2 and 100 characters', () => {
    expect(errorsOf(tz, { address: 'A' })).toEqual({ address: 'validation.address.length' })
    expect(errorsOf(tz, { address: 'x'.repeat(101) })).toEqual({ address: 'validation.address.length' })
    expect(errorsOf(tz, { address: 'x'.repeat(100) })).toEqual({})
    expect(errorsOf(tz, { address: '   ' })).toEqual({ address: 'validation.address.required' })
  })

  describe('birthday', () => {
    it('accepts a borrower who turns 18 today and refuses one a day younger', () => {
      expect(errorsOf(tz, { birthday: '2007-06-01' })).toEqual({})
      expect(errorsOf(tz, { birthday: '2007-06-02' })).toEqual({ birthday: 'validation.birthday.range' })
    })

    it('refuses a year before the picker (65 years back) and a date that does not exist', () => {
      expect(errorsOf(tz, { birthday: '1960-01-01' })).toEqual({})
      expect(errorsOf(tz, { birthday: '1959-12-31' })).toEqual({ birthday: 'validation.birthday.range' })
      expect(errorsOf(tz, { birthday: '1990-02-30' })).toEqual({ birthday: 'validation.birthday.format' })
    })
  })

  it('checks RFC (13) and NSS (11) in Mexico only when given', () => {
    expect(errorsOf(mx, { rfc: '', nss: undefined }, mexican)).toEqual({})
    expect(errorsOf(mx, { rfc: 'GOMC900101AB' }, mexican)).toEqual({ rfc: 'validation.rfc.format' })
    expect(errorsOf(mx, { nss: '1234567890' }, mexican)).toEqual({ nss: 'validation.nss.format' })
  })

  it('refuses a generic RFC and an RFC the SAT cannot have issued, each with its own message', () => {
    expect(errorsOf(mx, { rfc: 'XAXX010101000' }, mexican)).toEqual({ rfc: 'validation.rfc.generic' })
    expect(errorsOf(mx, { rfc: 'PUTO800101AB1' }, mexican)).toEqual({ rfc: 'validation.rfc.invalid' })
  })

  it('refuses an NSS with a wrong check digit or registered before its holder was born', () => {
    expect(errorsOf(mx, { nss: '92919084432' }, mexican)).toEqual({ nss: 'validation.nss.invalid' })
    expect(errorsOf(mx, { nss: '12345678903' }, mexican)).toEqual({ nss: 'validation.nss.invalid' })
  })

  describe('phones', () => {
    it('WhatsApp: at most 10 national digits, a real mobile number; letters are refused', () => {
      expect(errorsOf(tz, { whatsappNo: '0754-12345a' })).toEqual({ whatsappNo: 'validation.phone.digits' })
      expect(errorsOf(tz, { whatsappNo: '25575412345' })).toEqual({
        whatsappNo: 'validation.phone.whatsappLength',
      })
      expect(errorsOf(tz, { whatsappNo: '0254123456' })).toEqual({ whatsappNo: 'validation.phone.invalid' })
      expect(errorsOf(tz, { whatsappNo: '' })).toEqual({})
    })

    // Issue 13: "0713 456 789" and "+255713111223" were refused with "Use digits only".
    it('WhatsApp and spare phone take a number the ways people type it, and keep it as the national number', () => {
      for (const typed of ['0713 456 789', '+255713456789', '+255 713 456 789', '0713-456-789', '255713456789']) {
        expect(errorsOf(tz, { whatsappNo: typed, sparePhone: typed }), typed).toEqual({})
        const output = v.parse(tz, { ...tanzanian, whatsappNo: typed, sparePhone: typed })
        expect(output.whatsappNo).toBe('713456789')
        expect(output.sparePhone).toBe('713456789')
      }
      expect(errorsOf(ke, { whatsappNo: '+254 712 345 678' }, kenyan)).toEqual({})
    })

    it('spare phone: at most 13 national digits', () => {
      expect(errorsOf(tz, { sparePhone: '255754123456' })).toEqual({})
      expect(errorsOf(tz, { sparePhone: '07541234567890' })).toEqual({
        sparePhone: 'validation.phone.spareLength',
      })
    })
  })

  // Issue 13: Kiswahili asked a Tanzanian for "mkoa au kaunti", naming Kenya's county.
  it("names the first-level area as the borrower's country does: region, county or state", () => {
    expect(errorsOf(tz, { state: undefined }).state).toBe('validation.area.region.required')
    expect(errorsOf(ke, { state: undefined }, kenyan).state).toBe('validation.area.county.required')
    expect(errorsOf(mx, { state: undefined }, mexican).state).toBe('validation.area.state.required')
    expect(errorsOf(ke, { state: 'Atlantis' }, kenyan).state).toBe('validation.area.county.unknown')
  })

  describe('state and city', () => {
    it('a city only after a state, and only one of that state', () => {
      expect(errorsOf(tz, { state: undefined })).toEqual({
        state: 'validation.area.region.required',
        city: 'validation.area.region.first',
      })
      expect(errorsOf(tz, { state: 'Dodoma' })).toEqual({ city: 'validation.city.notInState' })
      expect(errorsOf(tz, { state: 'Atlantis' })).toEqual({ state: 'validation.area.region.unknown' })
    })

    it("requires Tanzania's district but lets Kenya and Mexico type theirs or leave it out", () => {
      expect(errorsOf(tz, { city: '' })).toEqual({ city: 'validation.city.required' })
      expect(errorsOf(ke, { city: undefined }, kenyan)).toEqual({})
      expect(errorsOf(ke, { city: 'Any place typed in' }, kenyan)).toEqual({})
    })
  })

  it("uses the country's enumeration variant: gender male/female in Tanzania, 1/2 in Kenya", () => {
    expect(errorsOf(tz, { gender: 2 })).toEqual({ gender: 'validation.select' })
    expect(errorsOf(ke, { gender: 'female' }, kenyan)).toEqual({ gender: 'validation.select' })
    expect(errorsOf(ke, { education: 'bachelors' }, kenyan)).toEqual({ education: 'validation.select' })
  })

  it('accepts a five-digit postal code and refuses any other', () => {
    expect(errorsOf(tz, { pinCode: '23101' })).toEqual({})
    expect(errorsOf(tz, { pinCode: '2310' })).toEqual({ pinCode: 'validation.pinCode.format' })
  })
})

describe('personal info: spec §3 fields of issue 18 (age, cardType, county)', () => {
  it('derives age from the birthday on the day checked, never from a typed number', () => {
    // Born 1990-05-17; checked on 2025-06-01: 35. A typed age is not read.
    expect(v.parse(tz, { ...tanzanian, age: 99 }).age).toBe(35)
    const dayBefore = personalInfoSchema('TZ', { today: new Date('2025-05-16T08:00:00Z') })
    expect(v.parse(dayBefore, tanzanian).age).toBe(34)
  })

  it('keeps the card type, the country’s usual card when none is picked, and refuses a card the country does not take', () => {
    expect(v.parse(tz, tanzanian).cardType).toBe('nidaCard')
    expect(v.parse(ke, kenyan).cardType).toBe('nationalIdCard')
    expect(v.parse(ke, { ...kenyan, cardType: 'maishaCard' }).cardType).toBe('maishaCard')
    expect(v.parse(mx, { ...mexican, cardType: 'passport' }).cardType).toBe('passport')
    expect(errorsOf(ke, { cardType: 'passport' }, kenyan)).toEqual({ cardType: 'validation.select' })
    expect(errorsOf(tz, { cardType: 'maishaCard' })).toEqual({ cardType: 'validation.select' })
  })

  it('keeps the optional third area level (ward, colonia) as county, at most 100 characters', () => {
    expect(v.parse(tz, { ...tanzanian, county: 'Kariakoo' }).county).toBe('Kariakoo')
    expect(errorsOf(tz, { county: undefined })).toEqual({})
    expect(Object.keys(errorsOf(tz, { county: 'x'.repeat(101) }))).toEqual(['county'])
  })
})
