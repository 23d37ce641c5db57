/**
 * add_feedback — a new ticket: the type of problem (1–7), a description, the account that received the money
 * where the type is about money that moved, receipt images (see parts/receipts.tsx), a phone number or e-mail
 * and a time to be contacted. The form is the ticket child's `ticketForm` (a submit machine with a draft: leaving
 * and coming back keeps what was typed); sending goes through the ticket child, which adds the uploaded receipts
 * and waits until none is still on its way.
 */
import { useSelector } from '@xstate/react'
import { useMemo, type ReactElement } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import type { FormValues } from '../../machines/submit.machine'
import { FEEDBACK_TYPE_CODES, type FeedbackTypeCode } from '../../domain/enums'
import {
  FEEDBACK_CONTACT_TIMES,
  FEEDBACK_DESCRIPTION_MAX,
  TYPES_NEEDING_ACCOUNT,
} from '../../domain/schemas/feedback'
import { Button } from '../../ui/button'
import { ControlField, RadioGroupField, SelectField, TextField } from '../../ui/form-fields'
import { createClearingDecorator } from '../../ui/forms'
import { PageHeader } from '../../ui/page-header'
import type { ScreenProps } from '../screen-props'
import { FormFailure, SubmitForm, type SubmitFormRef } from '../shared/submit-form'
import { Receipts } from './parts/receipts'
import { typeLabelKey, useTicketChild, type TicketRef } from './parts/ticket-child'

/** A new type may not need the account: it is cleared with the type, so a hidden account is never sent. */
const DECORATORS = [createClearingDecorator<FormValues>({ type: ['receiverAccount'] })]

export default function AddFeedbackScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const tickets = useTicketChild(journey)
  const form = useSelector(tickets, (s) => s?.children.ticketForm)
  return (
    <div className="k-page">
      <PageHeader
        title={t('feedback.add.title')}
        onBack={tickets ? () => tickets.send({ type: 'composing.cancelled' }) : undefined}
      />
      <main>{tickets && form && <TicketForm tickets={tickets} form={form} />}</main>
    </div>
  )
}

function TicketForm({ tickets, form }: { tickets: TicketRef; form: SubmitFormRef }): ReactElement {
  const { t } = useTranslation()
  const types = useMemo(
    () => FEEDBACK_TYPE_CODES.map((code) => ({ value: code, label: t(typeLabelKey(code)) })),
    [t],
  )
  const times = useMemo(
    () =>
      FEEDBACK_CONTACT_TIMES.map((time) => ({ value: time, label: t(`feedback.add.contactTimes.${time}`) })),
    [t],
  )
  const canSend = useSelector(tickets, (s) => s.can({ type: 'ticket.submitted' }))
  const sending = useSelector(form, (s) => s.hasTag('busy'))
  const uploading = useSelector(tickets, (s) => s.hasTag('uploading'))
  return (
    <SubmitForm actor={form} decorators={DECORATORS} send={() => tickets.send({ type: 'ticket.submitted' })}>
      <section className="k-card k-stack">
        <SelectField<FeedbackTypeCode> name="type" label={t('feedback.add.type')} required options={types} />
        <ControlField<string>
          name="description"
          label={t('feedback.add.description')}
          required
          render={(control) => (
            <textarea
              {...control}
              className="k-input"
              rows={4}
              maxLength={FEEDBACK_DESCRIPTION_MAX}
              value={control.value ?? ''}
              onChange={(event) => control.onChange(event.target.value)}
            />
          )}
        />
        <ReceiverAccount />
      </section>
      <section className="k-card">
        <Receipts tickets={tickets} />
      </section>
      <section className="k-card k-stack">
        <TextField
          name="contact"
          label={t('feedback.add.contact')}
          hint={t('feedback.add.contactHint')}
          required
          autoComplete="tel"
          maxLength={100}
        />
        <RadioGroupField name="contactTime" label={t('feedback.add.contactTime')} required options={times} />
      </section>
      <div className="k-actions">
        <FormFailure actor={form} />
        <Button type="submit" block busy={sending || uploading} disabled={!canSend}>
          {uploading ? t('feedback.add.waitUploads') : t('feedback.add.submit')}
        </Button>
      </div>
    </SubmitForm>
  )
}

/** The account field, for the types about money that moved (repaid, repay, loan not received). */
function ReceiverAccount(): ReactElement | null {
  const { t } = useTranslation()
  const type = useField<FeedbackTypeCode>('type', { subscription: { value: true } }).input.value
  if (!type || !TYPES_NEEDING_ACCOUNT.includes(type)) return null
  return (
    <TextField
      name="receiverAccount"
      label={t('feedback.add.receiverAccount')}
      hint={t('feedback.add.receiverAccountHint')}
      required
      maxLength={40}
    />
  )
}
