/**
 * Profile and KYC tables (migrations 0001_core.sql and 0005_one_loan_per_person.sql): the borrower's saved forms,
 * private images, wallet accounts and what the native data collector reported.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './core'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** One row per borrower: each form as validated JSON, with when it was saved. */
export const profiles = pgTable('profiles', {
  userId: userRef().primaryKey(),
  basicInfo: jsonb('basic_info'),
  basicInfoAt: at('basic_info_at'),
  additionInfo: jsonb('addition_info'),
  additionInfoAt: at('addition_info_at'),
  questionnaire: jsonb('questionnaire'),
  questionnaireAt: at('questionnaire_at'),
  ocr: jsonb('ocr'),
  identityAt: at('identity_at'),
  /**
   * Keys of the borrower's ID number (basic_info.nationalId) and newest wallet account, kept with them by the
   * profile module (server/profile/person-keys.ts): one loan at a time per person, across accounts.
   */
  personKey: text('person_key'),
  walletKey: text('wallet_key'),
  updatedAt: at('updated_at').notNull(),
})

/** 'support': a picture support attached to a reply in the console (migration 0013). */
export const IMAGE_KINDS = ['idFront', 'idBack', 'face', 'liveness', 'receipt', 'support'] as const
export type ImageKind = (typeof IMAGE_KINDS)[number]

/** An uploaded image; the bytes live in the private upload directory under `file_name`. */
export const images = pgTable(
  'images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('images_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    uniqueIndex('images_file_name_key').on(t.fileName),
    check('images_kind_check', sql`${t.kind} IN ('idFront', 'idBack', 'face', 'liveness', 'receipt', 'support')`),
  ],
)

/** A payout account: a mobile-money wallet (tigo, airtel, mpesa, halopesa) or a CLABE bank account. */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    provider: text('provider').notNull(),
    account: text('account').notNull(),
    holderName: text('holder_name'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('wallet_accounts_user_provider_account_key').on(t.userId, t.provider, t.account)],
)

/**
 * What the data collector delivered for an order (migration 0010): which of the seven upload flags. One row per
 * borrower and order, so a later loan collects again; '' holds a report sent when the borrower had no order.
 */
export const collectionReports = pgTable(
  'collection_reports',
  {
    userId: userRef(),
    orderNo: text('order_no').notNull(),
    flags: jsonb('flags').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orderNo] })],
)
