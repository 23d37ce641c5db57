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

/** How many translated messages without values are kept (there are a few hundred keys in three languages). */
const MAX_PLAIN_MESSAGES = 10_000

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
  const translate = (lang: Language, key: string, vars: Record<string, unknown>) =>
    instance.exists(nsKey(key), { ...vars, lng: lang }) ? instance.t(nsKey(key), { ...vars, lng: lang }) : key
  // A message without values is a function of the language and the key alone (the resources are read once, above):
  // it is translated once (issue 17: every answer's `msg` went through i18next). The keys are the code's, not the
  // client's; the memory is bounded all the same.
  const plain = new Map<string, string>()
  const plainText = (lang: Language, key: string) => {
    const id = `${lang}\u0000${key}`
    let text = plain.get(id)
    if (text === undefined) {
      text = translate(lang, key, {})
      if (plain.size < MAX_PLAIN_MESSAGES) plain.set(id, text)
    }
    return text
  }
  return {
    t: (lang, key, vars) => {
      if (vars === undefined) return plainText(lang, key)
      // Values a message does not use change nothing: the dispatcher passes the validation values with every
      // refusal, and most refusals' messages have no placeholder (issue 17: i18next cost a refused call ~10 µs).
      // `count` and `context` choose another key (plural forms, contexts), so they always go through i18next.
      if (!('count' in vars) && !('context' in vars)) {
        const text = plainText(lang, key)
        if (!text.includes('{{') && !text.includes('$t(')) return text
      }
      return translate(lang, key, vars)
    },
    has: (key) => instance.exists(nsKey(key), { lng: 'en' }),
  }
}
