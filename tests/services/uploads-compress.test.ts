import { describe, expect, it } from 'vitest'
import {
  CompressError,
  compressImage,
  fitWithin,
  type DecodedImage,
  type ImageCodec,
} from '../../services/uploads/compress'

/**
 * A codec standing in for the canvas: a JPEG's size grows with its pixels and its quality, like a real encoder's.
 * It records every encode so the tests can see what the loop tried.
 */
function fakeCodec(width: number, height: number, bytesPerPixelAtFull = 0.5) {
  const calls: { width: number; height: number; quality: number }[] = []
  let closed = false
  const codec: ImageCodec<DecodedImage> = {
    decode: async () => ({ width, height, close: () => void (closed = true) }),
    encode: async (_image, w, h, quality) => {
      calls.push({ width: w, height: h, quality })
      return new Blob([new Uint8Array(Math.round(w * h * bytesPerPixelAtFull * quality))], {
        type: 'image/jpeg',
      })
    },
  }
  return { codec, calls, isClosed: () => closed }
}

const photo = (bytes = 3_000_000, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type })

describe('compressing a photo on the phone before upload', () => {
  it('refuses a file that is not an image before doing any work', async () => {
    const { codec, calls } = fakeCodec(4000, 3000)
    const error = await compressImage(photo(1000, 'application/pdf'), { codec }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(CompressError)
    expect(error).toMatchObject({ code: 'notImage', messageKey: 'validation.file.type' })
    expect(calls).toHaveLength(0)
  })

  it('refuses a photo over 20 MB before compressing it', async () => {
    const { codec, calls } = fakeCodec(4000, 3000)
    const error = await compressImage(photo(20 * 1024 * 1024 + 1), { codec }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'tooLarge', messageKey: 'validation.file.tooLarge' })
    expect(calls).toHaveLength(0)
  })

  it('accepts a photo of exactly 20 MB', async () => {
    const { codec } = fakeCodec(400, 300)
    await expect(compressImage(photo(20 * 1024 * 1024), { codec })).resolves.toBeInstanceOf(Blob)
  })

  it('reports an image the phone cannot decode as unreadable', async () => {
    const codec: ImageCodec = {
      decode: async () => {
        throw new Error('corrupt')
      },
      encode: async () => new Blob(),
    }
    await expect(compressImage(photo(), { codec })).rejects.toMatchObject({ code: 'unreadable' })
  })

  it('scales the longer edge down to the maximum and keeps the proportions', async () => {
    const { codec, calls } = fakeCodec(4000, 3000)
    await compressImage(photo(), { codec, maxEdge: 1600, targetBytes: 10_000_000 })
    expect(calls[0]).toMatchObject({ width: 1600, height: 1200 })
  })

  it('never enlarges a small image', () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 })
    expect(fitWithin(1000, 3000, 1500)).toEqual({ width: 500, height: 1500 })
  })

  it('lowers the JPEG quality step by step until the photo is under the target size', async () => {
    const { codec, calls } = fakeCodec(4000, 3000)
    const result = await compressImage(photo(), { codec, maxEdge: 1600, targetBytes: 600_000 })
    // 1600×1200×0.5 = 960 000 bytes at quality 1; 0.85 → 816 000, 0.75 → 720 000, 0.65 → 624 000, 0.55 → 528 000
    expect(calls.map((c) => c.quality)).toEqual([0.85, 0.75, 0.65, 0.55])
    expect(result.size).toBeLessThanOrEqual(600_000)
    expect(result.type).toBe('image/jpeg')
  })

  it('shrinks the image when even the lowest quality is too big, then tries the qualities again', async () => {
    const { codec, calls } = fakeCodec(4000, 3000)
    const result = await compressImage(photo(), {
      codec,
      maxEdge: 1600,
      targetBytes: 300_000,
      minQuality: 0.5,
    })
    const shrunk = calls.findIndex((c) => c.width < 1600)
    expect(shrunk).toBeGreaterThan(0)
    expect(calls[shrunk - 1]!.quality).toBeGreaterThanOrEqual(0.5)
    expect(calls[shrunk]).toMatchObject({ width: 1280, height: 960, quality: 0.85 })
    expect(result.size).toBeLessThanOrEqual(300_000)
  })

  it('returns the smallest attempt when nothing reaches the target, without shrinking below legibility', async () => {
    const { codec, calls } = fakeCodec(4000, 3000, 0.05)
    const result = await compressImage(photo(), { codec, targetBytes: 10 })
    expect(Math.min(...calls.map((c) => Math.max(c.width, c.height)))).toBeGreaterThanOrEqual(480)
    expect(result.size).toBe(Math.min(...calls.map((c) => Math.round(c.width * c.height * 0.05 * c.quality))))
  })

  it('reports progress from 0 to 1, never going backwards, and frees the decoded image', async () => {
    const { codec, isClosed } = fakeCodec(4000, 3000)
    const seen: number[] = []
    await compressImage(photo(), { codec, targetBytes: 600_000, onProgress: (f) => seen.push(f) })
    expect(seen[0]).toBe(0)
    expect(seen[seen.length - 1]).toBe(1)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(isClosed()).toBe(true)
  })
})
