/**
 * The identity machine's events, output and context, and the featureMode, camera answer and liveness result its
 * actors hand back (machines/identity.machine.ts).
 */
import type { Message } from '../kit/call-failure'

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
