-- 0004 money moves once: transfers follow machines/transfer.machine.ts (requested → submitted → accepted →
-- succeeded | failed | expired, reversed), one open payment order per loan and at most one unresolved pay-out,
-- every provider answer stored (payment_observations), and the accounts that book every shilling: clearing per
-- provider and direction, suspense and refund due. Agrees with server/db/schema/loans.ts.

ALTER TABLE payment_transfers DROP CONSTRAINT payment_transfers_state_check;
ALTER TABLE payment_transfers DROP CONSTRAINT payment_transfers_purpose_check;
DROP INDEX payment_transfers_one_pending_key;
UPDATE payment_transfers SET state = 'accepted' WHERE state = 'pending' AND provider_ref IS NOT NULL;
UPDATE payment_transfers SET state = 'submitted' WHERE state = 'pending';
ALTER TABLE payment_transfers
  ADD COLUMN submitted_at timestamp with time zone,
  ADD COLUMN accepted_at timestamp with time zone,
  ADD COLUMN check_at timestamp with time zone,
  ADD COLUMN send_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN status_queries integer NOT NULL DEFAULT 0,
  ADD COLUMN moved_minor bigint,
  ADD COLUMN late boolean NOT NULL DEFAULT false,
  ADD COLUMN refund_of bigint REFERENCES payment_transfers (id);
ALTER TABLE payment_transfers ADD CONSTRAINT payment_transfers_state_check
  CHECK (state IN ('requested', 'submitted', 'accepted', 'succeeded', 'failed', 'expired', 'reversed'));
ALTER TABLE payment_transfers ADD CONSTRAINT payment_transfers_purpose_check
  CHECK (purpose IN ('disbursal', 'repayment', 'rollover', 'refund'));
-- One open payment order (repayment or rollover fee) per loan: concurrent confirms charge once.
CREATE UNIQUE INDEX payment_transfers_one_open_collection_key ON payment_transfers (order_id)
  WHERE kind = 'collection' AND state IN ('requested', 'submitted', 'accepted');
-- At most one pay-out of a loan that may still move money: a new one waits until the last failed for certain.
CREATE UNIQUE INDEX payment_transfers_one_unresolved_disbursal_key ON payment_transfers (order_id)
  WHERE purpose = 'disbursal' AND state IN ('requested', 'submitted', 'accepted', 'expired');
-- What reconciliation asks the provider about next: open and expired transfers, and failures not yet confirmed.
CREATE INDEX payment_transfers_check_idx ON payment_transfers (check_at) WHERE check_at IS NOT NULL;

-- Every answer a provider gave: acknowledgements, callbacks and status queries, applied or not.
CREATE TABLE payment_observations (
  id bigserial PRIMARY KEY,
  transfer_id bigint REFERENCES payment_transfers (id),
  provider text NOT NULL,
  source text NOT NULL,
  idempotency_key text,
  provider_ref text,
  reference text,
  state text NOT NULL,
  amount_minor bigint,
  receipt text,
  reason text,
  outcome text NOT NULL,
  note text,
  at timestamp with time zone NOT NULL,
  CONSTRAINT payment_observations_source_check CHECK (source IN ('ack', 'callback', 'status')),
  CONSTRAINT payment_observations_outcome_check CHECK (outcome IN ('applied', 'noChange', 'notApplied', 'unmatched', 'error'))
);
CREATE UNIQUE INDEX payment_observations_key_key ON payment_observations (provider, idempotency_key);
CREATE INDEX payment_observations_transfer_idx ON payment_observations (transfer_id, id);
CREATE INDEX payment_observations_unmatched_idx ON payment_observations (provider, provider_ref)
  WHERE outcome = 'unmatched';

-- The sandbox treats a reference it has seen as the same transfer.
CREATE UNIQUE INDEX sandbox_transfers_reference_key ON sandbox_transfers (reference);
ALTER TABLE sandbox_transfers DROP CONSTRAINT sandbox_transfers_outcome_check;
ALTER TABLE sandbox_transfers ADD CONSTRAINT sandbox_transfers_outcome_check
  CHECK (outcome IN ('succeeded', 'failed', 'silent', 'reversed'));

-- The journal: the movement a transfer made, and the new kinds and accounts.
ALTER TABLE journal_entries ADD COLUMN transfer_id bigint REFERENCES payment_transfers (id);
CREATE INDEX journal_entries_transfer_idx ON journal_entries (transfer_id);
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursal', 'processingFee', 'tax', 'interest', 'penalty', 'penaltyWriteOff', 'repayment', 'rolloverFee', 'rolloverTax', 'unapplied', 'refundDue', 'refund', 'reversal'));
ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_account_check;
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_account_check CHECK (account IN ('receivable.principal', 'receivable.interest', 'receivable.penalty', 'walletClearing', 'income.processingFee', 'income.interest', 'income.penalty', 'income.rolloverFee', 'taxPayable', 'writeOff.penalty', 'suspense', 'refundDue') OR account ~ '^clearing\.[a-z0-9-]+\.(payout|collection)$');
