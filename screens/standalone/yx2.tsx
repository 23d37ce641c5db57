/**
 * /yx2 — a promotion offer that leads to applying: the offer's benefits, then "Apply now" opens the loan
 * screen when the journey may (a signed-out borrower logs in first and then goes on to it); a borrower who
 * cannot apply now (a loan is open, or a rejection's date has not come) is taken home, where the home card says
 * why.
 */
import { useSelector } from '@xstate/react'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { JourneyEvent } from '../../machines/journey/journey-context'
import { Button } from '../../ui/button'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { GO_HOME } from '../shared/journey-selectors'
import { routeTo } from '../shared/route-to'

const APPLY: JourneyEvent = routeTo('toBorrow')
const BENEFITS = ['fast', 'noPaper', 'repeat'] as const

export default function Yx2Screen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const canApply = useSelector(journey, (s) => s.can(APPLY))
  return (
    <div className="k-page">
      <PageHeader title={t('standalone.yx2.title')} onBack={() => journey.send(GO_HOME)} />
      <main className="k-stack">
        <section className="k-card k-card--brand k-stack">
          <h2 className="k-section-title">{t('standalone.yx2.headline')}</h2>
          <p>{t('standalone.yx2.text')}</p>
        </section>
        <section className="k-card k-stack" aria-labelledby="yx2-benefits">
          <h2 id="yx2-benefits" className="k-section-title">
            {t('standalone.yx2.why')}
          </h2>
          <ul className="k-stack">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{t(`standalone.yx2.benefit.${benefit}`)}</li>
            ))}
          </ul>
        </section>
        <p className="k-muted k-small">{t('standalone.yx2.terms')}</p>
        <div className="k-actions">
          <Button block onClick={() => journey.send(canApply ? APPLY : GO_HOME)}>
            {t('standalone.yx2.apply')}
          </Button>
        </div>
      </main>
    </div>
  )
}
