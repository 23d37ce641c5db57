-- Issue 17: the read cache (server/cache.ts) forgets only what it read from the table that changed. Each statement
-- on a cached table now also says which table (NOTIFY kopa_table_changed, '<schema>.<table>'), which the instances
-- listen to from this release on. kopa_changed (the schema alone, migration 0011) is still sent, for an instance of
-- the release before that is still running while this one starts (it forgets everything on it, as it did).
CREATE OR REPLACE FUNCTION kopa_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kopa_changed', TG_TABLE_SCHEMA);
  PERFORM pg_notify('kopa_table_changed', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
