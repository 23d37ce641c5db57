import { describe, expect, it } from 'vitest'
import {
  digitsOnly,
  formatMobile,
  isPhoneFieldLengthOk,
  isPhoneText,
  isValidMobile,
  isValidPhoneField,
  nationalDigits,
  normalizeMobile,
  phoneFieldMaxLength,
  sameMobile,
  toE164,
} from '../../domain/phone'

describe('mobile numbers', () => {
  it.each(['+255 712 345 678', '0712345678', '712345678', '00255712345678', '255712345678', '0712-345-678'])(
    'reads the Tanzanian number %s as 712345678',
    (input) => expect(normalizeMobile('TZ', input)).toBe('712345678'),
  )

  it('refuses Tanzanian numbers that are too short, not mobile, from another country or not digits', () => {
    for (const input of ['71234567', '0812345678', '+254712345678', '07123a5678', '', '+255 612 345 67'])
      expect(normalizeMobile('TZ', input), input).toBeNull()
  })

  it('reads Kenyan 07 and 01 numbers and refuses others', () => {
    expect(normalizeMobile('KE', '+254 712 345678')).toBe('712345678')
    expect(normalizeMobile('KE', '0110123456')).toBe('110123456')
    expect(normalizeMobile('KE', '0212345678')).toBeNull()
  })

  it('reads Mexican 10-digit numbers, also with the old mobile prefix 1, and refuses a leading 0', () => {
    expect(normalizeMobile('MX', '55 1234 5678')).toBe('5512345678')
    expect(normalizeMobile('MX', '+52 1 55 1234 5678')).toBe('5512345678')
    expect(normalizeMobile('MX', '+52 55 1234 5678')).toBe('5512345678')
    expect(normalizeMobile('MX', '0512345678')).toBeNull()
    expect(isValidMobile('MX', '551234567')).toBe(false)
  })

  it('refuses Tanzanian numbers in the 060 and 064 ranges, which are allocated to no mobile network', () => {
    expect(normalizeMobile('TZ', '0601234567')).toBeNull()
    expect(normalizeMobile('TZ', '+255 641 234 567')).toBeNull()
    for (const input of ['0631234567', '0661234567', '0701234567', '0721234567', '0791234567'])
      expect(normalizeMobile('TZ', input), input).toBe(input.slice(1))
  })

  it('reads Kenyan numbers of the allocated 01 blocks and refuses the 01 numbers no network holds', () => {
    for (const input of ['0100123456', '0108123456', '0119123456', '0120123456', '0124123456', '0130123456', '0145123456', '0181123456'])
      expect(normalizeMobile('KE', input), input).toBe(input.slice(1))
    for (const input of ['0109123456', '0122123456', '0131123456', '0146123456', '0150123456', '0190123456'])
      expect(normalizeMobile('KE', input), input).toBeNull()
  })

  it('reads Mexican numbers of allocated area codes and refuses area codes the numbering plan has not allocated', () => {
    for (const input of ['55 1234 5678', '33 1234 5678', '81 1234 5678', '222 123 4567', '998 123 4567'])
      expect(normalizeMobile('MX', input), input).not.toBeNull()
    for (const input of ['2012345678', '2112345678', '2512345678', '5012345678'])
      expect(normalizeMobile('MX', input), input).toBeNull()
  })

  it('formats numbers internationally and nationally', () => {
    expect(formatMobile('TZ', '712345678')).toBe('+255 712 345 678')
    expect(formatMobile('KE', '712345678', 'national')).toBe('0712 345 678')
    expect(formatMobile('MX', '5512345678')).toBe('+52 55 1234 5678')
    expect(formatMobile('MX', '2221234567', 'national')).toBe('222 123 4567')
    expect(formatMobile('TZ', 'garbage')).toBe('garbage')
    expect(toE164('TZ', '712345678')).toBe('255712345678')
  })

  it('recognises the same mobile written two ways', () => {
    expect(sameMobile('TZ', '0712345678', '+255 712 345 678')).toBe(true)
    expect(sameMobile('TZ', '0712345678', '0712345679')).toBe(false)
    expect(sameMobile('TZ', 'x', 'x')).toBe(false)
  })
})

describe('phone fields (spec §5)', () => {
  it('keeps only digits of what is typed', () => {
    expect(digitsOnly('+255 (712) 345-678')).toBe('255712345678')
  })

  it('reads what people type: spaces, dashes, brackets and a leading + are formatting, letters are not', () => {
    for (const input of ['0713 456 789', '+255713111223', '+255 713-111-223', '(0713) 456789', '255 713 111 223'])
      expect(isPhoneText(input), input).toBe(true)
    for (const input of ['07134S6789', '0713+456', '', ' ', '++255713111223']) expect(isPhoneText(input), input).toBe(false)
  })

  it('counts the national digits without the country code (+255, 00255, 255 before a whole number)', () => {
    expect(nationalDigits('TZ', '+255 713 111 223')).toBe('713111223')
    expect(nationalDigits('TZ', '00255713111223')).toBe('713111223')
    expect(nationalDigits('TZ', '255713111223')).toBe('713111223')
    expect(nationalDigits('TZ', '0713 456 789')).toBe('0713456789')
    expect(nationalDigits('TZ', '25575412345')).toBe('25575412345')
    expect(nationalDigits('TZ', '+254712345678')).toBe('')
    expect(nationalDigits('KE', '+254 712 345 678')).toBe('712345678')
    expect(nationalDigits('MX', '+52 55 1234 5678')).toBe('5512345678')
  })

  // Issue 13: emergency contacts, WhatsApp and spare phone refused "0713 456 789" and "+255713111223".
  it.each(['whatsapp', 'sparePhone', 'emergencyContact'] as const)(
    'a %s number is accepted the ways people type it, as the login is',
    (field) => {
      for (const input of ['0713 456 789', '+255713111223', '+255 713 111 223', '255713111223', '0713-456-789', '713456789'])
        expect(isValidPhoneField(field, 'TZ', input), input).toBe(true)
      expect(isValidPhoneField(field, 'KE', '+254 712 345 678')).toBe(true)
      expect(isValidPhoneField(field, 'KE', '0712 345 678')).toBe(true)
    },
  )

  it('accepts a WhatsApp number of at most 10 national digits that is a real mobile', () => {
    expect(isValidPhoneField('whatsapp', 'TZ', '0712345678')).toBe(true)
    expect(isValidPhoneField('whatsapp', 'TZ', '0812345678')).toBe(false)
    expect(isPhoneFieldLengthOk('whatsapp', 'TZ', '25575412345')).toBe(false)
  })

  it('accepts a spare phone of up to 13 national digits', () => {
    expect(isValidPhoneField('sparePhone', 'KE', '254712345678')).toBe(true)
    expect(phoneFieldMaxLength('sparePhone', 'KE')).toBe(13)
    expect(isPhoneFieldLengthOk('sparePhone', 'KE', '07123456789012')).toBe(false)
  })

  it('accepts an emergency contact of 9 national digits, or 10 when it starts with 0', () => {
    expect(phoneFieldMaxLength('emergencyContact', 'TZ', '7')).toBe(9)
    expect(phoneFieldMaxLength('emergencyContact', 'TZ', '07')).toBe(10)
    expect(isValidPhoneField('emergencyContact', 'TZ', '712345678')).toBe(true)
    expect(isValidPhoneField('emergencyContact', 'TZ', '0712345678')).toBe(true)
    expect(isPhoneFieldLengthOk('emergencyContact', 'TZ', '7123456789')).toBe(false)
    expect(isPhoneFieldLengthOk('emergencyContact', 'MX', '55 1234 5678')).toBe(true)
  })
})
