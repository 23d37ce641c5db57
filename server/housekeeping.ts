/**
 * Housekeeping: forget what no rule needs any more, every hour on the shared clock (one instance does it).
 * - verification codes after a day (the limits look back one hour);
 * - sessions 30 days after they expired or were replaced (until then an old token still gets its precise code);
 * - the development SMS outbox after a day;
 * - finished one-off jobs after 30 days (failed ones stay for an operator to read);
 * - staff sessions 30 days after they expired (the audit log keeps who signed in when).
 */
import { and, eq, lt, or } from 'drizzle-orm'
import type { ServerModule } from './context'
import { devSmsOutbox, jobs, sessions, verifyCodes } from './db/schema/core'
import { staffSessions } from './db/schema/staff'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

export const HOUSEKEEPING_JOB = 'core.housekeeping'

export const housekeepingModule: ServerModule = {
  name: 'housekeeping',
  register(host) {
    host.jobs.every(HOUSEKEEPING_JOB, HOUR, async (_payload, { tx, now }) => {
      const ago = (ms: number) => new Date(now.getTime() - ms)
      await tx.delete(verifyCodes).where(lt(verifyCodes.createdAt, ago(DAY)))
      await tx
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, ago(30 * DAY)), lt(sessions.replacedAt, ago(30 * DAY))))
      await tx.delete(devSmsOutbox).where(lt(devSmsOutbox.createdAt, ago(DAY)))
      await tx.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finishedAt, ago(30 * DAY))))
      await tx.delete(staffSessions).where(lt(staffSessions.expiresAt, ago(30 * DAY)))
    })
  },
}
