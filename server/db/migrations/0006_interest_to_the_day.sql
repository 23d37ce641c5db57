-- 0006 interest to the day: a loan repaid in full before its due date pays interest up to the day of repayment
-- only (src/domain/pricing.ts "INTEREST TO THE DAY", docs/decisions.md "Pricing details"). The contractual interest
-- is still booked at pay-out; the interest not earned is then rebated, in the transaction of the repayment that
-- settles the loan, by a journal entry of the new kind `interestRebate`:
--   Dr income.interest   Cr receivable.interest (and Cr receivable.principal for interest paid ahead of its days)
-- No new account. Agrees with server/db/schema/loans.ts JOURNAL_KINDS.
ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('disbursal', 'processingFee', 'tax', 'interest', 'penalty', 'penaltyWriteOff', 'repayment', 'rolloverFee', 'rolloverTax', 'unapplied', 'refundDue', 'refund', 'reversal', 'interestRebate'));
