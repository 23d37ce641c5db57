/**
 * The payment channels of a repayment or a rollover fee (domain/api-types.ts PaymentChannel) as radio
 * buttons. A channel that cannot take payments now stays in the list, marked, so choosing it gets the machine's
 * answer: "There is no payment method, please choose another channel".
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { Message } from '../../../machines/kit/call-failure'
import type { PaymentChannel } from '../../../domain/api-types'
import { FieldFrame, fieldIds } from '../../../ui/field-frame'
import { useMessageText } from '../../shared/message-text'

export interface ChannelChoiceProps {
  channels: readonly PaymentChannel[]
  value: string | null
  onChoose: (channelId: string) => void
  error?: Message
}

export function ChannelChoice({ channels, value, onChoose, error }: ChannelChoiceProps): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const ids = fieldIds(useId())
  return (
    <FieldFrame ids={ids} label={t('repay.channel.label')} group required error={error ? text(error) : null}>
      <div className="k-radios" role="radiogroup" aria-labelledby={ids.labelId}>
        {channels.map((channel) => (
          <label key={channel.channelId} className="k-radio">
            <input
              type="radio"
              name={ids.controlId}
              checked={channel.channelId === value}
              onChange={() => onChoose(channel.channelId)}
            />
            <span>
              {t(channel.nameKey)}
              {!channel.available && <span className="k-muted"> {t('repay.channel.unavailable')}</span>}
            </span>
          </label>
        ))}
      </div>
    </FieldFrame>
  )
}
