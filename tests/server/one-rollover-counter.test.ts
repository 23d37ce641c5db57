/**
 * Issue 15: an order's rollovers are counted once, by its loan (`loan ->> 'rolloversDone'`); the order row's copy
 * (rollover_count) is dropped by migration 0008. The migration refuses to drop it where the two ever disagreed,
 * so no count is lost, and the lifecycle reads the loan's count.
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { lifecycleOf, rolloversDoneOf, type OrderRow } from '../../server/loans/lifecycle'
import { rows } from '../../server/db/client'
import { migrate, readMigrations } from '../../server/db/migrate'
import { describeOnEachDatabase } from './helpers/databases'

const ONE_COUNTER = '0008_one_rollover_counter.sql'

it('reads an order’s rollovers from its loan, and none before pay-out', () => {
  expect(rolloversDoneOf({ loan: null })).toBe(0)
  expect(rolloversDoneOf({ loan: { rolloversDone: 2 } })).toBe(2)
  const order = { status: 2, loan: { rolloversDone: 3 }, maxRollovers: 3 } as unknown as OrderRow
  expect(lifecycleOf(order).context.rolloverCount).toBe(3)
  expect(lifecycleOf(order).can({ type: 'rollover.confirmed', at: 0, newDueAt: 1 })).toBe(false)
})

describeOnEachDatabase('Migration 0008, one rollover counter', (target) => {
  it('refuses to drop rollover_count while an order’s count disagrees with its loan’s, and drops it once they agree', async () => {
    const options = target.fresh()
    const database = await target.openEmpty(options)
    try {
      const all = readMigrations()
      expect(all.map((m) => m.name)).toContain(ONE_COUNTER)
      await migrate(
        database,
        all.filter((m) => m.name < ONE_COUNTER),
      )
      const db = database.db
      await db.execute(
        sql`INSERT INTO users (id, country, mobile, lang, created_at) VALUES (1, 'TZ', '712000001', 'en', now())`,
      )
      await db.execute(
        sql`INSERT INTO loan_products (id, country, config, names, updated_at) VALUES ('p', 'TZ', '{}', '{}', now())`,
      )
      await db.execute(sql`INSERT INTO loan_orders (order_no, user_id, country, product_id, status, currency,
          requested_minor, term_days, questionnaire_required, max_rollovers, rollover_count, loan, created_at, updated_at)
        VALUES ('KP1', 1, 'TZ', 'p', 4, 'TZS', 10000, 91, false, 3, 2, '{"rolloversDone": 1}', now(), now()),
               ('KP2', 1, 'TZ', 'p', 8, 'TZS', 10000, 91, false, 3, 0, NULL, now(), now())`)

      // Up to 0008 only: later migrations are not this test's.
      const throughOneCounter = all.filter((m) => m.name <= ONE_COUNTER)
      await expect(migrate(database, throughOneCounter)).rejects.toThrow(/rolloversDone/)

      await db.execute(sql`UPDATE loan_orders SET loan = '{"rolloversDone": 2}' WHERE order_no = 'KP1'`)
      expect(await migrate(database, throughOneCounter)).toEqual([ONE_COUNTER])
      const column = await rows<{ column_name: string }>(
        db,
        sql`SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'loan_orders' AND column_name = 'rollover_count'`,
      )
      expect(column).toEqual([])
      const kept = await rows<{ order_no: string; rollovers: number }>(
        db,
        sql`SELECT order_no, coalesce((loan ->> 'rolloversDone')::integer, 0) AS rollovers FROM loan_orders ORDER BY order_no`,
      )
      expect(kept.map((r) => ({ order_no: r.order_no, rollovers: Number(r.rollovers) }))).toEqual([
        { order_no: 'KP1', rollovers: 2 },
        { order_no: 'KP2', rollovers: 0 },
      ])
    } finally {
      await database.close()
      await target.drop(options)
    }
  })
})
