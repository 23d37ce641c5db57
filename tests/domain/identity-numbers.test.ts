import { describe, expect, it } from 'vitest'
import {
  clabeCheckDigit,
  curpCheckDigit,
  curpStateCode,
  isNidaPartComplete,
  isValidClabe,
  isValidCurp,
  isValidKenyanId,
  isValidNida,
  isValidNss,
  isValidRfc,
  joinNida,
  splitNida,
} from '../../domain/identity-numbers'

describe('NIDA number (Tanzania)', () => {
  it('accepts 20 digits in parts of 8, 5, 5 and 2, dashed, run together or as four boxes', () => {
    expect(isValidNida('12345678-12345-00002-26')).toBe(true)
    expect(isValidNida('12345678123450000226')).toBe(true)
    expect(isValidNida(['12345678', '12345', '00002', '26'])).toBe(true)
  })

  it('refuses a 19-digit NIDA', () => {
    expect(isValidNida('1234567-12345-00002-26')).toBe(false)
    expect(isValidNida('1234567812345000022')).toBe(false)
    expect(isValidNida(['12345678', '12345', '0002', '26'])).toBe(false)
  })

  it('refuses 20 digits grouped the wrong way, and letters', () => {
    expect(isValidNida('1234567-123456-00002-26')).toBe(false)
    expect(isValidNida('12345678-12345-0000A-26')).toBe(false)
  })

  it('spreads a pasted number over the four boxes and joins them back with dashes', () => {
    const parts = splitNida('12345678 12345 00002 26')
    expect(parts).toEqual(['12345678', '12345', '00002', '26'])
    expect(joinNida(parts)).toBe('12345678-12345-00002-26')
    expect(splitNida('1234567890')).toEqual(['12345678', '90', '', ''])
  })

  it('moves on from a box only when it is full', () => {
    expect(isNidaPartComplete(0, '12345678')).toBe(true)
    expect(isNidaPartComplete(1, '1234')).toBe(false)
    expect(isNidaPartComplete(4, '1')).toBe(false)
  })
})

describe('Kenyan national ID number', () => {
  it('accepts 7 or 8 digits only', () => {
    expect(['1234567', '12345678'].map(isValidKenyanId)).toEqual([true, true])
    expect(['123456', '123456789', '1234567a'].map(isValidKenyanId)).toEqual([false, false, false])
  })
})

describe('Mexican numbers', () => {
  // python-stdnum's documented example of a valid CURP (born abroad, 1931).
  const CURP = 'BOXW310820HNERXN09'

  it('accepts a CURP with the official structure and check digit, in any case', () => {
    expect(isValidCurp(CURP)).toBe(true)
    expect(isValidCurp(CURP.toLowerCase())).toBe(true)
    expect(curpStateCode(CURP)).toBe('NE')
  })

  it('refuses a CURP with a wrong check digit', () => {
    expect(isValidCurp('BOXW310820HNERXN08')).toBe(false)
  })

  it('refuses a CURP with an unknown state code or a date that does not exist', () => {
    const withCheck = (first17: string) => first17 + curpCheckDigit(first17)
    expect(isValidCurp(withCheck('BOXW310820HZZRXN0'))).toBe(false)
    expect(isValidCurp(withCheck('GAPA050229MDFRRNA'))).toBe(false) // 2005 is not a leap year
    expect(isValidCurp(withCheck('GAPA040229MDFRRNA'))).toBe(true)
  })

  it('accepts a 13-character RFC of a persona física with a real date', () => {
    expect(isValidRfc('GODE561231GR8')).toBe(true)
    expect(isValidRfc('GODE561231GR')).toBe(false)
    expect(isValidRfc('GODE561331GR8')).toBe(false)
    expect(isValidRfc('GO-E561231GR8')).toBe(false)
  })

  it('accepts an 11-digit NSS whose last digit is its Luhn check digit', () => {
    expect(isValidNss('12345678903')).toBe(true)
    expect(isValidNss('12345678904')).toBe(false)
    expect(isValidNss('1234567890')).toBe(false)
  })

  it('accepts an 18-digit CLABE with the 3-7-1 check digit and refuses a wrong one', () => {
    expect(isValidClabe('002010077777777771')).toBe(true)
    expect(isValidClabe('002 010 07777777777 1')).toBe(true)
    expect(isValidClabe('002010077777777772')).toBe(false)
    expect(isValidClabe('00201007777777777')).toBe(false)
    expect(clabeCheckDigit('00201007777777777')).toBe(1)
  })
})
