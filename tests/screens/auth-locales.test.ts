import { describe, expect, it } from 'vitest'
import { LANGS, keysNamed, localeTexts, screenSources } from './locale-checks'

const NAMESPACES = ['auth', 'wallet'] as const

/** Every leaf as `<ns>.<path>` → text, plural suffixes removed from the key. */
const texts = (lang: string) => localeTexts(lang, NAMESPACES, { foldPlurals: true })

/**
 * The auth.* and wallet.* keys the screens name literally (template keys are checked by the screens' tests); an
 * event type such as `wallet.corrected` is not a key.
 */
const keysUsed = () =>
  keysNamed(screenSources(['screens/auth', 'screens/auth/parts', 'screens/bank-account'], ['.tsx', '.ts']), [
    /(?<!type: )['`]((?:auth|wallet)\.[A-Za-z.]+[A-Za-z])['`]/g,
  ])

describe('the onboarding and wallet texts', () => {
  it('has every key the screens name, in English, Kiswahili and Spanish', () => {
    const used = keysUsed()
    expect(used.size).toBeGreaterThan(60)
    for (const lang of LANGS) {
      const keys = texts(lang)
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

  it('is translated, not copied from English, apart from names and placeholders', () => {
    const en = texts('en')
    const sameEverywhere =
      /^[\s\d{}.,()]*$|^(LinkedIn|Facebook|CURP)$|^\{\{\w+\}\}( \{\{\w+\}\})*$|^\{\{n\}\}\. \{\{question\}\}$/
    for (const lang of ['sw', 'es']) {
      const copies = [...texts(lang)].filter(
        ([key, text]) => en.get(key) === text && !sameEverywhere.test(text),
      )
      expect(copies, lang).toEqual([])
    }
  })
})
