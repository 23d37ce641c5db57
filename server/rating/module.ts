/**
 * The app-rating prompt (spec §3 popEvaluateTime: popupTime, rejectState, loanOrderId). decisions.md: it appears
 * after a loan is repaid, never after a rejection, at most once every 30 days, and asks the native shell for its
 * in-app review card. Nothing is given for a rating (no coupon, no draw, no better terms).
 *
 * The prompt is due when the borrower's newest order is repaid (4), it has not been shown for that order yet,
 * the borrower has not rated the app already, and the last prompt was at least 30 days ago. A newest order that
 * was rejected (9) sets rejectState and shows nothing.
 */
import { eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { RatingPromptState } from '../../domain/api-types'
import { OrderStatus } from '../../domain/order-status'
import type { RatingOutcome } from '../../domain/schemas/misc'
import type { ServerModule } from '../context'
import type { Queryable } from '../db/client'
import { ratingPrompts } from '../db/schema/rating'
import { fail } from '../envelope'
import { latestOrder, ownOrder } from '../content/orders'

const DAY = 24 * 60 * 60 * 1000
export const PROMPT_INTERVAL_MS = 30 * DAY

type PromptRow = typeof ratingPrompts.$inferSelect

export async function promptState(q: Queryable, userId: number, now: Date): Promise<RatingPromptState> {
  const [prompt] = await q.select().from(ratingPrompts).where(eq(ratingPrompts.userId, userId))
  const latest = await latestOrder(q, userId)
  return stateOf(prompt ?? null, latest, now)
}

export function stateOf(
  prompt: PromptRow | null,
  latest: { id: number; status: number } | null,
  now: Date,
): RatingPromptState {
  const nextAllowed = prompt ? new Date(prompt.popupTime.getTime() + PROMPT_INTERVAL_MS) : null
  const rejected = latest?.status === OrderStatus.Reject
  const repaid = latest?.status === OrderStatus.Finish ? latest : null
  const show =
    repaid !== null &&
    prompt?.outcome !== 'rated' &&
    prompt?.loanOrderId !== repaid.id &&
    (nextAllowed === null || nextAllowed.getTime() <= now.getTime())
  return {
    show,
    loanOrderId: repaid ? String(repaid.id) : null,
    popupTime: prompt?.popupTime.toISOString() ?? null,
    rejectState: rejected,
    nextAllowedAt: nextAllowed?.toISOString() ?? null,
  }
}

/**
 * Records what became of the prompt for a repaid order: 'shown' starts the 30 days; 'rated' ends the prompts for
 * good; 'declined' waits for the next repaid loan, 30 days on at the earliest.
 */
export async function recordPrompt(
  q: Queryable,
  userId: number,
  loanOrderId: string,
  outcome: RatingOutcome,
  now: Date,
): Promise<RatingPromptState> {
  return q.transaction(async (tx) => {
    const order = await ownOrder(tx, userId, loanOrderId)
    if (!order) fail(ApiCode.LoanOrderNotFound)
    if (order.status !== OrderStatus.Finish)
      fail(ApiCode.LoanActionNotAllowed, undefined, { status: order.status })
    const [before] = await tx
      .select()
      .from(ratingPrompts)
      .where(eq(ratingPrompts.userId, userId))
      .for('update')
    // The 30 days run from the first time the prompt appeared for this order, whatever came of it afterwards.
    const popupTime = before?.loanOrderId === order.id ? before.popupTime : now
    const values = {
      loanOrderId: order.id,
      popupTime,
      outcome: before?.outcome === 'rated' ? 'rated' : outcome,
      ratedAt: outcome === 'rated' ? now : (before?.ratedAt ?? null),
      updatedAt: now,
    }
    await tx
      .insert(ratingPrompts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: ratingPrompts.userId, set: values })
    return promptState(tx, userId, now)
  })
}

export const ratingModule: ServerModule = {
  name: 'rating',
  register(host) {
    host.registerHandler('/app/evaluate/state', (req, ctx) =>
      promptState(ctx.db, req.session!.userId, ctx.clock.now()),
    )
    host.registerHandler('/app/evaluate/record', (req, ctx) =>
      recordPrompt(ctx.db, req.session!.userId, req.input.loanOrderId, req.input.outcome, ctx.clock.now()),
    )
  },
}
