/**
 * The rating of a resolved ticket (feedbackDetail): the stars given, or 1 to 5 stars to choose while the ticket
 * child lets the ticket be rated (or the rating is on its way).
 */
import { useId, useState, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import type { FeedbackDetailView } from '../../../machines/feedback-ticket/feedback-ticket-view'
import { Button } from '../../../ui/button'

const STARS = [1, 2, 3, 4, 5] as const
/** The star drawn in each rating button (the button itself is named "3 stars" for screen readers). */
const STAR_GLYPH = '\u2605'

export function TicketRating({
  view,
  onRate,
}: {
  view: FeedbackDetailView
  onRate: (rating: number) => void
}): ReactElement | null {
  const { t } = useTranslation()
  const legendId = useId()
  const [stars, setStars] = useState<number | null>(null)
  if (view.rated !== null)
    return (
      <p className="k-card" role="status">
        {t('feedback.detail.rated', { count: view.rated })}
      </p>
    )
  if (!view.ratingOpen) return null
  return (
    <form
      className="k-card k-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (stars) onRate(stars)
      }}
    >
      <fieldset className="k-field" aria-labelledby={legendId}>
        <legend id={legendId} className="k-field__label">
          {t('feedback.detail.rate')}
        </legend>
        <div className="k-stars" role="radiogroup" aria-labelledby={legendId}>
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={stars === n}
              aria-label={t('feedback.detail.stars', { count: n })}
              className={stars !== null && n <= stars ? 'k-star k-star--on' : 'k-star'}
              onClick={() => setStars(n)}
            >
              <span aria-hidden="true">{STAR_GLYPH}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <Button type="submit" block busy={view.ratingSent} disabled={stars === null}>
        {t('feedback.detail.sendRating')}
      </Button>
    </form>
  )
}
