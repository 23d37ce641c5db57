/**
 * Translations arrive in parts: the core at start-up, each screen's own with it (issue 12). A screen must never
 * show a key for lack of its namespace, and a borrower's phone never fetches what the app does not show.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../domain/routes'
import { CORE_NAMESPACES, NAMESPACES, initI18n, loadNamespaces } from '../../src/i18n'
import { namespacesOf } from '../../src/routing/screens'

describe('Translations in parts', () => {
  it('names, for every route, namespaces that exist', () => {
    for (const name of CORE_NAMESPACES) expect(NAMESPACES).toContain(name)
    for (const route of ROUTES) for (const ns of namespacesOf(route.name)) expect(NAMESPACES).toContain(ns)
  })

  it('has in the core every namespace the shared parts of screens, the kit and the domain name (any screen shows them)', () => {
    // The domain's keys travel as data (a country's nameKey, a schema's message) to whichever screen shows them.
    const root = path.resolve(import.meta.dirname, '../..')
    const files = ['screens/shared', 'ui', 'domain'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => readFileSync(path.join(root, dir, f), 'utf8'))
        // Code only: a comment may mention a key without using it.
        .map((text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')),
    )
    const named = new Set(
      files.flatMap((text) => [...text.matchAll(/['"`]([a-z-]+)\.[a-zA-Z$]/g)].map((m) => m[1]!)),
    )
    const used = [...named].filter((ns) => NAMESPACES.includes(ns))
    expect(used.filter((ns) => !(CORE_NAMESPACES as readonly string[]).includes(ns))).toEqual([])
  })

  it('starts with the core only, and adds a screen’s namespace beside what is there', async () => {
    await initI18n('sw', CORE_NAMESPACES)
    expect(i18next.t('ui.tabs.home')).toBe('Nyumbani')
    expect(i18next.exists('home.title')).toBe(false)
    await loadNamespaces(namespacesOf('home'))
    expect(i18next.exists('home.title')).toBe(true)
    expect(i18next.t('ui.tabs.home')).toBe('Nyumbani')
  })
})
