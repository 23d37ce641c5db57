/**
 * The staff console's entry (console.html, served at /console): its own bundle, which the borrower's app never
 * loads. Reads the member's language, starts the console machine with the real I/O, and draws it.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createActor } from 'xstate'
import '../../ui/styles.css'
import consoleCss from './console.css?inline'
import { consoleRouteByPath } from '../../domain/console'
import { createConsoleActors } from '../../services/console/console-actors'
import { createConsoleApi } from '../../services/console/console-api'
import { saveFile } from '../../services/console/save-file'
import { createLanguageStore, createTokenStore, webStorage } from '../../services/console/token-store'
import { ConsoleApp } from './app'
import { composeConsole } from './compose'
import { consoleLanguage, initConsoleI18n } from './i18n'

/** The console's own rules, beside the kit's stylesheet: kept out of the borrower's CSS (vite.config.ts). */
function addStyles(css: string): void {
  const style = document.createElement('style')
  style.textContent = css
  document.head.appendChild(style)
}

async function start(element: HTMLElement): Promise<void> {
  addStyles(consoleCss)
  const languages = createLanguageStore(webStorage(window, 'localStorage'))
  const tokens = createTokenStore(webStorage(window, 'sessionStorage'))
  const language = consoleLanguage(languages.get(), navigator.languages ?? [])
  await initConsoleI18n(language)
  const api = createConsoleApi({ fetch: window.fetch.bind(window), baseUrl: '', tokens })
  const actors = createConsoleActors({
    api,
    tokens,
    languages,
    now: () => Date.now(),
    random: (bytes) => crypto.getRandomValues(bytes),
    save: (file) => saveFile(document, file),
  })
  const entry = consoleRouteByPath(window.location.hash)?.name ?? null
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  const app = createActor(composeConsole(actors), { input: { entry, language, timeZone } })
  app.start()
  createRoot(element).render(
    <StrictMode>
      <ConsoleApp app={app} />
    </StrictMode>,
  )
}

const element = document.getElementById('console')
if (element) void start(element)
