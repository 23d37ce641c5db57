/**
 * call-failure — what every screen machine shares about its I/O: how an actor fails (CallFailure), how a failure
 * becomes something to show (Message), and how "the session ended" is escalated to the journey.
 */
import type { AnyActorRef } from 'xstate'
import { ApiCode } from '../../domain/api-codes'
import type { ApiFailure } from '../../domain/api-result'

/**
 * How an I/O actor fails: it rejects with the API client's failure value as it came (domain/api-result.ts).
 * `invalid` carries the server's per-field messages, already translated; `rejected` the server's message (maybe
 * empty) and the app's own key for its code; `network` and `timeout` an i18n key.
 */
export type CallFailure = ApiFailure

const KINDS: readonly CallFailure['kind'][] = ['sessionEnded', 'invalid', 'rejected', 'network', 'timeout']

/** The failure an actor rejected with; anything else (a bug, a missing actor) reads as a refused request. */
export function failureOf(error: unknown): CallFailure {
  if (typeof error === 'object' && error !== null && KINDS.includes((error as CallFailure).kind)) {
    const failure = error as CallFailure
    return failure.kind === 'invalid' ? { ...failure, fields: failure.fields ?? {} } : failure
  }
  return {
    ok: false,
    kind: 'rejected',
    code: ApiCode.ServerError,
    message: '',
    messageKey: 'errors.requestFailed',
  }
}

/** Something to show: an i18n key (with values) the screen translates, or the server's text as it came. */
export type Message = { key: string; values?: Record<string, string | number> } | { text: string }

export const msg = (key: string, values?: Record<string, string | number>): Message =>
  values ? { key, values } : { key }

/** The app's own message for a response code (locales/<lang>/errors.json `code.<code>`). */
export const codeMessage = (code: number): Message => msg(`errors.code.${code}`)

/**
 * The message of a failed call: the server's own text when it gave one, else `fallbackKey` when the caller has
 * a more precise message for a refusal (e.g. spec §8's "Cancellation fail"), else the app's key for the failure
 * (errors.network, errors.timeout, errors.code.<code>, errors.requestFailed).
 */
export function messageOf(failure: CallFailure, fallbackKey?: string): Message {
  switch (failure.kind) {
    case 'network':
    case 'timeout':
      return msg(failure.message)
    case 'invalid':
    case 'rejected':
      if (failure.message) return { text: failure.message }
      return msg(fallbackKey ?? failure.messageKey)
    case 'sessionEnded':
      return codeMessage(failure.code)
  }
}

/**
 * What an answer whose meaning depends on the time carries besides its data: the server's clock when it
 * answered and the device's clock when the answer arrived (ms since the epoch, measured by the actor). Their
 * difference corrects a phone whose clock is wrong; deadlines are then counted in server time.
 */
export interface ServerTime {
  serverNow: number
  receivedAt: number
}

/** Guard helpers every machine names in its own setup(). */
export const isSessionEnded = (error: unknown): boolean => failureOf(error).kind === 'sessionEnded'
export const isInvalid = (error: unknown): boolean => failureOf(error).kind === 'invalid'

/** The error a failed actor's done-or-error event carries (undefined on any other event). */
export const errorOf = (event: unknown): unknown =>
  typeof event === 'object' && event !== null && 'error' in event ? event.error : undefined
/** Whether an event is a call that failed because the session ended. */
export const endsSession = (event: unknown): boolean => isSessionEnded(errorOf(event))

/** The event a screen machine sends its parent (the journey) when the server ended the session. */
export interface SessionEndedEvent {
  type: 'session.ended'
}

/**
 * Escalates "the session ended" (spec §8 session codes): to the parent when the machine runs invoked (the
 * journey clears the session and shows login), and as an emitted event for whoever runs it on its own.
 */
export function escalateSessionEnded({
  enqueue,
  self,
}: {
  enqueue: { sendParent(event: SessionEndedEvent): void; emit(event: SessionEndedEvent): void }
  self: AnyActorRef
}): void {
  if (self._parent) enqueue.sendParent({ type: 'session.ended' })
  enqueue.emit({ type: 'session.ended' })
}
