/**
 * The locale files' texts for the wording tests (glossary.test.ts, locale-style.test.ts): every text of a language
 * as `<file>:<key path>` → text, and those a pattern finds.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')

/** Every text of one language as `<file>:<key path>` → text. */
export function texts(lang: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (node: unknown, at: string) => {
    if (typeof node === 'string') out.set(at, node)
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, at.endsWith(':') ? `${at}${k}` : `${at}.${k}`)
  }
  for (const file of readdirSync(path.join(root, 'locales', lang)).filter((f) => f.endsWith('.json')))
    walk(JSON.parse(readFileSync(path.join(root, 'locales', lang, file), 'utf8')), `${file}:`)
  return out
}

/** `key: text` of every text of `lang` that `pattern` finds. */
export const offending = (lang: string, pattern: RegExp): string[] =>
  [...texts(lang)].filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`)
