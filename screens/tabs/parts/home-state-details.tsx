/**
 * What a home state card says beyond its title: the repayment in its tone, a rejection's retry date and
 * suggestions, an approval's 24 hours to confirm.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { HomeView } from '../../../machines/home/home-view'
import { Countdown } from '../../../ui/countdown'
import { DateText, Money } from '../../../ui/display'
import { DayText } from '../../shared/display-text'

/** The tones that have words; 'none' and 'normal' show none. */
const TONED: readonly string[] = ['dueSoon', 'dueToday', 'overdue']

/**
 * The 24 hours to confirm an approved loan, as confirm borrow counts them: to the server's deadline, on the
 * device's clock corrected by the server clock's offset; the deadline itself in the borrower's time zone.
 */
export function ConfirmDeadline({ view }: { view: HomeView }): ReactElement | null {
  const { t } = useTranslation()
  const { confirmDeadline: deadline, clockOffsetMs } = view
  if (deadline === null) return null
  return (
    // The timer ticks every second: the card's live region must not read it out each time.
    <dl className="k-kv" aria-live="off">
      <div>
        <dt>{t('home.state.approved.timeLeft')}</dt>
        <dd>
          <Countdown
            target={deadline}
            now={() => Date.now() + clockOffsetMs}
            label={t('home.state.approved.timeLeft')}
          />
        </dd>
      </div>
      <div>
        <dt>{t('home.state.approved.confirmBy')}</dt>
        <dd>
          <DateText at={deadline} withTime />
        </dd>
      </div>
    </dl>
  )
}

export function Repayment({ view, overdue }: { view: HomeView; overdue: boolean }): ReactElement | null {
  const { t } = useTranslation()
  const { order } = view
  if (!order) return null
  return (
    <>
      <ToneText tone={view.repayTone} />
      {overdue && (
        <p className="k-notice k-notice--danger" role="alert">
          {/* At the charges cap no more penalty is added: the warning must not say one is (the server decides). */}
          {t(order.chargesCapReached ? 'home.overdue.warningCapped' : 'home.overdue.warning', {
            count: order.overdueDays,
          })}
        </p>
      )}
      <dl className="k-kv">
        {order.remainingMinor !== null && (
          <div>
            <dt>{t('home.repay.remaining')}</dt>
            <dd>
              <Money minor={order.remainingMinor} />
            </dd>
          </div>
        )}
        {order.dueDate && (
          <div>
            <dt>{t('home.repay.due')}</dt>
            <dd>
              <DayText day={order.dueDate} />
            </dd>
          </div>
        )}
      </dl>
    </>
  )
}

/** The due date's tone in words, so it does not rest on colour alone: due in N days, due today, overdue. */
function ToneText({ tone }: { tone: HomeView['repayTone'] }): ReactElement | null {
  const { t } = useTranslation()
  if (!tone || !TONED.includes(tone.tone)) return null
  const danger = tone.tone === 'overdue'
  return (
    <p>
      <span className={danger ? 'k-badge k-badge--danger' : 'k-badge k-badge--warning'}>
        {tone.tone === 'dueSoon'
          ? t('home.tone.dueSoon', { count: tone.daysToDue ?? 0 })
          : t(`home.tone.${tone.tone}`)}
      </span>
    </p>
  )
}

/** A rejection: when the borrower may apply again (the server's date), and the lender's suggestions. */
export function Rejection({ view }: { view: HomeView }): ReactElement {
  const { t } = useTranslation()
  const { retryAt, recommendedApps: apps } = view
  return (
    <>
      {retryAt !== null && (
        <p>
          {t('home.rejected.retry')}{' '}
          <strong>
            <DateText at={retryAt} />
          </strong>
        </p>
      )}
      {apps.length > 0 && (
        <div className="k-stack">
          <h3 className="k-section-title">{t('home.rejected.recommended')}</h3>
          <ul className="k-list">
            {apps.map((app) => (
              <li key={app.packageName}>
                <a className="k-row" href={app.url} target="_blank" rel="noopener noreferrer">
                  <span className="k-row__main">
                    <span className="k-row__title">{app.name}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
