/**
 * Rendering the kit in tests: English resources from locales/en/*.json (as the app loads them), a display
 * country, and a toast provider.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { render, type RenderResult } from '@testing-library/react'
import i18next from 'i18next'
import type { ReactElement } from 'react'
import { initReactI18next } from 'react-i18next'
import type { CountryCode, Language } from '../../domain/countries'
import { DisplayProvider } from '../../ui/display'
import { ToastProvider } from '../../ui/toast'

/** The kit's stylesheet as text (jsdom does not lay pages out, so rules are checked as written). */
export const css: string = readFileSync(path.resolve(import.meta.dirname, '../../ui/styles.css'), 'utf8')

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/*.json', {
  eager: true,
})
const translation = Object.fromEntries(
  Object.entries(files).map(([file, module]) => [/([^/]+)\.json$/.exec(file)![1]!, module.default]),
)

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation } },
  interpolation: { escapeValue: false },
  initAsync: false,
})

export const t = i18next.t.bind(i18next)

export function renderUi(
  ui: ReactElement,
  { country = 'TZ', language = 'en' }: { country?: CountryCode; language?: Language } = {},
): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => (
      <DisplayProvider country={country} language={language}>
        <ToastProvider>{children}</ToastProvider>
      </DisplayProvider>
    ),
  })
}
