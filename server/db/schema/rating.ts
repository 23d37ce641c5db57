/** The app-rating prompt's state per borrower (migration 0003_borrower_services.sql must agree). */
import { sql } from 'drizzle-orm'
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './core'
import { loanOrders } from './loans'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** spec §3 popEvaluateTime: the repaid order the prompt was last shown for, when, and what came of it. */
export const ratingPrompts = pgTable(
  'rating_prompts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    loanOrderId: bigint('loan_order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    popupTime: at('popup_time').notNull(),
    outcome: text('outcome').notNull(),
    ratedAt: at('rated_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('rating_prompts_outcome_check', sql`${t.outcome} IN ('shown', 'rated', 'declined')`)],
)
