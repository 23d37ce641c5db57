import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { createActor, fromCallback, fromPromise, setup, waitFor } from 'xstate'
import {
  submitMachine,
  type DraftStoreEvent,
  type FormValues,
  type DraftStoreReply,
} from '../../machines/submit.machine'
import type { ApiFailure } from '../../domain/api-result'
import { requiredText } from '../../domain/schemas/common'

/** A draft store over a Map, as services/actors builds it over local storage. */
function memoryDrafts(initial: Record<string, FormValues> = {}) {
  const drafts = new Map(Object.entries(initial))
  const draftStore = fromCallback<DraftStoreEvent, { formId: string }, DraftStoreReply>(
    ({ input, sendBack, receive }) => {
      const kept = drafts.get(input.formId)
      if (kept) sendBack({ type: 'draft.restored', values: kept })
      receive((event) => {
        if (event.type === 'draft.save') drafts.set(input.formId, event.values)
        else drafts.delete(input.formId)
      })
    },
  )
  return { drafts, draftStore }
}

const invalid: ApiFailure = {
  ok: false,
  kind: 'invalid',
  fields: { city: 'Mji huu haujulikani' },
  message: '',
  messageKey: 'errors.code.1001',
}
const network: ApiFailure = { ok: false, kind: 'network', message: 'errors.network' }
const sessionEnded: ApiFailure = { ok: false, kind: 'sessionEnded', code: 10010303 }

const schema = v.object({ name: requiredText(), city: requiredText() })

function start(submit: (values: FormValues) => Promise<unknown>, kept: Record<string, FormValues> = {}) {
  const { drafts, draftStore } = memoryDrafts(kept)
  const calls: FormValues[] = []
  const machine = submitMachine.provide({
    actors: {
      draftStore,
      submit: fromPromise(async ({ input }: { input: { values: FormValues } }) => {
        calls.push(input.values)
        return submit(input.values)
      }),
    },
  })
  const actor = createActor(machine, {
    input: { formId: 'contact', initialValues: { name: 'Asha', city: '' }, schema },
  })
  actor.start()
  return { actor, drafts, calls }
}

describe('submit machine', () => {
  it('restores a kept draft over what the server knew, and drafts every change', () => {
    const { actor, drafts } = start(async () => ({}), { contact: { city: 'Dodoma' } })
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Asha', city: 'Dodoma' })

    actor.send({ type: 'form.changed', values: { city: 'Arusha' } })
    expect(drafts.get('contact')).toEqual({ name: 'Asha', city: 'Arusha' })
  })

  it('shows the schema messages at their fields and sends nothing while a field is empty', () => {
    const { actor, calls } = start(async () => ({}))
    actor.send({ type: 'form.submitted' })
    const snap = actor.getSnapshot()
    expect(snap.value).toBe('idle')
    expect(snap.context.fieldErrors).toEqual({ city: { key: 'validation.required' } })
    expect(calls).toEqual([])

    actor.send({ type: 'form.changed', values: { city: 'Mwanza' } })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })

  it('sends the values with the extras of the submission, outputs the reply and forgets the draft', async () => {
    const { actor, drafts, calls } = start(async () => ({ next: 12 }))
    actor.send({ type: 'form.changed', values: { city: 'Mwanza' } })
    expect(drafts.has('contact')).toBe(true)

    actor.send({ type: 'form.submitted', extra: { receiptIds: ['r1'] } })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'form.submitted' })).toBe(false)
    await waitFor(actor, (s) => s.status === 'done')

    expect(calls).toEqual([{ name: 'Asha', city: 'Mwanza', receiptIds: ['r1'] }])
    expect(actor.getSnapshot().output).toEqual({ status: 'saved', data: { next: 12 } })
    expect(drafts.has('contact')).toBe(false)
  })

  it("puts the server's per-field messages at the fields and keeps the draft", async () => {
    const { actor, drafts } = start(() => Promise.reject(invalid))
    actor.send({ type: 'form.changed', values: { city: 'Atlantis' } })
    actor.send({ type: 'form.submitted' })
    const snap = await waitFor(actor, (s) => s.hasTag('failed'))

    expect(snap.context.fieldErrors).toEqual({ city: { text: 'Mji huu haujulikani' } })
    expect(snap.can({ type: 'form.submitted' })).toBe(true)
    expect(drafts.get('contact')).toEqual({ name: 'Asha', city: 'Atlantis' })
  })

  it('keeps the values after a network failure and lets the borrower try again', async () => {
    let attempt = 0
    const { actor, calls } = start(() => (++attempt === 1 ? Promise.reject(network) : Promise.resolve('ok')))
    actor.send({ type: 'form.changed', values: { city: 'Tanga' } })
    actor.send({ type: 'form.submitted' })
    const failed = await waitFor(actor, (s) => s.hasTag('failed'))
    expect(failed.context.error).toEqual({ key: 'errors.network' })

    actor.send({ type: 'form.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toHaveLength(2)
    expect(calls[1]).toEqual(calls[0])
  })

  it('shows the spec\'s "request failed" message when the server refuses without saying why', async () => {
    const { actor } = start(() => Promise.reject(new Error('boom')))
    actor.send({ type: 'form.changed', values: { city: 'Tanga' } })
    actor.send({ type: 'form.submitted' })
    const failed = await waitFor(actor, (s) => s.hasTag('failed'))
    expect(failed.context.error).toEqual({ key: 'errors.requestFailed' })
  })

  it('emits session.ended and stops when the server ended the session', async () => {
    const { actor } = start(() => Promise.reject(sessionEnded))
    const listener = vi.fn()
    actor.on('session.ended', listener)
    actor.send({ type: 'form.changed', values: { city: 'Tanga' } })
    actor.send({ type: 'form.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(listener).toHaveBeenCalledTimes(1)
    expect(actor.getSnapshot().output).toEqual({ status: 'sessionEnded' })
  })

  it('tells the journey that invoked it when the session ended', async () => {
    const { draftStore } = memoryDrafts()
    const form = submitMachine.provide({
      actors: { draftStore, submit: fromPromise(() => Promise.reject(sessionEnded)) },
    })
    const journey = setup({ actors: { form } }).createMachine({
      initial: 'editing',
      states: {
        editing: {
          invoke: {
            id: 'form',
            src: 'form',
            input: { formId: 'contact', initialValues: { name: 'Asha', city: 'Moshi' } },
          },
          on: { 'session.ended': 'login' },
        },
        login: {},
      },
    })
    const parent = createActor(journey).start()
    parent.getSnapshot().children.form!.send({ type: 'form.submitted' })
    await waitFor(parent, (s) => s.matches('login'))
  })
})

describe('submit machine without its storage', () => {
  it('fails loudly when the composition forgot to provide the draft store', () => {
    const bare = createActor(submitMachine, { input: { formId: 'x' } })
    const errors: unknown[] = []
    bare.subscribe({ error: (e) => errors.push(e) })
    bare.start()
    expect(String(errors[0])).toMatch(/provided by services\/actors/)
  })
})
