/**
 * Everything else: events logged by the native bridge (`logEventByLocal`) or, outside the shell, sent in batches
 * by the browser; the country look-up; the data-collection status of an order; the app-rating prompt's state.
 */
import * as v from 'valibot'
import { COUNTRIES, COUNTRY_CODES } from '../countries'
import { REQUIRED, identifier, optionalText, orderNo, requiredText } from './common'

export const MAX_EVENTS_PER_BATCH = 100

/** One event as `logEventByLocal` carries it: time (epoch ms, UTC), eventType, pageName, eventOption, orderNo, isUpload. */
export function logEventSchema() {
  return v.object(
    {
      time: v.pipe(
        v.number('validation.event.time'),
        v.safeInteger('validation.event.time'),
        v.minValue(0, 'validation.event.time'),
        // The last instant a Date can hold.
        v.maxValue(8.64e15, 'validation.event.time'),
      ),
      eventType: requiredText('validation.event.type', 64),
      pageName: requiredText('validation.event.page', 64),
      /** Free detail of the event (a button, a choice); never personal data. */
      eventOption: optionalText(500),
      orderNo: v.optional(orderNo()),
      /** Whether the shell should send it to the server now (true) or keep it for the next batch. */
      isUpload: v.optional(v.boolean('validation.event.isUpload'), false),
    },
    REQUIRED,
  )
}

/** Events the browser collected while running outside the native shell. */
export function eventBatchSchema() {
  return v.object(
    {
      events: v.pipe(
        v.array(logEventSchema(), 'validation.event.batch'),
        v.minLength(1, 'validation.event.batch'),
        v.maxLength(MAX_EVENTS_PER_BATCH, 'validation.event.batch'),
      ),
    },
    REQUIRED,
  )
}

/** POST /country/meta/code: a country by ISO code ('TZ') or dial code ('255', '+255'). */
export function countryByCodeSchema() {
  const known = (s: string) => {
    const code = s.trim().replace(/^\+/, '').toUpperCase()
    return (COUNTRY_CODES as readonly string[]).includes(code) || COUNTRY_CODES.some((c) => COUNTRIES[c].dialCode === code)
  }
  return v.object(
    { code: v.pipe(v.string('validation.country.unknown'), v.check(known, 'validation.country.unknown')) },
    REQUIRED,
  )
}

export const RATING_OUTCOMES = ['shown', 'rated', 'declined'] as const
export type RatingOutcome = (typeof RATING_OUTCOMES)[number]

/** What became of the app-rating prompt for a repaid loan (decisions.md: at most once every 30 days). */
export function ratingPromptSchema() {
  return v.object(
    {
      loanOrderId: identifier('validation.loanOrderId.required'),
      outcome: v.picklist(RATING_OUTCOMES, 'validation.select'),
    },
    REQUIRED,
  )
}
