import { describe, expect, it } from 'vitest'
import { keysNamed, localeTexts, screenSources } from './locale-checks'

const NAMESPACES = ['borrow', 'repay', 'records'] as const
const SCREENS = [
  'screens/borrow',
  'screens/borrow/parts',
  'screens/repay',
  'screens/repay/parts',
  'screens/tabs/records.tsx',
  'screens/standalone/cancellation-form.tsx',
  'screens/standalone/yx2-confirm-borrow.tsx',
]

/** Every text of the money-path namespaces in one language, by `<ns>.<path>` (plural suffixes kept). */
const texts = (lang: string) => localeTexts(lang, NAMESPACES, { foldPlurals: false })

/** The keys the screens name literally (template keys are covered by the screens' tests). */
const keysUsed = () =>
  keysNamed(screenSources(SCREENS, ['.tsx']), [
    /t\(\s*'((?:borrow|repay|records)\.[A-Za-z.]+[A-Za-z])'/g,
    /titleKey="((?:repay)\.[A-Za-z.]+)"/g,
  ])

describe('the borrow, repay and records texts', () => {
  it('has every key the screens name, in English, Kiswahili and Spanish', () => {
    const used = keysUsed()
    expect(used.size).toBeGreaterThan(100)
    for (const lang of ['en', 'sw', 'es']) {
      const keys = new Set([...texts(lang).keys()].map((k) => k.replace(/_(one|other)$/, '')))
      expect(
        [...used].filter((key) => !keys.has(key)),
        lang,
      ).toEqual([])
    }
  })

  it('has the same keys in the three languages', () => {
    const en = [...texts('en').keys()].sort()
    for (const lang of ['sw', 'es']) expect([...texts(lang).keys()].sort(), lang).toEqual(en)
  })

  it('is translated, not copied from English, apart from bare placeholders', () => {
    const en = texts('en')
    const sameEverywhere = /^[\s\d{}.,()·]*$|^\{\{\w+\}\}$/
    for (const lang of ['sw', 'es']) {
      const copies = [...texts(lang)].filter(
        ([key, text]) => en.get(key) === text && !sameEverywhere.test(text),
      )
      expect(copies, lang).toEqual([])
    }
  })
})
