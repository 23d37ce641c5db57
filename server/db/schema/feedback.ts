/**
 * Feedback tables (migration 0003_borrower_services.sql must agree column by column): tickets, their messages
 * and the receipt images uploaded for them.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './core'
import { loanOrders } from './loans'
import { images } from './profile'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * A ticket (spec §3 "Feedback"). `status` is the wire code: 1 submitted and 2 in progress (both "platform
 * processing"), 3 support asked the borrower something, 4 done. Support's last reply after the borrower last
 * read the ticket is the red dot.
 */
export const feedbackTickets = pgTable(
  'feedback_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: integer('type').notNull(),
    description: text('description').notNull(),
    receiverAccount: text('receiver_account'),
    /** A mobile number in E.164 or an e-mail address. */
    contact: text('contact').notNull(),
    contactTime: text('contact_time').notNull(),
    loanOrderId: bigint('loan_order_id', { mode: 'number' }).references(() => loanOrders.id, {
      onDelete: 'set null',
    }),
    status: integer('status').notNull(),
    rating: integer('rating'),
    ratedAt: at('rated_at'),
    supportRepliedAt: at('support_replied_at'),
    borrowerReadAt: at('borrower_read_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('feedback_tickets_user_idx').on(t.userId, t.updatedAt),
    check('feedback_tickets_type_check', sql`${t.type} BETWEEN 1 AND 7`),
    check('feedback_tickets_status_check', sql`${t.status} BETWEEN 1 AND 4`),
    check(
      'feedback_tickets_rating_check',
      sql`${t.rating} IS NULL OR (${t.rating} BETWEEN 1 AND 5 AND ${t.status} = 4)`,
    ),
  ],
)

export const FEEDBACK_AUTHORS = ['borrower', 'support'] as const
export type FeedbackAuthor = (typeof FEEDBACK_AUTHORS)[number]

export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => feedbackTickets.id, { onDelete: 'cascade' }),
    author: text('author').notNull(),
    content: text('content').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('feedback_messages_ticket_idx').on(t.ticketId, t.id),
    check('feedback_messages_author_check', sql`${t.author} IN ('borrower', 'support')`),
  ],
)

/** A receipt image: unattached until a ticket (receipt) or one of its messages (attachment) lists it. */
export const feedbackFiles = pgTable(
  'feedback_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: bigint('image_id', { mode: 'number' })
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    ticketId: bigint('ticket_id', { mode: 'number' }).references(() => feedbackTickets.id, {
      onDelete: 'cascade',
    }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => feedbackMessages.id, {
      onDelete: 'cascade',
    }),
    createdAt: at('created_at').notNull(),
    attachedAt: at('attached_at'),
  },
  (t) => [
    uniqueIndex('feedback_files_image_key').on(t.imageId),
    index('feedback_files_user_idx').on(t.userId, t.createdAt),
    index('feedback_files_ticket_idx').on(t.ticketId, t.messageId),
    check('feedback_files_attached_check', sql`(${t.ticketId} IS NULL) = (${t.attachedAt} IS NULL)`),
  ],
)
