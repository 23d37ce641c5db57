/**
 * Identity jobs at a KYC vendor (migration 0009_kyc_checks.sql): one row per job, with the vendor's final result
 * and score once it answered (server/kyc/smile-id.ts). The assessment reads the borrower's latest final check.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { users } from './core'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const KYC_RESULTS = ['pending', 'passed', 'failed', 'notRecognised'] as const
export type KycResult = (typeof KYC_RESULTS)[number]

export const kycChecks = pgTable(
  'kyc_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    /** Our job reference, sent to the vendor (partner_params.job_id). */
    jobId: text('job_id').notNull(),
    /** The vendor's own job id (Smile ID's SmileJobID). */
    vendorJobId: text('vendor_job_id'),
    country: text('country').notNull(),
    jobType: integer('job_type').notNull(),
    result: text('result').notNull().default('pending'),
    /** Which check refused (the borrower's problem at the face step); null when passed or pending. */
    problem: text('problem'),
    resultCode: text('result_code'),
    resultText: text('result_text'),
    /** The vendor's confidence, 0..1. */
    score: doublePrecision('score'),
    reason: text('reason'),
    /** Callbacks received for the job (duplicates and late ones included). */
    callbacks: integer('callbacks').notNull().default(0),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('kyc_checks_job_id_key').on(t.jobId),
    index('kyc_checks_user_idx').on(t.userId, t.id),
    check('kyc_checks_result_check', sql`${t.result} IN ('pending', 'passed', 'failed', 'notRecognised')`),
    check(
      'kyc_checks_problem_check',
      sql`${t.problem} IN ('livenessFailed', 'faceMismatch', 'notRecognised')`,
    ),
  ],
)
