-- Issue 20: the lender's staff and what they do. Staff sign in with a password (scrypt) and a TOTP second factor
-- (server/console/staff.ts); their sessions expire; every staff action is one row of an append-only audit log.

CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  display_name text NOT NULL,
  role text NOT NULL,
  password_hash text NOT NULL,
  totp_secret text NOT NULL,
  -- The last TOTP time step accepted: a code is good once (RFC 6238 §5.2).
  totp_last_step bigint NOT NULL DEFAULT 0,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  CONSTRAINT staff_role_known CHECK (role IN ('support', 'risk', 'finance', 'admin')),
  CONSTRAINT staff_username_form CHECK (username ~ '^[a-z0-9._-]{3,40}$')
);
CREATE UNIQUE INDEX staff_username ON staff (username);

-- Only the token's SHA-256 is kept: a copy of this table signs no one in.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Who did what, when, to what, with the values before and after. Rows are only ever added.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  staff_id bigint REFERENCES staff (id),
  action text NOT NULL,
  subject text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_at ON audit_log (at, id);

CREATE OR REPLACE FUNCTION kopa_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION kopa_audit_append_only();
