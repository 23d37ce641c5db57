import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { livenessResultSchema } from '../../domain/schemas/identity'
import { countryByCodeSchema, eventBatchSchema, logEventSchema, MAX_EVENTS_PER_BATCH } from '../../domain/schemas/misc'

const event = {
  time: Date.UTC(2025, 5, 1, 9, 30),
  eventType: 'click',
  pageName: 'confirmBorrow',
  eventOption: 'agreementTicked',
  orderNo: 'K-2025-0001',
  isUpload: true,
}

describe('events from the native bridge (logEventByLocal)', () => {
  it('carry time, eventType, pageName, eventOption, orderNo and isUpload', () => {
    expect(fieldErrors(logEventSchema(), event)).toEqual({})
    expect(v.parse(logEventSchema(), { time: 0, eventType: 'open', pageName: 'home' })).toMatchObject({ isUpload: false })
  })

  it('refuse an event without a type or page, or with a time that is not epoch milliseconds', () => {
    expect(fieldErrors(logEventSchema(), { ...event, eventType: '' })).toEqual({ eventType: 'validation.event.type' })
    expect(fieldErrors(logEventSchema(), { ...event, pageName: undefined })).toEqual({ pageName: 'validation.event.page' })
    expect(fieldErrors(logEventSchema(), { ...event, time: -1 })).toEqual({ time: 'validation.event.time' })
    expect(fieldErrors(logEventSchema(), { ...event, time: '2025-06-01' })).toEqual({ time: 'validation.event.time' })
  })

  it(`come from the browser in batches of 1 to ${MAX_EVENTS_PER_BATCH}`, () => {
    expect(fieldErrors(eventBatchSchema(), { events: [event] })).toEqual({})
    expect(fieldErrors(eventBatchSchema(), { events: [] })).toEqual({ events: 'validation.event.batch' })
    const tooMany = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => event)
    expect(fieldErrors(eventBatchSchema(), { events: tooMany })).toEqual({ events: 'validation.event.batch' })
    expect(fieldErrors(eventBatchSchema(), { events: [event, { ...event, eventType: '' }] })).toEqual({
      'events.1.eventType': 'validation.event.type',
    })
  })
})

describe('country look-up by code', () => {
  it('knows a served country by ISO code or dial code and nothing else', () => {
    for (const code of ['TZ', 'ke', '+255', '52']) expect(fieldErrors(countryByCodeSchema(), { code })).toEqual({})
    expect(fieldErrors(countryByCodeSchema(), { code: 'US' })).toEqual({ code: 'validation.country.unknown' })
  })
})

describe('liveness result', () => {
  it('names the SDK and its session, with a score from 0 to 100 if given', () => {
    expect(fieldErrors(livenessResultSchema(), { sdk: 'demo', sessionId: 's-1', score: 97.5 })).toEqual({})
    expect(fieldErrors(livenessResultSchema(), { sdk: 'demo' })).toEqual({ sessionId: 'validation.liveness.required' })
    expect(fieldErrors(livenessResultSchema(), { sdk: 'demo', sessionId: 's-1', score: 101 })).toEqual({
      score: 'validation.liveness.score',
    })
  })
})
