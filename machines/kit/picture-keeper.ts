/**
 * The picture keeper of a console desk (proofs, inbox). Pictures read with the member's token are shown from object
 * URLs, which the page holds until they are let go of; the keeper owns that. Each desk invokes one and tells it the
 * pictures shown each time they change (`pictures.kept`: the new ones when they arrive, none where they are replaced
 * or closed). The keeper the composition provides (services/console/console-actors.ts `pictureKeeper`) lets go at
 * once of every picture it kept that it is no longer told, and of all it keeps when it is stopped with its desk: a
 * stopped machine runs no exit actions (XState v5 stops its children, nothing else), so a desk left with a picture
 * open could not let go of it itself.
 */
import { fromCallback } from 'xstate'

export type PicturesKeptEvent = { type: 'pictures.kept'; urls: string[] }

/** The stand-in the desks name in setup(): keeps nothing until the composition provides the real keeper. */
export const keepsNothing = fromCallback<PicturesKeptEvent>(() => {})

/**
 * What the desks' `keepPictures` action (`sendTo('pictureKeeper', picturesKept)`) tells the keeper: the pictures
 * shown now; it lets go at once of those it kept that are not among them, and of these when the desk stops.
 */
export const picturesKept = (_: unknown, params: { urls: string[] }): PicturesKeptEvent => ({
  type: 'pictures.kept',
  urls: params.urls,
})

/** `keepPictures` with none: where what replaces the pictures shown or closes them begins, they are let go of. */
export const PICTURES_CLOSED = { type: 'keepPictures', params: { urls: [] as string[] } } as const
