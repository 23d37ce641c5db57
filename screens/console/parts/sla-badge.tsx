/** A ticket's SLA: when the platform owes its answer, and whether that is past (issue 20 item 2). */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { InboxTicket } from '../../../domain/console-inbox'
import { formatDateTime } from '../../../ui/format'

export function SlaBadge({
  ticket,
  timeZone,
}: {
  ticket: InboxTicket
  timeZone: string
}): ReactElement | null {
  const { t, i18n } = useTranslation()
  if (ticket.dueAt === null) return null
  const at = formatDateTime(ticket.dueAt, i18n.language, timeZone)
  return (
    <p className={ticket.overdue ? 'k-small c-sla c-sla--overdue' : 'k-small c-sla'}>
      {ticket.overdue ? t('console.inbox.overdue', { at }) : t('console.inbox.due', { at })}
    </p>
  )
}
