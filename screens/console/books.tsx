/**
 * The books (finance and admins): for the UTC days chosen, the books check as of now, the settlement per provider
 * and day, the journal's daily totals per account and the receipts waiting in suspense; either report exports as
 * CSV. Orders, transfers and receipts by their numbers: no borrower is named.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { BOOKS_REPORTS } from '../../domain/console'
import { booksView, type consoleBooksMachine } from '../../machines/console-books.machine'
import { Button } from '../../ui/button'
import { ErrorState } from '../../ui/states'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { BooksCheckCard } from './parts/books-check'
import { SettlementTable, SuspenseList, TotalsTable } from './parts/books-tables'
import { SuspenseResolveForm } from './parts/suspense-resolve'
import { ConsoleTextField } from './parts/text-field'
import { DAY_FIELDS } from '../../machines/console-days'

type BooksRef = ActorRefFrom<typeof consoleBooksMachine>

function Days({ books, view }: { books: BooksRef; view: ReturnType<typeof booksView> }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const apply = (event: FormEvent) => {
    event.preventDefault()
    books.send({ type: 'books.applied' })
  }
  return (
    <form className="k-card k-stack" noValidate onSubmit={apply} aria-label={t('console.books.days')}>
      <div className="c-days">
        {DAY_FIELDS.map((field) => (
          <ConsoleTextField
            key={field}
            name={field}
            type="date"
            label={t(`console.books.${field}`)}
            required
            value={view.days[field]}
            error={view.fieldErrors[field]}
            onChange={(day) => books.send({ type: 'books.dayChanged', field, day })}
          />
        ))}
      </div>
      <p className="k-muted k-small">{t('console.books.utc')}</p>
      <div className="c-buttons">
        <Button type="submit" busy={view.loading} disabled={!view.canApply}>
          {t('console.books.apply')}
        </Button>
        {BOOKS_REPORTS.map((report) => (
          <Button
            key={report}
            variant="secondary"
            busy={view.exporting === report}
            disabled={!view.canExport}
            onClick={() => books.send({ type: 'books.exportRequested', report })}
          >
            {t(`console.books.export.${report}`)}
          </Button>
        ))}
      </div>
      {view.notice && (
        <p className="k-notice" role="status">
          {text(view.notice)}
        </p>
      )}
      <MessageNotice message={view.failed ? null : view.error} />
    </form>
  )
}

function Books({ books }: { books: BooksRef }): ReactElement {
  const text = useMessageText()
  const view = useView(books, booksView)
  return (
    <>
      <Days books={books} view={view} />
      {view.failed ? (
        <ErrorState
          text={view.error ? text(view.error) : undefined}
          onRetry={() => books.send({ type: 'books.retried' })}
        />
      ) : view.page ? (
        <div className="k-stack" aria-busy={view.loading || undefined}>
          <BooksCheckCard page={view.page} />
          {view.resolving ? (
            <SuspenseResolveForm
              receipt={view.page.suspense.find((s) => s.id === view.resolving!.id)}
              form={view.resolving}
              onChange={(field, value) => books.send({ type: 'books.resolveChanged', field, value })}
              onConfirm={() => books.send({ type: 'books.resolveConfirmed' })}
              onDismiss={() => books.send({ type: 'books.resolveDismissed' })}
            />
          ) : (
            <SuspenseList
              page={view.page}
              onResolve={
                view.canResolve ? (id) => books.send({ type: 'books.resolveChosen', id }) : undefined
              }
            />
          )}
          <SettlementTable page={view.page} />
          <TotalsTable page={view.page} />
        </div>
      ) : null}
    </>
  )
}

export default function BooksScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const books = useSelector(app, (s) => s.children.booksReader)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.books.title')}</h1>
      <p className="k-muted">{t('console.books.intro')}</p>
      {books ? <Books books={books} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
