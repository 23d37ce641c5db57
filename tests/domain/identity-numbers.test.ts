import { describe, expect, it } from 'vitest'
import {
  clabeCheckDigit,
  curpCheckDigit,
  curpStateCode,
  isNidaPartComplete,
  isNidaWellFormed,
  isValidClabe,
  isValidCurp,
  isValidKenyanId,
  isValidNida,
  isValidNss,
  isValidRfc,
  joinNida,
  nidaBirthDate,
  nssProblem,
  rfcProblem,
  splitNida,
} from '../../domain/identity-numbers'

const TODAY = new Date('2026-11-25T09:00:00Z')

describe('NIDA number (Tanzania)', () => {
  it('accepts 20 digits in parts of 8, 5, 5 and 2, dashed, run together or as four boxes', () => {
    expect(isValidNida('19900517-12345-00002-26', TODAY)).toBe(true)
    expect(isValidNida('19900517123450000226', TODAY)).toBe(true)
    expect(isValidNida(['19900517', '12345', '00002', '26'], TODAY)).toBe(true)
  })

  it('refuses a 19-digit NIDA', () => {
    expect(isValidNida('1990051-12345-00002-26', TODAY)).toBe(false)
    expect(isValidNida('1990051712345000022', TODAY)).toBe(false)
    expect(isValidNida(['19900517', '12345', '0002', '26'], TODAY)).toBe(false)
  })

  it('refuses 20 digits grouped the wrong way, and letters', () => {
    expect(isValidNida('1990051-123456-00002-26', TODAY)).toBe(false)
    expect(isValidNida('19900517-12345-0000A-26', TODAY)).toBe(false)
    expect(isNidaWellFormed('19900517-12345-0000A-26')).toBe(false)
  })

  it('reads the holder’s date of birth from the first eight digits, year, month and day', () => {
    expect(nidaBirthDate('19900517-12345-00002-26', TODAY)).toBe('1990-05-17')
    expect(nidaBirthDate(['20000229', '12345', '00002', '26'], TODAY)).toBe('2000-02-29')
  })

  it('refuses a NIDA number whose birth date has a 13th month, a 30 February or a 29 February of a common year', () => {
    for (const nida of ['19901317-12345-00002-26', '19900230-12345-00002-26', '19990229-12345-00002-26']) {
      expect(isNidaWellFormed(nida), nida).toBe(true)
      expect(isValidNida(nida, TODAY), nida).toBe(false)
    }
    expect(isValidNida('19900001-12345-00002-26', TODAY)).toBe(false)
    expect(isValidNida('19900532-12345-00002-26', TODAY)).toBe(false)
  })

  it('refuses a NIDA number whose birth date is after today or before 1900', () => {
    expect(isValidNida('20261126-12345-00002-26', TODAY)).toBe(false)
    expect(isValidNida('20261125-12345-00002-26', TODAY)).toBe(true)
    expect(isValidNida('18991231-12345-00002-26', TODAY)).toBe(false)
  })

  it('spreads a pasted number over the four boxes and joins them back with dashes', () => {
    const parts = splitNida('19900517 12345 00002 26')
    expect(parts).toEqual(['19900517', '12345', '00002', '26'])
    expect(joinNida(parts)).toBe('19900517-12345-00002-26')
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

  it('accepts the ID number a Maisha card carries, which is the holder’s old ID number', () => {
    expect(isValidKenyanId('22550645')).toBe(true)
  })

  it('refuses a 14-digit number, which only children registered at birth since 2023 have', () => {
    expect(isValidKenyanId('12345678901234')).toBe(false)
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

  it('refuses a CURP whose first four letters are on RENAPO’s list of inconvenient words', () => {
    const withCheck = (first17: string) => first17 + curpCheckDigit(first17)
    expect(isValidCurp(withCheck('PENE660720HDFNTN0'))).toBe(false)
    expect(isValidCurp(withCheck('CULO900101HDFRRR0'))).toBe(false)
    expect(isValidCurp(withCheck('BUEY850310MJCRRL0'))).toBe(false)
  })

  it('accepts the CURP RENAPO issues instead, with an X as its second letter', () => {
    const withCheck = (first17: string) => first17 + curpCheckDigit(first17)
    expect(isValidCurp(withCheck('PXNE660720HDFNTN0'))).toBe(true)
    expect(isValidCurp(withCheck('CXLO900101HDFRRR0'))).toBe(true)
  })

  it('accepts a 13-character RFC of a persona física with a real date', () => {
    expect(isValidRfc('GODE561231GR8')).toBe(true)
    expect(isValidRfc('GODE561231GR')).toBe(false)
    expect(isValidRfc('GODE561331GR8')).toBe(false)
    expect(isValidRfc('GO-E561231GR8')).toBe(false)
  })

  it('refuses the generic RFCs of the general public and of foreigners as a borrower’s own', () => {
    expect(rfcProblem('XAXX010101000')).toBe('generic')
    expect(rfcProblem('xexx010101000')).toBe('generic')
    expect(isValidRfc('XAXX010101000')).toBe(false)
  })

  it('refuses an RFC whose four letters are on the SAT’s list of inconvenient words, and accepts the one the SAT issues instead', () => {
    expect(rfcProblem('PUTO800101AB1')).toBe('inconvenient')
    expect(rfcProblem('MEAR751120KL4')).toBe('inconvenient')
    expect(rfcProblem('PUTX800101AB1')).toBeNull()
  })

  it('accepts an 11-digit NSS whose last digit is its Luhn check digit', () => {
    // IMSS's own example: subdelegation 92, registered 1991, born 1990, serial 8443, check digit 1.
    expect(isValidNss('92919084431', TODAY)).toBe(true)
    expect(nssProblem('92919084432', TODAY)).toBe('checkDigit')
    expect(nssProblem('9291908443', TODAY)).toBe('format')
  })

  it('refuses an NSS registered before its holder was born', () => {
    expect(nssProblem('12959812343', TODAY)).toBe('registeredBeforeBirth') // registered 1995, born 1998
    expect(nssProblem('12051012347', TODAY)).toBe('registeredBeforeBirth') // registered 2005, born 2010
    expect(nssProblem('12345678903', TODAY)).toBe('registeredBeforeBirth') // registered 1934, born 1956
  })

  it('reads a registration year after 2000 for a holder born in the 1900s', () => {
    expect(isValidNss('10059012343', TODAY)).toBe(true) // registered 2005, born 1990
    expect(isValidNss('01909012344', TODAY)).toBe(true) // registered and born in 1990
  })

  it('accepts an 18-digit CLABE with the 3-7-1 check digit and refuses a wrong one', () => {
    expect(isValidClabe('002010077777777771')).toBe(true)
    expect(isValidClabe('002 010 07777777777 1')).toBe(true)
    expect(isValidClabe('002010077777777772')).toBe(false)
    expect(isValidClabe('00201007777777777')).toBe(false)
    expect(clabeCheckDigit('00201007777777777')).toBe(1)
  })
})
