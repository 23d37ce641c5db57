/**
 * A row of a list (menu entries, orders, tickets, coupons): a title, an optional detail line and a value at the
 * right. With `onClick` the whole row is one button with a chevron. Put rows in <ul className="k-list">.
 */
import type { ReactElement, ReactNode } from 'react'
import { Icon } from './icons'

export interface ListRowProps {
  title: ReactNode
  detail?: ReactNode
  value?: ReactNode
  /** Something at the left end (a status dot, a provider logo). */
  leading?: ReactNode
  onClick?: () => void
  /** A red dot for something unread. */
  marked?: boolean
  markedLabel?: string
}

export function ListRow({
  title,
  detail,
  value,
  leading,
  onClick,
  marked,
  markedLabel,
}: ListRowProps): ReactElement {
  const body = (
    <>
      {leading}
      <span className="k-row__main">
        <span className="k-row__title">
          {title}
          {marked && <span className="k-dot" role="img" aria-label={markedLabel} />}
        </span>
        {detail && <span className="k-row__detail">{detail}</span>}
      </span>
      {value !== undefined && <span className="k-row__value">{value}</span>}
      {onClick && <Icon name="next" />}
    </>
  )
  return (
    <li>
      {onClick ? (
        <button type="button" className="k-row" onClick={onClick}>
          {body}
        </button>
      ) : (
        <div className="k-row">{body}</div>
      )}
    </li>
  )
}
