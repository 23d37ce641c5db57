/**
 * Core tables (migration 0001_core.sql must agree; tests/server/schema.test.ts compares them column by column):
 * borrowers and their sessions, verification codes, idempotency keys, the shared clock offset, the job queue and
 * the development SMS outbox.
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** A borrower. The mobile number is unique per country (national significant number, digits only). */
export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    mobile: text('mobile').notNull(),
    lang: text('lang').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('users_country_mobile_key').on(t.country, t.mobile)],
)

/**
 * A login. Only the SHA-256 of the token is stored. A newer login of the same borrower sets `replaced_at` on
 * the older ones (one active device).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    replacedAt: at('replaced_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
)

/** A verification code sent by SMS; only its hash is kept, with the hashed address that asked for it. */
export const verifyCodes = pgTable(
  'verify_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    country: text('country').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    addressHash: text('address_hash').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: at('used_at'),
  },
  (t) => [
    index('verify_codes_mobile_idx').on(t.country, t.mobile, t.createdAt),
    index('verify_codes_address_idx').on(t.addressHash, t.createdAt),
  ],
)

/** One row per idempotency key and scope: a repeated request gets the stored response instead of running twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.scope, t.key] })],
)

/** The demo/test clock offset, shared by every instance (one row, id 1). */
export const clockState = pgTable(
  'clock_state',
  {
    id: integer('id').primaryKey(),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('clock_state_single_row', sql`${t.id} = 1`)],
)

/** The job queue: workers claim due rows with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: at('run_at').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    uniqueKey: text('unique_key'),
    createdAt: at('created_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_key').on(t.uniqueKey),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`status = 'pending'`),
    check('jobs_status_check', sql`${t.status} IN ('pending', 'done', 'failed')`),
  ],
)

/** Development SMS provider's outbox, shown at GET /dev/sms (never used in production). */
export const devSmsOutbox = pgTable('dev_sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  maskedMobile: text('masked_mobile').notNull(),
  text: text('text').notNull(),
  createdAt: at('created_at').notNull(),
})
