/**
 * App events: the browser's batches (and the shell's forwarded logEventByLocal events) are stored without
 * personal data, once each however often a batch is re-sent, and deleted after the retention period — on every
 * database, through inject and HTTP. Only a session's events are kept (issue 14): a batch without one — a stranger's,
 * or a sendBeacon request, which carries no headers — is answered and dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { EventsAccepted } from '../../domain/api-types'
import { encodeRequest } from '../../protocol/protocol'
import { appEvents } from '../../server/db/schema/events'
import { scrub } from '../../server/events/module'
import { describeOnEachDatabase } from './helpers/databases'
import { startTestServer, TRANSPORTS, type TestServer } from './helpers/server'
import { advance, signUp } from './helpers/session'

const DAY = 24 * 60 * 60 * 1000
/** The HTTP status the test client keeps on every envelope. */
const statusOf = (res: object) => (res as { status?: number }).status

describe('Scrubbing free text', () => {
  it('replaces phone numbers, ID numbers and e-mail addresses, and keeps ordinary words and small numbers', () => {
    expect(scrub('called +255 754 123 456 then 0712-345-678')).toBe('called [number] then [number]')
    expect(scrub('nida 19900517-12345-00002-26')).toBe('nida [number]')
    expect(scrub('wrote to asha.m@gmail.com')).toBe('wrote to [email]')
    expect(scrub('tenure 91 days, step 3 of 5')).toBe('tenure 91 days, step 3 of 5')
  })
})

describeOnEachDatabase('App events', (target) => {
  let server: TestServer
  let serial = 0
  beforeAll(async () => {
    server = await startTestServer(target)
  })
  afterAll(() => server.close())

  const rows = () => server.server.ctx.db.select().from(appEvents).orderBy(asc(appEvents.id))
  let mobiles = 0
  /** A fresh borrower's token (events are kept only with a session). */
  const session = (s: TestServer) =>
    signUp(s, `0716${String(Date.now()).slice(-5)}${(mobiles = (mobiles + 1) % 10)}`)
  /** A unique page name per story, so stories never see each other's rows. */
  const page = () => `page-${(serial += 1)}`

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await server.as(transport)
    })

    it('keeps a signed-in borrower’s events without who they are, their number or their address', async () => {
      const mobile = `0715${String(Date.now()).slice(-6)}`
      const token = await signUp(s, mobile)
      const now = s.server.ctx.clock.nowMs()
      const pageName = page()
      const res = await s.call<EventsAccepted>(
        '/event/batch',
        {
          events: [
            {
              time: now - 2000,
              eventType: 'click',
              pageName,
              eventOption: 'apply',
              orderNo: 'KP123',
              isUpload: false,
            },
            {
              time: now - 1000,
              eventType: 'input',
              pageName,
              eventOption: `typed ${mobile} and asha@gmail.com`,
            },
          ],
        },
        { token, headers: { platform: 'web', appname: 'Kopa' }, ip: '41.59.1.2' },
      )
      expect(res).toMatchObject({ code: ApiCode.Ok, data: { accepted: 2 } })
      const stored = (await rows()).filter((r) => r.pageName === pageName)
      expect(stored.map((r) => [r.eventType, r.eventOption, r.orderNo, r.platform, r.appName])).toEqual([
        ['click', 'apply', 'KP123', 'web', 'Kopa'],
        ['input', 'typed [number] and [email]', null, 'web', 'Kopa'],
      ])
      expect(stored[0]!.occurredAt.getTime()).toBe(now - 2000)
      const everything = JSON.stringify(stored)
      for (const personal of [mobile, mobile.slice(1), '41.59.1.2', token])
        expect(everything).not.toContain(personal)
      expect(Object.keys(stored[0]!).sort()).toEqual(
        [
          'appName',
          'eventOption',
          'eventType',
          'fingerprint',
          'id',
          'occurredAt',
          'orderNo',
          'pageName',
          'platform',
          'receivedAt',
        ].sort(),
      )
    })

    it('stores a batch once when the browser sends it again because the answer was lost', async () => {
      const token = await session(s)
      const pageName = page()
      const time = s.server.ctx.clock.nowMs() - 5000
      const batch = {
        events: [
          { time, eventType: 'view', pageName },
          { time: time + 1, eventType: 'view', pageName },
        ],
      }
      for (let i = 0; i < 3; i++) {
        expect((await s.call<EventsAccepted>('/event/batch', batch, { token })).data.accepted).toBe(2)
      }
      expect((await rows()).filter((r) => r.pageName === pageName)).toHaveLength(2)
    })

    it('answers a sendBeacon batch (plain text, no language, no token) and keeps nothing of it', async () => {
      const pageName = page()
      const encoded = encodeRequest({
        packageName: 'com.kopa.app',
        method: 'POST',
        path: '/event/batch',
        base: '/api',
        payload: { events: [{ time: s.server.ctx.clock.nowMs(), eventType: 'leave', pageName }] },
        now: s.server.ctx.clock.nowMs(),
      })
      const res = await s.raw({
        method: 'POST',
        url: encoded.url,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(encoded.data),
      })
      expect(res.status).toBe(200)
      expect(JSON.parse(res.body)).toMatchObject({ code: ApiCode.Ok, data: { accepted: 0 } })
      expect((await rows()).filter((r) => r.pageName === pageName)).toEqual([])
      // The same plain-text request with the session's token is kept, without the headers it lacks.
      const token = await session(s)
      const kept = await s.raw({
        method: 'POST',
        url: encoded.url,
        headers: { 'content-type': 'text/plain;charset=UTF-8', authorization: `Bearer ${token}` },
        body: JSON.stringify(encoded.data),
      })
      expect(JSON.parse(kept.body)).toMatchObject({ code: ApiCode.Ok, data: { accepted: 1 } })
      expect((await rows()).filter((r) => r.pageName === pageName)).toMatchObject([
        { eventType: 'leave', platform: 'unknown', appName: 'unknown' },
      ])
    })

    it('drops events dated long ago or in the future by a wrong phone clock, and says how many it took', async () => {
      const pageName = page()
      const token = await session(s)
      const now = s.server.ctx.clock.nowMs()
      const res = await s.call<EventsAccepted>(
        '/event/batch',
        {
          events: [
            { time: 0, eventType: 'view', pageName },
            { time: now + 3 * DAY, eventType: 'view', pageName },
            { time: now, eventType: 'view', pageName },
          ],
        },
        { token },
      )
      expect(res.data.accepted).toBe(1)
      expect((await rows()).filter((r) => r.pageName === pageName)).toHaveLength(1)
    })

    it('refuses an empty, oversized or malformed batch with a translated message, never a 500', async () => {
      const time = s.server.ctx.clock.nowMs()
      const ev = { time, eventType: 'view', pageName: 'home' }
      const cases: [unknown, string][] = [
        [[], 'events'],
        [Array.from({ length: 101 }, () => ev), 'events'],
        [[{ ...ev, time: -1 }], 'events.0.time'],
        [[{ ...ev, time: 'yesterday' }], 'events.0.time'],
        [[{ ...ev, eventType: '' }], 'events.0.eventType'],
        [[{ ...ev, pageName: 'x'.repeat(65) }], 'events.0.pageName'],
        [[{ ...ev, isUpload: 'yes' }], 'events.0.isUpload'],
        ['not a list', 'events'],
      ]
      for (const [events, field] of cases) {
        const res = await s.call<{ fields: Record<string, string> }>(
          '/event/batch',
          { events },
          { lang: 'sw_KE' },
        )
        expect(statusOf(res), JSON.stringify(events).slice(0, 80)).toBe(200)
        expect(res.code).toBe(ApiCode.ValidationFailed)
        expect(Object.keys(res.data.fields)).toContain(field)
        expect(res.data.fields[field]).not.toMatch(/^validation\./)
      }
    })
  })

  it('deletes events once they are older than the retention period', async () => {
    const pageName = page()
    await server.call(
      '/event/batch',
      { events: [{ time: server.server.ctx.clock.nowMs(), eventType: 'old', pageName }] },
      { token: await session(server) },
    )
    await advance(server, 170 * DAY)
    const pageNow = page()
    // The first session has expired by now (30 days): a new one sends the next batch.
    await server.call(
      '/event/batch',
      { events: [{ time: server.server.ctx.clock.nowMs(), eventType: 'new', pageName: pageNow }] },
      { token: await session(server) },
    )
    expect((await rows()).filter((r) => r.pageName === pageName)).toHaveLength(1)
    await advance(server, 11 * DAY)
    const left = await rows()
    expect(left.filter((r) => r.pageName === pageName)).toHaveLength(0)
    expect(left.filter((r) => r.pageName === pageNow)).toHaveLength(1)
  })
})
