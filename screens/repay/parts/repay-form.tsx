/**
 * The cashier's form (machines/repayment.machine.ts while editing): the amount to repay — the whole balance by
 * default, or a part by the domain's rules, whose messages carry their {{min}} and {{unit}} — and the payment
 * channel; Pay creates the payment order.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import type { repaymentMachine, RepaymentView } from '../../../machines/repayment.machine'
import { Button } from '../../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../../ui/field-frame'
import { MessageNotice, useMessageText } from '../../shared/message-text'
import { useDisplayText } from '../../shared/display-text'
import { ChannelChoice } from './channel-choice'

export type RepaymentRef = ActorRefFrom<typeof repaymentMachine>

export function RepayForm({
  view,
  repayment,
}: {
  view: RepaymentView
  repayment: RepaymentRef
}): ReactElement | null {
  const { t } = useTranslation()
  const text = useMessageText()
  const { money } = useDisplayText()
  const ids = fieldIds(useId())
  const { detail, amountText, channelId, fieldErrors, error, busy, canPay } = view
  if (!detail) return null
  const amountError = fieldErrors.amountMinor ? text(fieldErrors.amountMinor) : null
  const hint = t('repay.form.hint', {
    min: money(Math.max(detail.amountRules.minMinor, detail.amountRules.floorMinor)),
    unit: money(detail.amountRules.unitMinor),
  })
  return (
    <form
      className="k-card k-stack"
      noValidate
      aria-labelledby={`${ids.controlId}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        repayment.send({ type: 'repayment.submitted' })
      }}
    >
      <h2 id={`${ids.controlId}-title`} className="k-section-title">
        {t('repay.form.title')}
      </h2>
      <FieldFrame ids={ids} label={t('repay.form.amount')} required hint={hint} error={amountError}>
        <input
          id={ids.controlId}
          className="k-input"
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={describedBy(ids, hint, amountError)}
          onChange={(event) => repayment.send({ type: 'amount.changed', text: event.target.value })}
        />
      </FieldFrame>
      <Button variant="text" onClick={() => repayment.send({ type: 'amount.full' })}>
        {t('repay.form.full', { amount: money(detail.balance.totalMinor) })}
      </Button>
      <ChannelChoice
        channels={detail.channels}
        value={channelId}
        onChoose={(id) => repayment.send({ type: 'channel.chosen', channelId: id })}
        error={fieldErrors.channelId}
      />
      <MessageNotice message={error} />
      <Button type="submit" block busy={busy} disabled={!canPay}>
        {t('repay.form.pay')}
      </Button>
    </form>
  )
}
