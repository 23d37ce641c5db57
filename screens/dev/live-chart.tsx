/**
 * A running machine's statechart (an SVG drawn by `npm run flows`) with the states the actor is in lit, kept
 * current as the actor moves. For #/__flows: the journey and each child actor it runs.
 */
import { useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef, type ReactElement } from 'react'
import type { AnyActorRef } from 'xstate'

interface ChartNode {
  id: string
  path: string[]
  states: Record<string, ChartNode>
}

/** Every state of a machine: its id (the chart's data-state) and its path (what `matches` takes). */
export function statesOf(root: ChartNode): { id: string; path: string }[] {
  const found: { id: string; path: string }[] = []
  const collect = (node: ChartNode) =>
    Object.values(node.states).forEach((child) => {
      found.push({ id: child.id, path: child.path.join('.') })
      collect(child)
    })
  collect(root)
  return found
}

/** The machine an actor runs (a machine actor's snapshot names it), if it runs one. */
export function machineOf(actor: AnyActorRef): { id: string; root: ChartNode } | undefined {
  return (actor.getSnapshot() as { machine?: { id: string; root: ChartNode } } | undefined)?.machine
}

interface LiveChartProps {
  actor: AnyActorRef
  /** The machine's chart, generated from the machine itself by `npm run flows`, never from input. */
  svg: string
  testId: string
}

export function LiveChart({ actor, svg, testId }: LiveChartProps): ReactElement {
  const states = useMemo(() => {
    const root = machineOf(actor)?.root
    return root ? statesOf(root) : []
  }, [actor])
  const active = useSelector(actor, (s: { matches?: (path: never) => boolean } | undefined) =>
    states
      // The development statechart viewer lights any machine's states by their paths (it shows every state, so no
      // tag could stand for them); no borrower's screen matches paths (kopa/screen-contract).
      // eslint-disable-next-line kopa/screen-contract
      .filter((state) => s?.matches?.(state.path as never))
      .map((state) => state.id)
      .join('|'),
  )
  const chart = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const on = new Set(active.split('|'))
    chart.current?.querySelectorAll('[data-state]').forEach((group) => {
      group.classList.toggle('on', on.has(group.getAttribute('data-state') ?? ''))
    })
  }, [active, svg])
  return (
    <div
      ref={chart}
      style={{ overflow: 'auto', maxHeight: '70vh' }}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  )
}
