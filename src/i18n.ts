/**
 * Translations: locales/<lang>/<namespace>.json, merged into one resource per language where a key reads
 * `<namespace>.<path>`. Only the active language is downloaded (each file is its own small chunk), so a borrower
 * on costly data never pays for the other two.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

export const LANGUAGES = ['sw', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

type Resource = Record<string, unknown>
const loaders = import.meta.glob<{ default: Resource }>('../locales/*/*.json')

function namespaceOf(file: string): { lang: string; ns: string } {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file)
  if (!match) throw new Error(`not a locale file: ${file}`)
  return { lang: match[1]!, ns: match[2]! }
}

export async function loadLanguage(lang: Language): Promise<Resource> {
  const files = Object.entries(loaders).filter(([file]) => namespaceOf(file).lang === lang)
  const parts = await Promise.all(
    files.map(async ([file, load]) => [namespaceOf(file).ns, (await load()).default] as const),
  )
  return Object.fromEntries(parts)
}

export async function initI18n(lang: Language): Promise<typeof i18next> {
  const translation = await loadLanguage(lang)
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = lang
  return i18next
}

export async function changeLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation')) {
    i18next.addResourceBundle(lang, 'translation', await loadLanguage(lang))
  }
  await i18next.changeLanguage(lang)
  document.documentElement.lang = lang
}
