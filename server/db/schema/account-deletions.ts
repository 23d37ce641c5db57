/** Account deletions (migration 0003_borrower_services.sql must agree): when, why, and whether loan records stay. */
import { bigint, bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './core'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * One deleted account. A borrower without loans is deleted outright (`user_id` becomes null); one with loan
 * records keeps an anonymised row, which `user_id` still names (`loan_records_kept`).
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    country: text('country').notNull(),
    reason: text('reason').notNull(),
    remark: text('remark'),
    loanRecordsKept: boolean('loan_records_kept').notNull(),
    deletedAt: at('deleted_at').notNull(),
  },
  (t) => [index('account_deletions_deleted_idx').on(t.deletedAt)],
)
