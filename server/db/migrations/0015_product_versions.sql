-- Issue 20: a product's configuration is edited from the console without a restart, and every edit is a version.
-- Each change of what a product offers (its configuration, names, active flag, position or country) bumps
-- loan_products.version and keeps the whole new row in loan_product_versions, whoever made it: the console
-- (which names the staff member and a note with SET LOCAL kopa.staff_id / kopa.change_note), the demo seed or
-- SQL by hand. An order records the version it was applied under (loan_orders.product_version) and is priced
-- with that version at approval, so an edit reaches new orders only. Every instance reloads its catalogue when
-- told (NOTIFY kopa_products, with the schema as payload).

ALTER TABLE loan_products ADD COLUMN version integer NOT NULL DEFAULT 1;

CREATE TABLE loan_product_versions (
  product_id text NOT NULL REFERENCES loan_products (id),
  version integer NOT NULL,
  country text NOT NULL,
  config jsonb NOT NULL,
  names jsonb NOT NULL,
  active boolean NOT NULL,
  position integer NOT NULL,
  staff_id bigint REFERENCES staff (id),
  note text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, version)
);

INSERT INTO loan_product_versions (product_id, version, country, config, names, active, position, created_at)
  SELECT id, version, country, config, names, active, position, updated_at FROM loan_products;

ALTER TABLE loan_orders ADD COLUMN product_version integer;
UPDATE loan_orders SET product_version = 1;
ALTER TABLE loan_orders ALTER COLUMN product_version SET NOT NULL;

-- A version is never rewritten.
CREATE OR REPLACE FUNCTION kopa_product_versions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'loan_product_versions is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER loan_product_versions_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON loan_product_versions
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_product_versions_append_only();

-- What the product offers changed: the next version number (an update that changes nothing keeps its version).
CREATE OR REPLACE FUNCTION kopa_product_next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.config IS DISTINCT FROM OLD.config OR NEW.names IS DISTINCT FROM OLD.names
     OR NEW.active IS DISTINCT FROM OLD.active OR NEW.position IS DISTINCT FROM OLD.position
     OR NEW.country IS DISTINCT FROM OLD.country THEN
    NEW.version := OLD.version + 1;
  ELSE
    NEW.version := OLD.version;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER loan_products_next_version BEFORE UPDATE ON loan_products
  FOR EACH ROW EXECUTE FUNCTION kopa_product_next_version();

-- Keep each version as it was made, with who made it when the console says so.
CREATE OR REPLACE FUNCTION kopa_product_keep_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  staff text := NULLIF(current_setting('kopa.staff_id', true), '');
BEGIN
  IF TG_OP = 'INSERT' OR NEW.version <> OLD.version THEN
    INSERT INTO loan_product_versions
      (product_id, version, country, config, names, active, position, staff_id, note, created_at)
    VALUES (NEW.id, NEW.version, NEW.country, NEW.config, NEW.names, NEW.active, NEW.position,
            staff::bigint, NULLIF(current_setting('kopa.change_note', true), ''), NEW.updated_at);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER loan_products_keep_version AFTER INSERT OR UPDATE ON loan_products
  FOR EACH ROW EXECUTE FUNCTION kopa_product_keep_version();

CREATE OR REPLACE FUNCTION kopa_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kopa_products', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;
CREATE TRIGGER loan_products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON loan_products
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_products_changed();
