/**
 * On-device image compression before upload (ID front and back, face, feedback receipts): a borrower on slow,
 * costly data sends a few hundred KiB instead of a 5 MB camera photo.
 *
 * A file that is not an image, or is over 20 MB (spec §5, decisions.md: checked before compression), is refused
 * with a CompressError whose `messageKey` the screen shows. The image is decoded (createImageBitmap, which also
 * applies the photo's EXIF orientation), scaled so its longer edge is at most `maxEdge`, and re-encoded as JPEG,
 * lowering the quality until it fits `targetBytes`; if it still does not fit at `minQuality`, the edge shrinks
 * and the quality loop runs again. Re-encoding always happens, so the photo's metadata (GPS position, device)
 * never leaves the phone.
 */
import { MAX_UPLOAD_BYTES } from '../../domain/schemas/common'

export type CompressErrorCode = 'notImage' | 'tooLarge' | 'unreadable'

const MESSAGE_KEYS: Readonly<Record<CompressErrorCode, string>> = {
  notImage: 'validation.file.type',
  tooLarge: 'validation.file.tooLarge',
  unreadable: 'ui.image.unreadable',
}

export class CompressError extends Error {
  override readonly name = 'CompressError'
  /** i18n key of the message to show the borrower. */
  readonly messageKey: string
  constructor(readonly code: CompressErrorCode) {
    super(`Image refused: ${code}`)
    this.messageKey = MESSAGE_KEYS[code]
  }
}

/** A decoded image the codec can draw. */
export interface DecodedImage {
  readonly width: number
  readonly height: number
  close?: () => void
}

/** Decoding and encoding, injectable so the size loop can be tested without a browser's canvas. */
export interface ImageCodec<I extends DecodedImage = DecodedImage> {
  decode(file: Blob): Promise<I>
  /** The image drawn at width × height, as a JPEG of the given quality (0–1). */
  encode(image: I, width: number, height: number, quality: number): Promise<Blob>
}

export interface CompressOptions<I extends DecodedImage = DecodedImage> {
  /** Longest edge of the result in pixels (default 1600: ID text stays legible). */
  maxEdge?: number
  /** Size to get under, in bytes (default 500 KiB). */
  targetBytes?: number
  /** First JPEG quality tried (default 0.85). */
  startQuality?: number
  /** Lowest quality before the edge shrinks instead (default 0.5). */
  minQuality?: number
  /** Progress 0–1 as the work goes on. */
  onProgress?: (fraction: number) => void
  codec?: ImageCodec<I>
}

export const DEFAULT_MAX_EDGE = 1600
export const DEFAULT_TARGET_BYTES = 500 * 1024
const QUALITY_STEP = 0.1
const EDGE_FACTOR = 0.8
/** Below this edge an image is too small to read; return the best attempt rather than shrink further. */
const MIN_EDGE = 480
const MAX_ATTEMPTS = 12

/** Refuses what must not be compressed at all: a non-image, or a file over the 20 MB limit. */
export function checkImageFile(file: Blob): void {
  if (!file.type.startsWith('image/')) throw new CompressError('notImage')
  if (file.size > MAX_UPLOAD_BYTES) throw new CompressError('tooLarge')
}

/** The size of an image scaled so that its longer edge is at most `maxEdge` (never enlarged). */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export async function compressImage<I extends DecodedImage = DecodedImage>(
  file: Blob,
  options: CompressOptions<I> = {},
): Promise<Blob> {
  checkImageFile(file)
  const codec = options.codec ?? (browserCodec as unknown as ImageCodec<I>)
  const targetBytes = options.targetBytes ?? DEFAULT_TARGET_BYTES
  const minQuality = options.minQuality ?? 0.5
  const progress = options.onProgress ?? (() => undefined)
  progress(0)

  let image: I
  try {
    image = await codec.decode(file)
  } catch {
    throw new CompressError('unreadable')
  }
  if (!(image.width > 0 && image.height > 0)) throw new CompressError('unreadable')
  progress(0.2)

  try {
    let edge = Math.min(options.maxEdge ?? DEFAULT_MAX_EDGE, Math.max(image.width, image.height))
    let quality = options.startQuality ?? 0.85
    let best: Blob | null = null
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const size = fitWithin(image.width, image.height, edge)
      const blob = await codec.encode(image, size.width, size.height, quality).catch(() => {
        throw new CompressError('unreadable')
      })
      if (!best || blob.size < best.size) best = blob
      progress(0.2 + (0.75 * attempt) / MAX_ATTEMPTS)
      if (blob.size <= targetBytes) break
      if (quality - QUALITY_STEP >= minQuality - 1e-9) {
        quality = Math.round((quality - QUALITY_STEP) * 100) / 100
      } else if (edge * EDGE_FACTOR >= MIN_EDGE) {
        edge = Math.round(edge * EDGE_FACTOR)
        quality = options.startQuality ?? 0.85
      } else break
    }
    progress(1)
    return best!
  } finally {
    image.close?.()
  }
}

// ---------------------------------------------------------------- the browser's codec

type Drawable = ImageBitmap | HTMLImageElement

async function decodeInBrowser(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    return createImageBitmap(file, { imageOrientation: 'from-image' })
  }
  // Old WebViews without createImageBitmap: an <img> (which applies EXIF orientation in current engines).
  const url = URL.createObjectURL(file)
  try {
    const img = new Image()
    img.decoding = 'async'
    img.src = url
    await img.decode()
    return img
  } finally {
    URL.revokeObjectURL(url)
  }
}

async function encodeInBrowser(
  image: Drawable,
  width: number,
  height: number,
  quality: number,
): Promise<Blob> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (!context) throw new CompressError('unreadable')
    context.drawImage(image, 0, 0, width, height)
    return canvas.convertToBlob({ type: 'image/jpeg', quality })
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new CompressError('unreadable')
  context.drawImage(image, 0, 0, width, height)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new CompressError('unreadable'))),
      'image/jpeg',
      quality,
    ),
  )
}

const browserCodec: ImageCodec<DecodedImage & Drawable> = {
  decode: (file) => decodeInBrowser(file) as Promise<DecodedImage & Drawable>,
  encode: encodeInBrowser,
}
