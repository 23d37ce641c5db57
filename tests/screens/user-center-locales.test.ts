import { describe, expect, it } from 'vitest'
import { LANGS, keysNamed, localeTexts, placeholders, screenSources } from './locale-checks'

const NAMESPACES = ['user-center', 'feedback', 'coupons'] as const

/** Every leaf as `<ns>.<path>` → text, plural suffixes removed from the key. */
const texts = (lang: string) => localeTexts(lang, NAMESPACES, { foldPlurals: true })

/** The keys of these namespaces that the screens name literally (template keys are checked by the screens' tests). */
const keysUsed = () =>
  keysNamed(
    screenSources(
      ['screens/user-center', 'screens/user-center/parts', 'screens/feedback', 'screens/feedback/parts'],
      ['.tsx', '.ts'],
    ),
    [/(?<!type: )['`]((?:user-center|feedback|coupons)\.[A-Za-z.]+[A-Za-z])['`]/g],
  )

/** Names the same in every language: languages named in themselves, brands, and texts made only of placeholders. */
const SAME_EVERYWHERE = /^user-center\.contact\.(whatsapp|openList)$/

describe('the user centre, feedback and coupon texts', () => {
  it('has every key the screens name, in English, Kiswahili and Spanish', () => {
    const used = keysUsed()
    expect(used.size).toBeGreaterThan(80)
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

  it('is translated, not copied from English', () => {
    const en = texts('en')
    for (const lang of ['sw', 'es']) {
      const copied = [...texts(lang)].filter(
        ([key, text]) => en.get(key) === text && !SAME_EVERYWHERE.test(key),
      )
      expect(
        copied.map(([key]) => key),
        lang,
      ).toEqual([])
    }
  })

  it('keeps the same placeholders in every language', () => {
    const en = texts('en')
    for (const lang of ['sw', 'es'])
      for (const [key, text] of texts(lang))
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en.get(key)!))
  })
})
