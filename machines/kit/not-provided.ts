import { fromPromise } from 'xstate'
/**
 * The stand-in for an I/O actor a machine names in setup(): the composition (services/actors in the app, server/
 * on the server) injects the real one with `machine.provide({ actors })`. A machine started without it fails at
 * once, naming the actor and where it comes from, rather than waiting on a call that never goes out.
 */
export function notProvided(name: string, from = 'services/actors'): () => never {
  return () => {
    throw new Error(`The '${name}' actor is provided by ${from} (machine.provide({ actors }))`)
  }
}

/**
 * The stand-in for a child machine the composition provides later, typed as that machine so the parent's children
 * are (the journey's, src/compose.ts; the console's pages, src/console/compose.ts): loaded in its own chunk and
 * provided by name before the parent invokes it. Run without it, the invoke fails, saying where it comes from.
 */
export function providedLater<T>(name: string, from: string): T {
  return fromPromise(async () => {
    throw new Error(`The child machine '${name}' is provided by ${from}`)
  }) as unknown as T
}
