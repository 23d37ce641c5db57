/** After every run: rebuild the screen gallery (docs/screens/index.html) from the journeys' screenshots. */
// @ts-expect-error -- a plain .mjs script without type declarations
import { buildGallery } from '../../scripts/gallery.mjs'

export default function globalTeardown(): void {
  ;(buildGallery as () => string | null)()
}
