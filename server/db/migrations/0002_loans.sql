-- 0002 loans: products, orders and their status history, the double-entry journal, payment transfers and the
-- sandbox provider's book. Agrees with server/db/schema/loans.ts.

CREATE TABLE loan_products (
  id text PRIMARY KEY,
  country text NOT NULL,
  config jsonb NOT NULL,
  names jsonb NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0,
  updated_at timestamp with time zone NOT NULL
);
CREATE INDEX loan_products_country_idx ON loan_products (country, position);

CREATE TABLE loan_orders (
  id bigserial PRIMARY KEY,
  order_no text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  country text NOT NULL,
  product_id text NOT NULL REFERENCES loan_products (id),
  status integer NOT NULL,
  currency text NOT NULL,
  requested_minor bigint NOT NULL,
  term_days integer NOT NULL,
  questionnaire_required boolean NOT NULL,
  via_promotion boolean NOT NULL DEFAULT false,
  repeat_index integer NOT NULL DEFAULT 0,
  limit_minor bigint,
  principal_minor bigint,
  terms jsonb,
  wallet_account_id bigint REFERENCES wallet_accounts (id),
  assessment jsonb,
  submitted_at timestamp with time zone,
  approved_at timestamp with time zone,
  rejected_at timestamp with time zone,
  retry_at timestamp with time zone,
  confirmed_at timestamp with time zone,
  disbursed_at timestamp with time zone,
  due_at timestamp with time zone,
  finished_at timestamp with time zone,
  closed_at timestamp with time zone,
  cancel_reason text,
  payout_failures integer NOT NULL DEFAULT 0,
  rollover_count integer NOT NULL DEFAULT 0,
  max_rollovers integer NOT NULL,
  principal_due_minor bigint NOT NULL DEFAULT 0,
  interest_due_minor bigint NOT NULL DEFAULT 0,
  penalty_due_minor bigint NOT NULL DEFAULT 0,
  repaid_minor bigint NOT NULL DEFAULT 0,
  penalty_charged_minor bigint NOT NULL DEFAULT 0,
  penalty_written_off_minor bigint NOT NULL DEFAULT 0,
  loan jsonb,
  penalty_through text,
  created_at timestamp with time zone NOT NULL,
  updated_at timestamp with time zone NOT NULL,
  CONSTRAINT loan_orders_status_check CHECK (status IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 17, 18, 19)),
  CONSTRAINT loan_orders_amounts_check CHECK (requested_minor > 0 AND term_days > 0 AND principal_due_minor >= 0 AND interest_due_minor >= 0 AND penalty_due_minor >= 0 AND repaid_minor >= 0)
);
CREATE UNIQUE INDEX loan_orders_order_no_key ON loan_orders (order_no);
-- One open loan per borrower (decisions.md), enforced by the database as well as by the lifecycle machine.
CREATE UNIQUE INDEX loan_orders_one_open_key ON loan_orders (user_id) WHERE status IN (1, 2, 3, 5, 6, 7, 10, 11, 12, 14, 17, 18, 19);
CREATE INDEX loan_orders_user_idx ON loan_orders (user_id, created_at);

CREATE TABLE loan_order_events (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES loan_orders (id) ON DELETE CASCADE,
  event text NOT NULL,
  from_status integer,
  to_status integer NOT NULL,
  at timestamp with time zone NOT NULL
);
CREATE INDEX loan_order_events_order_idx ON loan_order_events (order_id, id);

CREATE TABLE journal_entries (
  id bigserial PRIMARY KEY,
  order_id bigint REFERENCES loan_orders (id),
  kind text NOT NULL,
  currency text NOT NULL,
  unique_key text NOT NULL,
  at timestamp with time zone NOT NULL,
  CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursal', 'processingFee', 'tax', 'interest', 'penalty', 'penaltyWriteOff', 'repayment', 'rolloverFee', 'rolloverTax'))
);
CREATE UNIQUE INDEX journal_entries_unique_key_key ON journal_entries (unique_key);
CREATE INDEX journal_entries_order_idx ON journal_entries (order_id);

CREATE TABLE journal_lines (
  id bigserial PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES journal_entries (id) ON DELETE CASCADE,
  order_id bigint REFERENCES loan_orders (id),
  account text NOT NULL,
  debit_minor bigint NOT NULL DEFAULT 0,
  credit_minor bigint NOT NULL DEFAULT 0,
  CONSTRAINT journal_lines_account_check CHECK (account IN ('receivable.principal', 'receivable.interest', 'receivable.penalty', 'walletClearing', 'income.processingFee', 'income.interest', 'income.penalty', 'income.rolloverFee', 'taxPayable', 'writeOff.penalty')),
  CONSTRAINT journal_lines_one_side_check CHECK (debit_minor >= 0 AND credit_minor >= 0 AND (debit_minor = 0) <> (credit_minor = 0))
);
CREATE INDEX journal_lines_entry_idx ON journal_lines (entry_id);
CREATE INDEX journal_lines_order_account_idx ON journal_lines (order_id, account);

CREATE TABLE payment_transfers (
  id bigserial PRIMARY KEY,
  reference text NOT NULL,
  kind text NOT NULL,
  purpose text NOT NULL,
  provider text NOT NULL,
  channel text NOT NULL,
  order_id bigint NOT NULL REFERENCES loan_orders (id),
  account text NOT NULL,
  amount_minor bigint NOT NULL,
  currency text NOT NULL,
  state text NOT NULL,
  provider_ref text,
  receipt text,
  failure_reason text,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone,
  completed_at timestamp with time zone,
  CONSTRAINT payment_transfers_kind_check CHECK (kind IN ('payout', 'collection')),
  CONSTRAINT payment_transfers_purpose_check CHECK (purpose IN ('disbursal', 'repayment', 'rollover')),
  CONSTRAINT payment_transfers_state_check CHECK (state IN ('pending', 'succeeded', 'failed', 'expired')),
  CONSTRAINT payment_transfers_amount_check CHECK (amount_minor > 0)
);
CREATE UNIQUE INDEX payment_transfers_reference_key ON payment_transfers (reference);
CREATE UNIQUE INDEX payment_transfers_provider_ref_key ON payment_transfers (provider, provider_ref);
-- At most one pending pay-out and one pending payment order per loan.
CREATE UNIQUE INDEX payment_transfers_one_pending_key ON payment_transfers (order_id, kind) WHERE state = 'pending';
CREATE INDEX payment_transfers_order_idx ON payment_transfers (order_id, created_at);

CREATE TABLE sandbox_transfers (
  provider_ref text PRIMARY KEY,
  kind text NOT NULL,
  reference text NOT NULL,
  amount_minor bigint NOT NULL,
  outcome text NOT NULL,
  reason text,
  completes_at timestamp with time zone NOT NULL,
  delivered_at timestamp with time zone,
  deliveries integer NOT NULL DEFAULT 0,
  CONSTRAINT sandbox_transfers_outcome_check CHECK (outcome IN ('succeeded', 'failed', 'silent'))
);
CREATE INDEX sandbox_transfers_due_idx ON sandbox_transfers (completes_at) WHERE delivered_at IS NULL;
