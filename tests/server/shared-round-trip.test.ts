/**
 * The round trip on the listening connection that a call which wrote waits for before it answers (issue 17,
 * server/db/client.ts `sharedRoundTrip`): whoever waits at the same time shares one, but nobody is answered by a
 * round trip that began before they asked — it may have been sent before their commit, so the notices of that
 * commit may still be on their way.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sharedRoundTrip } from '../../server/db/client'

/** A round trip the test ends by hand, recording when each began. */
function manualTrips() {
  const trips: { begunAt: number; end: () => void; ended: boolean }[] = []
  let clock = 0
  const roundTrip = () =>
    new Promise<void>((resolve) => {
      const trip = {
        begunAt: clock,
        ended: false,
        end: () => {
          trip.ended = true
          resolve()
        },
      }
      trips.push(trip)
    })
  return { trips, roundTrip, tick: () => (clock += 1) }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('sharedRoundTrip', () => {
  it('lets callers who ask together share the next round trip, never one begun before they asked', async () => {
    const { trips, roundTrip } = manualTrips()
    const fence = sharedRoundTrip(roundTrip)
    let answered = [false, false, false, false]
    const first = fence().then(() => (answered[0] = true))
    // Three more ask while the first round trip is under way: it may have been sent before their commits.
    const rest = [1, 2, 3].map((i) => fence().then(() => (answered[i] = true)))
    await settle()
    expect(trips).toHaveLength(1)
    trips[0]!.end()
    await first
    await settle()
    expect(answered).toEqual([true, false, false, false])
    // One more round trip serves the three.
    expect(trips).toHaveLength(2)
    trips[1]!.end()
    await Promise.all(rest)
    expect(answered).toEqual([true, true, true, true])
    // Nobody waiting: the next caller begins one of its own at once.
    answered = [false, false, false, false]
    const alone = fence()
    await settle()
    expect(trips).toHaveLength(3)
    trips[2]!.end()
    await alone
  })

  it('answers a failed round trip as ended (the watch tells whether notices are heard)', async () => {
    const fence = sharedRoundTrip(() => Promise.reject(new Error('connection lost')))
    await expect(fence()).resolves.toBeUndefined()
    await expect(Promise.all([fence(), fence()])).resolves.toEqual([undefined, undefined])
  })

  it('answers every caller after a round trip begun after it asked, in any interleaving', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('ask', 'end', 'wait'), { minLength: 1, maxLength: 40 }),
        async (steps) => {
          const { trips, roundTrip, tick } = manualTrips()
          const fence = sharedRoundTrip(roundTrip)
          const callers: { askedAt: number; answered: boolean; by: number | null }[] = []
          const ask = () => {
            const caller = { askedAt: tick(), answered: false, by: null as number | null }
            callers.push(caller)
            void fence().then(() => {
              caller.answered = true
              // The latest round trip that had ended when the caller was answered.
              caller.by = Math.max(...trips.filter((t) => t.ended).map((t) => t.begunAt))
            })
          }
          for (const step of [...steps, ...Array<'end'>(10).fill('end')]) {
            if (step === 'ask') ask()
            else if (step === 'end') {
              tick()
              trips.find((t) => !t.ended)?.end()
            }
            await settle()
          }
          for (const caller of callers) {
            expect(caller.answered).toBe(true)
            expect(caller.by!).toBeGreaterThanOrEqual(caller.askedAt)
          }
          // No more round trips than callers: a round trip begins only for someone waiting.
          expect(trips.length).toBeLessThanOrEqual(callers.length)
        },
      ),
      { numRuns: 200 },
    )
  })
})
