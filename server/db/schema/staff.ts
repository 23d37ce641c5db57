/**
 * The lender's staff, their sessions and the audit log of what they do (migration 0012_staff_console.sql;
 * server/console/).
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { journalEntries, loanOrders, paymentTransfers } from './loans'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const STAFF_ROLES = ['support', 'risk', 'finance', 'admin'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const staff = pgTable(
  'staff',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    /** `scrypt$N$r$p$salt$hash` (server/console/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /** Base32, as the authenticator app was given it. */
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    disabledAt: at('disabled_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_username').on(t.username),
    check('staff_role_known', sql`${t.role} IN ('support', 'risk', 'finance', 'admin')`),
    check('staff_username_form', sql`${t.username} ~ '^[a-z0-9._-]{3,40}$'`),
  ],
)

export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: at('at').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_at').on(t.at, t.id)],
)

/**
 * A receipt in suspense resolved (migration 0016): by staff, applied to an order or paid back by hand with a
 * reference; or by the system, `matched` to the one transfer that turned out to be its money (migration 0017: a
 * Daraja push whose answer was recorded after its success callback went to suspense). Its key is the receipt's
 * journal entry, so a receipt is resolved once, ever.
 */
export const suspenseResolutions = pgTable(
  'suspense_resolutions',
  {
    entryId: bigint('entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => journalEntries.id),
    outcome: text('outcome', { enum: ['applied', 'refunded', 'matched'] }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    reference: text('reference'),
    resolutionEntryId: bigint('resolution_entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    /** The transfer a `matched` receipt turned out to be (no member of staff then). */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => paymentTransfers.id),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => staff.id),
    at: at('at').notNull(),
  },
  (t) => [
    check('suspense_resolutions_outcome_check', sql`${t.outcome} IN ('applied', 'refunded', 'matched')`),
    check('suspense_resolutions_order_check', sql`(${t.outcome} = 'applied') = (${t.orderId} IS NOT NULL)`),
    check(
      'suspense_resolutions_reference_check',
      sql`(${t.outcome} = 'refunded') = (${t.reference} IS NOT NULL)`,
    ),
    check(
      'suspense_resolutions_transfer_check',
      sql`(${t.outcome} = 'matched') = (${t.transferId} IS NOT NULL)`,
    ),
    check('suspense_resolutions_staff_check', sql`(${t.outcome} = 'matched') = (${t.staffId} IS NULL)`),
  ],
)
