-- Issue 20 item 3: finance reviews the manual repayment proofs borrowers upload (feedback tickets of type 1,
-- "repaid, bill not updated"). One review per ticket, ever: the primary key is the per-ticket lock's last word, so
-- two members approving at once record one decision and book one repayment. An approval names the payment
-- transfer it booked (provider `manual`, reference MR<ticket id>, through the same ledger path as a provider's
-- callback) and the receipt code finance read on the proof; one receipt code is approved once, so the same money
-- shown on two tickets is not booked twice.

CREATE TABLE repayment_reviews (
  ticket_id bigint PRIMARY KEY REFERENCES feedback_tickets (id) ON DELETE CASCADE,
  decision text NOT NULL,
  order_id bigint REFERENCES loan_orders (id),
  transfer_id bigint REFERENCES payment_transfers (id),
  amount_minor bigint,
  currency text,
  receipt text,
  reason text,
  staff_id bigint NOT NULL REFERENCES staff (id),
  decided_at timestamptz NOT NULL,
  CONSTRAINT repayment_reviews_decision_check CHECK (decision IN ('approved', 'rejected')),
  CONSTRAINT repayment_reviews_approved_check CHECK (
    (decision = 'approved') = (transfer_id IS NOT NULL AND amount_minor > 0 AND receipt IS NOT NULL)
  ),
  CONSTRAINT repayment_reviews_rejected_check CHECK ((decision = 'rejected') = (reason IS NOT NULL))
);

CREATE UNIQUE INDEX repayment_reviews_receipt_key ON repayment_reviews (receipt) WHERE decision = 'approved';
CREATE INDEX repayment_reviews_decided_idx ON repayment_reviews (decision, decided_at);
