/**
 * The identity machine's rules (machines/identity.machine.ts): spec §5's order of the steps, spec §8's message for
 * each refusal, and the params its transitions take from an event. Pure: no xstate.
 */
import type { IdCheckProblem } from '../../domain/api-types'
import { failureOf, messageOf, msg, type Message } from '../kit/call-failure'
import type { IdentityContext, IdentityEvent, IdentitySide } from './identity-context'

/** i18n keys of locales/<lang>/identity.json (spec §5 and §8 messages). */
export const IDENTITY_MESSAGES = {
  frontFirst: 'identity.error.frontFirst',
  backFirst: 'identity.error.backFirst',
  faceRequired: 'identity.error.faceRequired',
  frontFailed: 'identity.error.frontFailed',
  backFailed: 'identity.error.backFailed',
  frontUnidentified: 'identity.error.frontUnidentified',
  backUnidentified: 'identity.error.backUnidentified',
  notRecognised: 'identity.error.notRecognised',
  faceFailed: 'identity.error.faceFailed',
  faceMismatch: 'identity.error.faceMismatch',
  authentication: 'identity.error.authentication',
  cameraDenied: 'identity.error.cameraDenied',
} as const

/** The message for a step taken before the one it needs: front first, then back, then the face. */
export function missingStepMessage(uploaded: Record<IdentitySide, boolean>): Message | null {
  if (!uploaded.front) return msg(IDENTITY_MESSAGES.frontFirst)
  if (!uploaded.back) return msg(IDENTITY_MESSAGES.backFirst)
  if (!uploaded.face) return msg(IDENTITY_MESSAGES.faceRequired)
  return null
}

/** The message of a side whose upload failed. */
export const UPLOAD_FAILED: Record<IdentitySide, string> = {
  front: IDENTITY_MESSAGES.frontFailed,
  back: IDENTITY_MESSAGES.backFailed,
  face: IDENTITY_MESSAGES.faceFailed,
}

/** The server's reason for refusing a photo (ImageCheckResult.problem), as the message of that step. */
function problemMessage(problem: IdCheckProblem, side: IdentitySide): Message {
  switch (problem) {
    case 'frontFirst':
      return msg(IDENTITY_MESSAGES.frontFirst)
    case 'backFirst':
      return msg(IDENTITY_MESSAGES.backFirst)
    case 'faceMismatch':
      return msg(IDENTITY_MESSAGES.faceMismatch)
    case 'livenessFailed':
      return msg(IDENTITY_MESSAGES.faceFailed)
    case 'notRecognised':
      // Spec §8: the card not recognised on the front; the back "failed to identify"; the face failed.
      return msg(
        side === 'face'
          ? IDENTITY_MESSAGES.faceFailed
          : side === 'back'
            ? IDENTITY_MESSAGES.backUnidentified
            : IDENTITY_MESSAGES.notRecognised,
      )
  }
}

const PROBLEMS: readonly IdCheckProblem[] = ['notRecognised', 'frontFirst', 'backFirst', 'faceMismatch', 'livenessFailed']

/** What to tell the borrower about a failed step: the server's problem, its text, or the step's own message. */
export function identityMessageOf(error: unknown, side: IdentitySide, fallbackKey: string): Message {
  const problem = typeof error === 'object' && error !== null ? (error as { problem?: unknown }).problem : undefined
  if (PROBLEMS.includes(problem as IdCheckProblem)) return problemMessage(problem as IdCheckProblem, side)
  return messageOf(failureOf(error), fallbackKey)
}

/**
 * A step whose refusal has its own words in spec §8, whatever the server's text: reading the front's fields
 * ("ID front failed to identify, take a photo and upload again") and authenticating the ID when every image is in
 * ("Id card authentication error, make sure the letters look clear"). `kinds` are the refusals that take those
 * words; a lost connection or a refusal of another kind keeps its own message.
 */
export function stepRefusalOf(
  error: unknown,
  side: IdentitySide,
  key: string,
  kinds: readonly ('rejected' | 'invalid')[],
): Message {
  const failure = failureOf(error)
  const problem = typeof error === 'object' && error !== null ? (error as { problem?: unknown }).problem : undefined
  if (PROBLEMS.includes(problem as IdCheckProblem)) return problemMessage(problem as IdCheckProblem, side)
  if ((kinds as readonly string[]).includes(failure.kind)) return msg(key)
  return messageOf(failure, key)
}

/** The photo a 'identity.photoTaken' event carries, as action/guard params. */
export const photoOf = ({ event }: { event: IdentityEvent }) =>
  event.type === 'identity.photoTaken' ? { side: event.side, image: event.image } : null

/** Whether the shell's card scanner takes the ID photos here (featureMode.ocr ≥ 1), for the screen. */
export const scansCards = (snapshot: { context: Pick<IdentityContext, 'featureMode'> }): boolean =>
  snapshot.context.featureMode.ocr >= 1

/** The side a 'identity.scanRequested' event names, as action/guard params. */
export const scanOf = ({ event }: { event: IdentityEvent }) =>
  event.type === 'identity.scanRequested' ? { side: event.side } : null

