/**
 * The FAQ's search: a client-side filter over what the server sent in the borrower's language. Case and accents
 * do not matter ("prestamo" finds "préstamo"); every word typed must appear in the question, its answer or its
 * section's title.
 */
import type { FaqSection } from '../../../domain/api-types'
import { searchKey } from '../../../ui/picker'

export function filterFaq(sections: readonly FaqSection[], query: string): FaqSection[] {
  const words = searchKey(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...sections]
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const text = searchKey(`${section.title} ${item.question} ${item.answer}`)
        return words.every((word) => text.includes(word))
      }),
    }))
    .filter((section) => section.items.length > 0)
}
