/**
 * A first password for a new staff member: 20 characters drawn uniformly from letters and digits without the ones
 * people misread (0 O o 1 l I), from the platform's cryptographic random source — about 115 bits, far above the
 * console's 12-character minimum. The member changes it after signing in.
 */
export const SUGGESTED_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export const SUGGESTED_LENGTH = 20

export function suggestPassword(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>,
  length = SUGGESTED_LENGTH,
): string {
  const n = SUGGESTED_ALPHABET.length
  // Bytes at or above the largest multiple of n are drawn again, so every character is equally likely.
  const limit = 256 - (256 % n)
  let out = ''
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte < limit) out += SUGGESTED_ALPHABET[byte % n]
      if (out.length === length) break
    }
  }
  return out
}
