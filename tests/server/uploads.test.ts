/**
 * Image checks by content: the type comes from the magic bytes and the size from the header, whatever the file
 * is called; the development OCR and liveness providers decide from that alone.
 */
import { describe, expect, it } from 'vitest'
import { createDevKycProviders, looksLikePhoto } from '../../server/kyc/providers'
import { imageSize, inspectImage, sniffImage } from '../../server/uploads'
import { blankShot, pdfAsJpeg, photo, png } from './helpers/images'

/** A JPEG header: SOI, an APP0 segment, then SOF0 with the given size. */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  const sof = Buffer.alloc(19)
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof])
}

/** A WebP (VP8X) header with the given canvas size. */
function webpHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(30)
  b.write('RIFF', 0, 'ascii')
  b.writeUInt32LE(22, 4)
  b.write('WEBPVP8X', 8, 'ascii')
  b.writeUInt32LE(10, 16)
  b.writeUIntLE(width - 1, 24, 3)
  b.writeUIntLE(height - 1, 27, 3)
  return b
}

describe('Image uploads', () => {
  it('recognises JPEG, PNG and WebP by their first bytes and reads their size', () => {
    expect(sniffImage(jpegHeader(640, 480))).toBe('jpeg')
    expect(imageSize(jpegHeader(640, 480), 'jpeg')).toEqual({ width: 640, height: 480 })
    expect(imageSize(png(33, 17, 'blank'), 'png')).toEqual({ width: 33, height: 17 })
    expect(sniffImage(webpHeader(1200, 900))).toBe('webp')
    expect(imageSize(webpHeader(1200, 900), 'webp')).toEqual({ width: 1200, height: 900 })
  })

  it('refuses a PDF renamed .jpg, text, and empty or truncated files', () => {
    expect(inspectImage(pdfAsJpeg().bytes)).toBeNull()
    expect(inspectImage(Buffer.from('hello, I am a photo'))).toBeNull()
    expect(inspectImage(Buffer.alloc(0))).toBeNull()
    expect(inspectImage(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull()
  })

  it('describes an image with its type, size and hash', () => {
    const image = inspectImage(photo().bytes)!
    expect(image).toMatchObject({ type: 'png', mime: 'image/png', width: 480, height: 300 })
    expect(image.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('treats a photo-sized noisy image as a photo, and a blank, tiny or header-only one as not', () => {
    expect(looksLikePhoto(inspectImage(photo().bytes)!)).toBe(true)
    expect(looksLikePhoto(inspectImage(blankShot().bytes)!)).toBe(false)
    expect(looksLikePhoto(inspectImage(png(64, 64, 'noise'))!)).toBe(false)
    expect(looksLikePhoto(inspectImage(jpegHeader(1600, 1200))!)).toBe(false)
  })

  it('gives the same liveness score for the same photo every time', async () => {
    const { liveness } = createDevKycProviders()
    const face = inspectImage(photo().bytes)!
    const first = await liveness.check(face, 'TZ')
    expect(first.passed).toBe(true)
    expect(first.score).toBeGreaterThanOrEqual(0.8)
    expect(await liveness.check(face, 'TZ')).toEqual(first)
    expect((await liveness.check(inspectImage(blankShot().bytes)!, 'TZ')).passed).toBe(false)
  })
})
