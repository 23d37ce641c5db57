/**
 * The order lifecycle's test model, derived from the machine itself (machines/order-lifecycle.machine.ts), not
 * written by hand: a new state, event or guarded branch there appears here without editing this file.
 *
 * - Its transitions are read from the machine's state nodes (every event of every state, every guarded branch).
 * - Its graph is explored by running the real machine: a world is one borrower's lifecycle snapshot plus what the
 *   machine's events depend on outside it (the country they registered in), and from each world the events the
 *   machine accepts there are sent, with the payloads the product forms (PAYLOADS: a borrower's application now
 *   or on the retry date, a back-office decision at the time the server's clock reads, a rollover the server
 *   quotes). The real `transition` decides where each goes, guards included.
 *
 * A transition no world reaches is one the product cannot cause: `unreachable()` lists them with the guard that
 * never holds there (the test prints and checks them); everything else must be driven through the app.
 */
import { fromTransition, initialTransition, transition, type ActorLogic, type TransitionSnapshot } from 'xstate'
import { TestModel } from 'xstate/graph'
import {
  APPROVAL_TTL_MS,
  orderLifecycleMachine,
  RETRY_AFTER_MS,
  type OrderLifecycleContext,
  type OrderLifecycleEvent,
  type OrderLifecycleEventType,
  type OrderLifecycleSnapshot,
  type OrderLifecycleState,
} from '../../machines/order-lifecycle.machine'
import { COUNTRIES, type CountryCode } from '../../domain/countries'

const DAY = 24 * 60 * 60 * 1000
/** The model's one "now": every decision is taken at it, or at a fixed time after it. */
export const NOW = Date.UTC(2026, 10, 1, 8, 0, 0)

/** One transition of the machine: a state's event and, when it has several, which guarded branch. */
export interface LifecycleTransition {
  id: string
  source: OrderLifecycleState
  event: OrderLifecycleEventType
  guard: string | null
  target: OrderLifecycleState
}

type Definition = ReturnType<typeof orderLifecycleMachine.getTransitionData>[number]

const guardName = (definition: Definition): string | null => {
  const guard = definition.guard as unknown
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  return 'inline'
}

function describe(definition: Definition): LifecycleTransition {
  const source = definition.source.key as OrderLifecycleState
  const target = (definition.target?.[0]?.key ?? source) as OrderLifecycleState
  const event = definition.eventType as OrderLifecycleEventType
  const guard = guardName(definition)
  return { id: `${source} —${event}${guard ? ` [${guard}]` : ''}→ ${target}`, source, event, guard, target }
}

/** Every state of the machine. */
export const LIFECYCLE_STATES = Object.keys(orderLifecycleMachine.root.states) as OrderLifecycleState[]

/** Every transition of the machine, read from its state nodes. */
export const LIFECYCLE_TRANSITIONS: readonly LifecycleTransition[] = Object.values(
  orderLifecycleMachine.root.states,
).flatMap((node) => [...node.transitions.values()].flat().map((definition) => describe(definition as Definition)))

/** The transition the machine takes for `event` at `snapshot`, or null when it refuses it. */
export function transitionTaken(snapshot: OrderLifecycleSnapshot, event: OrderLifecycleEvent): LifecycleTransition | null {
  if (!snapshot.can(event)) return null
  const [definition] = orderLifecycleMachine.getTransitionData(snapshot, event)
  return definition ? describe(definition as Definition) : null
}

/** A borrower as the model sees them: not registered yet, or registered in a country with one lifecycle. */
export interface World {
  country: CountryCode | null
  state: OrderLifecycleState
  context: OrderLifecycleContext
}

/** A model event: registering in a country, or one lifecycle event (with the branch the machine takes). */
export type ModelEvent =
  | { type: 'borrower.registered'; country: CountryCode }
  | (OrderLifecycleEvent & { transition: string })

/** The countries a borrower may register in, one for each lifecycle the machine's input makes of them. */
const COUNTRY_CHOICES: readonly CountryCode[] = (() => {
  const seen = new Map<boolean, CountryCode>()
  for (const [code, country] of Object.entries(COUNTRIES) as [CountryCode, (typeof COUNTRIES)[CountryCode]][])
    if (!seen.has(country.questionnaireRequired)) seen.set(country.questionnaireRequired, code)
  return [...seen.values()]
})()

/**
 * The payloads the product sends each lifecycle event with, at world `w` (the model's clock stands at NOW).
 * Typed over every event type of the machine: an event added there does not compile until it is given here.
 */
export const PAYLOADS: { [T in OrderLifecycleEventType]: (w: World) => Extract<OrderLifecycleEvent, { type: T }>[] } = {
  // The borrower applies now; a rejected one also 30 days after the decision (the retry date).
  'application.started': (w) => [
    { type: 'application.started', at: NOW },
    ...(w.context.rejectedAt === null
      ? []
      : [{ type: 'application.started' as const, at: w.context.rejectedAt + RETRY_AFTER_MS }]),
  ],
  'profile.basicSaved': () => [{ type: 'profile.basicSaved' }],
  'profile.identityCompleted': () => [{ type: 'profile.identityCompleted' }],
  'profile.additionalSaved': () => [{ type: 'profile.additionalSaved' }],
  'wallet.added': () => [{ type: 'wallet.added' }],
  'questionnaire.saved': () => [{ type: 'questionnaire.saved' }],
  'collection.finished': () => [{ type: 'collection.finished' }],
  // The back office approves directly, or through a promotion (a coupon flow).
  'assessment.approved': () => [
    { type: 'assessment.approved', at: NOW },
    { type: 'assessment.approved', at: NOW, viaPromotion: true },
  ],
  'assessment.rejected': () => [{ type: 'assessment.rejected', at: NOW }],
  // The app sends a confirmation only with the agreement ticked, within the 24 hours.
  'borrower.confirmed': () => [{ type: 'borrower.confirmed', agreementAccepted: true, at: NOW }],
  // The cancel sheet sends exactly one reason.
  'borrower.cancelled': () => [{ type: 'borrower.cancelled', reasons: ['feesTooHigh'] }],
  // The server's job runs once the 24 hours have passed.
  'approval.expired': (w) => [{ type: 'approval.expired', at: (w.context.approvedAt ?? NOW) + APPROVAL_TTL_MS }],
  'payout.succeeded': () => [{ type: 'payout.succeeded' }],
  'payout.failed': () => [{ type: 'payout.failed' }],
  'wallet.corrected': () => [{ type: 'wallet.corrected' }],
  'repayment.full': () => [{ type: 'repayment.full' }],
  'repayment.partial': () => [{ type: 'repayment.partial' }],
  'due.passed': () => [{ type: 'due.passed' }],
  'penalty.accrued': () => [{ type: 'penalty.accrued' }],
  // The server quotes a rollover only when paying it brings the loan back to repaying: its new due date is ahead
  // of today (server/loans/service.ts rolloverToday, 'tooLate' otherwise).
  'rollover.confirmed': () => [{ type: 'rollover.confirmed', at: NOW, newDueAt: NOW + 7 * DAY }],
  // The lender's staff, from the console (server/console/actions.ts).
  'staff.cancelled': () => [{ type: 'staff.cancelled' }],
  'loan.writtenOff': () => [{ type: 'loan.writtenOff' }],
}

export function snapshotOf(w: World): OrderLifecycleSnapshot {
  return orderLifecycleMachine.resolveState({ value: w.state, context: w.context })
}

function step(w: World, event: ModelEvent): World {
  if (event.type === 'borrower.registered') {
    if (w.country !== null) return w
    const [initial] = initialTransition(orderLifecycleMachine, {
      questionnaireRequired: COUNTRIES[event.country].questionnaireRequired,
    })
    return { ...w, country: event.country, state: initial.value as OrderLifecycleState, context: initial.context }
  }
  if (w.country === null) return w
  const { transition: _label, ...lifecycleEvent } = event
  const snapshot = snapshotOf(w)
  if (!transitionTaken(snapshot, lifecycleEvent as OrderLifecycleEvent)) return w
  const [next] = transition(orderLifecycleMachine, snapshot, lifecycleEvent as OrderLifecycleEvent)
  return { ...w, state: next.value as OrderLifecycleState, context: next.context }
}

/** The events that move world `w`, each labelled with the transition the machine takes for it. */
export function eventsAt(w: World): ModelEvent[] {
  if (w.country === null) return COUNTRY_CHOICES.map((country) => ({ type: 'borrower.registered', country }))
  const snapshot = snapshotOf(w)
  const accepted = [...orderLifecycleMachine.root.states[w.state]!.transitions.keys()] as OrderLifecycleEventType[]
  return accepted.flatMap((type) =>
    (PAYLOADS[type](w) as OrderLifecycleEvent[]).flatMap((event) => {
      const taken = transitionTaken(snapshot, event)
      return taken ? [{ ...event, transition: taken.id }] : []
    }),
  )
}

const [unregistered] = initialTransition(orderLifecycleMachine, {})
const INITIAL: World = {
  country: null,
  state: unregistered.value as OrderLifecycleState,
  context: unregistered.context,
}

type WorldSnapshot = TransitionSnapshot<World>

/** The effect-free logic the test model explores: the real machine's transitions over worlds. */
export const lifecycleWorldLogic = fromTransition<World, ModelEvent, never, void, never>((w, event) => step(w, event), INITIAL)

export const serializeWorld = (w: World) =>
  JSON.stringify({ country: w.country, state: w.state, context: w.context })

export const lifecycleTestModel = new TestModel(lifecycleWorldLogic as unknown as ActorLogic<WorldSnapshot, ModelEvent, void>, {
  events: (snapshot) => eventsAt((snapshot as WorldSnapshot).context),
  serializeState: (snapshot) => serializeWorld((snapshot as WorldSnapshot).context),
  serializeEvent: (event) => JSON.stringify(event),
})

/** One step of a walk: the event and the world it leads to. */
export interface WalkStep {
  event: ModelEvent
  from: World
  to: World
}

interface Edge {
  event: ModelEvent
  to: string
}

/** The world graph: every world reachable from the start, with its outgoing events. */
export function worldGraph() {
  const adjacency = lifecycleTestModel.getAdjacencyMap()
  const worlds = new Map<string, World>()
  const edges = new Map<string, Edge[]>()
  for (const [key, value] of Object.entries(adjacency)) {
    worlds.set(key, (value.state as unknown as WorldSnapshot).context)
    edges.set(
      key,
      (Object.values(value.transitions) as { event: ModelEvent; state: WorldSnapshot }[]).map((tr) => ({
        event: tr.event,
        to: serializeWorld(tr.state.context),
      })),
    )
  }
  return { worlds, edges, start: serializeWorld(INITIAL) }
}

/**
 * Transitions of the machine no world reaches: the product cannot cause them. `why` names the guard that decides:
 * its own, which never holds where the event comes, or an earlier branch's, which always does.
 */
export function unreachable(): (LifecycleTransition & { why: string })[] {
  const { edges } = worldGraph()
  const reached = new Set(
    [...edges.values()].flat().flatMap((edge) => ('transition' in edge.event ? [edge.event.transition] : [])),
  )
  return LIFECYCLE_TRANSITIONS.filter((t) => !reached.has(t.id)).map((t) => {
    const earlier = LIFECYCLE_TRANSITIONS.filter((o) => o.source === t.source && o.event === t.event)
    const before = earlier.slice(0, earlier.indexOf(t)).flatMap((o) => (o.guard ? [o.guard] : []))
    const sent = `the ${t.event} the product sends at ${t.source}`
    const why =
      before.length === 0
        ? `[${t.guard}] never holds for ${sent}`
        : t.guard
          ? `for ${sent}, an earlier branch ([${before.join('], [')}]) is taken or [${t.guard}] does not hold`
          : `an earlier branch ([${before.join('], [')}]) always holds for ${sent}`
    return { ...t, why }
  })
}

/**
 * Walks that take every reachable transition: from the start, the shortest way to the nearest transition not
 * taken yet, then on from there; a walk ends when nothing new is reachable from where it stands (another country)
 * and the next one starts afresh. Each walk is cut into legs at `borrower.registered` (one borrower each).
 */
export function coveringWalks(): WalkStep[][] {
  const { worlds, edges, start } = worldGraph()
  const todo = new Set(LIFECYCLE_TRANSITIONS.map((t) => t.id))
  for (const t of unreachable()) todo.delete(t.id)
  const walks: WalkStep[][] = []
  while (todo.size > 0) {
    const walk: WalkStep[] = []
    let at = start
    for (;;) {
      // Breadth-first to the nearest edge whose transition is still to do.
      const previous = new Map<string, { from: string; edge: Edge } | null>([[at, null]])
      const queue = [at]
      let found: { from: string; edge: Edge } | null = null
      while (queue.length > 0 && !found) {
        const key = queue.shift()!
        for (const edge of edges.get(key) ?? []) {
          if ('transition' in edge.event && todo.has(edge.event.transition)) {
            found = { from: key, edge }
            break
          }
          if (!previous.has(edge.to)) {
            previous.set(edge.to, { from: key, edge })
            queue.push(edge.to)
          }
        }
      }
      if (!found) break
      const route: { from: string; edge: Edge }[] = [found]
      for (let link = previous.get(found.from); link; link = previous.get(link.from)) route.unshift(link)
      for (const { from, edge } of route) {
        walk.push({ event: edge.event, from: worlds.get(from)!, to: worlds.get(edge.to)! })
        if ('transition' in edge.event) todo.delete(edge.event.transition)
      }
      at = found.edge.to
    }
    if (walk.length === 0) throw new Error(`no walk reaches: ${[...todo].join(', ')}`)
    walks.push(walk)
  }
  return walks
}


/**
 * The lifecycle events that bring a borrower of `country` from no order to `state` the shortest way, as the
 * machine reaches it (route tours start from there).
 */
export function eventsTo(state: OrderLifecycleState, country: CountryCode = 'TZ'): OrderLifecycleEvent[] {
  const { worlds, edges, start } = worldGraph()
  const previous = new Map<string, { from: string; event: ModelEvent } | null>([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const key = queue.shift()!
    const w = worlds.get(key)!
    if (w.country === country && w.state === state) {
      const events: OrderLifecycleEvent[] = []
      for (let link = previous.get(key); link; link = previous.get(link.from))
        if ('transition' in link.event) {
          const { transition: _label, ...event } = link.event
          events.unshift(event as OrderLifecycleEvent)
        }
      return events
    }
    for (const edge of edges.get(key) ?? [])
      if (!previous.has(edge.to)) {
        previous.set(edge.to, { from: key, event: edge.event })
        queue.push(edge.to)
      }
  }
  throw new Error(`no borrower in ${country} reaches ${state}`)
}

/**
 * The shortest walk to each state of the machine, breadth-first from the start (the borrower registers first, in
 * the first country that reaches the state): all are branches of one tree, so the walk to a state on the way to
 * another is a prefix of that one's. A state no world reaches has no walk.
 */
export function shortestWalks(): Map<OrderLifecycleState, WalkStep[]> {
  const { worlds, edges, start } = worldGraph()
  const previous = new Map<string, { from: string; edge: Edge } | null>([[start, null]])
  const walks = new Map<OrderLifecycleState, WalkStep[]>()
  const queue = [start]
  while (queue.length > 0) {
    const key = queue.shift()!
    const w = worlds.get(key)!
    if (w.country !== null && !walks.has(w.state)) {
      const walk: WalkStep[] = []
      for (let at = key, link = previous.get(at); link; at = link.from, link = previous.get(at))
        walk.unshift({ event: link.edge.event, from: worlds.get(link.from)!, to: worlds.get(at)! })
      walks.set(w.state, walk)
    }
    for (const edge of edges.get(key) ?? [])
      if (!previous.has(edge.to)) {
        previous.set(edge.to, { from: key, edge })
        queue.push(edge.to)
      }
  }
  return walks
}
