/**
 * A screen's one read of its machine: the machine's view selector (tags, `can()` and the context the screen shows,
 * e.g. homeView in machines/home.machine.ts), compared field by field so the screen re-renders only when something
 * it shows changed.
 */
import { shallowEqual, useSelector } from '@xstate/react'
import type { AnyActorRef, SnapshotFrom } from 'xstate'

export function useView<A extends AnyActorRef, V extends object>(
  actor: A,
  view: (s: SnapshotFrom<A>) => V,
): V {
  return useSelector(actor, (s) => view(s as SnapshotFrom<A>), shallowEqual)
}
