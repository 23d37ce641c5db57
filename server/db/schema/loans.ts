/**
 * Loan tables (migration 0002_loans.sql must agree column by column): products, orders and their status history,
 * the double-entry journal, payment transfers (pay-outs and payment orders) and the sandbox provider's own book.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './core'
import { walletAccounts } from './profile'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const minor = (name: string) => bigint(name, { mode: 'number' })

/** decisions.md: statuses that count as an open loan; at most one per borrower (loan_orders_one_open_key). */
export const OPEN_STATUS_SQL = '1, 2, 3, 5, 6, 7, 10, 11, 12, 14, 17, 18, 19'

/** A loan product: its validated ProductConfig (src/domain/product.ts) as JSON. */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: text('id').primaryKey(),
    country: text('country').notNull(),
    config: jsonb('config').notNull(),
    /** The product's display name per interface language, e.g. { sw: 'Mkopo wa Haraka', en: 'Quick Loan' }. */
    names: jsonb('names').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('loan_products_country_idx').on(t.country, t.position)],
)

/**
 * A loan order, from application to closed. `status` is a spec §4 code and only ever changes through the order
 * lifecycle machine. Outstanding amounts (`*_due_minor`) always equal the borrower's receivable accounts in the
 * journal (server/money/check.ts proves it).
 */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    country: text('country').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => loanProducts.id),
    status: integer('status').notNull(),
    currency: text('currency').notNull(),
    requestedMinor: minor('requested_minor').notNull(),
    termDays: integer('term_days').notNull(),
    questionnaireRequired: boolean('questionnaire_required').notNull(),
    viaPromotion: boolean('via_promotion').notNull().default(false),
    /** Loans this borrower repaid on time before this one (the repeat-borrower ladder's step). */
    repeatIndex: integer('repeat_index').notNull().default(0),
    limitMinor: minor('limit_minor'),
    principalMinor: minor('principal_minor'),
    /** The quote frozen at approval: rates, fees, tax, disbursal, total, APR. */
    terms: jsonb('terms'),
    walletAccountId: bigint('wallet_account_id', { mode: 'number' }).references(() => walletAccounts.id),
    /** The assessment's scorecard: points per rule and the decision. */
    assessment: jsonb('assessment'),
    submittedAt: at('submitted_at'),
    approvedAt: at('approved_at'),
    rejectedAt: at('rejected_at'),
    retryAt: at('retry_at'),
    confirmedAt: at('confirmed_at'),
    disbursedAt: at('disbursed_at'),
    dueAt: at('due_at'),
    finishedAt: at('finished_at'),
    closedAt: at('closed_at'),
    cancelReason: text('cancel_reason'),
    payoutFailures: integer('payout_failures').notNull().default(0),
    rolloverCount: integer('rollover_count').notNull().default(0),
    maxRollovers: integer('max_rollovers').notNull(),
    principalDueMinor: minor('principal_due_minor').notNull().default(0),
    interestDueMinor: minor('interest_due_minor').notNull().default(0),
    penaltyDueMinor: minor('penalty_due_minor').notNull().default(0),
    repaidMinor: minor('repaid_minor').notNull().default(0),
    penaltyChargedMinor: minor('penalty_charged_minor').notNull().default(0),
    penaltyWrittenOffMinor: minor('penalty_written_off_minor').notNull().default(0),
    /** The running loan (src/domain/pricing.ts LoanState) from disbursal on. */
    loan: jsonb('loan'),
    /** The last local calendar date ('YYYY-MM-DD') whose overdue penalty was charged. */
    penaltyThrough: text('penalty_through'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('loan_orders_order_no_key').on(t.orderNo),
    uniqueIndex('loan_orders_one_open_key')
      .on(t.userId)
      .where(sql.raw(`status IN (${OPEN_STATUS_SQL})`)),
    index('loan_orders_user_idx').on(t.userId, t.createdAt),
    check(
      'loan_orders_status_check',
      sql.raw(`status IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 17, 18, 19)`),
    ),
    check(
      'loan_orders_amounts_check',
      sql.raw(
        'requested_minor > 0 AND term_days > 0 AND principal_due_minor >= 0 AND interest_due_minor >= 0 ' +
          'AND penalty_due_minor >= 0 AND repaid_minor >= 0',
      ),
    ),
  ],
)

/** Every status change of an order, as the lifecycle machine decided it. */
export const loanOrderEvents = pgTable(
  'loan_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('loan_order_events_order_idx').on(t.orderId, t.id)],
)

export const JOURNAL_KINDS = [
  'disbursal',
  'processingFee',
  'tax',
  'interest',
  'penalty',
  'penaltyWriteOff',
  'repayment',
  'rolloverFee',
  'rolloverTax',
] as const
export type JournalKind = (typeof JOURNAL_KINDS)[number]

export const ACCOUNTS = [
  'receivable.principal',
  'receivable.interest',
  'receivable.penalty',
  'walletClearing',
  'income.processingFee',
  'income.interest',
  'income.penalty',
  'income.rolloverFee',
  'taxPayable',
  'writeOff.penalty',
] as const
export type Account = (typeof ACCOUNTS)[number]

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ')

/** One movement of money; its lines balance (server/money/ledger.ts refuses to post one that does not). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** At most one entry per key: a job or callback that runs twice cannot post twice. */
    uniqueKey: text('unique_key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [
    uniqueIndex('journal_entries_unique_key_key').on(t.uniqueKey),
    index('journal_entries_order_idx').on(t.orderId),
    check('journal_entries_kind_check', sql.raw(`kind IN (${quoted(JOURNAL_KINDS)})`)),
  ],
)

export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' }).references(() => loanOrders.id),
    account: text('account').notNull(),
    debitMinor: minor('debit_minor').notNull().default(0),
    creditMinor: minor('credit_minor').notNull().default(0),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_order_account_idx').on(t.orderId, t.account),
    check('journal_lines_account_check', sql.raw(`account IN (${quoted(ACCOUNTS)})`)),
    check(
      'journal_lines_one_side_check',
      sql.raw('debit_minor >= 0 AND credit_minor >= 0 AND (debit_minor = 0) <> (credit_minor = 0)'),
    ),
  ],
)

export const TRANSFER_KINDS = ['payout', 'collection'] as const
export const TRANSFER_PURPOSES = ['disbursal', 'repayment', 'rollover'] as const
export type TransferPurpose = (typeof TRANSFER_PURPOSES)[number]
export const TRANSFER_STATES = ['pending', 'succeeded', 'failed', 'expired'] as const
export type TransferStateValue = (typeof TRANSFER_STATES)[number]

/**
 * Money moving through a wallet provider: a pay-out (disbursal) or a payment order (repayment or rollover fee,
 * payOrderId = reference, 15 minutes to complete).
 */
export const paymentTransfers = pgTable(
  'payment_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    purpose: text('purpose').notNull(),
    provider: text('provider').notNull(),
    channel: text('channel').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => loanOrders.id),
    /** Wallet number paid to, or paying. */
    account: text('account').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    providerRef: text('provider_ref'),
    receipt: text('receipt'),
    failureReason: text('failure_reason'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at'),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('payment_transfers_reference_key').on(t.reference),
    uniqueIndex('payment_transfers_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('payment_transfers_one_pending_key')
      .on(t.orderId, t.kind)
      .where(sql.raw(`state = 'pending'`)),
    index('payment_transfers_order_idx').on(t.orderId, t.createdAt),
    check('payment_transfers_kind_check', sql.raw(`kind IN (${quoted(TRANSFER_KINDS)})`)),
    check('payment_transfers_purpose_check', sql.raw(`purpose IN (${quoted(TRANSFER_PURPOSES)})`)),
    check('payment_transfers_state_check', sql.raw(`state IN (${quoted(TRANSFER_STATES)})`)),
    check('payment_transfers_amount_check', sql.raw('amount_minor > 0')),
  ],
)

/** The sandbox provider's side of the world: what it was asked to do, and when it will call back. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    providerRef: text('provider_ref').primaryKey(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    completesAt: at('completes_at').notNull(),
    deliveredAt: at('delivered_at'),
    deliveries: integer('deliveries').notNull().default(0),
  },
  (t) => [
    index('sandbox_transfers_due_idx').on(t.completesAt).where(sql.raw('delivered_at IS NULL')),
    check('sandbox_transfers_outcome_check', sql.raw(`outcome IN ('succeeded', 'failed', 'silent')`)),
  ],
)
