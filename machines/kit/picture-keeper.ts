/**
 * The picture keeper of a console desk (proofs, inbox). Pictures read with the member's token are shown from object
 * URLs, which the page holds until they are let go of. The desk's own actions let go of them before they are
 * replaced or closed; but a stopped machine runs no exit actions (XState v5 stops its children, nothing else), so a
 * desk left with a picture open would keep it until the console closes. Each desk therefore invokes a keeper, tells
 * it the pictures shown each time they change (none once let go of), and the keeper the composition provides
 * (services/console/console-actors.ts `pictureKeeper`) lets go of what it was last told when it is stopped with
 * its desk.
 */
import { fromCallback } from 'xstate'

export type PicturesKeptEvent = { type: 'pictures.kept'; urls: string[] }

/** The stand-in the desks name in setup(): keeps nothing until the composition provides the real keeper. */
export const keepsNothing = fromCallback<PicturesKeptEvent>(() => {})
