import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { languageMachine } from '../../machines/language.machine'
import type { Language } from '../../domain/countries'

function start(stored: Language | null, opts: { slowRead?: boolean; refuseWrite?: boolean } = {}) {
  let kept = stored
  const writes: Language[] = []
  let release: () => void = () => {}
  const actor = createActor(
    languageMachine.provide({
      actors: {
        loadLanguage: fromPromise(async () => {
          if (opts.slowRead) await new Promise<void>((resolve) => (release = resolve))
          return kept
        }),
        saveLanguage: fromPromise(async ({ input }: { input: { language: Language } }) => {
          writes.push(input.language)
          if (opts.refuseWrite) throw new Error('QuotaExceededError')
          kept = input.language
        }),
      },
    }),
  ).start()
  return { actor, writes, kept: () => kept, release: () => release() }
}

describe('language', () => {
  it('starts from the language kept on the phone', async () => {
    const { actor } = start('es')
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.language).toBe('es')
  })

  it('has no choice until the borrower makes one (the country’s default applies)', async () => {
    const { actor } = start(null)
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.language).toBeNull()
  })

  it('keeps a new choice on the phone', async () => {
    const { actor, writes, kept } = start('en')
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'language.chosen', language: 'sw' })
    expect(actor.getSnapshot().context.language).toBe('sw')
    await waitFor(actor, (s) => s.matches('ready'))
    expect(writes).toEqual(['sw'])
    expect(kept()).toBe('sw')
  })

  it('does not write again when the language already chosen is chosen', async () => {
    const { actor, writes } = start('sw')
    await waitFor(actor, (s) => s.matches('ready'))
    expect(actor.getSnapshot().can({ type: 'language.chosen', language: 'sw' })).toBe(false)
    actor.send({ type: 'language.chosen', language: 'sw' })
    expect(writes).toEqual([])
  })

  it('lets a choice made while the stored one is read win over it', async () => {
    const { actor, release } = start('en', { slowRead: true })
    actor.send({ type: 'language.chosen', language: 'es' })
    release()
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.language).toBe('es')
  })

  it('keeps the choice for this visit when the phone refuses to store it', async () => {
    const { actor, writes } = start('en', { refuseWrite: true })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'language.chosen', language: 'sw' })
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(writes).toEqual(['sw'])
    expect(ready.context.language).toBe('sw')
  })
})
