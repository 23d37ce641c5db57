/**
 * faq — the questions and answers the server keeps for the borrower's language (English, Kiswahili, Spanish),
 * grouped in sections, with a search box that filters them on the phone (no call per letter typed).
 */
import { useId, useMemo, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '../../ui/page-header'
import { EmptyState, ErrorState } from '../../ui/states'
import type { ScreenProps } from '../screen-props'
import { FaqList } from '../shared/faq-list'
import { useMessageText } from '../shared/message-text'
import { routeTo } from '../shared/route-to'
import { filterFaq } from './parts/faq-search'
import { helpContentView } from '../../machines/help-content.machine'
import { useView } from '../shared/use-view'
import { useHelpContent, type HelpContentRef } from './parts/help-content'

export default function FaqScreen({ journey }: ScreenProps): ReactElement {
  const { t } = useTranslation()
  const content = useHelpContent(journey)
  return (
    <div className="k-page">
      <PageHeader title={t('user-center.faq.title')} onBack={() => journey.send(routeTo('me'))} />
      <main className="k-stack">{content && <Faq content={content} />}</main>
    </div>
  )
}

function Faq({ content }: { content: HelpContentRef }): ReactElement {
  const { t } = useTranslation()
  const text = useMessageText()
  const searchId = useId()
  const [query, setQuery] = useState('')
  const { faq, failed, error } = useView(content, helpContentView)
  const sections = useMemo(() => filterFaq(faq?.sections ?? [], query), [faq, query])
  if (failed)
    return (
      <ErrorState
        text={error ? text(error) : undefined}
        onRetry={() => content.send({ type: 'content.retried' })}
      />
    )
  if (!faq) return <p className="k-muted">{t('ui.loading')}</p>
  return (
    <>
      <div className="k-field" role="search">
        <label htmlFor={searchId} className="k-field__label">
          {t('user-center.faq.search')}
        </label>
        <input
          id={searchId}
          className="k-input"
          type="search"
          enterKeyHint="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {sections.length === 0 ? (
        <EmptyState
          title={
            query.trim() ? t('user-center.faq.noMatch', { query: query.trim() }) : t('user-center.faq.empty')
          }
        />
      ) : (
        sections.map((section) => (
          <section key={section.id} className="k-card" aria-labelledby={`${searchId}-${section.id}`}>
            <h2 id={`${searchId}-${section.id}`} className="k-section-title">
              {section.title}
            </h2>
            <FaqList items={section.items} />
          </section>
        ))
      )}
    </>
  )
}
