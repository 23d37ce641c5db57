-- 0005 one loan per person: the same national ID number (NIDA, Kenyan ID, CURP) or the same payout account cannot
-- hold two applications or loans at once, nor skip a rejection's 30-day wait, whichever account (phone number)
-- applies (docs/decisions.md "One loan at a time per person"). Each number is kept as a key: a keyed hash
-- (HMAC-SHA256 under KOPA_PERSON_KEY_SECRET) of its canonical form (src/domain/one-loan-per-person.ts), never the
-- number itself. Agrees with server/db/schema/profile.ts and loans.ts.

-- The borrower's keys now: of the ID number in basic_info, and of the newest wallet account (the one paid out to).
ALTER TABLE profiles ADD COLUMN person_key text, ADD COLUMN wallet_key text;

-- The keys an order was applied for, assessed and paid out under. They stay when an account is deleted, with the
-- loan records: a rejection's 30 days hold for the person, not the phone number.
ALTER TABLE loan_orders ADD COLUMN person_key text, ADD COLUMN wallet_key text;
-- From submission (19) until repaid, cancelled or rejected, one order per ID number and one per payout account,
-- whichever account it belongs to.
CREATE UNIQUE INDEX loan_orders_one_per_person_key ON loan_orders (person_key) WHERE status IN (1, 2, 3, 7, 10, 14, 18, 19);
CREATE UNIQUE INDEX loan_orders_one_per_wallet_key ON loan_orders (wallet_key) WHERE status IN (1, 2, 3, 7, 10, 14, 18, 19);
-- A rejection's 30-day wait, looked up by either key.
CREATE INDEX loan_orders_rejected_person_idx ON loan_orders (person_key, retry_at) WHERE status = 9;
CREATE INDEX loan_orders_rejected_wallet_idx ON loan_orders (wallet_key, retry_at) WHERE status = 9;
