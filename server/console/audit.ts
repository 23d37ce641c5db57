/**
 * The audit log: one row per staff action (who, what, when, to what, before and after), only ever added — the
 * database refuses an UPDATE, DELETE or TRUNCATE of it (migration 0012). Written in the transaction of the change
 * it records, so a change and its record commit together or not at all.
 */
import { and, asc, gte, lt, gt } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { auditLog } from '../db/schema/staff'

export interface AuditEntry {
  staffId: number | null
  /** `domain.verb`, e.g. `staff.created`, `session.signedIn`, `ticket.answered`. */
  action: string
  /** What it was done to, e.g. `staff:3`, `order:KP123`. */
  subject: string
  before?: unknown
  after?: unknown
}

export async function appendAudit(q: Queryable, at: Date, entry: AuditEntry): Promise<void> {
  await q.insert(auditLog).values({
    at,
    staffId: entry.staffId,
    action: entry.action,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}

export interface AuditRow {
  id: number
  at: Date
  staffId: number | null
  action: string
  subject: string
  before: unknown
  after: unknown
}

/** Rows from `from` (inclusive) to `to` (exclusive), oldest first, after row `afterId`, at most `limit`. */
export async function readAudit(
  q: Queryable,
  range: { from: Date; to: Date; afterId?: number; limit: number },
): Promise<AuditRow[]> {
  return q
    .select()
    .from(auditLog)
    .where(and(gte(auditLog.at, range.from), lt(auditLog.at, range.to), gt(auditLog.id, range.afterId ?? 0)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(range.limit)
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field a spreadsheet would run as a
 * formula (= + - @, tab, carriage return first) is prefixed with a quote mark (OWASP "CSV injection").
 */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const AUDIT_CSV_HEADER = ['id', 'at', 'staff_id', 'action', 'subject', 'before', 'after']

export function auditCsv(rows: readonly AuditRow[]): string {
  const lines = [AUDIT_CSV_HEADER.join(',')]
  for (const r of rows)
    lines.push(
      [r.id, r.at.toISOString(), r.staffId, r.action, r.subject, r.before, r.after].map(csvField).join(','),
    )
  return lines.join('\r\n') + '\r\n'
}
