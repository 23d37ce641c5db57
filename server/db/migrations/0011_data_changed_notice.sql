-- Issue 17: what the hot reads keep in memory (server/cache.ts) — sessions and their borrowers, the profile, the
-- wallet, the orders, their events and their payments — is forgotten whenever any of these tables changes: each
-- statement that touches one, on any instance or by hand, tells every listening instance (NOTIFY kopa_changed, with
-- the schema as payload, as several schemas may share one database), and each reads again on its next request.
CREATE OR REPLACE FUNCTION kopa_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kopa_changed', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
CREATE TRIGGER profiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
CREATE TRIGGER wallet_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON wallet_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
CREATE TRIGGER loan_orders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON loan_orders
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
CREATE TRIGGER loan_order_events_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON loan_order_events
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
CREATE TRIGGER payment_transfers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_data_changed();
