/**
 * /yx2ConfirmBorrow — an order approved through a promotion (18 getMoney) is confirmed exactly like any other:
 * the same view as confirm_borrow (screens/borrow/parts/confirm-borrow-view.tsx).
 */
import type { ReactElement } from 'react'
import { ConfirmBorrowView } from '../borrow/parts/confirm-borrow-view'
import type { ScreenProps } from '../screen-props'

export default function Yx2ConfirmBorrowScreen({ journey }: ScreenProps): ReactElement {
  return <ConfirmBorrowView journey={journey} />
}
