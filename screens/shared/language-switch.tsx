/**
 * The language switch a visitor sees before signing in (login, register): the country's interface languages,
 * each named in its own language, one tap away. Choosing one is the journey's 'language.chosen', as on the
 * language screen; the whole list (every language) stays in settings.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES } from '../../domain/countries'
import type { ScreenProps } from '../screen-props'
import { useCurrentLanguage } from '../user-center/parts/current-language'
import { selectCountry } from './journey-selectors'

export function LanguageSwitch({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const country = useSelector(journey, selectCountry)
  const current = useCurrentLanguage(journey)
  const languages = COUNTRIES[country].languages
  return (
    <div className="k-chips" role="radiogroup" aria-label={t('ui.language.choose')}>
      {(languages.includes(current) ? languages : [current, ...languages]).map((language) => (
        <button
          key={language}
          type="button"
          role="radio"
          className="k-chip"
          lang={language}
          aria-checked={language === current}
          onClick={() => journey.send({ type: 'language.chosen', language })}
        >
          {t(`ui.language.endonym.${language}`)}
        </button>
      ))}
    </div>
  )
}
