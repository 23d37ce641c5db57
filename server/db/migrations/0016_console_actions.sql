-- Issue 20 items 4 and 6: the console's actions on a loan and on money in suspense, each booked in the journal.
--   penaltyWaiver       Dr writeOff.waiver     Cr receivable.penalty    (staff waive all or part of the penalty due)
--   loanWriteOff        Dr writeOff.loan       Cr receivable.penalty, .interest, .principal (an overdue loan given up)
--   repayment           Dr suspense            Cr receivable.* (a receipt in suspense applied to an order, allocated
--                                                               as any repayment; key resolved:<its entry id>)
--   suspenseResolved    Dr suspense            Cr paidByHand   (paid back to the payer by hand, with a reference)
-- writeOff.waiver and writeOff.loan are expenses; paidByHand is money that left outside any provider's API (the
-- reference says how). Agrees with server/db/schema/loans.ts JOURNAL_KINDS and ACCOUNTS.
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursal', 'processingFee', 'tax', 'interest', 'penalty', 'penaltyWriteOff', 'repayment', 'rolloverFee', 'rolloverTax', 'unapplied', 'refundDue', 'refund', 'reversal', 'interestRebate', 'penaltyWaiver', 'loanWriteOff', 'suspenseResolved'));

ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_account_check;
ALTER TABLE journal_lines ADD CONSTRAINT journal_lines_account_check CHECK (account IN ('receivable.principal', 'receivable.interest', 'receivable.penalty', 'walletClearing', 'income.processingFee', 'income.interest', 'income.penalty', 'income.rolloverFee', 'taxPayable', 'writeOff.penalty', 'suspense', 'refundDue', 'writeOff.waiver', 'writeOff.loan', 'paidByHand') OR account ~ '^clearing\.[a-z0-9-]+\.(payout|collection)$');

-- One resolution per receipt in suspense, ever: the primary key is the receipt's journal entry.
CREATE TABLE suspense_resolutions (
  entry_id bigint PRIMARY KEY REFERENCES journal_entries (id),
  outcome text NOT NULL,
  order_id bigint REFERENCES loan_orders (id),
  reference text,
  resolution_entry_id bigint NOT NULL REFERENCES journal_entries (id),
  staff_id bigint NOT NULL REFERENCES staff (id),
  at timestamptz NOT NULL,
  CONSTRAINT suspense_resolutions_outcome_check CHECK (outcome IN ('applied', 'refunded')),
  -- Applied names its order; paid back by hand names its reference; never both.
  CONSTRAINT suspense_resolutions_order_check CHECK ((outcome = 'applied') = (order_id IS NOT NULL)),
  CONSTRAINT suspense_resolutions_reference_check CHECK ((outcome = 'refunded') = (reference IS NOT NULL))
);
