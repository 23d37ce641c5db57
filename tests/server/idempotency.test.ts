/**
 * Idempotency keys: a repeated request with the same key gets the first outcome, even when both arrive at once,
 * and a key whose first attempt rolled back can be used again.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { once } from '../../server/idempotency'
import { describeOnEachDatabase, freshDatabase } from './helpers/databases'

const NOW = new Date('2026-03-01T08:00:00Z')

describeOnEachDatabase('Idempotency keys', (target) => {
  let database: Database
  let dispose: () => Promise<void>
  beforeAll(async () => {
    ;({ database, dispose } = await freshDatabase(target))
  })
  afterAll(() => dispose())

  it('gives a repeated key the first response without doing the work again', async () => {
    let runs = 0
    const work = async () => ({ payout: ++runs })
    const first = await database.db.transaction((tx) => once(tx, 'payout', 'txn-1', NOW, work))
    const second = await database.db.transaction((tx) => once(tx, 'payout', 'txn-1', NOW, work))
    expect(first).toEqual({ repeated: false, value: { payout: 1 } })
    expect(second).toEqual({ repeated: true, value: { payout: 1 } })
    expect(runs).toBe(1)
  })

  it('keeps keys of different scopes apart', async () => {
    const a = await once(database.db, 'repay', 'k', NOW, async () => 'a')
    const b = await once(database.db, 'payout', 'k', NOW, async () => 'b')
    expect([a.value, b.value]).toEqual(['a', 'b'])
  })

  it('runs the work once when two requests with the same key arrive together', async () => {
    let runs = 0
    const attempt = () =>
      database.db.transaction((tx) =>
        once(tx, 'confirm', 'order-9', NOW, async () => {
          runs += 1
          await tx.execute(sql`SELECT pg_sleep(0.05)`)
          return { confirmed: true }
        }),
      )
    const results = await Promise.all([attempt(), attempt()])
    expect(runs).toBe(1)
    expect(results.map((r) => r.repeated).sort()).toEqual([false, true])
    expect(results.every((r) => (r.value as { confirmed: boolean }).confirmed)).toBe(true)
  })

  it('lets a key be used again when its first attempt rolled back', async () => {
    await expect(
      database.db.transaction((tx) =>
        once(tx, 'repay', 'r-1', NOW, async () => {
          throw new Error('provider down')
        }),
      ),
    ).rejects.toThrow('provider down')
    const retry = await database.db.transaction((tx) => once(tx, 'repay', 'r-1', NOW, async () => 'paid'))
    expect(retry).toEqual({ repeated: false, value: 'paid' })
  })
})
