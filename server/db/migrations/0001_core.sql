-- 0001 core: borrowers, sessions, verification codes, idempotency keys, the shared clock, the job queue,
-- the development SMS outbox, and the profile/KYC tables. Agrees with server/db/schema/core.ts and profile.ts
-- (tests/server/schema.test.ts checks it). Unqualified names: the tables live in the connection's search_path.

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  country text NOT NULL,
  mobile text NOT NULL,
  lang text NOT NULL,
  created_at timestamp with time zone NOT NULL
);
-- A mobile number belongs to one borrower per country.
CREATE UNIQUE INDEX users_country_mobile_key ON users (country, mobile);

CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  replaced_at timestamp with time zone
);
CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE verify_codes (
  id bigserial PRIMARY KEY,
  country text NOT NULL,
  mobile text NOT NULL,
  code_hash text NOT NULL,
  address_hash text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  wrong_tries integer NOT NULL DEFAULT 0,
  used_at timestamp with time zone
);
CREATE INDEX verify_codes_mobile_idx ON verify_codes (country, mobile, created_at);
CREATE INDEX verify_codes_address_idx ON verify_codes (address_hash, created_at);

CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  response jsonb,
  created_at timestamp with time zone NOT NULL,
  CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope, key)
);

CREATE TABLE clock_state (
  id integer PRIMARY KEY,
  offset_ms bigint NOT NULL,
  updated_at timestamp with time zone NOT NULL,
  CONSTRAINT clock_state_single_row CHECK (id = 1)
);
INSERT INTO clock_state (id, offset_ms, updated_at) VALUES (1, 0, now());

CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  payload jsonb NOT NULL,
  run_at timestamp with time zone NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  unique_key text,
  created_at timestamp with time zone NOT NULL,
  finished_at timestamp with time zone,
  CONSTRAINT jobs_status_check CHECK (status IN ('pending', 'done', 'failed'))
);
CREATE UNIQUE INDEX jobs_unique_key_key ON jobs (unique_key);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'pending';

CREATE TABLE dev_sms_outbox (
  id bigserial PRIMARY KEY,
  masked_mobile text NOT NULL,
  text text NOT NULL,
  created_at timestamp with time zone NOT NULL
);

CREATE TABLE profiles (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  basic_info jsonb,
  basic_info_at timestamp with time zone,
  addition_info jsonb,
  addition_info_at timestamp with time zone,
  questionnaire jsonb,
  questionnaire_at timestamp with time zone,
  ocr jsonb,
  identity_at timestamp with time zone,
  updated_at timestamp with time zone NOT NULL
);

CREATE TABLE images (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  file_name text NOT NULL,
  mime text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  CONSTRAINT images_kind_check CHECK (kind IN ('idFront', 'idBack', 'face', 'liveness', 'receipt'))
);
CREATE INDEX images_user_kind_idx ON images (user_id, kind, created_at);
CREATE UNIQUE INDEX images_file_name_key ON images (file_name);

CREATE TABLE wallet_accounts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  account text NOT NULL,
  holder_name text,
  created_at timestamp with time zone NOT NULL
);
CREATE UNIQUE INDEX wallet_accounts_user_provider_account_key ON wallet_accounts (user_id, provider, account);

CREATE TABLE collection_reports (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  flags jsonb NOT NULL,
  updated_at timestamp with time zone NOT NULL
);
