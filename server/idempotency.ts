/**
 * Idempotency: do something once per (scope, key) and give every repeat the first outcome. The key row is
 * inserted in the caller's transaction before the work, so a concurrent repeat waits on the unique key until the
 * first commits, then reads its stored response; if the first rolls back, the repeat does the work itself.
 *
 *   const result = await once(tx, `payout:${orderId}`, providerTxnId, now, () => creditWallet(tx, …))
 */
import { and, eq } from 'drizzle-orm'
import type { Queryable } from './db/client'
import { idempotencyKeys } from './db/schema/core'

export async function once<T>(
  q: Queryable,
  scope: string,
  key: string,
  now: Date,
  work: () => Promise<T>,
): Promise<{ repeated: boolean; value: T }> {
  const inserted = await q
    .insert(idempotencyKeys)
    .values({ scope, key, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length === 0) {
    const [row] = await q
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    return { repeated: true, value: row?.response as T }
  }
  const value = await work()
  await q
    .update(idempotencyKeys)
    .set({ response: (value ?? null) as unknown })
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
  return { repeated: false, value }
}
