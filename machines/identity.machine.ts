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
 *
 * Beside it (machines/identity/): its context and events (identity-context.ts), its rules — the order of the
 * steps and each refusal's message (identity-rules.ts) —, its setup (identity-setup.ts: every actor, guard and
 * action it names) and what the screen reads (identity-view.ts).
 */
import { msg } from './kit/call-failure'
import type { IdentityOutput } from './identity/identity-context'
import {
  IDENTITY_MESSAGES,
  identityMessageOf,
  photoOf,
  scanOf,
  stepRefusalOf,
  UPLOAD_FAILED,
} from './identity/identity-rules'
import { errorParams } from './kit/params'
import { identitySetup } from './identity/identity-setup'

/** A call the server answered with a session code: the ID step ends, and the journey hears it. */
const SESSION_ENDED = {
  guard: { type: 'sessionEnded', params: errorParams },
  target: '#identity.sessionEnded',
} as const

export const identityMachine = identitySetup.createMachine({
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
          SESSION_ENDED,
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
          SESSION_ENDED,
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
              SESSION_ENDED,
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
          SESSION_ENDED,
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
