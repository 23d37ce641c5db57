/**
 * /user/nation — the country to log in or register in (Tanzania by default, Kenya, Mexico): its name, dial code
 * and languages. The choice (journey event 'user.countryChosen') sets the country of the login form and the
 * language the app starts in; once signed in, the account's country counts and the list only shows it.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../domain/countries'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { selectCountry } from '../shared/journey-selectors'
import { NAV_BACK } from '../shared/route-to'

export default function NationScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const current = useSelector(journey, selectCountry)
  const canChoose = useSelector(journey, (s) => s.can({ type: 'user.countryChosen', country: 'TZ' }))
  const choose = (country: CountryCode) => journey.send({ type: 'user.countryChosen', country })
  return (
    <div className="k-page">
      <PageHeader title={t('user.nation.title')} onBack={() => journey.send(NAV_BACK)} />
      <main className="k-stack">
        <p className="k-muted">{canChoose ? t('user.nation.intro') : t('user.nation.fixed')}</p>
        <div className="k-list k-card" role="radiogroup" aria-label={t('user.nation.title')}>
          {COUNTRY_CODES.map((code) => {
            const profile = COUNTRIES[code]
            return (
              <button
                key={code}
                type="button"
                role="radio"
                className="k-row"
                aria-checked={code === current}
                disabled={!canChoose}
                onClick={() => choose(code)}
              >
                <span className="k-row__main">
                  <span className="k-row__title">{t(profile.nameKey)}</span>
                  <span className="k-row__detail">
                    {profile.languages.map((language) => t(`user.nation.language.${language}`)).join(' · ')}
                  </span>
                </span>
                <span className="k-row__value">{`+${profile.dialCode}`}</span>
              </button>
            )
          })}
        </div>
      </main>
    </div>
  )
}
