/**
 * Issue 20: every word of the staff console comes from locales/<lang>/console.json (and the kit's ui.json), in
 * English, Kiswahili and Spanish alike.
 */
import { describe, expect, it } from 'vitest'
import { CONSOLE_PERMISSIONS, CONSOLE_ROUTES, KNOWN_AUDIT_ACTIONS, STAFF_ROLES } from '../../domain/console'
import { LANGS, keysNamed, localeTexts, placeholders, screenSources } from './locale-checks'

const texts = (lang: string) => localeTexts(lang, ['console'], { foldPlurals: true })

/** The sources without their comments (a comment may name an event or a key without using it). */
const codeOnly = (sources: string[]) =>
  sources.map((text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1'))

/** Keys written whole in the console's code: screens, machines, the domain's schemas. */
const literalKeys = () =>
  keysNamed(
    codeOnly(
      screenSources(
        [
          'screens/console',
          'screens/console/parts',
          'machines/console-app.machine.ts',
          'machines/console-audit.machine.ts',
          'machines/console-calls.ts',
          'machines/console-password.machine.ts',
          'machines/console-sign-in.machine.ts',
          'machines/console-staff.machine.ts',
          'domain/schemas/console.ts',
        ],
        ['.tsx', '.ts'],
      ),
    ),
    // Not events: `type: 'console.…'` and transitions' keys (`'console.retried': …`).
    [/(?<!type: )['`](console\.[A-Za-z.]+[A-Za-z])['`](?!:)/g],
  )

/** Keys the screens build from a value (`console.role.${role}`), for every value there is. */
const templateKeys = () => [
  ...STAFF_ROLES.flatMap((role) => [`console.role.${role}`, `console.staff.roleText.${role}`]),
  ...CONSOLE_PERMISSIONS.map((p) => `console.permission.${p}`),
  ...KNOWN_AUDIT_ACTIONS.map((a) => `console.action.${a}`),
  ...CONSOLE_ROUTES.filter((r) => r.name !== 'signIn').map((r) => `console.nav.${r.name}`),
  ...['sessionEnded', 'signedOut'].map((n) => `console.signIn.notice.${n}`),
  'console.audit.from',
  'console.audit.to',
]

describe('the console’s texts', () => {
  it('have every key the console names, in English, Kiswahili and Spanish', () => {
    const used = [...literalKeys(), ...templateKeys()]
    expect(used.length).toBeGreaterThan(90)
    for (const lang of LANGS) {
      const keys = texts(lang)
      expect(
        used.filter((key) => !keys.has(key)),
        lang,
      ).toEqual([])
    }
  })

  it('have the same keys in the three languages', () => {
    const en = [...texts('en').keys()].sort()
    for (const lang of ['sw', 'es']) expect([...texts(lang).keys()].sort(), lang).toEqual(en)
  })

  it('are translated, not copied from English', () => {
    const en = texts('en')
    for (const lang of ['sw', 'es'])
      expect(
        [...texts(lang)].filter(([key, text]) => en.get(key) === text).map(([key]) => key),
        lang,
      ).toEqual([])
  })

  it('keep the same placeholders, formats included, in every language', () => {
    const all = (text: string) =>
      [...text.matchAll(/\{\{([^}]+)\}\}/g)].map((m) => m[1]!.replace(/\s+/g, '')).sort()
    const en = texts('en')
    for (const lang of ['sw', 'es'])
      for (const [key, text] of texts(lang)) {
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en.get(key)!))
        expect(all(text), `${lang} ${key}`).toEqual(all(en.get(key)!))
      }
  })
})
