/**
 * "Open" is written once, as the order lifecycle's `open` tag (machines/order-lifecycle.machine.ts). The list the
 * server queries with (OPEN_STATUSES), the Drizzle schema's partial index and the index the SQL migrations create
 * (loan_orders_one_open_key) are all held to it here, so none of the three can drift from the others.
 */
import { sql } from 'drizzle-orm'
import { getTableConfig, PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ORDER_STATUS_CODES } from '../../domain/order-status'
import { lifecycleAt, OPEN_STATUSES } from '../../machines/order-lifecycle/order-policy'
import { rows, type Database } from '../../server/db/client'
import { loanOrders } from '../../server/db/schema/loans'
import { describeOnEachDatabase, freshDatabase } from './helpers/databases'

const OPEN_INDEX = 'loan_orders_one_open_key'

/** The lifecycle's open statuses, read from its states' tags. */
const taggedOpen = ORDER_STATUS_CODES.filter((code) => lifecycleAt(code).hasTag('open')).sort((a, b) => a - b)

/** The status codes a partial index's WHERE clause names, in ascending order. */
function statusesIn(where: string): number[] {
  const clause = where.slice(where.search(/status/i))
  return (clause.match(/\d+/g) ?? []).map(Number).sort((a, b) => a - b)
}

it('lists as open exactly the statuses the lifecycle tags open', () => {
  expect(taggedOpen.length).toBeGreaterThan(0)
  expect([...OPEN_STATUSES].sort((a, b) => a - b)).toEqual(taggedOpen)
})

it('gives the schema’s one-open-order index the lifecycle’s open statuses', () => {
  const index = getTableConfig(loanOrders).indexes.find((i) => i.config.name === OPEN_INDEX)
  expect(index?.config.where, `${OPEN_INDEX} in server/db/schema/loans.ts`).toBeDefined()
  const where = new PgDialect().sqlToQuery(index!.config.where!).sql
  expect(statusesIn(where)).toEqual(taggedOpen)
})

describeOnEachDatabase('The one-open-order index after the migrations', (target) => {
  let database: Database
  let dispose: () => Promise<void>
  beforeAll(async () => {
    ;({ database, dispose } = await freshDatabase(target))
  })
  afterAll(() => dispose())

  it('covers exactly the statuses the lifecycle tags open', async () => {
    const [index] = await rows<{ indexdef: string }>(
      database.db,
      sql`SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname = ${OPEN_INDEX}`,
    )
    expect(index, `${OPEN_INDEX} exists`).toBeDefined()
    const where = index!.indexdef.slice(index!.indexdef.toUpperCase().indexOf(' WHERE '))
    expect(statusesIn(where)).toEqual(taggedOpen)
  })
})
