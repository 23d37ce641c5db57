import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const load = (lang: string) =>
  JSON.parse(readFileSync(path.join(root, 'locales', lang, 'ui.json'), 'utf8')) as object
const PLURAL = /_(zero|one|two|few|many|other)$/

/** Every leaf of a locale file as `ui.<path>`, plural suffixes removed. */
function keysOf(tree: object, prefix = 'ui'): Set<string> {
  const keys = new Set<string>()
  for (const [key, value] of Object.entries(tree)) {
    const name = `${prefix}.${key.replace(PLURAL, '')}`
    if (typeof value === 'object' && value !== null) for (const k of keysOf(value, name)) keys.add(k)
    else keys.add(name)
  }
  return keys
}

function valuesOf(tree: object): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'object' && v !== null ? valuesOf(v) : [String(v)]))
}

/** The ui.* keys the kit's code (and the upload compressor's errors) name, `${…}` templates expanded. */
function keysUsedInKit(): Set<string> {
  const files = [
    ...readdirSync(path.join(root, 'ui'))
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(root, 'ui', f)),
    path.join(root, 'services/uploads/compress.ts'),
  ]
  const used = new Set<string>()
  for (const file of files) {
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(/['`](ui\.[A-Za-z.]+)(\$\{[^}]+\})?['`]/g)) {
      const [, key, template] = match
      if (!template) used.add(key!)
      else if (key === 'ui.birthday.') ['year', 'month', 'day'].forEach((k) => used.add(key + k))
      else if (key === 'ui.tabs.') ['home', 'records', 'me'].forEach((k) => used.add(key + k))
      else throw new Error(`unexpanded template key ${key}${template} in ${file}`)
    }
  }
  return used
}

describe('the kit’s texts', () => {
  const en = keysOf(load('en'))

  it('has every key the kit uses in English, Kiswahili and Spanish', () => {
    const used = keysUsedInKit()
    expect(used.size).toBeGreaterThan(20)
    for (const lang of ['en', 'sw', 'es']) {
      const keys = keysOf(load(lang))
      expect(
        [...used].filter((k) => !keys.has(k)),
        lang,
      ).toEqual([])
    }
  })

  it('has the same keys in all three languages', () => {
    expect([...keysOf(load('sw'))].sort()).toEqual([...en].sort())
    expect([...keysOf(load('es'))].sort()).toEqual([...en].sort())
  })

  it('is translated, not copied from English', () => {
    // A language's own name (its endonym) is the same in every language by design: it is how its speakers find it.
    const withoutEndonyms = (lang: string) => {
      const { language, ...rest } = load(lang) as { language?: { endonym?: object } }
      return { ...rest, language: { ...language, endonym: {} } }
    }
    const english = new Set(valuesOf(withoutEndonyms('en')))
    for (const lang of ['sw', 'es']) {
      const copied = valuesOf(withoutEndonyms(lang)).filter((v) => english.has(v) && /\p{L}{3}/u.test(v))
      expect(copied, lang).toEqual([])
    }
  })
})
