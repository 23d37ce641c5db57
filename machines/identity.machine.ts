/**
 * identity — the ID screen of spec §2 (status 12): the ID card's front, then its back, then the face step, then
 * /user/finishUploadAllImg. Spec §5: front before back, and the face check must be completed; a step taken out
 * of order is refused with the spec's message. Any side may be retaken before submitting.
 *
 * The face step follows featureMode (spec §3, as the native bridge says it applies): `live` 1 runs the native
 * liveness SDK and saves its result; any other value takes a selfie photo. `ocr` 1 reads the card's front after
 * its upload (/user/curp/ocr); −1 (the default) uploads the photos only. `frontPermission` 1 asks the phone for
 * the camera (the shell's permission dialog) before the ID front can be taken; a refusal says how to allow it.
 * The server may refuse a photo it cannot use (ImageCheckResult.problem); each problem has its own message.
 *
 * Input: none (featureMode is read when the screen opens).
 * Events: identity.photoTaken {side, image}, identity.livenessStarted, identity.submitted, identity.errorSeen
 * Tags:   busy (preparing, uploading, recognising, liveness, finishing), awaitingFront, awaitingBack,
 *         awaitingFace, liveFace (the face step uses the SDK), canSubmit, preparing, checkingLiveness, finishing
 * Context: progress (0–1 of the upload in flight), uploaded sides, the picked images (for previews), error
 * Output: { status: 'completed' } | { status: 'sessionEnded' }
 * Actors the composition provides (services/actors/identity-actors.ts):
 *   readFeatureMode () → { live, ocr, frontPermission? }        (local storage, as the native bridge applies it)
 *   askCamera () → 'granted' | 'denied' | 'prompt' | 'unavailable'  (the shell's camera permission, frontPermission)
 *   uploadImage ({ side, image }) callback: sends back identity.uploadProgressed {fraction}, then
 *               identity.uploadSucceeded or identity.uploadFailed {error}
 *               (front/back: /user/upload/curp/front|back; face: /user/saveFaceImage)
 *   recognise () → void                                          (/user/curp/ocr, after the front)
 *   runLiveness () → LivenessResult                             (native face SDK)
 * A refused photo rejects with the failure and, when the server named one, its `problem` (IdCheckProblem).
 *   saveLiveness (LivenessResult) → void                         (/portal/liveness/detection/result/save)
 *   finishUploads () → void                                      (/user/finishUploadAllImg)
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject, type SnapshotFrom } from 'xstate'
import type { IdCheckProblem } from '../domain/api-types'
import {
  escalateSessionEnded,
  failureOf,
  isSessionEnded,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'

export type IdentitySide = 'front' | 'back' | 'face'
export type CardSide = Exclude<IdentitySide, 'face'>

/** Spec §3 featureMode: live 1 → liveness SDK; ocr 1 → read the card's text after each upload. */
export interface IdentityFeatureMode {
  live: number
  ocr: number
  /** 1: the camera permission is asked for before the ID front (spec §3 frontPermission). Absent: −1. */
  frontPermission?: number
}

/** The phone's answer about the camera (the native bridge's PermissionState). */
export type CameraAnswer = 'granted' | 'denied' | 'prompt' | 'unavailable'

/**
 * What the native liveness SDK hands back: which SDK, its session, its score if any, and its best frame; saved
 * as it came (/portal/liveness/detection/result/save, domain/schemas/identity.ts livenessResultSchema).
 */
export interface LivenessResult {
  sdk: string
  sessionId: string
  score?: number
  detail?: string
  image: Blob
}

export interface UploadImageInput {
  side: IdentitySide
  image: Blob
}

export type IdentityEvent =
  | { type: 'identity.photoTaken'; side: IdentitySide; image: Blob }
  /** featureMode.ocr ≥ 1: the shell's card scanner photographs the side (docs/native-bridge.md `captureIdCard`). */
  | { type: 'identity.scanRequested'; side: 'front' | 'back' }
  | { type: 'identity.livenessStarted' }
  | { type: 'identity.submitted' }
  | { type: 'identity.errorSeen' }
  | { type: 'identity.uploadProgressed'; fraction: number }
  | { type: 'identity.uploadSucceeded' }
  | { type: 'identity.uploadFailed'; error: unknown }

export type IdentityOutput = { status: 'completed' } | { status: 'sessionEnded' }

export interface IdentityContext {
  featureMode: IdentityFeatureMode
  uploaded: Record<IdentitySide, boolean>
  /** The photo being uploaded (and each side's last photo, for the previews); kept in memory only. */
  images: Partial<Record<IdentitySide, Blob>>
  /** The side whose upload is in flight. */
  current: IdentitySide | null
  /** 0–1 of the upload in flight; null when nothing uploads. */
  progress: number | null
  /** The liveness SDK's result until it is saved. */
  liveness: LivenessResult | null
  error: Message | null
}

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

const UPLOAD_FAILED: Record<IdentitySide, string> = {
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
const photoOf = ({ event }: { event: IdentityEvent }) =>
  event.type === 'identity.photoTaken' ? { side: event.side, image: event.image } : null

/** Whether the shell's card scanner takes the ID photos here (featureMode.ocr ≥ 1), for the screen. */
export const scansCards = (snapshot: { context: Pick<IdentityContext, 'featureMode'> }): boolean =>
  snapshot.context.featureMode.ocr >= 1

/** The side a 'identity.scanRequested' event names, as action/guard params. */
const scanOf = ({ event }: { event: IdentityEvent }) =>
  event.type === 'identity.scanRequested' ? { side: event.side } : null

export const identityMachine = setup({
  types: {
    context: {} as IdentityContext,
    events: {} as IdentityEvent,
    output: {} as IdentityOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as
      | 'busy'
      | 'awaitingFront'
      | 'awaitingBack'
      | 'awaitingFace'
      | 'liveFace'
      | 'canSubmit'
      | 'preparing'
      | 'checkingLiveness'
      | 'finishing',
  },
  actors: {
    readFeatureMode: fromPromise<IdentityFeatureMode>(notProvided('readFeatureMode', 'services/actors/identity-actors.ts')),
    uploadImage: fromCallback<EventObject, UploadImageInput>(notProvided('uploadImage', 'services/actors/identity-actors.ts')),
    recognise: fromPromise<void>(notProvided('recognise', 'services/actors/identity-actors.ts')),
    runLiveness: fromPromise<LivenessResult>(notProvided('runLiveness', 'services/actors/identity-actors.ts')),
    saveLiveness: fromPromise<void, LivenessResult>(notProvided('saveLiveness', 'services/actors/identity-actors.ts')),
    finishUploads: fromPromise<void>(notProvided('finishUploads', 'services/actors/identity-actors.ts')),
    /** The shell's card scanner; rejects when the borrower cancels it or the shell has no scanner. */
    scanCard: fromPromise<Blob, { side: 'front' | 'back' }>(notProvided('scanCard', 'services/actors/identity-actors.ts')),
    /** The shell's camera permission dialog (featureMode.frontPermission 1). */
    askCamera: fromPromise<CameraAnswer>(notProvided('askCamera', 'services/actors/identity-actors.ts')),
  },
  guards: {
    liveFace: ({ context }) => context.featureMode.live === 1,
    /** The camera permission comes first: featureMode.frontPermission 1 and the front not taken yet. */
    cameraFirst: ({ context }, params: IdentityFeatureMode) =>
      (params.frontPermission ?? -1) >= 1 && !context.uploaded.front,
    cameraDenied: (_, params: { answer: CameraAnswer }) => params.answer === 'denied',
    ocrEnabled: ({ context }) => context.featureMode.ocr === 1 && context.current === 'front',
    missingFront: ({ context }) => !context.uploaded.front,
    missingBack: ({ context }) => !context.uploaded.back,
    missingFace: ({ context }) => !context.uploaded.face,
    /** A photo of a side whose step has come: front always, back once the front is in, a selfie after both. */
    photoInOrder: ({ context }, params: { side: IdentitySide } | null) => {
      if (!params) return false
      if (params.side === 'front') return true
      if (params.side === 'back') return context.uploaded.front
      return context.uploaded.front && context.uploaded.back && context.featureMode.live !== 1
    },
    /** The card is scanned by the shell (featureMode.ocr ≥ 1), in the order front, back. */
    scanInOrder: ({ context }, params: { side: IdentitySide } | null) =>
      context.featureMode.ocr >= 1 && params !== null && params.side !== 'face' &&
      (params.side === 'front' || context.uploaded.front),
    livenessInOrder: ({ context }) => context.uploaded.front && context.uploaded.back && context.featureMode.live === 1,
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
    refused: (_, params: { error: unknown }) => {
      const { kind } = failureOf(params.error)
      return kind === 'rejected' || kind === 'invalid'
    },
  },
  actions: {
    takeFeatureMode: assign((_, params: IdentityFeatureMode) => ({ featureMode: params })),
    startUpload: assign(({ context }, params: { side: IdentitySide; image: Blob } | null) =>
      params
        ? { current: params.side, images: { ...context.images, [params.side]: params.image }, progress: 0, error: null }
        : {},
    ),
    startLiveness: assign({ current: 'face' as const, error: null }),
    aimScanner: assign((_, params: { side: IdentitySide } | null) => ({ current: params?.side ?? null, error: null })),
    takeLiveness: assign((_, params: { result: LivenessResult }) => ({ liveness: params.result })),
    trackProgress: assign({
      progress: ({ context, event }) =>
        event.type === 'identity.uploadProgressed' ? Math.min(1, Math.max(0, event.fraction)) : context.progress,
    }),
    markUploaded: assign(({ context }) => ({
      uploaded: context.current ? { ...context.uploaded, [context.current]: true } : context.uploaded,
      current: null,
      progress: null,
      liveness: null,
    })),
    /** A side that failed is no longer uploaded: a new photo replaces it. */
    markFailed: assign(({ context }, params: { message: Message }) => ({
      uploaded: context.current ? { ...context.uploaded, [context.current]: false } : context.uploaded,
      current: null,
      progress: null,
      liveness: null,
      error: params.message,
    })),
    showMissingStep: assign(({ context }) => ({ error: missingStepMessage(context.uploaded) })),
    showError: assign((_, params: { message: Message }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'identity',
  description: 'Spec §2 ID screen: ID front, then back, then the face step, then finishUploadAllImg.',
  context: {
    featureMode: { live: 1, ocr: -1 },
    uploaded: { front: false, back: false, face: false },
    images: {},
    current: null,
    progress: null,
    liveness: null,
    error: null,
  },
  initial: 'preparing',
  on: { 'identity.errorSeen': { actions: 'clearError' } },
  states: {
    preparing: {
      description: 'Reads featureMode, which decides the face step and whether the card is read (OCR).',
      tags: ['busy', 'preparing'],
      invoke: {
        src: 'readFeatureMode',
        onDone: [
          {
            guard: { type: 'cameraFirst', params: ({ event }) => event.output },
            target: 'askingCamera',
            actions: { type: 'takeFeatureMode', params: ({ event }) => event.output },
          },
          { target: 'collecting', actions: { type: 'takeFeatureMode', params: ({ event }) => event.output } },
        ],
        // Storage never fails in practice; the defaults (liveness SDK, no OCR) are spec §3's.
        onError: 'collecting',
      },
    },
    askingCamera: {
      description:
        "featureMode.frontPermission 1: the phone's camera permission before the ID front; a refusal says how to allow it.",
      tags: ['busy'],
      invoke: {
        src: 'askCamera',
        onDone: [
          {
            guard: { type: 'cameraDenied', params: ({ event }) => ({ answer: event.output }) },
            target: 'collecting',
            actions: { type: 'showError', params: { message: msg(IDENTITY_MESSAGES.cameraDenied) } },
          },
          { target: 'collecting' },
        ],
        // A shell that cannot ask leaves it to the camera itself (the photo picker asks when it opens).
        onError: 'collecting',
      },
    },
    collecting: {
      description: 'Waits for the next photo or the face check, in the order front, back, face.',
      initial: 'next',
      on: {
        'identity.photoTaken': [
          {
            guard: { type: 'photoInOrder', params: photoOf },
            target: 'uploading',
            actions: { type: 'startUpload', params: photoOf },
          },
          { actions: 'showMissingStep' },
        ],
        'identity.scanRequested': [
          {
            guard: { type: 'scanInOrder', params: scanOf },
            target: 'scanning',
            actions: { type: 'aimScanner', params: scanOf },
          },
          { actions: 'showMissingStep' },
        ],
        'identity.livenessStarted': [{ guard: 'livenessInOrder', target: 'liveness' }, { actions: 'showMissingStep' }],
        'identity.submitted': { actions: 'showMissingStep' },
      },
      states: {
        next: {
          description: 'Goes to the first step not done yet.',
          always: [
            { guard: 'missingFront', target: 'awaitingFront' },
            { guard: 'missingBack', target: 'awaitingBack' },
            { guard: 'missingFace', target: 'awaitingFace' },
            { target: 'ready' },
          ],
        },
        awaitingFront: { tags: ['awaitingFront'] },
        awaitingBack: { tags: ['awaitingBack'] },
        awaitingFace: {
          tags: ['awaitingFace'],
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'liveFace', target: 'live' }, { target: 'selfie' }] },
            live: { tags: ['liveFace'] },
            selfie: {},
          },
        },
        ready: {
          description: 'Front, back and face are in; the borrower may still retake any of them.',
          tags: ['canSubmit'],
          on: { 'identity.submitted': '#identity.finishing' },
        },
      },
    },
    scanning: {
      description: "The shell's card scanner photographs one side (featureMode.ocr ≥ 1); the photo then uploads.",
      tags: ['busy'],
      invoke: {
        src: 'scanCard',
        input: ({ context }) => ({ side: context.current === 'back' ? ('back' as const) : ('front' as const) }),
        onDone: {
          target: 'uploading',
          actions: {
            type: 'startUpload',
            params: ({ context, event }) => ({ side: context.current!, image: event.output }),
          },
        },
        onError: {
          target: 'collecting',
          actions: {
            type: 'markFailed',
            params: ({ context, event }) => ({
              message: identityMessageOf(event.error, context.current!, UPLOAD_FAILED[context.current!]),
            }),
          },
        },
      },
    },
    uploading: {
      description: 'One photo uploads; its progress is in context.progress.',
      tags: ['busy'],
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => ({ side: context.current!, image: context.images[context.current!]! }),
      },
      on: {
        'identity.uploadProgressed': { actions: 'trackProgress' },
        'identity.uploadSucceeded': [{ guard: 'ocrEnabled', target: 'recognising' }, { target: 'collecting', actions: 'markUploaded' }],
        'identity.uploadFailed': [
          {
            guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'sessionEnded',
          },
          {
            target: 'collecting',
            actions: {
              type: 'markFailed',
              params: ({ context, event }) => ({
                message: identityMessageOf(event.error, context.current!, UPLOAD_FAILED[context.current!]),
              }),
            },
          },
        ],
      },
    },
    recognising: {
      description: "The server reads the card's front (featureMode.ocr 1); an unreadable card is retaken.",
      tags: ['busy'],
      invoke: {
        src: 'recognise',
        onDone: { target: 'collecting', actions: 'markUploaded' },
        onError: [
          { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          {
            target: 'collecting',
            actions: {
              type: 'markFailed',
              params: ({ event }) => ({
                message: stepRefusalOf(event.error, 'front', IDENTITY_MESSAGES.frontUnidentified, ['rejected', 'invalid']),
              }),
            },
          },
        ],
      },
    },
    liveness: {
      description: "The native liveness SDK checks the borrower's face; its result is then saved.",
      tags: ['busy', 'checkingLiveness'],
      initial: 'checking',
      entry: 'startLiveness',
      states: {
        checking: {
          invoke: {
            src: 'runLiveness',
            onDone: { target: 'saving', actions: { type: 'takeLiveness', params: ({ event }) => ({ result: event.output }) } },
            onError: {
              target: '#identity.collecting',
              actions: {
                type: 'markFailed',
                params: ({ event }) => ({ message: identityMessageOf(event.error, 'face', IDENTITY_MESSAGES.faceFailed) }),
              },
            },
          },
        },
        saving: {
          invoke: {
            src: 'saveLiveness',
            input: ({ context }) => context.liveness!,
            onDone: { target: '#identity.collecting', actions: 'markUploaded' },
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                target: '#identity.sessionEnded',
              },
              {
                target: '#identity.collecting',
                actions: {
                  type: 'markFailed',
                  params: ({ event }) => ({ message: identityMessageOf(event.error, 'face', IDENTITY_MESSAGES.faceFailed) }),
                },
              },
            ],
          },
        },
      },
    },
    finishing: {
      description: 'Tells the server every image is in (/user/finishUploadAllImg); the status then moves on.',
      tags: ['busy', 'finishing'],
      entry: 'clearError',
      invoke: {
        src: 'finishUploads',
        onDone: 'completed',
        onError: [
          { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          {
            target: 'collecting',
            actions: {
              type: 'showError',
              // A missing image keeps the server's words (invalid); the ID refused as a whole is spec §8's.
              params: ({ event }) => ({
                message: stepRefusalOf(event.error, 'front', IDENTITY_MESSAGES.authentication, ['rejected']),
              }),
            },
          },
        ],
      },
    },
    completed: { type: 'final', output: (): IdentityOutput => ({ status: 'completed' }) },
    sessionEnded: {
      description: 'The server ended the session (spec §8); the journey logs out.',
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): IdentityOutput => ({ status: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as IdentityOutput,
})

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
