/**
 * Logging without personal data: the logger type every module receives, and the masks used wherever a value
 * that identifies a person has to be mentioned at all.
 */
import { pgErrorOf } from './db/client'

export interface Log {
  info(obj: object, msg?: string): void
  warn(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

/** Keeps only the last 3 digits of a mobile number: "0712345678" → "•••••••678". */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '')
  if (digits.length <= 3) return '•'.repeat(digits.length)
  return '•'.repeat(digits.length - 3) + digits.slice(-3)
}

/**
 * What may be logged about an unexpected error: its name, SQLSTATE and constraint, and the stack frames without
 * the message (database messages quote the offending values, and Drizzle's add the query's parameters, e.g. a
 * mobile number).
 */
export function safeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { errName: typeof err }
  const pg = pgErrorOf(err)
  return {
    errName: err.name,
    ...(pg.code ? { sqlState: pg.code } : {}),
    ...(pg.constraint ? { constraint: pg.constraint } : {}),
    stack: (err.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .join('\n'),
  }
}
