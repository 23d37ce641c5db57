-- Issue 15: an order's rollovers are counted once, by its loan (loan ->> 'rolloversDone', moved by the pricing
-- engine's applyRollover in the same transaction that moves the order). rollover_count repeated it. The migration
-- refuses to run where the two ever disagreed, so no count is lost by dropping the copy.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM loan_orders
    WHERE rollover_count <> coalesce((loan ->> 'rolloversDone')::integer, 0)
  ) THEN
    RAISE EXCEPTION 'loan_orders.rollover_count disagrees with loan.rolloversDone; reconcile before migrating';
  END IF;
END
$$;

ALTER TABLE loan_orders DROP COLUMN rollover_count;
