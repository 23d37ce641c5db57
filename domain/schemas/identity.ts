/**
 * ID documents and face (spec §2 ID screen, §5 "front ID before back; face recognition must be completed"):
 * multipart uploads of the ID front and back (/user/upload/curp/front, …/back — the paths say "curp" in every
 * country), the face image, and the liveness result of the face SDK. The image travels as the multipart part
 * `file` and is checked with `imageFileSchema` (an image, at most 20 MB); these schemas describe the other fields,
 * sent in the encrypted extra. The order of the steps is the server's to enforce; it answers with the spec's ID
 * messages.
 */
import * as v from 'valibot'
import { REQUIRED, identifier, imageFile, optionalText } from './common'

/** The image part of any upload (ID sides, face, receipts), checked in the app before it is compressed and sent. */
export const imageFileSchema = imageFile

/** An ID side or the face image: no fields besides the image. */
export function imageUploadSchema() {
  return v.object({}, REQUIRED)
}

/** The face SDK's liveness result sent with its best frame: which SDK, its session id and, if given, its score. */
export function livenessResultSchema() {
  return v.object(
    {
      sdk: identifier('validation.liveness.required'),
      sessionId: identifier('validation.liveness.required'),
      score: v.optional(
        v.pipe(
          v.number('validation.liveness.score'),
          v.minValue(0, 'validation.liveness.score'),
          v.maxValue(100, 'validation.liveness.score'),
        ),
      ),
      detail: optionalText(500),
    },
    REQUIRED,
  )
}
