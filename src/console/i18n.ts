/**
 * The console's translations: locales/<lang>/console.json (its own words) and ui.json (the kit's), in English,
 * Kiswahili or Spanish. Only the language in use is downloaded; the borrower's app never loads console.json
 * (src/i18n.ts leaves it out). The language is the one the member chose on this browser, else the browser's own if
 * the console speaks it, else English.
 */
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { LANGUAGES, type Language } from '../../domain/countries'

export const CONSOLE_NAMESPACES = ['console', 'ui'] as const

type Resource = Record<string, unknown>
const loaders = import.meta.glob<{ default: Resource }>([
  '../../locales/*/console.json',
  '../../locales/*/ui.json',
])

const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)

/** The chosen language, else the first of the browser's the console speaks, else English. */
export function consoleLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored
  for (const tag of browser) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

/** Both namespaces of one language, as one resource. */
export async function loadConsoleLanguage(lang: Language): Promise<Resource> {
  const parts = await Promise.all(
    CONSOLE_NAMESPACES.map(async (ns) => {
      const load = loaders[`../../locales/${lang}/${ns}.json`]
      if (!load) throw new Error(`no translations for ${lang}/${ns}`)
      return [ns, (await load()).default] as const
    }),
  )
  return Object.fromEntries(parts)
}

export async function initConsoleI18n(lang: Language): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: await loadConsoleLanguage(lang) } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = lang
  return i18next
}

export async function changeConsoleLanguage(lang: Language): Promise<void> {
  if (!i18next.hasResourceBundle(lang, 'translation'))
    i18next.addResourceBundle(lang, 'translation', await loadConsoleLanguage(lang), true, true)
  await i18next.changeLanguage(lang)
  document.documentElement.lang = lang
}
