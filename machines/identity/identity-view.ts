/**
 * What the identity screen reads of the identity machine (machines/identity.machine.ts).
 */
import type { SnapshotFrom } from 'xstate'
import type { identityMachine } from '../identity.machine'
import type { IdentitySide } from './identity-context'
import { scansCards } from './identity-rules'

type IdentitySnapshot = SnapshotFrom<typeof identityMachine>

/**
 * What the identity screen shows of this machine as a whole — its one read (screens/shared/use-view.ts): whether
 * it prepares, whether the face step is the native liveness check, the step's failure, and the submit.
 */
export function identityView(s: IdentitySnapshot) {
  const liveFace = s.context.featureMode.live === 1
  return {
    preparing: s.hasTag('preparing'),
    liveFace,
    error: s.context.error,
    canSubmit: s.can({ type: 'identity.submitted' }),
    finishing: s.hasTag('finishing'),
    faceDone: s.context.uploaded.face,
    checkingLiveness: s.hasTag('checkingLiveness'),
    // Asked only when the face step is the liveness check (the screen shows no such button otherwise).
    canStartLiveness: liveFace && s.can({ type: 'identity.livenessStarted' }),
  }
}

/** What one photo step shows: its last photo, its upload's progress while it is the one in flight, and whether it is saved. */
export function identityPhotoView(s: IdentitySnapshot, side: IdentitySide) {
  return {
    image: s.context.images[side],
    progress: s.context.current === side ? s.context.progress : null,
    uploaded: s.context.uploaded[side],
    busy: s.hasTag('busy'),
    scanner: scansCards(s),
  }
}
