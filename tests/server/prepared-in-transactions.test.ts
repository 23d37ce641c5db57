/**
 * A statement built once and lent to later transactions (issue 17, `preparedIn` in server/db/client.ts): it runs on
 * the transaction that asks — its connection, its uncommitted rows, its locks, its rollback — is counted by that
 * database, and answers what the statement built anew answers. The profile save's upsert and the open order's lock
 * (server/profile) go through it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Queryable } from '../../server/db/client'
import { loanOrders } from '../../server/db/schema/loans'
import { profiles } from '../../server/db/schema/profile'
import { claimPersonKeys } from '../../server/profile/person-keys'
import { profileRow, saveProfile } from '../../server/profile/store'
import { describeOnEachDatabase } from './helpers/databases'
import { paidOutBorrower, register, startLoanServer, type LoanServer } from './loans-harness'

const TZS = 100

class RolledBack extends Error {}

describeOnEachDatabase('A statement prepared once for every transaction', (target) => {
  let ls: LoanServer
  let other: LoanServer
  beforeAll(async () => {
    ls = await startLoanServer(target, 'inject', {}, { countQueries: true })
    other = await startLoanServer(target, 'inject', {}, { countQueries: true })
  })
  afterAll(async () => {
    await ls.close()
    await other.close()
  })

  it('runs in the transaction that asks: its rows, its rollback, its count', async () => {
    const { db, database } = ls.s.server.ctx
    const b = await register(ls.s)
    const saved = (q: Queryable, companyName: string) =>
      saveProfile(q, b.userId, { additionInfo: { companyName }, additionInfoAt: new Date() }, new Date())
    // The first transaction builds the statement, the later ones borrow it.
    await db.transaction((tx) => saved(tx, 'first'))
    await db.transaction((tx) => saved(tx, 'second'))
    expect((await profileRow(db, b.userId))?.additionInfo).toEqual({ companyName: 'second' })
    // A transaction sees its own write through the borrowed statement, and its rollback undoes it.
    await expect(
      db.transaction(async (tx) => {
        const before = database.queryCount()!
        await saved(tx, 'rolled back')
        expect(database.queryCount()! - before).toBe(1)
        expect((await profileRow(tx, b.userId))?.additionInfo).toEqual({ companyName: 'rolled back' })
        throw new RolledBack()
      }),
    ).rejects.toBeInstanceOf(RolledBack)
    expect((await profileRow(db, b.userId))?.additionInfo).toEqual({ companyName: 'second' })
    // Another server (another database handle, its own counter) borrows nothing of this one's.
    const c = await register(other.s)
    const otherDb = other.s.server.ctx
    const before = [database.queryCount()!, otherDb.database.queryCount()!]
    await otherDb.db.transaction((tx) =>
      saveProfile(tx, c.userId, { additionInfo: { companyName: 'other' } }, new Date()),
    )
    expect(database.queryCount()! - before[0]!).toBe(0)
    // PostgreSQL counts BEGIN and COMMIT as statements too; PGlite runs them itself.
    expect(otherDb.database.queryCount()! - before[1]!).toBe(target.name === 'postgres' ? 3 : 1)
    expect((await profileRow(otherDb.db, c.userId))?.additionInfo).toEqual({ companyName: 'other' })
  })

  it('answers what the statement built anew answers, and holds the lock it takes', async () => {
    const { db } = ls.s.server.ctx
    const { b } = await paidOutBorrower(ls, { amountMinor: 200_000 * TZS, tenureDays: 120 })
    const built = (tx: Queryable) =>
      tx.select().from(loanOrders).where(eq(loanOrders.userId, b.userId)).for('update')
    for (let i = 0; i < 3; i++) {
      await db.transaction(async (tx) => {
        const claimed = await claimPersonKeys(tx, b.userId, new Date())
        const [fresh] = await built(tx)
        expect(claimed).toEqual(fresh)
      })
    }
    // While one transaction holds the open order through the borrowed statement, another waits for it.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    let locked: () => void = () => undefined
    const isLocked = new Promise<void>((resolve) => (locked = resolve))
    const order: string[] = []
    const first = db.transaction(async (tx) => {
      await claimPersonKeys(tx, b.userId, new Date())
      locked()
      await held
      order.push('first done')
    })
    await isLocked
    const second = db.transaction(async (tx) => {
      await claimPersonKeys(tx, b.userId, new Date())
      order.push('second claimed')
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first done', 'second claimed'])
  })

  it('builds a statement per set of fields, leaving out the undefined ones', async () => {
    const { db } = ls.s.server.ctx
    const b = await register(ls.s)
    const at = new Date('2026-01-02T03:04:05.000Z')
    await db.transaction((tx) =>
      saveProfile(tx, b.userId, { personKey: 'k1', walletKey: undefined, identityAt: at }, at),
    )
    await db.transaction((tx) => saveProfile(tx, b.userId, { walletKey: 'w1' }, at))
    await db.transaction((tx) => saveProfile(tx, b.userId, { personKey: 'k2', walletKey: undefined }, at))
    const [row] = await db.select().from(profiles).where(eq(profiles.userId, b.userId))
    expect(row).toMatchObject({ personKey: 'k2', walletKey: 'w1', identityAt: at, updatedAt: at })
  })
})
