/** App events (migration 0003_borrower_services.sql must agree): what screens did, never who did it. */
import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * One event of the native bridge's logEventByLocal or the browser's batches. No user id, address, device id or
 * token is stored; `event_option` is scrubbed of anything that looks like a number or an e-mail address.
 */
export const appEvents = pgTable(
  'app_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** SHA-256 of the event's fields: a batch sent twice is stored once. */
    fingerprint: text('fingerprint').notNull(),
    occurredAt: at('occurred_at').notNull(),
    receivedAt: at('received_at').notNull(),
    eventType: text('event_type').notNull(),
    pageName: text('page_name').notNull(),
    eventOption: text('event_option'),
    orderNo: text('order_no'),
    platform: text('platform').notNull(),
    appName: text('app_name').notNull(),
  },
  (t) => [
    uniqueIndex('app_events_fingerprint_key').on(t.fingerprint),
    index('app_events_received_idx').on(t.receivedAt),
    index('app_events_type_idx').on(t.eventType, t.occurredAt),
  ],
)
