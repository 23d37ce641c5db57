import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate'
import { identityMachine } from '../../machines/identity.machine'
import type {
  CameraAnswer,
  IdentityEvent,
  IdentityFeatureMode,
  LivenessResult,
  UploadImageInput,
} from '../../machines/identity/identity-context'
import { IDENTITY_MESSAGES, scansCards } from '../../machines/identity/identity-rules'

const photo = (name: string) => new Blob([name], { type: 'image/jpeg' })
const LIVENESS: LivenessResult = { sdk: 'demo', sessionId: 'lv-1', score: 98, image: photo('frame') }
const FAILURE_REFUSED = { ok: false, kind: 'rejected', code: 1500, message: '', messageKey: 'errors.requestFailed' }

interface Options {
  featureMode?: IdentityFeatureMode
  /** What each upload does; by default it reports half, then succeeds. */
  upload?: (input: UploadImageInput, sendBack: (event: IdentityEvent) => void) => void
  recognise?: () => Promise<void>
  liveness?: () => Promise<LivenessResult>
  finish?: () => Promise<void>
  /** The shell's card scanner (featureMode.ocr ≥ 1). */
  scan?: (side: 'front' | 'back') => Promise<Blob>
  /** The phone's camera permission dialog (featureMode.frontPermission 1). */
  camera?: () => Promise<CameraAnswer>
}

function start(opts: Options = {}) {
  const uploads: UploadImageInput[] = []
  const recognised: string[] = []
  const saveLiveness = vi.fn(async (_: LivenessResult) => {})
  const finishUploads = vi.fn(opts.finish ?? (async () => {}))
  const askCamera = vi.fn(opts.camera ?? (async (): Promise<CameraAnswer> => 'granted'))
  const actor = createActor(
    identityMachine.provide({
      actors: {
        readFeatureMode: fromPromise(async () => opts.featureMode ?? { live: 1, ocr: -1 }),
        uploadImage: fromCallback<EventObject, UploadImageInput>(({ input, sendBack }) => {
          uploads.push(input)
          if (opts.upload) opts.upload(input, sendBack)
          else
            queueMicrotask(() => {
              sendBack({ type: 'identity.uploadProgressed', fraction: 0.5 })
              sendBack({ type: 'identity.uploadSucceeded' })
            })
        }),
        recognise: fromPromise(async () => {
          recognised.push('read')
          if (opts.recognise) await opts.recognise()
        }),
        runLiveness: fromPromise(opts.liveness ?? (async () => LIVENESS)),
        saveLiveness: fromPromise(({ input }: { input: LivenessResult }) => saveLiveness(input)),
        finishUploads: fromPromise(() => finishUploads()),
        askCamera: fromPromise(() => askCamera()),
        scanCard: fromPromise(({ input }: { input: { side: 'front' | 'back' } }) =>
          opts.scan ? opts.scan(input.side) : Promise.reject(new Error('no scanner in this test')),
        ),
      },
    }),
  ).start()
  return { actor, uploads, recognised, saveLiveness, finishUploads, askCamera }
}

const idle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'))

describe('identity', () => {
  it('asks for the front first, then the back, then the live face check, and finishes the uploads', async () => {
    const { actor, uploads, saveLiveness, finishUploads } = start()
    expect((await idle(actor)).hasTag('awaitingFront')).toBe(true)

    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    expect((await idle(actor)).hasTag('awaitingBack')).toBe(true)
    actor.send({ type: 'identity.photoTaken', side: 'back', image: photo('back') })
    const atFace = await idle(actor)
    expect(atFace.hasTag('awaitingFace')).toBe(true)
    expect(atFace.hasTag('liveFace')).toBe(true)

    actor.send({ type: 'identity.livenessStarted' })
    const ready = await idle(actor)
    expect(ready.hasTag('canSubmit')).toBe(true)
    expect(saveLiveness).toHaveBeenCalledWith(LIVENESS)

    actor.send({ type: 'identity.submitted' })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ status: 'completed' })
    expect(uploads.map((u) => u.side)).toEqual(['front', 'back'])
    expect(finishUploads).toHaveBeenCalledTimes(1)
  })

  it('refuses the back before the front with “upload the front first”', async () => {
    const { actor, uploads } = start()
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'back', image: photo('back') })
    const snap = actor.getSnapshot()
    expect(snap.hasTag('awaitingFront')).toBe(true)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.frontFirst })
    expect(uploads).toHaveLength(0)
  })

  it('refuses the face step before the back with “upload back first”', async () => {
    const { actor } = start()
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    await idle(actor)
    actor.send({ type: 'identity.livenessStarted' })
    expect(actor.getSnapshot().context.error).toEqual({ key: IDENTITY_MESSAGES.backFirst })
    expect(actor.getSnapshot().hasTag('awaitingBack')).toBe(true)
  })

  it('refuses to submit before the face check with “complete facial recognition”', async () => {
    const { actor, finishUploads } = start()
    await idle(actor)
    for (const side of ['front', 'back'] as const) {
      actor.send({ type: 'identity.photoTaken', side, image: photo(side) })
      await idle(actor)
    }
    actor.send({ type: 'identity.submitted' })
    expect(actor.getSnapshot().context.error).toEqual({ key: IDENTITY_MESSAGES.faceRequired })
    expect(finishUploads).not.toHaveBeenCalled()
  })

  it('takes a selfie photo instead of the liveness SDK when featureMode.live is not 1', async () => {
    const { actor, uploads } = start({ featureMode: { live: -1, ocr: -1 } })
    await idle(actor)
    for (const side of ['front', 'back'] as const) {
      actor.send({ type: 'identity.photoTaken', side, image: photo(side) })
      await idle(actor)
    }
    const atFace = actor.getSnapshot()
    expect(atFace.hasTag('awaitingFace')).toBe(true)
    expect(atFace.hasTag('liveFace')).toBe(false)
    actor.send({ type: 'identity.photoTaken', side: 'face', image: photo('face') })
    expect((await idle(actor)).hasTag('canSubmit')).toBe(true)
    expect(uploads.map((u) => u.side)).toEqual(['front', 'back', 'face'])
  })

  it('shows the upload’s progress while a photo uploads', async () => {
    let report: ((event: IdentityEvent) => void) | undefined
    const { actor } = start({ upload: (_, sendBack) => (report = sendBack) })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    expect(actor.getSnapshot().context.progress).toBe(0)
    report!({ type: 'identity.uploadProgressed', fraction: 0.4 })
    expect(actor.getSnapshot().context.progress).toBe(0.4)
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    report!({ type: 'identity.uploadSucceeded' })
    expect(actor.getSnapshot().context.progress).toBeNull()
    expect(actor.getSnapshot().hasTag('awaitingBack')).toBe(true)
  })

  it('asks for the front again with “front verification failed” when its upload is refused', async () => {
    const { actor } = start({
      upload: (input, sendBack) =>
        queueMicrotask(() =>
          sendBack(
            input.side === 'front'
              ? { type: 'identity.uploadFailed', error: FAILURE_REFUSED }
              : { type: 'identity.uploadSucceeded' },
          ),
        ),
    })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    const snap = await idle(actor)
    expect(snap.hasTag('awaitingFront')).toBe(true)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.frontFailed })
  })

  it('shows the server’s own text when it refuses an upload with a message', async () => {
    const { actor } = start({
      upload: (_, sendBack) =>
        queueMicrotask(() =>
          sendBack({ type: 'identity.uploadFailed', error: { ...FAILURE_REFUSED, message: 'Picha ni kubwa mno' } }),
        ),
    })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    expect((await idle(actor)).context.error).toEqual({ text: 'Picha ni kubwa mno' })
  })

  it('reads the front with OCR when featureMode.ocr is 1, and asks for a new photo of a card it cannot read', async () => {
    let reads = 0
    const { actor, recognised } = start({
      featureMode: { live: 1, ocr: 1 },
      recognise: async () => {
        reads += 1
        if (reads === 1) throw FAILURE_REFUSED
      },
    })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('blurred front') })
    let snap = await idle(actor)
    expect(snap.hasTag('awaitingFront')).toBe(true)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.frontUnidentified })

    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    snap = await idle(actor)
    expect(snap.context.error).toBeNull()
    expect(snap.hasTag('awaitingBack')).toBe(true)
    actor.send({ type: 'identity.photoTaken', side: 'back', image: photo('back') })
    await idle(actor)
    expect(recognised).toHaveLength(2)
  })

  it('photographs the card with the shell’s scanner when featureMode.ocr is 1, front before back, and uploads what it took', async () => {
    const scanned: string[] = []
    const { actor, uploads } = start({
      featureMode: { live: 1, ocr: 1 },
      scan: async (side) => {
        scanned.push(side)
        return photo(`scanned ${side}`)
      },
    })
    expect(scansCards(await idle(actor))).toBe(true)
    actor.send({ type: 'identity.scanRequested', side: 'back' })
    let snap = await idle(actor)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.frontFirst })
    expect(scanned).toEqual([])

    actor.send({ type: 'identity.scanRequested', side: 'front' })
    snap = await idle(actor)
    expect(snap.hasTag('awaitingBack')).toBe(true)
    actor.send({ type: 'identity.scanRequested', side: 'back' })
    snap = await idle(actor)
    expect(snap.hasTag('awaitingFace')).toBe(true)
    expect(scanned).toEqual(['front', 'back'])
    expect(uploads.map((u) => u.side)).toEqual(['front', 'back'])
    expect(snap.context.images.front).toEqual(photo('scanned front'))
  })

  it('keeps the side to do again with “front verification failed” when the scanner fails, and never scans without featureMode.ocr', async () => {
    const { actor, uploads } = start({
      featureMode: { live: 1, ocr: 1 },
      scan: async () => {
        throw FAILURE_REFUSED
      },
    })
    await idle(actor)
    actor.send({ type: 'identity.scanRequested', side: 'front' })
    const snap = await idle(actor)
    expect(snap.hasTag('awaitingFront')).toBe(true)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.frontFailed })
    expect(uploads).toEqual([])

    const plain = start({ featureMode: { live: 1, ocr: -1 }, scan: async () => photo('never') })
    expect(scansCards(await idle(plain.actor))).toBe(false)
    plain.actor.send({ type: 'identity.scanRequested', side: 'front' })
    expect((await idle(plain.actor)).hasTag('awaitingFront')).toBe(true)
    expect(plain.uploads).toEqual([])
  })

  it.each([
    ['notRecognised', 'front', IDENTITY_MESSAGES.notRecognised],
    ['backFirst', 'face', IDENTITY_MESSAGES.backFirst],
    ['faceMismatch', 'face', IDENTITY_MESSAGES.faceMismatch],
  ] as const)('says why the server refused a photo (%s) at the %s step', async (problem, side, message) => {
    const { actor } = start({
      featureMode: { live: -1, ocr: -1 },
      upload: (input, sendBack) =>
        queueMicrotask(() =>
          sendBack(
            input.side === side
              ? { type: 'identity.uploadFailed', error: { ...FAILURE_REFUSED, problem } }
              : { type: 'identity.uploadSucceeded' },
          ),
        ),
    })
    await idle(actor)
    for (const step of ['front', 'back', 'face'] as const) {
      actor.send({ type: 'identity.photoTaken', side: step, image: photo(step) })
      await idle(actor)
      if (step === side) break
    }
    expect(actor.getSnapshot().context.error).toEqual({ key: message })
  })

  it('lets the borrower retake the front after the back without losing the back', async () => {
    const { actor, uploads } = start({ featureMode: { live: -1, ocr: -1 } })
    await idle(actor)
    for (const side of ['front', 'back'] as const) {
      actor.send({ type: 'identity.photoTaken', side, image: photo(side) })
      await idle(actor)
    }
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front again') })
    const snap = await idle(actor)
    expect(snap.hasTag('awaitingFace')).toBe(true)
    expect(uploads.map((u) => u.side)).toEqual(['front', 'back', 'front'])
  })

  it('stays ready with “ID card authentication error” when finishing the uploads is refused', async () => {
    const { actor } = start({
      finish: async () => {
        throw FAILURE_REFUSED
      },
    })
    await idle(actor)
    for (const side of ['front', 'back'] as const) {
      actor.send({ type: 'identity.photoTaken', side, image: photo(side) })
      await idle(actor)
    }
    actor.send({ type: 'identity.livenessStarted' })
    await idle(actor)
    actor.send({ type: 'identity.submitted' })
    const snap = await waitFor(actor, (s) => !s.hasTag('busy') && s.context.error !== null)
    expect(snap.hasTag('canSubmit')).toBe(true)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.authentication })
  })

  it('says the back “failed to identify” when the server cannot read it, and the front “not recognised”', async () => {
    const refusedAs = (problem: string) => ({ ...FAILURE_REFUSED, problem })
    const { actor } = start({
      upload: (input, sendBack) =>
        queueMicrotask(() => sendBack({ type: 'identity.uploadFailed', error: refusedAs('notRecognised') })),
    })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    expect((await idle(actor)).context.error).toEqual({ key: IDENTITY_MESSAGES.notRecognised })

    const back = start({
      upload: (input, sendBack) =>
        queueMicrotask(() =>
          sendBack(
            input.side === 'back'
              ? { type: 'identity.uploadFailed', error: refusedAs('notRecognised') }
              : { type: 'identity.uploadSucceeded' },
          ),
        ),
    })
    await idle(back.actor)
    back.actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    await idle(back.actor)
    back.actor.send({ type: 'identity.photoTaken', side: 'back', image: photo('blurred back') })
    const snap = await idle(back.actor)
    expect(snap.hasTag('awaitingBack')).toBe(true)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.backUnidentified })
  })

  it('uses spec §8’s words when the server refuses to read the front, even with a text of its own', async () => {
    const { actor } = start({
      featureMode: { live: 1, ocr: 1 },
      recognise: async () => {
        throw { ok: false, kind: 'invalid', code: 1001, message: 'The ID card was not recognized', messageKey: 'errors.code.1001', fields: {} }
      },
    })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    expect((await idle(actor)).context.error).toEqual({ key: IDENTITY_MESSAGES.frontUnidentified })
  })

  it('says “ID card authentication error” when the server refuses the ID with its own text, but keeps a missing image’s words', async () => {
    let refusal: unknown = { ...FAILURE_REFUSED, message: 'The ID does not match the registry' }
    const { actor } = start({
      finish: async () => {
        throw refusal
      },
    })
    await idle(actor)
    for (const side of ['front', 'back'] as const) {
      actor.send({ type: 'identity.photoTaken', side, image: photo(side) })
      await idle(actor)
    }
    actor.send({ type: 'identity.livenessStarted' })
    await idle(actor)
    actor.send({ type: 'identity.submitted' })
    let snap = await waitFor(actor, (s) => !s.hasTag('busy') && s.context.error !== null)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.authentication })

    refusal = { ok: false, kind: 'invalid', code: 1001, message: 'Please upload the back of your ID first', messageKey: 'errors.code.1001', fields: {} }
    actor.send({ type: 'identity.submitted' })
    snap = await waitFor(actor, (s) => !s.hasTag('busy') && s.context.error !== null && 'text' in s.context.error)
    expect(snap.context.error).toEqual({ text: 'Please upload the back of your ID first' })
  })

  it('ends with sessionEnded when the server ended the session during an upload', async () => {
    const { actor } = start({
      upload: (_, sendBack) =>
        queueMicrotask(() => sendBack({ type: 'identity.uploadFailed', error: { ok: false, kind: 'sessionEnded', code: 10010303 } })),
    })
    await idle(actor)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    const done = await waitFor(actor, (s) => s.status === 'done')
    expect(done.output).toEqual({ status: 'sessionEnded' })
  })
})

describe('identity messages', () => {
  it('exist in English, Kiswahili and Spanish, each language in its own words', () => {
    const read = (lang: string) =>
      JSON.parse(readFileSync(new URL(`../../locales/${lang}/identity.json`, import.meta.url), 'utf8')) as {
        error: Record<string, string>
      }
    const [en, sw, es] = ['en', 'sw', 'es'].map(read)
    for (const key of Object.values(IDENTITY_MESSAGES)) {
      const name = key.replace('identity.error.', '')
      for (const lang of [en, sw, es]) expect(lang!.error[name], key).toMatch(/\S/)
      expect(sw!.error[name]).not.toBe(en!.error[name])
      expect(es!.error[name]).not.toBe(en!.error[name])
    }
  })

  it('asks the phone for the camera before the ID front when featureMode.frontPermission is 1', async () => {
    const { actor, askCamera } = start({ featureMode: { live: 1, ocr: -1, frontPermission: 1 } })
    expect((await idle(actor)).hasTag('awaitingFront')).toBe(true)
    expect(askCamera).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('says how to allow the camera when the borrower refuses it, and still takes a photo chosen on the phone', async () => {
    const { actor, uploads } = start({
      featureMode: { live: 1, ocr: -1, frontPermission: 1 },
      camera: async () => 'denied',
    })
    const snap = await idle(actor)
    expect(snap.context.error).toEqual({ key: IDENTITY_MESSAGES.cameraDenied })
    expect(snap.hasTag('awaitingFront')).toBe(true)
    actor.send({ type: 'identity.photoTaken', side: 'front', image: photo('front') })
    await idle(actor)
    expect(uploads.map((u) => u.side)).toEqual(['front'])
  })

  it('does not ask for the camera when featureMode.frontPermission is off (the default)', async () => {
    const { actor, askCamera } = start()
    await idle(actor)
    expect(askCamera).not.toHaveBeenCalled()
  })
})

