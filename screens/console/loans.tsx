/**
 * Borrowers and loans (every role with `loans.read`): search by phone, ID number or order number; the borrowers
 * found, masked as the member's role may see them, with their latest orders; an order opened shows its story
 * (screens/console/parts/order-story.tsx).
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { loansView, SEARCH_MAX_LENGTH, type consoleLoansMachine } from '../../machines/console-loans.machine'
import { Button } from '../../ui/button'
import { ErrorState } from '../../ui/states'
import { MessageNotice, useMessageText } from '../shared/message-text'
import { useView } from '../shared/use-view'
import type { ConsoleScreenProps } from './console-props'
import { BorrowerRow } from './parts/borrower-row'
import { OrderActions } from './parts/order-actions'
import { OrderStoryView } from './parts/order-story'
import { ConsoleTextField } from './parts/text-field'

type LoansRef = ActorRefFrom<typeof consoleLoansMachine>

function Loans({ loans }: { loans: LoansRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const view = useView(loans, loansView)
  if (view.failed)
    return (
      <>
        <ErrorState
          text={view.error ? text(view.error) : undefined}
          onRetry={() => loans.send({ type: 'loans.retried' })}
        />
        <Button variant="secondary" onClick={() => loans.send({ type: 'loans.orderClosed' })}>
          {t('console.loans.back')}
        </Button>
      </>
    )
  if (view.story)
    return (
      <OrderStoryView
        story={view.story}
        timeZone={view.timeZone}
        onClose={() => loans.send({ type: 'loans.orderClosed' })}
        actions={
          <OrderActions
            story={view.story}
            actions={view.actions}
            confirming={view.confirming}
            onChoose={(action) => loans.send({ type: 'loans.actionChosen', action })}
            onNote={(note) => loans.send({ type: 'loans.noteChanged', note })}
            onAmount={(amount) => loans.send({ type: 'loans.amountChanged', amount })}
            onConfirm={() => loans.send({ type: 'loans.actionConfirmed' })}
            onDismiss={() => loans.send({ type: 'loans.actionDismissed' })}
          />
        }
      />
    )
  const search = (event: FormEvent) => {
    event.preventDefault()
    loans.send({ type: 'loans.searched' })
  }
  return (
    <>
      <form
        className="k-card k-stack"
        role="search"
        noValidate
        onSubmit={search}
        aria-label={t('console.loans.search')}
      >
        <ConsoleTextField
          name="q"
          label={t('console.loans.query')}
          hint={t('console.loans.queryHint')}
          required
          maxLength={SEARCH_MAX_LENGTH + 20}
          value={view.query}
          error={view.queryError}
          onChange={(query) => loans.send({ type: 'loans.queryChanged', query })}
        />
        <Button type="submit" busy={view.busy} disabled={!view.canSearch}>
          {t('console.loans.searchButton')}
        </Button>
        <MessageNotice message={view.error} />
      </form>
      {view.borrowers && (
        <section className="k-stack" aria-labelledby="loans-found">
          <h2 id="loans-found" className="k-section-title">
            {t('console.loans.found', { count: view.borrowers.length })}
          </h2>
          <ul className="c-log">
            {view.borrowers.map((hit) => (
              <BorrowerRow key={hit.userId} hit={hit} loans={loans} timeZone={view.timeZone} />
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

export default function LoansScreen({ app }: ConsoleScreenProps): ReactElement {
  const { t } = useTranslation()
  const loans = useSelector(app, (s) => s.children.loansDesk)
  return (
    <main className="k-stack">
      <h1 className="c-title">{t('console.loans.title')}</h1>
      <p className="k-muted">{t('console.loans.intro')}</p>
      {loans ? <Loans loans={loans} /> : <p className="k-muted">{t('ui.loading')}</p>}
    </main>
  )
}
