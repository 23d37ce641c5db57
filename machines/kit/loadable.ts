/**
 * loadable — the load → failed → retry → session-ended skeleton of the screen machines: a `loading` state invokes
 * the read; its error ends the machine when the session ended, else shows the failure and waits in `loadFailed`
 * (tag loadFailed) until the borrower retries. The machine keeps its own `loading` state (what it reads and what
 * it does with the answer) and builds the rest from these fragments.
 *
 * What the fragments name in the machine's setup():
 *   guards   sessionEnded (the error ended the session: the kit's endsSession)
 *   actions  showFailure (the failure as a message), clearError
 * `callErrors(ended, back)` is the same pair for a call that is not a read: the failure shown in `back`.
 *   states   loading, loadFailed, and the final state `ended` (sessionEnded unless told)
 */

/** The error transitions of a read: the session ended → `ended`, else `loadFailed` with the failure shown. */
export const loadErrors = <const Ended extends string = 'sessionEnded'>(ended?: Ended) =>
  [
    { guard: 'sessionEnded', target: (ended ?? 'sessionEnded') as Ended },
    { target: 'loadFailed', actions: 'showFailure' },
  ] as const

/** The state a failed read waits in; `retried` reads again (with the error cleared). */
export const loadFailedState = <const Retried extends string>(retried: Retried, description?: string) =>
  ({
    ...(description ? { description } : {}),
    tags: ['loadFailed'],
    on: { [retried]: { target: 'loading', actions: 'clearError' } } as Record<
      Retried,
      { readonly target: 'loading'; readonly actions: 'clearError' }
    >,
  }) as const

/** The error transitions of any call: the session ended → `ended`, else `back` with the failure shown. */
export const callErrors = <const Ended extends string, const Back extends string>(ended: Ended, back: Back) =>
  [
    { guard: 'sessionEnded', target: ended },
    { target: back, actions: 'showFailure' },
  ] as const
