/**
 * The ID screen's I/O (machines/identity.machine.ts): featureMode as the native bridge says it applies, the
 * photos compressed on the phone and uploaded with their progress, the OCR of the front, the liveness SDK and
 * its result, and /user/finishUploadAllImg (spec §2, §3, §7). Composition:
 * `identityMachine.provide({ actors: createIdentityActors({ api, bridge, storage }) })`.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate'
import type { ImageCheckResult } from '../../domain/api-types'
import type { ApiResult } from '../../domain/api-result'
import type { ApiClient } from '../api/client'
import type { Bridge, LivenessCapture } from '../bridge/native-bridge'
import type { KopaStorage } from '../storage/storage'
import { compressImage } from '../uploads/compress'
import { dataOf, failureFromBridge } from './call'

type Side = 'front' | 'back' | 'face'

/** Mirrors the identity machine's events (services/ may not import machines/). */
type UploadEvent =
  | { type: 'identity.uploadProgressed'; fraction: number }
  | { type: 'identity.uploadSucceeded' }
  | { type: 'identity.uploadFailed'; error: unknown }

export interface IdentityActorDeps {
  api: Pick<ApiClient, 'request' | 'upload'>
  bridge: Pick<Bridge, 'ready' | 'featureMode' | 'faceSdk'>
  storage: Pick<KopaStorage, 'get'>
  /** Shrinks a photo before upload; the default re-encodes it on the phone (services/uploads/compress.ts). */
  compress?: (image: Blob, onProgress: (fraction: number) => void) => Promise<Blob>
}

const UPLOAD_PATH = {
  front: '/user/upload/curp/front',
  back: '/user/upload/curp/back',
  face: '/user/saveFaceImage',
} as const

/** Compression is the first fifth of the progress bar, the upload the rest. */
const COMPRESS_SHARE = 0.2

/** An upload the server answered but did not accept: a refusal carrying its reason (IdCheckProblem). */
function accepted(result: ApiResult<ImageCheckResult>): ImageCheckResult {
  const check = dataOf(result)
  if (!check.accepted)
    throw { ok: false, kind: 'rejected', code: 0, message: '', messageKey: 'errors.requestFailed', problem: check.problem }
  return check
}

export function createIdentityActors({ api, bridge, storage, compress }: IdentityActorDeps) {
  const shrink = compress ?? ((image, onProgress) => compressImage(image, { onProgress }))
  const featureMode = async () => {
    await bridge.ready
    return bridge.featureMode(storage.get('featureMode'))
  }

  return {
    readFeatureMode: fromPromise<{ live: number; ocr: number; frontPermission?: number }>(featureMode),

    askCamera: fromPromise<'granted' | 'denied' | 'prompt' | 'unavailable'>(async () => {
      try {
        const result = await bridge.faceSdk(await featureMode(), { kind: 'cameraPermission' })
        return result.kind === 'permission' ? result.state : 'unavailable'
      } catch (error) {
        throw failureFromBridge(error)
      }
    }),

    uploadImage: fromCallback<EventObject, { side: Side; image: Blob }>(({ input, sendBack: sendAny }) => {
      const sendBack = (event: UploadEvent) => sendAny(event)
      const abort = new AbortController()
      const report = (fraction: number) => sendBack({ type: 'identity.uploadProgressed', fraction })
      void (async () => {
        try {
          let image: Blob
          try {
            image = await shrink(input.image, (f) => report(f * COMPRESS_SHARE))
          } catch (error) {
            throw failureFromBridge(error)
          }
          accepted(
            await api.upload(
              UPLOAD_PATH[input.side],
              { file: image },
              {},
              (f) => report(COMPRESS_SHARE + f * (1 - COMPRESS_SHARE)),
              { signal: abort.signal },
            ),
          )
          if (!abort.signal.aborted) sendBack({ type: 'identity.uploadSucceeded' })
        } catch (error) {
          if (!abort.signal.aborted) sendBack({ type: 'identity.uploadFailed', error })
        }
      })()
      return () => abort.abort()
    }),

    recognise: fromPromise<void>(async ({ signal }) => {
      dataOf(await api.request('/user/curp/ocr', {}, { signal }))
    }),

    scanCard: fromPromise<Blob, { side: 'front' | 'back' }>(async ({ input }) => {
      try {
        const result = await bridge.faceSdk(await featureMode(), { kind: 'idCard', side: input.side })
        if (result.kind === 'image') return result.image
      } catch (error) {
        throw failureFromBridge(error)
      }
      // The shell lost its scanner meanwhile: the borrower takes the photo with the web camera instead.
      throw failureFromBridge(null)
    }),

    runLiveness: fromPromise<LivenessCapture>(async () => {
      try {
        const result = await bridge.faceSdk(await featureMode(), { kind: 'liveness' })
        if (result.kind === 'liveness') return result.result
      } catch (error) {
        throw failureFromBridge(error)
      }
      // No SDK here (a browser): the machine only asks when featureMode.live is 1, so the shell lost it meanwhile.
      throw failureFromBridge(null)
    }),

    saveLiveness: fromPromise<void, LivenessCapture>(async ({ input, signal }) => {
      const { image, sdk, sessionId, score, detail } = input
      accepted(
        await api.upload(
          '/portal/liveness/detection/result/save',
          { file: image },
          { sdk, sessionId, ...(score !== undefined ? { score } : {}), ...(detail ? { detail } : {}) },
          undefined,
          { signal },
        ),
      )
    }),

    finishUploads: fromPromise<void>(async ({ signal }) => {
      dataOf(await api.request('/user/finishUploadAllImg', {}, { signal }))
    }),
  }
}
