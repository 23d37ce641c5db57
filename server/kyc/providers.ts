/**
 * Identity checks behind provider interfaces: reading an ID card (OCR) and the face liveness check. A lender
 * plugs in their vendor by implementing KycProviders and passing it to buildServer. The development providers
 * read nothing from the pixels: they decide deterministically from what the file is, so a demo and a test behave
 * the same every time — a tiny or blank image is "not recognised" (spec §8: ID front/back failed to identify),
 * anything that is plausibly a photo is recognised. They are marked `simulated`, and production refuses to start
 * with them (server/production-readiness.ts).
 */
import type { IdOcrResult } from '../../domain/api-types'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import type { PersonalInfo } from '../../domain/schemas/personal-info'
import type { UploadedImage } from '../uploads'

export type IdSide = 'front' | 'back'

export interface OcrReading {
  readonly recognized: boolean
  /** What the vendor read from the card (front side); the development provider echoes what the borrower typed. */
  readonly fields: Partial<IdOcrResult>
}

export interface OcrContext {
  readonly country: CountryCode
  /** The personal info the borrower saved, if any (a vendor may compare; the development provider echoes it). */
  readonly claimed: PersonalInfo | null
}

export interface OcrProvider {
  readonly name: string
  /** True for providers that read nothing from the card (the development one): production refuses them. */
  readonly simulated?: boolean
  read(side: IdSide, image: UploadedImage, ctx: OcrContext): Promise<OcrReading>
}

/** What a vendor that verifies the whole identity in one job (Smile ID) concluded, as stored and explained. */
export interface KycVendorResult {
  readonly vendor: string
  /** The vendor's job reference (ours, sent to the vendor). */
  readonly jobId: string
  readonly result: 'passed' | 'failed' | 'notRecognised' | 'pending'
  /** The vendor's own result code and text (e.g. Smile ID "0810", "Document Verified"), when it answered. */
  readonly resultCode: string | null
  readonly resultText: string | null
  /** The vendor's confidence, 0..1, when it gave one. */
  readonly score: number | null
  /** Why, in plain words (no personal data). */
  readonly reason: string
}

export interface LivenessResult {
  readonly passed: boolean
  /** 0..1 */
  readonly score: number
  /** Which check refused the face when it did not pass (default: the liveness check). */
  readonly problem?: 'livenessFailed' | 'faceMismatch' | 'notRecognised'
  /** Selfie-to-ID match, 0..1, from vendors that compare the selfie with the ID card's photo. */
  readonly match?: number
  /** The vendor's verdict, from vendors that run one identity job (stored with the check). */
  readonly vendorResult?: KycVendorResult
}

/** What a vendor that matches the selfie with the ID card needs besides the face: the accepted ID images. */
export interface LivenessContext {
  readonly userId: number
  readonly idFront: UploadedImage | null
  readonly idBack: UploadedImage | null
}

export interface LivenessProvider {
  readonly name: string
  /** True for providers that check nothing (the development one): production refuses them. */
  readonly simulated?: boolean
  check(face: UploadedImage, country: CountryCode, ctx?: LivenessContext): Promise<LivenessResult>
}

export interface KycProviders {
  readonly ocr: OcrProvider
  readonly liveness: LivenessProvider
  /** The countries whose IDs the vendor is configured for (absent: every country). Production names the rest. */
  readonly countries?: readonly CountryCode[]
}

/** Smallest sides of a usable photo, and the least bytes per pixel a real photo compresses to. */
const MIN_SHORT_SIDE = 200
const MIN_LONG_SIDE = 320
const MIN_BYTES_PER_PIXEL = 0.015

/** Plausibly a photo: large enough, and not a flat image that compresses to almost nothing. */
export function looksLikePhoto(image: UploadedImage): boolean {
  if (image.width === null || image.height === null) return false
  const short = Math.min(image.width, image.height)
  const long = Math.max(image.width, image.height)
  if (short < MIN_SHORT_SIDE || long < MIN_LONG_SIDE) return false
  return image.bytes.length >= MIN_BYTES_PER_PIXEL * image.width * image.height
}

/** What a card would say if it matched the borrower's own entries (development OCR). */
function echo(claimed: PersonalInfo, country: CountryCode): Partial<IdOcrResult> {
  const gender =
    claimed.gender === 'male' || claimed.gender === 1
      ? 'male'
      : claimed.gender === 'female' || claimed.gender === 2
        ? 'female'
        : null
  return {
    curp: COUNTRIES[country].idRules.nationalId === 'curp' ? claimed.nationalId : null,
    firstName: claimed.firstName,
    middleName: claimed.middleName ?? null,
    lastName: claimed.lastName,
    birthday: claimed.birthday,
    gender,
  }
}

export function createDevKycProviders(): KycProviders {
  return {
    ocr: {
      name: 'development',
      simulated: true,
      async read(side, image, { claimed, country }) {
        if (!looksLikePhoto(image)) return { recognized: false, fields: {} }
        return { recognized: true, fields: side === 'front' && claimed ? echo(claimed, country) : {} }
      },
    },
    liveness: {
      name: 'development',
      simulated: true,
      async check(face) {
        if (!looksLikePhoto(face)) return { passed: false, score: 0 }
        // A stable score in 0.80..0.99 from the image's hash: the same photo always scores the same.
        const score = 0.8 + (parseInt(face.sha256.slice(0, 4), 16) % 20) / 100
        return { passed: true, score: Math.round(score * 100) / 100 }
      },
    },
  }
}
