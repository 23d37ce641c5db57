/**
 * A console desk's picture keeper (services/console/console-actors.ts) owns the letting go of the pictures the desk
 * shows: told a new set, it lets go at once of every picture it held that is not in it; stopped, of all it holds;
 * never of one picture twice.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { pictureKeeper, pictureKeeperReleasing } from '../../services/console/console-actors'

function keeper() {
  const release = vi.fn((_url: string) => {})
  const actor = createActor(pictureKeeperReleasing(release)).start()
  const tell = (...urls: string[]) => actor.send({ type: 'pictures.kept', urls })
  const released = () => release.mock.calls.map(([url]) => url)
  return { actor, tell, released }
}

describe('the picture keeper', () => {
  const { revokeObjectURL } = URL
  afterEach(() => {
    URL.revokeObjectURL = revokeObjectURL
  })

  it('lets go at once of what it held and is no longer told, and keeps the rest', () => {
    const { tell, released } = keeper()
    tell('blob:a', 'blob:b')
    expect(released()).toEqual([])
    tell('blob:b', 'blob:c')
    expect(released()).toEqual(['blob:a'])
  })

  it('lets go of all it holds when it is stopped', () => {
    const { actor, tell, released } = keeper()
    tell('blob:a', 'blob:b')
    tell('blob:b', 'blob:c')
    actor.stop()
    expect(released()).toEqual(['blob:a', 'blob:b', 'blob:c'])
  })

  it('lets go of everything at once when told none is shown, and of nothing more when stopped', () => {
    const { actor, tell, released } = keeper()
    tell('blob:a', 'blob:b')
    tell()
    expect(released()).toEqual(['blob:a', 'blob:b'])
    actor.stop()
    expect(released()).toEqual(['blob:a', 'blob:b'])
  })

  it('lets go of a picture told twice only once', () => {
    const { actor, tell, released } = keeper()
    tell('blob:a', 'blob:a')
    tell('blob:a')
    actor.stop()
    expect(released()).toEqual(['blob:a'])
  })

  it('lets go of nothing when stopped having been told nothing', () => {
    const { actor, released } = keeper()
    actor.stop()
    expect(released()).toEqual([])
  })

  it('is, in the console, a keeper that revokes the object URLs it lets go of, and nothing that is not one', () => {
    URL.revokeObjectURL = vi.fn()
    const actor = createActor(pictureKeeper).start()
    actor.send({ type: 'pictures.kept', urls: ['blob:receipt-3', ''] })
    actor.send({ type: 'pictures.kept', urls: [] })
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(1)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:receipt-3')
  })
})
