/**
 * What the flow documents (scripts/flows.ts) and the statecharts (scripts/flows-svg.ts) both say of a machine:
 * its states, and an event or a guard as a person reads it.
 */
import type { AnyStateNode } from 'xstate'

export const children = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states) as AnyStateNode[]

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...children(node).flatMap(allNodes)]
}

export function guardLabel(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type
  return 'guard'
}

/** A readable name for an event: delays, children's results and eventless transitions by what they mean. */
export function eventLabel(source: AnyStateNode, eventType: string): string {
  const srcOf = (prefix: string) => {
    const id = eventType.slice(prefix.length)
    const invoke = allNodes(source).flatMap((n) => n.invoke).find((i) => i.id === id)
    return invoke ? String(typeof invoke.src === 'string' ? invoke.src : invoke.id) : id
  }
  if (eventType === '') return 'always'
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice('xstate.after.'.length).split('.')[0]}`
  if (eventType.startsWith('xstate.done.actor.')) return `done ${srcOf('xstate.done.actor.')}`
  if (eventType.startsWith('xstate.error.actor.')) return `error ${srcOf('xstate.error.actor.')}`
  if (eventType.startsWith('xstate.snapshot.')) return `snapshot ${srcOf('xstate.snapshot.')}`
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  return eventType
}
