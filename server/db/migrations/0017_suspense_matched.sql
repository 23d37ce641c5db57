-- Issue 19: a receipt booked to suspense that turns out to be one push's money (Daraja: the push's answer, naming its
-- CheckoutRequestID, was recorded only after the success callback had found several waiting pushes). When that push
-- then succeeds — its money booked on its transfer (movement:<reference>, Dr clearing.<p>.collection) — the receipt's
-- entry is unwound by the system, once: Dr suspense Cr clearing.<p>.collection (kind suspenseResolved, key
-- resolved:<entry id>), and resolved as `matched` to that transfer, with no member of staff.
ALTER TABLE suspense_resolutions ADD COLUMN transfer_id bigint REFERENCES payment_transfers (id);
ALTER TABLE suspense_resolutions ALTER COLUMN staff_id DROP NOT NULL;
ALTER TABLE suspense_resolutions DROP CONSTRAINT suspense_resolutions_outcome_check;
ALTER TABLE suspense_resolutions ADD CONSTRAINT suspense_resolutions_outcome_check
  CHECK (outcome IN ('applied', 'refunded', 'matched'));
-- Matched names its transfer and no member of staff; a person's resolution names the member and no transfer.
ALTER TABLE suspense_resolutions ADD CONSTRAINT suspense_resolutions_transfer_check
  CHECK ((outcome = 'matched') = (transfer_id IS NOT NULL));
ALTER TABLE suspense_resolutions ADD CONSTRAINT suspense_resolutions_staff_check
  CHECK ((outcome = 'matched') = (staff_id IS NULL));
-- Every collection's success asks whether a callback under its providerRef went to suspense (the only observation
-- applied to no transfer): without this it would read the whole table.
CREATE INDEX payment_observations_suspense_idx ON payment_observations (provider, provider_ref)
  WHERE transfer_id IS NULL AND outcome = 'applied';
