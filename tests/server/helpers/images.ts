/**
 * Real image files for upload tests: valid PNGs of any size, either camera-like noise (which compresses badly,
 * like a photo) or a flat colour (which compresses to almost nothing, like a blank shot), and a PDF.
 */
import { randomBytes } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An 8-bit greyscale PNG. */
export function png(width: number, height: number, fill: 'noise' | 'blank'): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const rows: Buffer[] = []
  for (let y = 0; y < height; y += 1) {
    const row = fill === 'noise' ? randomBytes(width + 1) : Buffer.alloc(width + 1, 0xee)
    row[0] = 0 // filter: none
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A photo-like ID card or face image. */
export const photo = () => ({ bytes: png(480, 300, 'noise'), name: 'photo.png', type: 'image/png' })

/** A blank shot: a valid image the OCR cannot read. */
export const blankShot = () => ({ bytes: png(480, 300, 'blank'), name: 'blank.png', type: 'image/png' })

/** A PDF renamed .jpg and declared as a JPEG. */
export const pdfAsJpeg = () => ({
  bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  name: 'id-card.jpg',
  type: 'image/jpeg',
})
