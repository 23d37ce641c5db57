/**
 * Spec §4's home state: what it means and its one button (enabled when the home child `can` take its event), with
 * the repayment in its tone, a rejection's retry date and suggestions, or an approval's 24 hours to confirm.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { HomeView } from '../../../machines/home/home-view'
import { Button } from '../../../ui/button'
import { ConfirmDeadline, Rejection, Repayment } from './home-state-details'

type ButtonEvent = NonNullable<HomeView['buttonEvent']>

export function HomeStateCard({
  view,
  onButton,
}: {
  view: HomeView
  onButton: (event: ButtonEvent) => void
}): ReactElement | null {
  const { t } = useTranslation()
  const { state, button, buttonEvent } = view
  if (!state) return null
  const tone = view.repayTone?.tone ?? 'none'
  const toned = (state === 'repaying' || state === 'overdue') && tone !== 'none'
  return (
    <section
      className={toned ? `k-card k-stack k-tone--${tone}` : 'k-card k-stack'}
      aria-labelledby="home-state"
      aria-live="polite"
    >
      <h2 id="home-state" className="k-section-title">
        {t(`home.state.${state}.title`)}
      </h2>
      <p>{t(`home.state.${state}.text`)}</p>
      {(state === 'repaying' || state === 'overdue') && (
        <Repayment view={view} overdue={state === 'overdue'} />
      )}
      {state === 'rejected' && <Rejection view={view} />}
      {state === 'approved' && <ConfirmDeadline view={view} />}
      {button && buttonEvent && (
        <Button block disabled={!view.buttonEnabled} onClick={() => onButton(buttonEvent)}>
          {t(`home.button.${button}`)}
        </Button>
      )}
    </section>
  )
}
