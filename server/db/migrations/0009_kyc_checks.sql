-- Issue 19 item 4: each identity job run at a KYC vendor (Smile ID), with the vendor's result and score. The
-- assessment copies the borrower's latest final check into the order's scorecard (loan_orders.assessment), so the
-- decision's explanation names the vendor, its result and its score. No personal data: our job reference, the
-- vendor's result code and text, a confidence and a reason in plain words. Deleted with the borrower's account.
CREATE TABLE kyc_checks (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vendor text NOT NULL,
  job_id text NOT NULL,
  vendor_job_id text,
  country text NOT NULL,
  job_type integer NOT NULL,
  result text NOT NULL DEFAULT 'pending',
  problem text,
  result_code text,
  result_text text,
  score double precision,
  reason text,
  callbacks integer NOT NULL DEFAULT 0,
  created_at timestamp with time zone NOT NULL,
  completed_at timestamp with time zone,
  CONSTRAINT kyc_checks_result_check CHECK (result IN ('pending', 'passed', 'failed', 'notRecognised')),
  CONSTRAINT kyc_checks_problem_check CHECK (problem IN ('livenessFailed', 'faceMismatch', 'notRecognised'))
);
CREATE UNIQUE INDEX kyc_checks_job_id_key ON kyc_checks (job_id);
CREATE INDEX kyc_checks_user_idx ON kyc_checks (user_id, id);
