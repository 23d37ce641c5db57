/**
 * The identity machine's setup (machines/identity.machine.ts): every actor, guard and action it names. The actors
 * are stubs the composition provides (services/actors/identity-actors.ts).
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, type EventObject } from 'xstate'
import {
  escalateSessionEnded,
  failureOf,
  isSessionEnded,
  type Message,
  type SessionEndedEvent,
} from '../kit/call-failure'
import { notProvided } from '../kit/not-provided'
import type {
  CameraAnswer,
  IdentityContext,
  IdentityEvent,
  IdentityFeatureMode,
  IdentityOutput,
  IdentitySide,
  LivenessResult,
  UploadImageInput,
} from './identity-context'
import { missingStepMessage } from './identity-rules'

export const identitySetup = setup({
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
})
