/**
 * The shell: React, the active language and the loading overlay — the only code a borrower downloads before the
 * first paint. The app proper (src/boot.tsx: machines, services, screens) follows in parallel chunks.
 */
import { createRoot } from 'react-dom/client'
import './ui/styles.css'
import { createStorage } from '../services/storage/storage'
import { getCountry, DEFAULT_COUNTRY } from './domain/countries'
import { initI18n, isLanguage } from './i18n'
import { LoadingOverlay } from './ui/loading-overlay'

const element = document.getElementById('root')
if (element) {
  const root = createRoot(element)
  const storage = createStorage()
  const stored = storage.get('language')
  // No language picked in settings: the default of the country chosen on this device before login.
  const language = isLanguage(stored)
    ? stored
    : getCountry(storage.get('country') ?? DEFAULT_COUNTRY).defaultLanguage
  const app = import('./boot')
  void initI18n(language).then(async () => {
    root.render(<LoadingOverlay visible />)
    ;(await app).boot(root)
  })
}
