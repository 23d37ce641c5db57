import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

/** The repository root, for reading locales/ and screens/. */
export const root = path.resolve(import.meta.dirname, '../..')
export const LANGS = ['en', 'sw', 'es'] as const
/** The plural suffixes i18next adds to a key (`_one`, `_other`, …). */
export const PLURAL = /_(zero|one|two|few|many|other)$/

const load = (lang: string, ns: string) =>
  JSON.parse(readFileSync(path.join(root, 'locales', lang, `${ns}.json`), 'utf8')) as Record<string, unknown>

/** Every leaf of one tree as `<prefix>.<path>` → text; with `foldPlurals` the plural suffixes leave the key. */
function leaves(
  tree: Record<string, unknown>,
  prefix: string,
  foldPlurals: boolean,
  out: Map<string, string>,
): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = `${prefix}.${foldPlurals ? key.replace(PLURAL, '') : key}`
    if (typeof value === 'object' && value !== null)
      leaves(value as Record<string, unknown>, name, foldPlurals, out)
    else out.set(name, String(value))
  }
  return out
}

/** Every text of the namespaces in one language, by `<ns>.<path>`. */
export function localeTexts(
  lang: string,
  namespaces: readonly string[],
  { foldPlurals }: { foldPlurals: boolean },
): Map<string, string> {
  const out = new Map<string, string>()
  for (const ns of namespaces) leaves(load(lang, ns), ns, foldPlurals, out)
  return out
}

/**
 * The sources of the screens: each entry is a folder (its files ending in one of `extensions`) or, when it ends
 * in one of them, a file.
 */
export function screenSources(entries: readonly string[], extensions: readonly string[]): string[] {
  const wanted = (name: string) => extensions.some((ext) => name.endsWith(ext))
  return entries
    .flatMap((entry) =>
      wanted(entry)
        ? [entry]
        : readdirSync(path.join(root, entry))
            .filter(wanted)
            .map((f) => `${entry}/${f}`),
    )
    .map((file) => readFileSync(path.join(root, file), 'utf8'))
}

/** The first capture group of every match of the patterns in the sources. */
export function keysNamed(sources: readonly string[], patterns: readonly RegExp[]): Set<string> {
  const used = new Set<string>()
  for (const source of sources)
    for (const pattern of patterns) for (const [, key] of source.matchAll(pattern)) used.add(key!)
  return used
}

/** The `{{name}}` placeholders of a text, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()
