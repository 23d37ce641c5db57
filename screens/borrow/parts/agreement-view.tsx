/**
 * The loan agreement as the server rendered it (domain/api-types.ts AgreementDocument: sanitised HTML with
 * the order's figures filled in), in a scrollable region a screen reader can enter and read.
 */
import { useId, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { AgreementDocument } from '../../../domain/api-types'
import '../borrow.css'

export function AgreementView({ document }: { document: AgreementDocument }): ReactElement {
  const { t } = useTranslation()
  const titleId = useId()
  return (
    <article
      className="k-scroll k-doc"
      lang={document.language}
      aria-labelledby={titleId}
      // Focusable so a keyboard can scroll it.
      tabIndex={0}
    >
      <h2 id={titleId}>{document.title}</h2>
      <p className="k-small k-muted">{t('borrow.agreement.version', { version: document.version })}</p>
      {/* The server sanitises the agreement (headings, paragraphs, lists, tables only). */}
      <div dangerouslySetInnerHTML={{ __html: document.html }} />
    </article>
  )
}
