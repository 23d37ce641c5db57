/**
 * Loan tables (migrations 0002_loans.sql, 0004, 0005 and 0008 agree column by column): products, orders and their
 * status history, the double-entry journal, payment transfers (pay-outs and payment orders) and the sandbox
 * provider's own book.
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
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { OPEN_TRANSFER_STATES, TRANSFER_STATES, type TransferState } from '../../../machines/transfer.machine'
import { OPEN_STATUSES } from '../../../machines/order-lifecycle/order-policy'
import { users } from './core'
import { walletAccounts } from './profile'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const minor = (name: string) => bigint(name, { mode: 'number' })

/**
 * decisions.md: statuses that count as an open loan — the order lifecycle's `open` tag; at most one per borrower
 * (loan_orders_one_open_key). tests/server/open-statuses.test.ts holds the migrated index to the same list.
 */
export const OPEN_STATUS_SQL = OPEN_STATUSES.join(', ')

/**
 * Statuses in which an order holds its person's ID number and payout account (domain/one-loan-per-person.ts
 * PERSON_HELD_STATUSES): at most one order per `person_key` and one per `wallet_key` across accounts.
 */
export const PERSON_HELD_STATUS_SQL = '1, 2, 3, 7, 10, 14, 18, 19'
export const PERSON_KEY_INDEX = 'loan_orders_one_per_person_key'
export const WALLET_KEY_INDEX = 'loan_orders_one_per_wallet_key'

/** A loan product: its validated ProductConfig (domain/product.ts) as JSON. */
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
    /** Bumped by the database on every change of what the product offers (migration 0015). */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('loan_products_country_idx').on(t.country, t.position)],
)

/**
 * Every version a product had (migration 0015): kept by the database whenever loan_products changes, with the
 * staff member and note the console set for the change. Append-only. An order is priced with its own version.
 */
export const loanProductVersions = pgTable(
  'loan_product_versions',
  {
    productId: text('product_id')
      .notNull()
      .references(() => loanProducts.id),
    version: integer('version').notNull(),
    country: text('country').notNull(),
    config: jsonb('config').notNull(),
    names: jsonb('names').notNull(),
    active: boolean('active').notNull(),
    position: integer('position').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }),
    note: text('note'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.version] })],
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
    /** The product's version the order was applied under: its prices at approval (migration 0015). */
    productVersion: integer('product_version').notNull(),
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
    maxRollovers: integer('max_rollovers').notNull(),
    principalDueMinor: minor('principal_due_minor').notNull().default(0),
    interestDueMinor: minor('interest_due_minor').notNull().default(0),
    penaltyDueMinor: minor('penalty_due_minor').notNull().default(0),
    repaidMinor: minor('repaid_minor').notNull().default(0),
    penaltyChargedMinor: minor('penalty_charged_minor').notNull().default(0),
    penaltyWrittenOffMinor: minor('penalty_written_off_minor').notNull().default(0),
    /** The running loan (domain/pricing.ts LoanState) from disbursal on. */
    loan: jsonb('loan'),
    /** The last local calendar date ('YYYY-MM-DD') whose overdue penalty was charged. */
    penaltyThrough: text('penalty_through'),
    /** The key of the ID number it was applied for under (server/profile/person-keys.ts); null until known. */
    personKey: text('person_key'),
    /** The key of the payout account: the newest wallet until confirmation, then the one paid out to. */
    walletKey: text('wallet_key'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('loan_orders_order_no_key').on(t.orderNo),
    uniqueIndex('loan_orders_one_open_key')
      .on(t.userId)
      .where(sql.raw(`status IN (${OPEN_STATUS_SQL})`)),
    index('loan_orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex(PERSON_KEY_INDEX)
      .on(t.personKey)
      .where(sql.raw(`status IN (${PERSON_HELD_STATUS_SQL})`)),
    uniqueIndex(WALLET_KEY_INDEX)
      .on(t.walletKey)
      .where(sql.raw(`status IN (${PERSON_HELD_STATUS_SQL})`)),
    index('loan_orders_rejected_person_idx').on(t.personKey, t.retryAt).where(sql.raw('status = 9')),
    index('loan_orders_rejected_wallet_idx').on(t.walletKey, t.retryAt).where(sql.raw('status = 9')),
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
  'unapplied',
  'refundDue',
  'refund',
  'reversal',
  /** Migration 0006: the interest not earned, rebated when a loan is repaid in full early. */
  'interestRebate',
  /** Migration 0016: the console's actions (issue 20): a penalty waived, a loan written off, suspense resolved. */
  'penaltyWaiver',
  'loanWriteOff',
  'suspenseResolved',
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
  'suspense',
  'refundDue',
  /** Migration 0016: penalties staff waived, and loans written off (expenses); money paid back by hand. */
  'writeOff.waiver',
  'writeOff.loan',
  'paidByHand',
] as const
/**
 * A fixed account, or the clearing account of one provider and direction: money in transit between our books and
 * that provider's (`clearing.sandbox.payout`, `clearing.mpesa.collection`). `walletClearing` is the one clearing
 * account of books written before migration 0004.
 */
export type Account = (typeof ACCOUNTS)[number] | `clearing.${string}.${'payout' | 'collection'}`

export function clearingAccount(provider: string, direction: 'payout' | 'collection'): Account {
  if (!/^[a-z0-9-]+$/.test(provider)) throw new Error(`"${provider}" cannot name a clearing account`)
  return `clearing.${provider}.${direction}`
}

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
    /** The provider movement this entry books (its key is movement:<reference> or reversal:<reference>). */
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => paymentTransfers.id),
    at: at('at').notNull(),
  },
  (t) => [
    uniqueIndex('journal_entries_unique_key_key').on(t.uniqueKey),
    index('journal_entries_order_idx').on(t.orderId),
    index('journal_entries_transfer_idx').on(t.transferId),
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
    check(
      'journal_lines_account_check',
      sql.raw(
        `account IN (${quoted(ACCOUNTS)}) OR account ~ '^clearing\\.[a-z0-9-]+\\.(payout|collection)$'`,
      ),
    ),
    check(
      'journal_lines_one_side_check',
      sql.raw('debit_minor >= 0 AND credit_minor >= 0 AND (debit_minor = 0) <> (credit_minor = 0)'),
    ),
  ],
)

export const TRANSFER_KINDS = ['payout', 'collection'] as const
export const TRANSFER_PURPOSES = ['disbursal', 'repayment', 'rollover', 'refund'] as const
export type TransferPurpose = (typeof TRANSFER_PURPOSES)[number]
export { TRANSFER_STATES }
export type TransferStateValue = TransferState
const OPEN_SQL = quoted(OPEN_TRANSFER_STATES)

/**
 * Money moving through a wallet provider: a pay-out (disbursal, refund) or a payment order (repayment or rollover
 * fee, payOrderId = reference, 15 minutes to complete). `state` is a state of machines/transfer.machine.ts and
 * only changes through it (server/payments/service.ts).
 */
export const paymentTransfers = pgTable(
  'payment_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our stable reference: the idempotency key every send, retry and status query carries. */
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
    /** A payment order's 15 minutes; a pay-out's horizon after which the borrower is told it failed. */
    expiresAt: at('expires_at'),
    completedAt: at('completed_at'),
    submittedAt: at('submitted_at'),
    acceptedAt: at('accepted_at'),
    /** When reconciliation next asks the provider about it (open, expired, or failed without confirmation). */
    checkAt: at('check_at'),
    sendAttempts: integer('send_attempts').notNull().default(0),
    statusQueries: integer('status_queries').notNull().default(0),
    /** What the provider confirmed moved, in minor units. */
    movedMinor: minor('moved_minor'),
    /** Succeeded after it had failed or expired. */
    late: boolean('late').notNull().default(false),
    /** The collection whose money a refund pays back. */
    refundOf: bigint('refund_of', { mode: 'number' }).references((): AnyPgColumn => paymentTransfers.id),
  },
  (t) => [
    uniqueIndex('payment_transfers_reference_key').on(t.reference),
    uniqueIndex('payment_transfers_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('payment_transfers_one_open_collection_key')
      .on(t.orderId)
      .where(sql.raw(`kind = 'collection' AND state IN (${OPEN_SQL})`)),
    uniqueIndex('payment_transfers_one_unresolved_disbursal_key')
      .on(t.orderId)
      .where(sql.raw(`purpose = 'disbursal' AND state IN (${OPEN_SQL}, 'expired')`)),
    index('payment_transfers_check_idx').on(t.checkAt).where(sql.raw('check_at IS NOT NULL')),
    index('payment_transfers_order_idx').on(t.orderId, t.createdAt),
    check('payment_transfers_kind_check', sql.raw(`kind IN (${quoted(TRANSFER_KINDS)})`)),
    check('payment_transfers_purpose_check', sql.raw(`purpose IN (${quoted(TRANSFER_PURPOSES)})`)),
    check('payment_transfers_state_check', sql.raw(`state IN (${quoted(TRANSFER_STATES)})`)),
    check('payment_transfers_amount_check', sql.raw('amount_minor > 0')),
  ],
)

export const OBSERVATION_SOURCES = ['ack', 'callback', 'status'] as const
export const OBSERVATION_OUTCOMES = ['applied', 'noChange', 'notApplied', 'unmatched', 'error'] as const
export type ObservationOutcome = (typeof OBSERVATION_OUTCOMES)[number]

/**
 * Every answer a provider gave about a transfer — its acknowledgement, each callback, each status query — and
 * what we did with it: applied (the transfer moved on), noChange (it said what we knew), notApplied (the transfer
 * machine refused it: a wrong amount, an unconfirmed failure; the transfer is looked up instead), unmatched (no
 * transfer known by its references yet; applied once one is), error (applying it failed; reported). A callback
 * is stored under its idempotency key, so its replay is recognised.
 */
export const paymentObservations = pgTable(
  'payment_observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => paymentTransfers.id),
    provider: text('provider').notNull(),
    source: text('source').notNull(),
    idempotencyKey: text('idempotency_key'),
    providerRef: text('provider_ref'),
    reference: text('reference'),
    state: text('state').notNull(),
    amountMinor: minor('amount_minor'),
    receipt: text('receipt'),
    reason: text('reason'),
    outcome: text('outcome').notNull(),
    note: text('note'),
    at: at('at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_observations_key_key').on(t.provider, t.idempotencyKey),
    index('payment_observations_transfer_idx').on(t.transferId, t.id),
    index('payment_observations_unmatched_idx')
      .on(t.provider, t.providerRef)
      .where(sql.raw(`outcome = 'unmatched'`)),
    // A success booked to suspense (migration 0017), asked about at every collection's success.
    index('payment_observations_suspense_idx')
      .on(t.provider, t.providerRef)
      .where(sql.raw(`transfer_id IS NULL AND outcome = 'applied'`)),
    check('payment_observations_source_check', sql.raw(`source IN (${quoted(OBSERVATION_SOURCES)})`)),
    check('payment_observations_outcome_check', sql.raw(`outcome IN (${quoted(OBSERVATION_OUTCOMES)})`)),
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
    uniqueIndex('sandbox_transfers_reference_key').on(t.reference),
    index('sandbox_transfers_due_idx').on(t.completesAt).where(sql.raw('delivered_at IS NULL')),
    check(
      'sandbox_transfers_outcome_check',
      sql.raw(`outcome IN ('succeeded', 'failed', 'silent', 'reversed')`),
    ),
  ],
)
