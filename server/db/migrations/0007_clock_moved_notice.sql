-- Issue 17: the shared clock (demo and test mode) is read once and kept, not read by every request. Whatever
-- changes clock_state — POST /dev/clock/advance on any instance, or SQL by hand — tells every listening instance
-- (NOTIFY kopa_clock, with the schema as payload, as several schemas may share one database), and each reads the
-- offset again on its next request (server/clock.ts).
CREATE OR REPLACE FUNCTION kopa_clock_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kopa_clock', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;

CREATE TRIGGER clock_state_moved
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clock_state
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_clock_moved();
