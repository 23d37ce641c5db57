/**
 * Image uploads: the type is decided by the file's first bytes (JPEG, PNG or WebP — never by its name or the
 * declared content type), the size is capped (spec §5: 20 MB), and the bytes are kept in the private upload
 * directory (outside the web root, mode 0600) under a random name, with a row in `images`. Nothing serves the
 * directory; an image is only ever read back for its owner.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Queryable } from './db/client'
import { images, type ImageKind } from './db/schema/profile'

export type ImageType = 'jpeg' | 'png' | 'webp'

export const MIME: Readonly<Record<ImageType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
}

export interface UploadedImage {
  readonly bytes: Buffer
  readonly type: ImageType
  readonly mime: string
  /** Pixel size from the file header; null when the header does not say. */
  readonly width: number | null
  readonly height: number | null
  readonly sha256: string
}

/** The image type from the magic bytes, or null for anything else (a PDF renamed .jpg is null). */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png'
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  return null
}

/** Width and height from the header of a JPEG (SOFn), PNG (IHDR) or WebP (VP8, VP8L, VP8X). */
export function imageSize(bytes: Buffer, type: ImageType): { width: number; height: number } | null {
  try {
    if (type === 'png')
      return bytes.length >= 24 ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : null
    if (type === 'webp') return webpSize(bytes)
    return jpegSize(bytes)
  } catch {
    return null
  }
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let i = 2
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null
    const marker = bytes[i + 1]!
    if (marker === 0xff) {
      i += 1
      continue
    }
    const length = bytes.readUInt16BE(i + 2)
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isSof) return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) }
    i += 2 + length
  }
  return null
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString('ascii', 12, 16)
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const b = bytes.readUInt32LE(21)
    return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 }
  }
  return null
}

/** Checks the bytes and describes the image, or null when they are not a JPEG, PNG or WebP image. */
export function inspectImage(bytes: Buffer): UploadedImage | null {
  const type = sniffImage(bytes)
  if (!type) return null
  const size = imageSize(bytes, type)
  return {
    bytes,
    type,
    mime: MIME[type],
    width: size?.width ?? null,
    height: size?.height ?? null,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  }
}

export interface StoredImage {
  id: number
  kind: ImageKind
  fileName: string
  mime: string
  sizeBytes: number
  sha256: string
  createdAt: Date
}

export interface ImageStore {
  /** Writes the bytes and records them (in `q`, so the row commits with the caller's other writes). */
  save(q: Queryable, userId: number, kind: ImageKind, image: UploadedImage, now: Date): Promise<StoredImage>
  /**
   * Saves the borrower's new image of a kind and forgets every older one of that kind (rows in the same
   * transaction, files once it committed): an ID side or face photo taken again replaces the last one, so a
   * borrower keeps at most one image of each identity kind however often they upload (issue 14).
   */
  replace(db: Db, userId: number, kind: ImageKind, image: UploadedImage, now: Date): Promise<StoredImage>
  /** What the borrower keeps of a kind: how many images and bytes, and how many were stored since `since`. */
  usage(
    q: Queryable,
    userId: number,
    kind: ImageKind,
    since: Date,
  ): Promise<{ count: number; bytes: number; since: number }>
  /** The borrower's latest image of a kind. */
  latest(q: Queryable, userId: number, kind: ImageKind): Promise<StoredImage | null>
  /** The bytes of one of this borrower's images (null when it is not theirs). */
  read(q: Queryable, userId: number, imageId: number): Promise<{ mime: string; bytes: Buffer } | null>
  /**
   * Deletes a borrower's image rows (all, or those of `imageIds`) and returns their file names; remove the files
   * with `removeFiles` once the transaction has committed.
   */
  forget(q: Queryable, userId: number, imageIds?: readonly number[]): Promise<string[]>
  /** Removes the files of forgotten images; a file already gone is not an error. */
  removeFiles(fileNames: readonly string[]): Promise<void>
}

export function createImageStore(uploadDir: string): ImageStore {
  const fileOf = (fileName: string) => path.join(uploadDir, fileName)
  const store: ImageStore = {
    async replace(db, userId, kind, image, now) {
      let replaced: string[] = []
      const stored = await db.transaction(async (tx) => {
        // One upload of a kind at a time per borrower, so two at once cannot both stay.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`kopa.images.${userId}.${kind}`}))`)
        const saved = await store.save(tx, userId, kind, image, now)
        const older = await tx
          .delete(images)
          .where(and(eq(images.userId, userId), eq(images.kind, kind), ne(images.id, saved.id)))
          .returning({ fileName: images.fileName })
        replaced = older.map((r) => r.fileName)
        return saved
      })
      await store.removeFiles(replaced)
      return stored
    },
    async usage(q, userId, kind, since) {
      const [row] = await q
        .select({
          count: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${images.sizeBytes}), 0)::bigint`,
          since: sql<number>`count(*) filter (where ${gt(images.createdAt, since)})::int`,
        })
        .from(images)
        .where(and(eq(images.userId, userId), eq(images.kind, kind)))
      return {
        count: Number(row?.count ?? 0),
        bytes: Number(row?.bytes ?? 0),
        since: Number(row?.since ?? 0),
      }
    },
    async save(q, userId, kind, image, now) {
      const fileName = `${now.toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${image.type}`
      await mkdir(path.dirname(fileOf(fileName)), { recursive: true, mode: 0o700 })
      await writeFile(fileOf(fileName), image.bytes, { mode: 0o600 })
      const [row] = await q
        .insert(images)
        .values({
          userId,
          kind,
          fileName,
          mime: image.mime,
          sizeBytes: image.bytes.length,
          sha256: image.sha256,
          createdAt: now,
        })
        .returning()
      return { ...row!, kind }
    },
    async latest(q, userId, kind) {
      const [row] = await q
        .select()
        .from(images)
        .where(and(eq(images.userId, userId), eq(images.kind, kind)))
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(1)
      return row ? { ...row, kind } : null
    },
    async read(q, userId, imageId) {
      const [row] = await q
        .select()
        .from(images)
        .where(and(eq(images.id, imageId), eq(images.userId, userId)))
      if (!row) return null
      return { mime: row.mime, bytes: await readFile(fileOf(row.fileName)) }
    },
    async forget(q, userId, imageIds) {
      if (imageIds && imageIds.length === 0) return []
      const owned = eq(images.userId, userId)
      const rows = await q
        .delete(images)
        .where(imageIds ? and(owned, inArray(images.id, [...imageIds])) : owned)
        .returning({ fileName: images.fileName })
      return rows.map((r) => r.fileName)
    },
    async removeFiles(fileNames) {
      for (const fileName of fileNames) await rm(fileOf(fileName), { force: true })
    },
  }
  return store
}
