import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { FORM_ERROR, fieldErrors } from '../../domain/schemas/field-errors'
import { validationMessageValues } from '../../domain/schemas/message-values'

const ROOT = join(__dirname, '../..')
const LANGS = ['en', 'sw', 'es'] as const
type Tree = { [key: string]: string | Tree }

const locale = (lang: string): Tree => JSON.parse(readFileSync(join(ROOT, 'locales', lang, 'validation.json'), 'utf8'))

/** Every `validation.*` key of a locale file with its text. */
function flatten(tree: Tree, prefix = 'validation'): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, text] of flatten(value, path)) out.set(k, text)
  }
  return out
}

const texts = Object.fromEntries(LANGS.map((lang) => [lang, flatten(locale(lang))])) as Record<
  (typeof LANGS)[number],
  Map<string, string>
>

/** The `validation.*` keys written in the domain's source (schemas, rules, pricing). */
function keysInSource(dir: string): string[] {
  const keys: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) keys.push(...keysInSource(path))
    else if (entry.name.endsWith('.ts')) {
      for (const match of readFileSync(path, 'utf8').matchAll(/'(validation\.[A-Za-z0-9_.]+)'/g)) keys.push(match[1]!)
    }
  }
  return [...new Set(keys)]
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe('validation messages', () => {
  it('exist in English, Kiswahili and Spanish for every key the domain uses', () => {
    const used = keysInSource(join(ROOT, 'domain'))
    expect(used.length).toBeGreaterThan(80)
    for (const lang of LANGS) {
      const missing = used.filter((key) => !texts[lang].has(key))
      expect(missing, `missing in ${lang}`).toEqual([])
    }
  })

  it('have the same keys in the three languages, none empty', () => {
    const en = [...texts.en.keys()].sort()
    expect([...texts.sw.keys()].sort()).toEqual(en)
    expect([...texts.es.keys()].sort()).toEqual(en)
    for (const lang of LANGS) for (const text of texts[lang].values()) expect(text.trim()).not.toBe('')
  })

  it('are translated, not English copies, and keep the same placeholders', () => {
    for (const [key, english] of texts.en) {
      for (const lang of ['sw', 'es'] as const) {
        const text = texts[lang].get(key)!
        expect(text, `${lang} ${key}`).not.toBe(english)
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english))
      }
    }
  })

  it("use the spec's English wording where the spec gives one", () => {
    expect(texts.en.get('validation.nationalId.nida')).toBe('Please enter the correct National ID Number(NIDA Number)')
    expect(texts.en.get('validation.agreement.required')).toBe('Please agree to the loan agreement')
    expect(texts.en.get('validation.questionnaire.empty')).toBe('Complete the credit history questionnaire')
    expect(texts.en.get('validation.questionnaire.incomplete')).toBe(
      'There are still unanswered questions, please complete',
    )
    expect(texts.en.get('validation.reason.required')).toBe('You have to choose the reason')
    expect(texts.en.get('validation.reason.onlyOne')).toBe('Choose only one reason')
    expect(texts.en.get('validation.channel.required')).toBe('channelId cannot be empty')
    expect(texts.en.get('validation.orderNo.required')).toBe('orderNo cannot be empty')
    expect(texts.en.get('validation.payOrderId.required')).toBe('payOrderId cannot be empty please try again')
    expect(texts.en.get('validation.mobile.required')).toBe('Mobile phone number cannot be empty')
  })

  it('get every value they interpolate from validationMessageValues', () => {
    const values = validationMessageValues({
      country: 'TZ',
      repayment: { remainingMinor: 1, productMinMinor: 200_000, unitMinor: 10_000, minorPerUnit: 100 },
    })
    expect(values).toMatchObject({ domains: 'gmail.com, yahoo.com', max: 3, min: 2_000, unit: 100 })
    const used = new Set([...texts.en.values()].flatMap(placeholders))
    for (const name of used) expect(values, name).toHaveProperty(name!)
  })
})

describe('fieldErrors', () => {
  const schema = v.pipe(
    v.object({ name: v.pipe(v.string('validation.name.required'), v.minLength(3, 'validation.name.tooShort')) }),
    v.check((input) => input.name !== 'root', 'validation.required'),
  )

  it('is empty for a valid value', () => {
    expect(fieldErrors(schema, { name: 'Asha' })).toEqual({})
  })

  it("reports a missing field with that field's own message, not the object's", () => {
    expect(fieldErrors(schema, {})).toEqual({ name: 'validation.name.required' })
  })

  it('keeps the first message of each field', () => {
    expect(fieldErrors(schema, { name: 'A' })).toEqual({ name: 'validation.name.tooShort' })
  })

  it('puts an error of the whole value at FORM_ERROR', () => {
    expect(fieldErrors(schema, { name: 'root' })).toEqual({ [FORM_ERROR]: 'validation.required' })
  })

  it('never passes on a message that is not a validation key', () => {
    expect(fieldErrors(v.object({ n: v.number() }), { n: 'x' })).toEqual({ n: 'validation.required' })
  })
})
