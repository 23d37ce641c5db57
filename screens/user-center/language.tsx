/**
 * language — English, Kiswahili or Spanish, the borrower's country's languages first. Each is named in its own
 * language (so anyone finds theirs) and in the current one. Choosing one is the journey's 'language.chosen': the
 * language child keeps it on the phone (`language`) and the app switches its texts at once.
 */
import { useSelector } from '@xstate/react'
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../ui/icons'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectCountry } from '../shared/journey-selectors'
import { routeTo } from '../shared/route-to'
import { languagesFor, useCurrentLanguage } from './parts/current-language'

export default function LanguageScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const labelId = useId()
  const country = useSelector(journey, selectCountry)
  const current = useCurrentLanguage(journey)
  return (
    <div className="k-page">
      <PageHeader
        title={t('user-center.language.title')}
        onBack={() => journey.send(routeTo('settings'))}
      />
      <main className="k-stack">
        <p id={labelId} className="k-muted">
          {t('user-center.language.intro')}
        </p>
        <div className="k-list k-card" role="radiogroup" aria-labelledby={labelId}>
          {languagesFor(country).map((language) => (
            <button
              key={language}
              type="button"
              className="k-row"
              role="radio"
              aria-checked={language === current}
              onClick={() => journey.send({ type: 'language.chosen', language })}
            >
              <span className="k-row__main">
                <span className="k-row__title" lang={language}>
                  {t(`ui.language.endonym.${language}`)}
                </span>
                <span className="k-row__detail">{t(`user-center.language.name.${language}`)}</span>
              </span>
              {language === current && <Icon name="check" />}
            </button>
          ))}
        </div>
      </main>
    </div>
  )
}
