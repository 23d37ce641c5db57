-- Issue 20 item 2: pictures support attaches to a reply in the console are stored as the borrower's images (so the
-- borrower's app reads them like its own receipts, and deleting the account deletes them) of their own kind,
-- 'support', which no borrower quota on receipts counts.
ALTER TABLE images DROP CONSTRAINT images_kind_check;
ALTER TABLE images ADD CONSTRAINT images_kind_check
  CHECK (kind IN ('idFront', 'idBack', 'face', 'liveness', 'receipt', 'support'));
