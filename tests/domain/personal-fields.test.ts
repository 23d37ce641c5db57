import { describe, expect, it } from 'vitest'
import { AFTER_BIRTHDAY_FIELDS, personalFieldsFor } from '../../domain/enums'

describe('personal info fields that wait for the birthday', () => {
  it('hides education, marital status, the ID and the contacts until a birthday is chosen', () => {
    for (const birthday of [undefined, '', '   ', null]) {
      expect(Object.values(personalFieldsFor(birthday)).some(Boolean)).toBe(false)
    }
  })

  it('shows all of them once a birthday is chosen', () => {
    const shown = personalFieldsFor('1990-05-17')
    expect(AFTER_BIRTHDAY_FIELDS.every((field) => shown[field])).toBe(true)
    expect(AFTER_BIRTHDAY_FIELDS).toEqual(
      expect.arrayContaining(['education', 'maritalStatus', 'nationalId', 'email']),
    )
  })
})
