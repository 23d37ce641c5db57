-- 0003 borrower services: feedback tickets with their messages and receipt images, coupons and the coupon draw,
-- the app-rating prompt's state, app events (no personal data) and account deletions. Agrees with
-- server/db/schema/{feedback,coupons,rating,events,account-deletions}.ts (tests/server/schema.test.ts checks it).

CREATE TABLE feedback_tickets (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type integer NOT NULL,
  description text NOT NULL,
  receiver_account text,
  contact text NOT NULL,
  contact_time text NOT NULL,
  loan_order_id bigint REFERENCES loan_orders (id) ON DELETE SET NULL,
  status integer NOT NULL,
  rating integer,
  rated_at timestamp with time zone,
  support_replied_at timestamp with time zone,
  borrower_read_at timestamp with time zone,
  created_at timestamp with time zone NOT NULL,
  updated_at timestamp with time zone NOT NULL,
  CONSTRAINT feedback_tickets_type_check CHECK (type BETWEEN 1 AND 7),
  CONSTRAINT feedback_tickets_status_check CHECK (status BETWEEN 1 AND 4),
  CONSTRAINT feedback_tickets_rating_check CHECK (rating IS NULL OR (rating BETWEEN 1 AND 5 AND status = 4))
);
CREATE INDEX feedback_tickets_user_idx ON feedback_tickets (user_id, updated_at);

CREATE TABLE feedback_messages (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES feedback_tickets (id) ON DELETE CASCADE,
  author text NOT NULL,
  content text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  CONSTRAINT feedback_messages_author_check CHECK (author IN ('borrower', 'support'))
);
CREATE INDEX feedback_messages_ticket_idx ON feedback_messages (ticket_id, id);

-- An uploaded receipt image: unattached until a ticket (receipt) or a message (attachment) lists it.
CREATE TABLE feedback_files (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  image_id bigint NOT NULL REFERENCES images (id) ON DELETE CASCADE,
  ticket_id bigint REFERENCES feedback_tickets (id) ON DELETE CASCADE,
  message_id bigint REFERENCES feedback_messages (id) ON DELETE CASCADE,
  created_at timestamp with time zone NOT NULL,
  attached_at timestamp with time zone,
  CONSTRAINT feedback_files_attached_check CHECK ((ticket_id IS NULL) = (attached_at IS NULL))
);
CREATE UNIQUE INDEX feedback_files_image_key ON feedback_files (image_id);
CREATE INDEX feedback_files_user_idx ON feedback_files (user_id, created_at);
CREATE INDEX feedback_files_ticket_idx ON feedback_files (ticket_id, message_id);

-- A coupon: a fixed discount on the interest of a loan of at least min_loan_minor, until expires_at. Applied to
-- an approved order (order_id, applied_at) it is still the borrower's; confirming the loan uses it (used_at).
CREATE TABLE coupons (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency text NOT NULL,
  title_key text NOT NULL,
  discount_minor bigint NOT NULL,
  min_loan_minor bigint NOT NULL,
  source text NOT NULL,
  created_at timestamp with time zone NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  order_id bigint REFERENCES loan_orders (id) ON DELETE SET NULL,
  applied_at timestamp with time zone,
  used_at timestamp with time zone,
  used_discount_minor bigint,
  CONSTRAINT coupons_amounts_check CHECK (discount_minor > 0 AND min_loan_minor >= 0),
  CONSTRAINT coupons_source_check CHECK (source IN ('draw', 'grant')),
  CONSTRAINT coupons_used_check CHECK (used_at IS NULL OR (order_id IS NOT NULL AND used_discount_minor IS NOT NULL))
);
CREATE INDEX coupons_user_idx ON coupons (user_id, expires_at);
-- At most one coupon per order.
CREATE UNIQUE INDEX coupons_order_key ON coupons (order_id);

-- One row per draw taken: an entitlement ('welcome', or 'repaid:<order id>') is spent once.
CREATE TABLE lottery_draws (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  entitlement text NOT NULL,
  coupon_id bigint REFERENCES coupons (id) ON DELETE SET NULL,
  drawn_at timestamp with time zone NOT NULL
);
CREATE UNIQUE INDEX lottery_draws_user_entitlement_key ON lottery_draws (user_id, entitlement);

-- The app-rating prompt (popEvaluateTime): the last repaid order it was shown for, when, and what came of it.
CREATE TABLE rating_prompts (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  loan_order_id bigint NOT NULL REFERENCES loan_orders (id),
  popup_time timestamp with time zone NOT NULL,
  outcome text NOT NULL,
  rated_at timestamp with time zone,
  updated_at timestamp with time zone NOT NULL,
  CONSTRAINT rating_prompts_outcome_check CHECK (outcome IN ('shown', 'rated', 'declined'))
);

-- Events of the native bridge (logEventByLocal) and the browser's batches. No user, no address, no device id.
CREATE TABLE app_events (
  id bigserial PRIMARY KEY,
  fingerprint text NOT NULL,
  occurred_at timestamp with time zone NOT NULL,
  received_at timestamp with time zone NOT NULL,
  event_type text NOT NULL,
  page_name text NOT NULL,
  event_option text,
  order_no text,
  platform text NOT NULL,
  app_name text NOT NULL
);
-- A batch sent again (its answer was lost) is stored once.
CREATE UNIQUE INDEX app_events_fingerprint_key ON app_events (fingerprint);
CREATE INDEX app_events_received_idx ON app_events (received_at);
CREATE INDEX app_events_type_idx ON app_events (event_type, occurred_at);

-- What was deleted, and why; user_id is null once the borrower's row is gone (no loan records to keep).
CREATE TABLE account_deletions (
  id bigserial PRIMARY KEY,
  user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  country text NOT NULL,
  reason text NOT NULL,
  remark text,
  loan_records_kept boolean NOT NULL,
  deleted_at timestamp with time zone NOT NULL
);
CREATE INDEX account_deletions_deleted_idx ON account_deletions (deleted_at);
