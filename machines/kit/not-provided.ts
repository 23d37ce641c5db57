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
