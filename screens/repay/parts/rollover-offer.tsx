/**
 * The 7-day rollover (machines/rollover.machine.ts): what it costs now (fee and its tax, and by how much the
 * charges cap lowered it), the due date it moves and the new one, what repays the loan on the new date, how many
 * rollovers are left, the channel to pay the fee, and confirm — refused, with the server's reason in words (none
 * left, too late, the charges cap reached…). Principal, interest and penalties stay due. Refused for good (too late
 * or the charges cap, tag mustRepay — as offered or when confirming): the offer is gone, the reason is the alert at
 * the top, focused, and "Repay instead" leads back to repaying.
 */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { rolloverView, type rolloverMachine } from '../../../machines/rollover.machine'
import { Button } from '../../../ui/button'
import { Money } from '../../../ui/display'
import { ErrorState } from '../../../ui/states'
import { DayText, useDisplayText } from '../../shared/display-text'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { ChannelChoice } from './channel-choice'
import { RefusalNotice } from './refusal-notice'
import { useView } from '../../shared/use-view'

export type RolloverRef = ActorRefFrom<typeof rolloverMachine>

export function RolloverOffer({
  rollover,
  onDone,
  onRepay,
}: {
  rollover: RolloverRef
  /** Back to the repay detail. */
  onDone: () => void
  /** Repay the loan instead (where the repay button goes). */
  onRepay: () => void
}): ReactElement | null {
  const { t } = useTranslation()
  const text = useMessageText()
  const { money } = useDisplayText()
  const view = useView(rollover, rolloverView)
  const { extension, channelId, fieldErrors, error, loadFailed, refused, mustRepay, busy, canConfirm } = view
  const { canRetry } = view

  if (loadFailed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => rollover.send({ type: 'detail.retried' })}
      />
    )
  if (refused)
    return (
      <div className="k-stack">
        <RefusalNotice message={error} />
        {mustRepay ? (
          <Button block onClick={onRepay}>
            {t('repay.rollover.repayInstead')}
          </Button>
        ) : (
          <Button variant="secondary" block onClick={onDone}>
            {t('repay.rollover.back')}
          </Button>
        )}
      </div>
    )
  if (!extension?.quote) return null
  const { quote } = extension
  return (
    <div className="k-stack">
      <section className="k-card" aria-labelledby="k-rollover-title">
        <h2 id="k-rollover-title" className="k-section-title">
          {t('repay.rollover.heading', { days: quote.days })}
        </h2>
        <dl className="k-kv">
          <div>
            <dt>{t('repay.rollover.fee')}</dt>
            <dd>
              <Money minor={quote.feeMinor} />
            </dd>
          </div>
          <div>
            <dt>{t('repay.rollover.feeTax')}</dt>
            <dd>
              <Money minor={quote.feeTaxMinor} />
            </dd>
          </div>
          <div className="k-kv__total">
            <dt>{t('repay.rollover.payNow')}</dt>
            <dd>
              <Money minor={quote.totalMinor} />
            </dd>
          </div>
          <div>
            <dt>{t('repay.rollover.dueDate')}</dt>
            <dd>
              <DayText day={quote.dueDate} />
            </dd>
          </div>
          <div className="k-kv__total">
            <dt>{t('repay.rollover.newDueDate')}</dt>
            <dd>
              <DayText day={quote.newDueDate} />
            </dd>
          </div>
          <div className="k-kv__total">
            <dt>{t('repay.rollover.newTotal')}</dt>
            <dd>
              <Money minor={quote.newBalanceMinor} />
            </dd>
          </div>
          <div>
            <dt>{t('repay.rollover.left')}</dt>
            <dd>{extension.rolloversLeft}</dd>
          </div>
        </dl>
        {quote.reducedByCapMinor > 0 && (
          <p className="k-small">
            {t('repay.rollover.reducedByCap', { amount: money(quote.reducedByCapMinor) })}
          </p>
        )}
        <p className="k-small k-muted">{t('repay.rollover.stillDue')}</p>
      </section>
      <ChannelChoice
        channels={extension.channels}
        value={channelId}
        onChoose={(id) => rollover.send({ type: 'channel.chosen', channelId: id })}
        error={fieldErrors.channelId}
      />
      <MessageNotice message={error} />
      <div className="k-actions">
        {canRetry ? (
          <Button block onClick={() => rollover.send({ type: 'rollover.retried' })}>
            {t('repay.retry')}
          </Button>
        ) : (
          <Button
            block
            busy={busy}
            disabled={!canConfirm}
            onClick={() => rollover.send({ type: 'rollover.confirmed' })}
          >
            {t('repay.rollover.confirm')}
          </Button>
        )}
      </div>
    </div>
  )
}
