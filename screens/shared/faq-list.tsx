/**
 * Questions and answers that open in place, as the server wrote them in the borrower's language (the FAQ of the
 * user centre and the questions shown before writing a ticket). Native <details>: keyboard and screen readers
 * work without script, and nothing is downloaded twice.
 */
import type { ReactElement } from 'react'
import type { FaqItem } from '../../domain/api-types'
import './faq-list.css'

export function FaqList({ items }: { items: readonly FaqItem[] }): ReactElement {
  return (
    <div className="k-faq">
      {items.map((item) => (
        <details key={item.id}>
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
