/** One row of the audit log: when, who (their username where the log tells it), what, to what, and what changed. */
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { KNOWN_AUDIT_ACTIONS, type AuditRow } from '../../../domain/console'
import { formatDateTime } from '../../../ui/format'

const KNOWN: ReadonlySet<string> = new Set(KNOWN_AUDIT_ACTIONS)

/** A value of the log's before/after as one line: `key: value, …` for an object, else the value. */
function changeText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'object') return String(value)
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}

export function AuditLogRow({
  row,
  names,
  timeZone,
}: {
  row: AuditRow
  names: Record<number, string>
  timeZone: string
}): ReactElement {
  const { t, i18n } = useTranslation()
  const who =
    row.staffId === null
      ? t('console.audit.byCommand')
      : (names[row.staffId] ?? t('console.audit.member', { id: row.staffId }))
  const subjectId = /^staff:(\d+)$/.exec(row.subject)?.[1]
  const subjectName = subjectId ? names[Number(subjectId)] : undefined
  const before = changeText(row.before)
  const after = changeText(row.after)
  return (
    <li className="c-log__row">
      <p className="c-log__when">
        <time dateTime={row.at}>{formatDateTime(row.at, i18n.language, timeZone)}</time>
      </p>
      <p className="c-log__who">{who}</p>
      <p className="c-log__what">
        <strong>{KNOWN.has(row.action) ? t(`console.action.${row.action}`) : row.action}</strong>{' '}
        <span className="k-muted">{subjectName ? `${row.subject} (${subjectName})` : row.subject}</span>
      </p>
      {(before || after) && (
        <p className="c-log__change k-small">
          {before && <span>{t('console.audit.before', { value: before })} </span>}
          {after && <span>{t('console.audit.after', { value: after })}</span>}
        </p>
      )}
    </li>
  )
}
