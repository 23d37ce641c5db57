/**
 * Issue 20: an admin reads the audit log by days in their own time zone, a page at a time, and exports those days
 * as CSV.
 */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { AuditRow } from '../../domain/console'
import { ADMIN, consoleStubs, provideConsole, refused, type ConsoleAnswers } from './console-fixtures'

const row = (id: number, more: Partial<AuditRow> = {}): AuditRow => ({
  id,
  at: `2026-03-10T0${id % 10}:00:00.000Z`,
  staffId: 1,
  action: 'session.signedIn',
  subject: 'staff:1',
  before: null,
  after: null,
  ...more,
})

function start(
  answers: ConsoleAnswers = {},
  input: { canExport?: boolean; draft?: Record<string, string> } = {},
) {
  const stubs = consoleStubs(answers)
  const actor = createActor(provideConsole(stubs).auditLog, {
    input: {
      timeZone: 'Africa/Dar_es_Salaam',
      me: ADMIN,
      canExport: input.canExport ?? true,
      draft: input.draft,
    },
  }).start()
  return { actor, stubs }
}

type Actor = ReturnType<typeof start>['actor']
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: 'idle' }) || s.hasTag('failed'))

describe('the audit log', () => {
  it('shows the last 7 days at first, from midnight to midnight in the admin’s time zone (UTC+3)', async () => {
    const { actor, stubs } = start()
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    await ready(actor)
    expect(stubs.today).toHaveBeenCalledWith({ timeZone: 'Africa/Dar_es_Salaam' })
    expect(stubs.readAudit).toHaveBeenCalledWith({
      from: '2026-03-03T21:00:00.000Z',
      to: '2026-03-10T21:00:00.000Z',
      limit: 100,
    })
    expect(actor.getSnapshot().context.days).toEqual({ from: '2026-03-04', to: '2026-03-10' })
    expect(actor.getSnapshot().context.shown).toEqual({ from: '2026-03-04', to: '2026-03-10' })
  })

  it('reads the rows after the last one shown on "Show more", and adds them below', async () => {
    const first = Array.from({ length: 3 }, (_, i) => row(i + 1))
    const { actor, stubs } = start({
      readAudit: async (query) =>
        query.afterId === undefined ? { rows: first, nextAfterId: 3 } : { rows: [row(4)], nextAfterId: null },
    })
    await ready(actor)
    expect(actor.getSnapshot().can({ type: 'audit.moreRequested' })).toBe(true)
    actor.send({ type: 'audit.moreRequested' })
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true)
    await ready(actor)
    expect(stubs.readAudit).toHaveBeenLastCalledWith(expect.objectContaining({ afterId: 3, limit: 100 }))
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual([1, 2, 3, 4])
    expect(actor.getSnapshot().can({ type: 'audit.moreRequested' })).toBe(false)
  })

  it('checks the days at their fields before reading: real days, the last not before the first', async () => {
    const { actor, stubs } = start()
    await ready(actor)
    actor.send({ type: 'audit.dayChanged', field: 'from', day: '2026-02-30' })
    actor.send({ type: 'audit.dayChanged', field: 'to', day: '' })
    actor.send({ type: 'audit.applied' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      from: { key: 'console.validation.day' },
      to: { key: 'console.validation.required' },
    })
    actor.send({ type: 'audit.dayChanged', field: 'from', day: '2026-03-09' })
    actor.send({ type: 'audit.dayChanged', field: 'to', day: '2026-03-01' })
    actor.send({ type: 'audit.applied' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ to: { key: 'console.validation.dayOrder' } })
    expect(stubs.readAudit).toHaveBeenCalledTimes(1)
  })

  it('reads the first page of other days afresh, across a change of month', async () => {
    const { actor, stubs } = start({
      readAudit: async (query) => ({
        rows: [row(query.from.startsWith('2026-02') ? 8 : 1)],
        nextAfterId: null,
      }),
    })
    await ready(actor)
    actor.send({ type: 'audit.dayChanged', field: 'from', day: '2026-03-01' })
    actor.send({ type: 'audit.dayChanged', field: 'to', day: '2026-03-01' })
    actor.send({ type: 'audit.applied' })
    await ready(actor)
    expect(stubs.readAudit).toHaveBeenLastCalledWith({
      from: '2026-02-28T21:00:00.000Z',
      to: '2026-03-01T21:00:00.000Z',
      limit: 100,
    })
    expect(actor.getSnapshot().context.rows.map((r) => r.id)).toEqual([8])
  })

  it('exports the days shown and says the file is saved', async () => {
    const { actor, stubs } = start()
    await ready(actor)
    actor.send({ type: 'audit.exportRequested' })
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true)
    await ready(actor)
    expect(stubs.exportAudit).toHaveBeenCalledWith({
      from: '2026-03-03T21:00:00.000Z',
      to: '2026-03-10T21:00:00.000Z',
    })
    expect(actor.getSnapshot().context.notice).toEqual({ key: 'console.audit.exported' })
  })

  it('says how many rows an export may hold when the days hold more', async () => {
    const { actor } = start({
      exportAudit: async () => {
        throw refused(413, 'tooLarge', { max: 100_000 })
      },
    })
    await ready(actor)
    actor.send({ type: 'audit.exportRequested' })
    await ready(actor)
    expect(actor.getSnapshot().context.error).toEqual({
      key: 'console.audit.tooLarge',
      values: { max: 100_000 },
    })
  })

  it('offers no export to a member without the export permission', async () => {
    const { actor } = start({}, { canExport: false })
    await ready(actor)
    expect(actor.getSnapshot().can({ type: 'audit.exportRequested' })).toBe(false)
  })

  it('names the members the rows tell of: the reader, and each one a row added', async () => {
    const { actor } = start({
      readAudit: async () => ({
        rows: [
          row(1, {
            staffId: null,
            action: 'staff.created',
            subject: 'staff:1',
            after: { username: 'ana.admin' },
          }),
          row(2, {
            action: 'staff.created',
            subject: 'staff:2',
            after: { username: 'amina.support', role: 'support' },
          }),
        ],
        nextAfterId: null,
      }),
    })
    await ready(actor)
    expect(actor.getSnapshot().context.names).toEqual({ 1: 'ana.admin', 2: 'amina.support' })
  })

  it('says the log could not be read, and reads it again on request', async () => {
    let fail = true
    const { actor } = start({
      readAudit: async () => {
        if (fail) throw { kind: 'network' }
        return { rows: [row(1)], nextAfterId: null }
      },
    })
    await ready(actor)
    expect(actor.getSnapshot().hasTag('failed')).toBe(true)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
    fail = false
    actor.send({ type: 'audit.retried' })
    await ready(actor)
    expect(actor.getSnapshot().context.rows).toHaveLength(1)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('starts from the days typed before the session ended', async () => {
    const { actor, stubs } = start({}, { draft: { from: '2026-01-01', to: '2026-01-31' } })
    await ready(actor)
    expect(stubs.readAudit).toHaveBeenCalledWith({
      from: '2025-12-31T21:00:00.000Z',
      to: '2026-01-31T21:00:00.000Z',
      limit: 100,
    })
  })
})
