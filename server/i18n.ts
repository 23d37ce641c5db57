/**
 * Server-side translation of response messages. Reads every locales/<lang>/<namespace>.json at start-up (the
 * same files the app uses) and translates keys of the form `<namespace>.<path.in.file>` into the request's
 * language, falling back to English. The `lang` header values are en, sw_KE and es_MX (decisions.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import i18next, { type i18n } from 'i18next'
import { LANGUAGES, type Language } from '../domain/countries'

export const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales')

export type Translate = (lang: Language, key: string, vars?: Record<string, unknown>) => string

/** The `lang` header → a language; anything unknown or missing is English. */
export function languageOf(header: unknown): Language {
  if (typeof header !== 'string') return 'en'
  const base = header.trim().toLowerCase().split(/[-_]/)[0]
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : 'en'
}

function loadResources(dir: string) {
  const resources: Record<string, Record<string, unknown>> = {}
  const namespaces = new Set<string>()
  for (const lang of LANGUAGES) {
    const langDir = path.join(dir, lang)
    resources[lang] = {}
    if (!existsSync(langDir)) continue
    for (const file of readdirSync(langDir).filter((f) => f.endsWith('.json'))) {
      const ns = file.slice(0, -'.json'.length)
      namespaces.add(ns)
      resources[lang][ns] = JSON.parse(readFileSync(path.join(langDir, file), 'utf8')) as unknown
    }
  }
  return { resources, namespaces: [...namespaces] }
}

export interface Translator {
  t: Translate
  /** Whether the key exists in English (every key must exist in all three languages). */
  has(key: string): boolean
}

export function createTranslator(dir = LOCALES_DIR): Translator {
  const { resources, namespaces } = loadResources(dir)
  const instance: i18n = i18next.createInstance()
  void instance.init({
    resources: resources as never,
    lng: 'en',
    fallbackLng: 'en',
    ns: namespaces,
    nsSeparator: ':',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
  })
  /** `validation.email.domain` → `validation:email.domain`. */
  const nsKey = (key: string) => {
    const dot = key.indexOf('.')
    return dot > 0 && namespaces.includes(key.slice(0, dot))
      ? `${key.slice(0, dot)}:${key.slice(dot + 1)}`
      : key
  }
  return {
    t: (lang, key, vars = {}) =>
      instance.exists(nsKey(key), { lng: lang }) ? instance.t(nsKey(key), { ...vars, lng: lang }) : key,
    has: (key) => instance.exists(nsKey(key), { lng: 'en' }),
  }
}
