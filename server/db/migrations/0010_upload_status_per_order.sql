-- Issue 18: the upload flags belong to an order (spec §4, /time/upload/uploadStatus takes orderNo), so the data
-- collected for one loan is collected again for the next. A borrower's existing report is kept for their latest
-- order (the one it was collected for); a borrower with no order keeps it under '' (no order), where no order
-- reads it.
ALTER TABLE collection_reports ADD COLUMN order_no text NOT NULL DEFAULT '';

UPDATE collection_reports c
SET order_no = coalesce(
  (SELECT o.order_no FROM loan_orders o WHERE o.user_id = c.user_id ORDER BY o.id DESC LIMIT 1),
  ''
);

ALTER TABLE collection_reports DROP CONSTRAINT collection_reports_pkey;
ALTER TABLE collection_reports ADD PRIMARY KEY (user_id, order_no);
ALTER TABLE collection_reports ALTER COLUMN order_no DROP DEFAULT;
