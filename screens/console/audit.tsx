/**
 * The audit log (admins only): what every member did, oldest first, for the days chosen (the last 7 at first), in
 * the admin's time zone; "Show more" reads the next rows; "Export CSV" saves the same days as a file (itself written
 * to the log). Each row says when, who (their username where the log tells it), what, to what, and what changed.
 */
import { useSelector } from '@xstate/react'
import { useId, type FormEvent, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { KNOWN_AUDIT_ACTIONS, type AuditRow } from '../../domain/console'
import type { AuditDayField, consoleAuditMachine } from '../../machines/console-audit.machine'
import { Button } from '../../ui/button'
import { FieldFrame, describedBy, fieldIds } from '../../ui/field-frame'
import { formatDateTime } from '../../ui/format'
import { ErrorState } from '../../ui/states'
import { MessageNotice, useMessageText } from '../shared/message-text'
import type { ConsoleScreenProps } from './console-props'

type AuditRef = ActorRefFrom<typeof consoleAuditMachine>

const KNOWN: ReadonlySet<string> = new Set(KNOWN_AUDIT_ACTIONS)

/** A value of the log's before/after as one line: `key: value, …` for an object, else the value. */
function changeText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'object') return String(value)
  return Object.entries(value as Record<string, unknown>)
    .map(([key, v]) => `${key}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}

function DayField({ audit, field }: { audit: AuditRef; field: AuditDayField }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const ids = fieldIds(useId())
  const day = useSelector(audit, (s) => s.context.days[field])
  const error = useSelector(audit, (s) => s.context.fieldErrors[field])
  const message = error ? text(error) : null
  return (
    <FieldFrame ids={ids} label={t(`console.audit.${field}`)} required error={message}>
      <input
        id={ids.controlId}
        className="k-input"
        type="date"
        name={field}
        value={day}
        aria-required
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(ids, null, message)}
        onChange={(event) => audit.send({ type: 'audit.dayChanged', field, day: event.target.value })}
      />
    </FieldFrame>
  )
}

function Row({ row, names, timeZone }: { row: AuditRow; names: Record<number, string>; timeZone: string }) {
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

function AuditLog({ audit }: { audit: AuditRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const rows = useSelector(audit, (s) => s.context.rows)
  const names = useSelector(audit, (s) => s.context.names)
  const timeZone = useSelector(audit, (s) => s.context.timeZone)
  const shown = useSelector(audit, (s) => s.context.shown)
  const error = useSelector(audit, (s) => s.context.error)
  const notice = useSelector(audit, (s) => s.context.notice)
  const loading = useSelector(audit, (s) => s.hasTag('loading'))
  const failed = useSelector(audit, (s) => s.hasTag('failed'))
  const loadingMore = useSelector(audit, (s) => s.hasTag('loadingMore'))
  const exporting = useSelector(audit, (s) => s.hasTag('exporting'))
  const canApply = useSelector(audit, (s) => s.can({ type: 'audit.applied' }))
  const canMore = useSelector(audit, (s) => s.can({ type: 'audit.moreRequested' }))
  const mayExport = useSelector(audit, (s) => s.context.canExport)
  const canExport = useSelector(audit, (s) => s.can({ type: 'audit.exportRequested' }))
  const hasMore = useSelector(audit, (s) => s.context.nextAfterId !== null)
  const apply = (event: FormEvent) => {
    event.preventDefault()
    audit.send({ type: 'audit.applied' })
  }
  return (
    <>
      <form className="k-card k-stack" noValidate onSubmit={apply} aria-label={t('console.audit.days')}>
        <div className="c-days">
          <DayField audit={audit} field="from" />
          <DayField audit={audit} field="to" />
        </div>
        <p className="k-muted k-small">{t('console.audit.timeZone', { zone: timeZone })}</p>
        <div className="c-buttons">
          <Button type="submit" busy={loading} disabled={!canApply}>
            {t('console.audit.apply')}
          </Button>
          {mayExport && (
            <Button
              variant="secondary"
              busy={exporting}
              disabled={!canExport}
              onClick={() => audit.send({ type: 'audit.exportRequested' })}
            >
              {t('console.audit.export')}
            </Button>
          )}
        </div>
        {notice && (
          <p className="k-notice" role="status">
            {text(notice)}
          </p>
        )}
      </form>
      {failed ? (
        <ErrorState
          text={error ? text(error) : undefined}
          onRetry={() => audit.send({ type: 'audit.retried' })}
        />
      ) : (
        <section className="k-stack" aria-labelledby="audit-rows" aria-busy={loading || undefined}>
          <h2 id="audit-rows" className="k-section-title">
            {shown
              ? t('console.audit.rows', { count: rows.length, from: shown.from, to: shown.to })
              : t('ui.loading')}
          </h2>
          {!loading && rows.length === 0 && <p className="k-muted">{t('console.audit.none')}</p>}
          {rows.length > 0 && (
            <ol className="c-log" aria-labelledby="audit-rows">
              {rows.map((row) => (
                <Row key={row.id} row={row} names={names} timeZone={timeZone} />
              ))}
            </ol>
          )}
          <MessageNotice message={error} />
          {hasMore && (
            <Button
              variant="secondary"
              busy={loadingMore}
              disabled={!canMore}
              onClick={() => audit.send({ type: 'audit.moreRequested' })}
            >
              {t('console.audit.more')}
            </Button>
          )}
        </section>
      )}
    </>
  )
}

export default function AuditScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const audit = useSelector(app, (s) => s.children.auditLog)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.audit.title')}</h1>
      <p className="k-muted">{t('console.audit.intro')}</p>
      {audit ? <AuditLog audit={audit} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
