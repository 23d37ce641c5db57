/**
 * The loan module's settings, by server mode (docs/operations.md "Loans"). Demo: assessment in about 20 seconds
 * and sandbox pay-outs within seconds, so a person can watch the whole journey; test: no delays (tests move the
 * clock); production: the lender's own values.
 */
import type { ServerMode } from '../config'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export interface LoanSettings {
  /** From submission (1) to the assessment's decision. */
  assessmentDelayMs: number
  /** 19 → 1 on its own if the app never calls /user/submit after the data collector (it normally does). */
  collectionGraceMs: number
  /** A payment order must complete within this (decisions.md: 15 minutes). */
  paymentWindowMs: number
  /**
   * A pay-out with no final result from its provider after this long is reported failed to the borrower (7 → 10;
   * spec §4: the money arrives in 10–60 minutes); reconciliation keeps asking the provider, and a late success
   * still opens the loan.
   */
  payoutWindowMs: number
  /** How often overdue loans are marked and charged their daily penalty. */
  overdueSweepMs: number
}

export function defaultLoanSettings(mode: ServerMode): LoanSettings {
  return {
    assessmentDelayMs: mode === 'demo' ? 20 * SECOND : mode === 'test' ? 0 : 10 * MINUTE,
    collectionGraceMs: 2 * MINUTE,
    paymentWindowMs: 15 * MINUTE,
    payoutWindowMs: HOUR,
    overdueSweepMs: mode === 'production' ? HOUR : MINUTE,
  }
}
