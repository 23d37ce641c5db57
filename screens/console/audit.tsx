/**
 * The audit log (admins only): what every member did, oldest first, for the days chosen (the last 7 at first), in
 * the admin's time zone; "Show more" reads the next rows; "Export CSV" saves the same days as a file (itself written
 * to the log). Each row says when, who (their username where the log tells it), what, to what, and what changed.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { auditView, type consoleAuditMachine } from '../../machines/console-audit.machine'
import { Button } from '../../ui/button'
import { ErrorState } from '../../ui/states'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { AuditLogRow } from './parts/audit-row'
import { ConsoleTextField } from './parts/text-field'
import { DAY_FIELDS } from '../../machines/console-days'

type AuditRef = ActorRefFrom<typeof consoleAuditMachine>

function AuditLog({ audit }: { audit: AuditRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(audit, auditView)
  const { rows, names, timeZone, shown, error, notice, loading, failed, loadingMore, exporting } = view
  const { canApply, canMore, mayExport, canExport, hasMore } = view
  const apply = (event: FormEvent) => {
    event.preventDefault()
    audit.send({ type: 'audit.applied' })
  }
  return (
    <>
      <form className="k-card k-stack" noValidate onSubmit={apply} aria-label={t('console.audit.days')}>
        <div className="c-days">
          {DAY_FIELDS.map((field) => (
            <ConsoleTextField
              key={field}
              name={field}
              type="date"
              label={t(`console.audit.${field}`)}
              required
              value={view.days[field]}
              error={view.fieldErrors[field]}
              onChange={(day) => audit.send({ type: 'audit.dayChanged', field, day })}
            />
          ))}
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
                <AuditLogRow key={row.id} row={row} names={names} timeZone={timeZone} />
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
