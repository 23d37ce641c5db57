/**
 * App events: POST /event/batch takes the events the browser batches outside the native shell, and the shell's
 * own logEventByLocal events when it forwards them (the same fields). They are stored for product analytics
 * without personal data: no user, token, address or device id is kept, only the event, its page, its option
 * (scrubbed of anything that looks like a phone number, an ID number or an e-mail address), the order number it is
 * about, the platform and the app name. A batch sent twice (its answer was lost) is stored once. Events older than
 * the retention period are deleted by a recurring job.
 *
 * Nothing is stored for strangers (issue 14): a batch without a valid session is answered `{ accepted: 0 }` and
 * dropped (the app then forgets it: nothing is retried). A borrower may send config.rateLimits
 * .eventBatchesPerSessionPerMinute batches a minute (1005 beyond) and have config.quotas.eventsPerSessionPerDay events
 * stored a day (the rest answered, not kept); events are kept config.quotas.eventRetentionDays days.
 */
import { createHash } from 'node:crypto'
import { lt } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { ServerModule } from '../context'
import { appEvents } from '../db/schema/events'
import { fail } from '../envelope'
import { DAY_MS, MINUTE_MS } from '../limits'

const DAY = 24 * 60 * 60 * 1000

export interface EventsOptions {
  /** Days an event is kept (default config.quotas.eventRetentionDays: 180). */
  retentionDays?: number
  /** How far a phone's clock may be ahead of the server's before its events are dropped (default one day). */
  maxClockAheadMs?: number
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g
/** Six or more digits, possibly split by spaces, dots or dashes, with an optional +: phone and ID numbers. */
const LONG_NUMBER = /\+?\d(?:[\s.-]?\d){5,}/g

/** Removes what could identify a person from free text. */
export function scrub(text: string): string {
  return text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]')
}

/** A header value reduced to a short plain token ('android', 'web', 'Kopa'). */
function token(value: string, fallback: string): string {
  const clean = value.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 32)
  return clean || fallback
}

export function createEventsModule(options: EventsOptions = {}): ServerModule {
  const aheadMs = options.maxClockAheadMs ?? DAY
  return {
    name: 'events',
    register(host) {
      const retentionMs = (options.retentionDays ?? host.config.quotas.eventRetentionDays) * DAY
      host.registerHandler('/event/batch', async (req, ctx) => {
        // A stranger's events are not kept: answered (so the browser does not send them again), never stored.
        const session = req.session
        if (!session) return { accepted: 0 }
        const { rate } = ctx.limits
        // Counted per borrower, not per session: logging in again does not buy a new day's quota.
        const key = String(session.userId)
        const batches = rate.hit(
          'events',
          key,
          ctx.config.rateLimits.eventBatchesPerSessionPerMinute,
          MINUTE_MS,
        )
        if (!batches.ok)
          fail(ApiCode.RateLimited, undefined, { retryAfterSeconds: batches.retryAfterSeconds })
        const now = ctx.clock.now()
        const platform = token(req.headers.platform, 'unknown')
        const appName = token(req.headers.appName, 'unknown')
        const rows = req.input.events
          .filter((e) => e.time >= now.getTime() - retentionMs && e.time <= now.getTime() + aheadMs)
          .map((e) => {
            const eventType = scrub(e.eventType)
            const pageName = scrub(e.pageName)
            const eventOption = e.eventOption ? scrub(e.eventOption) : null
            const orderNo = e.orderNo ?? null
            const fingerprint = createHash('sha256')
              .update(JSON.stringify([e.time, eventType, pageName, eventOption, orderNo, platform, appName]))
              .digest('hex')
            return {
              fingerprint,
              occurredAt: new Date(e.time),
              receivedAt: now,
              eventType,
              pageName,
              eventOption,
              orderNo,
              platform,
              appName,
            }
          })
        // The day's quota of the session: events over it are answered but not kept.
        let kept = rows
        for (let i = 0; i < rows.length; i++) {
          if (!rate.hit('eventsPerDay', key, ctx.config.quotas.eventsPerSessionPerDay, DAY_MS).ok) {
            kept = rows.slice(0, i)
            break
          }
        }
        if (kept.length > 0) {
          await ctx.db.insert(appEvents).values(kept).onConflictDoNothing({ target: appEvents.fingerprint })
        }
        return { accepted: kept.length }
      })

      host.jobs.every('events.purge', 6 * 60 * 60 * 1000, async (_payload, job) => {
        await job.tx
          .delete(appEvents)
          .where(lt(appEvents.receivedAt, new Date(job.now.getTime() - retentionMs)))
      })
    },
  }
}

export const eventsModule = createEventsModule()
