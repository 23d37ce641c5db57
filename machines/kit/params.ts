/**
 * params — how what an invoked actor returned reaches a guard or an action, typed. xstate types an invoke's done
 * event by the actor named in setup() (`DoneActorEvent<Output>`), but a guard or action written in setup() sees
 * only the machine's own events; so the transition hands the output on as params:
 *
 *   guards:  { couponApplied: (_, { output }: Output<CouponsOutput>) => output.outcome === 'applied' }
 *   config:  onDone: { guard: { type: 'couponApplied', params: outputParams }, actions: … }
 *
 * A wrong actor or a renamed field is then a type error, not a cast that hides it (scripts/eslint/
 * xstate-conventions.js forbids casting the event in machines/).
 */

/** The params of a guard or action that reads an invoked actor's output. */
export interface Output<T> {
  output: T
}

/** Hands a done event's output on as params: `{ type: 'keepOffer', params: outputParams }`. */
export const outputParams = <T>({ event }: { event: { output: T } }): Output<T> => ({ output: event.output })

/** The params of an action that forwards the event it runs on (typed by the child that receives it). */
export interface Forward<E> {
  event: E
}

/** Hands the transition's own event on as params: `{ type: 'forwardToSession', params: eventParams }`. */
export const eventParams = <E>({ event }: { event: E }): Forward<E> => ({ event })

/** The params of a guard or action that reads a failed call's error. */
export interface Failed {
  error: unknown
}

/** Hands an error event's error on as params: `{ type: 'showFailure', params: errorParams }`. */
export const errorParams = ({ event }: { event: { error: unknown } }): Failed => ({ error: event.error })
