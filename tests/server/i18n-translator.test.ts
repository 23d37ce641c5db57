/**
 * The server's translator keeps each message without values once translated (issue 17): it must answer exactly
 * what i18next answers, per language, and a message with values must still be interpolated afterwards.
 */
import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../server/i18n'

describe('The server translator', () => {
  it('answers each language its own message, however often and in whatever order it is asked', () => {
    const { t } = createTranslator()
    for (let round = 0; round < 3; round++) {
      expect(t('en', 'errors.code.0')).toBe('Done')
      expect(t('sw', 'errors.code.0')).toBe('Imekamilika')
      expect(t('es', 'errors.code.0')).toBe('Listo')
    }
    expect(createTranslator().t('sw', 'errors.code.0')).toBe('Imekamilika')
  })

  it('interpolates values after the same message was asked without them, and the other way round', () => {
    const { t } = createTranslator()
    const key = 'console.validation.passwordLong'
    const bare = t('en', key)
    expect(bare).toContain('{{max}}')
    expect(t('en', key, { max: 64 })).toBe('Use at most 64 characters')
    expect(t('en', key, { max: 12 })).toBe('Use at most 12 characters')
    expect(t('en', key)).toBe(bare)
    expect(t('en', key, {})).toBe(bare)
  })

  it('answers a message without placeholders the same with values it does not use, and still chooses plurals', () => {
    const { t } = createTranslator()
    expect(t('en', 'errors.code.0', { domains: 'kopa.test', max: 3 })).toBe('Done')
    expect(t('sw', 'errors.code.0', { domains: 'kopa.test' })).toBe('Imekamilika')
    expect(t('en', 'ui.tenure.days', { count: 1 })).toBe('1 day')
    expect(t('en', 'ui.tenure.days', { count: 5 })).toBe('5 days')
    expect(t('en', 'ui.form.errors', { count: 1, first: 'Name' })).toBe('Check the field marked in red. Name')
    expect(t('en', 'ui.tenure.days', { count: 1 })).toBe('1 day')
  })

  it('answers an unknown key with the key, in every language', () => {
    const { t } = createTranslator()
    expect(t('en', 'errors.no.such.key')).toBe('errors.no.such.key')
    expect(t('sw', 'errors.no.such.key')).toBe('errors.no.such.key')
  })
})
