/**
 * The identity jobs run at a KYC vendor (table kyc_checks, migration 0009): the vendor's final result, score and
 * reason per job. The first final result of a job wins; the assessment reads the borrower's latest final one and
 * writes it into the order's scorecard (server/loans/scorecard.ts `identity`).
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db, Queryable } from '../db/client'
import { kycChecks, type KycResult } from '../db/schema/kyc'
import type { KycVendorResult, LivenessResult } from './providers'

export type CheckRow = typeof kycChecks.$inferSelect

export function vendorResult(row: CheckRow): KycVendorResult {
  return {
    vendor: row.vendor,
    jobId: row.jobId,
    result: row.result as KycResult,
    resultCode: row.resultCode,
    resultText: row.resultText,
    score: row.score,
    reason: row.reason ?? 'waiting for the vendor',
  }
}

/**
 * The identity job the decision reads: the latest that passed — the one that accepted the borrower's current
 * selfie, as a failed retake keeps the accepted photo — else the latest final one; null when none (the
 * development KYC runs no jobs).
 */
export async function latestKycCheck(
  q: Queryable,
  userId: number,
): Promise<(KycVendorResult & { result: Exclude<KycResult, 'pending'> }) | null> {
  const [row] = await q
    .select()
    .from(kycChecks)
    .where(and(eq(kycChecks.userId, userId), ne(kycChecks.result, 'pending')))
    .orderBy(desc(sql`${kycChecks.result} = 'passed'`), desc(kycChecks.id))
    .limit(1)
  return row ? { ...vendorResult(row), result: row.result as Exclude<KycResult, 'pending'> } : null
}

export interface FinalResult {
  readonly result: Exclude<KycResult, 'pending'>
  readonly problem: LivenessResult['problem'] | null
  readonly resultCode: string | null
  readonly resultText: string | null
  readonly score: number | null
  readonly reason: string
  readonly vendorJobId: string | null
}

/** Writes a job's final result unless it has one: the first final result wins. Returns the row as it is now. */
export async function completeCheck(
  db: Db,
  jobId: string,
  final: FinalResult,
  now: Date,
): Promise<CheckRow | null> {
  const { vendorJobId, ...rest } = final
  await db
    .update(kycChecks)
    .set({ ...rest, ...(vendorJobId ? { vendorJobId } : {}), completedAt: now })
    .where(and(eq(kycChecks.jobId, jobId), eq(kycChecks.result, 'pending')))
  const [row] = await db.select().from(kycChecks).where(eq(kycChecks.jobId, jobId))
  return row ?? null
}
