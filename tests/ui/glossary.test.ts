/**
 * Issue 13 and docs/glossary.md: one term for each thing. The Kiswahili texts called the SMS code "namba ya siri"
 * (a PIN), "msimbo" and "nambari ya uthibitisho", asked a Tanzanian for "mkoa au kaunti" (Kenya's county), and the
 * Spanish ones named the rollover two ways. These checks read every locale file, so a new text that brings a
 * retired term back fails here.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { offending, texts } from './locale-texts'

const root = path.resolve(import.meta.dirname, '../..')

describe('Kiswahili uses one term for each thing', () => {
  it('calls the SMS code "nambari ya uthibitisho" everywhere — never a PIN ("namba ya siri") nor "msimbo"', () => {
    expect(offending('sw', /namba ya siri|msimbo wa (sms|uthibitisho)|namba ya uthibitisho/i)).toEqual([])
    const sw = texts('sw')
    for (const key of [
      'user.json:form.code',
      'user-center.json:delete.code',
      'validation.json:captcha.required',
    ])
      expect(sw.get(key), key).toMatch(/nambari ya uthibitisho/i)
  })

  it('says so in the server’s texts too: the FAQ, the legal documents and the loan agreement', () => {
    const dirs = ['server/content', 'server/loans']
    const found: string[] = []
    for (const dir of dirs)
      for (const file of readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts'))) {
        const source = readFileSync(path.join(root, dir, file), 'utf8')
        for (const [i, line] of source.split('\n').entries())
          if (/namba ya siri|msimbo wa (sms|uthibitisho)|namba ya uthibitisho|mkoa au kaunti/i.test(line))
            found.push(`${dir}/${file}:${i + 1}`)
      }
    expect(found).toEqual([])
  })

  it("never names Kenya's county beside a Tanzanian region, and names each level in its own message", () => {
    expect(offending('sw', /mkoa au kaunti|kaunti au mkoa/i)).toEqual([])
    const sw = texts('sw')
    expect(sw.get('validation.json:area.region.required')).toMatch(/\bmkoa\b/)
    expect(sw.get('validation.json:area.region.required')).not.toMatch(/kaunti/)
    expect(sw.get('validation.json:area.county.required')).toMatch(/\bkaunti\b/)
    expect(sw.get('validation.json:area.state.required')).toMatch(/\bjimbo\b/)
  })

  it('calls the wallet "pochi ya simu", the face check "uthibitisho wa uso" and the principal "kiasi cha mkopo"', () => {
    expect(offending('sw', /pesa ya simu|utambuzi wa uso|mkopo halisi/i)).toEqual([])
  })

  it('writes a postal code as "msimbo wa posta"', () => {
    expect(offending('sw', /namba ya posta/i)).toEqual([])
  })
})

describe('Spanish uses one term for each thing', () => {
  it('calls the rollover "extensión", never "prórroga"', () => {
    expect(offending('es', /prórroga/i)).toEqual([])
  })
})

describe('every language', () => {
  it.each(['en', 'sw', 'es'])(
    '%s has no "service fee" beside the processing fee (one fee, its tax inside it)',
    (lang) => {
      expect(texts(lang).has('borrow.json:breakdown.serviceFee')).toBe(false)
      expect(texts(lang).get('borrow.json:breakdown.upFront')).toContain('{{tax}}')
    },
  )
})
