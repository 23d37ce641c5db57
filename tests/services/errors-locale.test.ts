import { describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import { messageKeyForCode } from '../../services/api/errors'
import { LANGS, localeTexts, placeholders } from '../screens/locale-checks'

/** Every text of errors.json by language, with keys as the app writes them: `errors.<path>`. */
const texts = Object.fromEntries(
  LANGS.map((lang) => [lang, Object.fromEntries(localeTexts(lang, ['errors'], { foldPlurals: false }))]),
) as Record<(typeof LANGS)[number], Record<string, string>>

describe('errors.json in English, Kiswahili and Spanish', () => {
  it('every language has exactly the same keys', () => {
    expect(Object.keys(texts.sw).sort()).toEqual(Object.keys(texts.en).sort())
    expect(Object.keys(texts.es).sort()).toEqual(Object.keys(texts.en).sort())
  })

  it('every response code of domain/api-codes.ts has its message, and it is the key the client falls back to', () => {
    for (const code of Object.values(ApiCode)) {
      expect(messageKeyForCode(code)).toBe(`errors.code.${code}`)
      for (const lang of LANGS) expect(texts[lang][`errors.code.${code}`], `${lang} ${code}`).toBeTruthy()
    }
  })

  it('the client’s own failure keys exist', () => {
    for (const key of ['errors.network', 'errors.timeout', 'errors.requestFailed'])
      for (const lang of LANGS) expect(texts[lang][key], `${lang} ${key}`).toBeTruthy()
  })

  it('keeps the wording of the spec §8 toasts in English', () => {
    expect(texts.en['errors.orderTimedOut']).toBe('This order has timed out, please try again')
    expect(texts.en['errors.invalidCode']).toBe('Invalid verification code')
    expect(texts.en['errors.alreadyRegistered']).toBe(
      'This number has been registered, please login directly',
    )
    expect(texts.en['errors.cancellationFail']).toBe('Cancellation failed')
    expect(texts.en['errors.code.10010304']).toBe('The account is logged in from another device')
  })

  it('checks the §8 texts the app shows, under the keys it shows them with', () => {
    // The login form's empty number (domain/schemas/account.ts), the repayment's missing channel and order
    // (domain/schemas/repayment.ts): validation texts, not errors.json copies.
    const validation = Object.fromEntries(localeTexts('en', ['validation'], { foldPlurals: false }))
    expect(validation['validation.mobile.required']).toBe('Mobile phone number cannot be empty')
    expect(validation['validation.channel.required']).toBe('channelId cannot be empty')
    const ui = Object.fromEntries(localeTexts('en', ['ui'], { foldPlurals: false }))
    expect(ui['ui.copy.failed']).toBe('Copy failed')
    expect(ui['ui.empty.title']).toBe('No data')
    const identity = Object.fromEntries(localeTexts('en', ['identity'], { foldPlurals: false }))
    expect(identity['identity.error.authentication']).toMatch(/^ID card authentication error\. Make sure the letters/)
    expect(identity['identity.error.backUnidentified']).toMatch(/^The back of your ID could not be read\. Please take a photo and upload it again/)
  })

  it('has no copy of a text the app shows under another key (spec §8 texts live where they are used)', () => {
    for (const dead of [
      'copyFailed',
      'noData',
      'channelIdEmpty',
      'faceRequired',
      'idUnreadable',
      'idAuthError',
      'mobileEmpty',
      'orderNoEmpty',
    ])
      for (const lang of LANGS) expect(texts[lang][`errors.${dead}`], `${lang} errors.${dead}`).toBeUndefined()
  })

  it('Kiswahili and Spanish are translations, not English copies, with the same placeholders', () => {
    for (const [key, english] of Object.entries(texts.en)) {
      for (const lang of ['sw', 'es'] as const) {
        const text = texts[lang][key] ?? ''
        expect(text.trim(), `${lang} ${key}`).not.toBe('')
        expect(text, `${lang} ${key}`).not.toBe(english)
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english))
      }
    }
  })
})
