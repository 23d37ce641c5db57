import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  verifyCodeSchema,
  withCountry,
} from '../../domain/schemas/account'
import { fieldErrors } from '../../domain/schemas/field-errors'

describe('login and register', () => {
  it('require the mobile number and the 6-digit code', () => {
    expect(fieldErrors(loginSchema('TZ'), {})).toEqual({
      mobile: 'validation.mobile.required',
      code: 'validation.captcha.required',
    })
    expect(fieldErrors(registerSchema('TZ'), { mobile: '0712345678', code: '12345' })).toEqual({
      code: 'validation.captcha.format',
    })
    expect(fieldErrors(loginSchema('TZ'), { mobile: '0712345678', code: '123456' })).toEqual({})
  })

  it('refuses a number that is no mobile of the country', () => {
    expect(fieldErrors(loginSchema('TZ'), { mobile: '0221234567', code: '123456' })).toEqual({
      mobile: 'validation.mobile.invalid',
    })
  })

  it("on the wire name the country and are checked by that country's rules", () => {
    const wire = withCountry(loginSchema)
    // 065… is a Tanzanian mobile range, not a Kenyan one.
    expect(fieldErrors(wire, { country: 'TZ', mobile: '0652345678', code: '123456' })).toEqual({})
    expect(fieldErrors(wire, { country: 'KE', mobile: '0652345678', code: '123456' })).toEqual({
      mobile: 'validation.mobile.invalid',
    })
    expect(fieldErrors(wire, { mobile: '0652345678', code: '123456' })).toEqual({
      country: 'validation.country.unknown',
    })
    expect(fieldErrors(wire, { country: 'KE', mobile: '0712345678' })).toEqual({
      code: 'validation.captcha.required',
    })
  })

  it('ask for a code for logging in or registering only', () => {
    expect(v.is(verifyCodeSchema('KE'), { mobile: '0712345678', purpose: 'register' })).toBe(true)
    expect(fieldErrors(verifyCodeSchema('KE'), { mobile: '0712345678', purpose: 'reset' })).toEqual({
      purpose: 'validation.select',
    })
  })
})

describe('account deletion', () => {
  it('takes exactly one reason and the SMS code', () => {
    expect(fieldErrors(deleteAccountSchema(), { reasons: ['privacyConcerns'], code: '654321' })).toEqual({})
    expect(fieldErrors(deleteAccountSchema(), { reasons: [], code: '654321' })).toEqual({
      reasons: 'validation.reason.required',
    })
    expect(fieldErrors(deleteAccountSchema(), { reasons: ['other', 'feesTooHigh'], code: '654321' })).toEqual({
      reasons: 'validation.reason.onlyOne',
    })
    expect(fieldErrors(deleteAccountSchema(), { reasons: ['other'] })).toEqual({ code: 'validation.captcha.required' })
  })
})
