/** confirm_borrow — an approved order (14) waits for the borrower: see parts/confirm-borrow-view.tsx. */
import type { ReactElement } from 'react'
import type { ScreenProps } from '../screen-props'
import { ConfirmBorrowView } from './parts/confirm-borrow-view'

export default function ConfirmBorrowScreen({ journey }: ScreenProps): ReactElement {
  return <ConfirmBorrowView journey={journey} />
}
