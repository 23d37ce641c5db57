/**
 * The console's interface language: English, Kiswahili or Spanish, each named in its own language, one tap away on
 * every page (staff share desks and phones). Choosing one is the console's 'console.languageChosen'.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { LANGUAGES } from '../../../domain/countries'
import { consoleAppView } from '../../../machines/console-app.machine'
import { useView } from '../../shared/use-view'
import type { ConsoleScreenProps } from '../console-props'

export function LanguageChoice({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const { language: current } = useView(app, consoleAppView)
  return (
    <div className="k-chips" role="radiogroup" aria-label={t('ui.language.choose')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          role="radio"
          className="k-chip"
          lang={language}
          aria-checked={language === current}
          onClick={() => app.send({ type: 'console.languageChosen', language })}
        >
          {t(`ui.language.endonym.${language}`)}
        </button>
      ))}
    </div>
  )
}
