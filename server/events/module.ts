/**
 * App events: POST /event/batch takes the events the browser batches outside the native shell, and the shell's
 * own logEventByLocal events when it forwards them (the same fields). They are stored for product analytics
 * without personal data: no user, token, address or device id is kept, only the event, its page, its option
 * (scrubbed of anything that looks like a phone number, an ID number or an e-mail address), the order number it is
 * about, the platform and the app name. A batch sent twice (its answer was lost) is stored once. Events older than
 * the retention period are deleted by a recurring job.
 */
import { createHash } from 'node:crypto'
import { lt } from 'drizzle-orm'
import type { ServerModule } from '../context'
import { appEvents } from '../db/schema/events'

const DAY = 24 * 60 * 60 * 1000

export interface EventsOptions {
  /** Days an event is kept (default 180). */
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
  const retentionMs = (options.retentionDays ?? 180) * DAY
  const aheadMs = options.maxClockAheadMs ?? DAY
  return {
    name: 'events',
    register(host) {
      host.registerHandler('/event/batch', async (req, ctx) => {
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
        if (rows.length > 0) {
          await ctx.db.insert(appEvents).values(rows).onConflictDoNothing({ target: appEvents.fingerprint })
        }
        return { accepted: rows.length }
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
