/**
 * Issue 20: a risk officer or an admin changes a loan product — checked at each keystroke with the server's own
 * rules, saved only when nothing is wrong, refused when someone saved first, and never losing what was typed.
 */
import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import type { ConsoleProduct, ProductEditRequest } from '../../domain/console'
import { DEMO_PRODUCTS } from '../../server/seed/demo-products'
import { consoleRouteOf } from '../../src/console/state-to-path'
import {
  ADMIN,
  consoleStubs,
  meOf,
  NETWORK,
  provideConsole,
  refused,
  SIGNED_OUT,
  startConsole,
  type ConsoleAnswers,
} from './console-fixtures'

const TZ: ConsoleProduct = {
  id: 'tz-haraka',
  country: 'TZ',
  version: 3,
  active: true,
  position: 0,
  names: { en: 'Quick Loan', sw: 'Mkopo wa Haraka' },
  config: DEMO_PRODUCTS[0]!.config,
  updatedAt: '2026-11-01T08:00:00.000Z',
}

function start(answers: ConsoleAnswers = {}, draft?: Record<string, string>) {
  const stubs = consoleStubs({ readProducts: async () => [TZ], ...answers })
  const actor = createActor(provideConsole(stubs).productsEditor, {
    input: { draft, timeZone: 'Africa/Dar_es_Salaam' },
  }).start()
  return { actor, stubs }
}
type Actor = ReturnType<typeof start>['actor']

async function opened(answers: ConsoleAnswers = {}) {
  const started = start(answers)
  await waitFor(started.actor, (s) => s.matches('browsing'))
  started.actor.send({ type: 'product.opened', id: 'tz-haraka' })
  return started
}
const withConfig = (actor: Actor, change: Record<string, unknown>) =>
  actor.send({ type: 'product.textChanged', text: JSON.stringify({ ...TZ.config, ...change }) })

describe('changing a loan product', () => {
  it('opens a product as its JSON, names and offer, and shows its versions beside it', async () => {
    const { actor, stubs } = await opened({
      readProductVersions: async () => [
        { version: 3, active: true, names: TZ.names, config: TZ.config, staff: 'rita.risk', note: 'x', createdAt: TZ.updatedAt },
      ],
    })
    const c = actor.getSnapshot().context
    expect(JSON.parse(c.draft!.text)).toEqual(TZ.config)
    expect(c.draft).toMatchObject({ baseVersion: 3, names: { en: 'Quick Loan', sw: 'Mkopo wa Haraka', es: '' }, active: true })
    expect(c.problems).toEqual([])
    await waitFor(actor, (s) => s.matches({ editing: { history: 'shown' } }))
    expect(stubs.readProductVersions).toHaveBeenCalledWith({ id: 'tz-haraka' })
    expect(actor.getSnapshot().context.versions).toHaveLength(1)
  })

  it('says at each keystroke what the server would refuse, and saves nothing while anything is wrong', async () => {
    const { actor, stubs } = await opened()
    actor.send({ type: 'product.textChanged', text: '{"id": ' })
    expect(actor.getSnapshot().context.notJson).toBe(true)
    withConfig(actor, { interest: { dailyPpm: 1_000 }, currency: 'KES' })
    expect(actor.getSnapshot().context.problems.map((p) => p.field)).toEqual(['currency'])
    withConfig(actor, { interest: { dailyPpm: 1_000 } })
    expect(actor.getSnapshot().context.problems.map((p) => p.field)).toContain('interest')
    actor.send({ type: 'product.noteChanged', note: 'rate review' })
    actor.send({ type: 'product.saved' })
    expect(actor.getSnapshot().can({ type: 'product.saved' })).toBe(true)
    expect(actor.getSnapshot().matches({ editing: { form: 'typing' } })).toBe(true)
    expect(stubs.saveProduct).not.toHaveBeenCalled()
  })

  it('asks why before saving, then saves the configuration as typed on the version opened', async () => {
    const saved = { ...TZ, version: 4, config: { ...TZ.config, interest: { dailyPpm: 800 } } }
    const { actor, stubs } = await opened({ saveProduct: async () => ({ product: saved, changed: true }) })
    withConfig(actor, { interest: { dailyPpm: 800 } })
    actor.send({ type: 'product.nameChanged', language: 'es', name: '  Préstamo Rápido ' })
    actor.send({ type: 'product.saved' })
    expect(actor.getSnapshot().context.fieldErrors.note).toEqual({ key: 'console.products.noteRequired' })
    actor.send({ type: 'product.noteChanged', note: ' lower rate ' })
    actor.send({ type: 'product.saved' })
    await waitFor(actor, (s) => s.matches('browsing'))
    const request: ProductEditRequest = stubs.saveProduct.mock.calls[0]![0].request
    expect(request).toEqual({
      baseVersion: 3,
      config: { ...TZ.config, interest: { dailyPpm: 800 } },
      names: { en: 'Quick Loan', sw: 'Mkopo wa Haraka', es: 'Préstamo Rápido' },
      active: true,
      note: 'lower rate',
    })
    expect(actor.getSnapshot().context.saved).toEqual({ id: 'tz-haraka', version: 4, changed: true })
    expect(actor.getSnapshot().context.products[0]!.version).toBe(4)
  })

  it('keeps what was typed when someone saved first, and starts again from their version only when asked', async () => {
    let products = [TZ]
    const { actor, stubs } = await opened({
      readProducts: async () => products,
      saveProduct: async () => {
        throw refused(409, 'changedMeanwhile', { version: 4 })
      },
    })
    withConfig(actor, { interest: { dailyPpm: 850 } })
    actor.send({ type: 'product.noteChanged', note: 'mine' })
    actor.send({ type: 'product.saved' })
    await waitFor(actor, (s) => s.context.staleVersion === 4)
    expect(JSON.parse(actor.getSnapshot().context.draft!.text).interest).toEqual({ dailyPpm: 850 })
    products = [{ ...TZ, version: 4, config: { ...TZ.config, interest: { dailyPpm: 700 } } }]
    actor.send({ type: 'product.reopened' })
    await waitFor(actor, (s) => s.matches('editing') && s.context.draft?.baseVersion === 4)
    expect(JSON.parse(actor.getSnapshot().context.draft!.text).interest).toEqual({ dailyPpm: 700 })
    expect(stubs.readProducts).toHaveBeenCalledTimes(2)
  })

  it('shows the server’s own problems and a lost connection without losing the editor', async () => {
    let answer: unknown = refused(422, 'invalidProduct', { problems: [{ field: 'amount', message: 'too wide' }] })
    const { actor } = await opened({
      saveProduct: async () => {
        throw answer
      },
    })
    actor.send({ type: 'product.noteChanged', note: 'why' })
    actor.send({ type: 'product.saved' })
    await waitFor(actor, (s) => s.context.problems.length > 0)
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'amount', message: 'too wide' }])
    actor.send({ type: 'product.textChanged', text: actor.getSnapshot().context.draft!.text })
    answer = NETWORK
    actor.send({ type: 'product.saved' })
    await waitFor(actor, (s) => s.context.error !== null)
    expect(actor.getSnapshot().context.error).toEqual({ key: 'console.error.network' })
    expect(actor.getSnapshot().context.draft!.note).toBe('why')
  })

  it('hands the editor as typed to the console when the session ended, and takes it back after signing in', async () => {
    let ended = true
    const { actor, stubs } = startConsole(
      {
        restoreSession: async () => meOf(ADMIN),
        readProducts: async () => [TZ],
        saveProduct: async () => {
          if (ended) throw SIGNED_OUT
          return { product: { ...TZ, version: 4 }, changed: true }
        },
      },
      { entry: 'products' },
    )
    await waitFor(actor, (s) => consoleRouteOf(s) === 'products' && !s.hasTag('busy'))
    const editor = actor.getSnapshot().children.productsEditor!
    await waitFor(editor, (s) => s.matches('browsing'))
    editor.send({ type: 'product.opened', id: 'tz-haraka' })
    editor.send({ type: 'product.textChanged', text: JSON.stringify({ ...TZ.config, interest: { dailyPpm: 820 } }) })
    editor.send({ type: 'product.activeChanged', active: false })
    editor.send({ type: 'product.noteChanged', note: 'kept' })
    editor.send({ type: 'product.saved' })
    await waitFor(actor, (s) => consoleRouteOf(s) === 'signIn' && !s.hasTag('busy'))
    ended = false
    const form = actor.getSnapshot().children.signInForm!
    for (const [field, value] of Object.entries({ username: 'ana.admin', password: 'correct horse battery', code: '123456' }))
      form.send({ type: 'signIn.changed', field: field as 'username', value })
    form.send({ type: 'signIn.submitted' })
    await waitFor(actor, (s) => consoleRouteOf(s) === 'products' && !s.hasTag('busy'))
    const again = actor.getSnapshot().children.productsEditor!
    await waitFor(again, (s) => s.matches('editing'))
    expect(again.getSnapshot().context.draft).toMatchObject({ baseVersion: 3, active: false, note: 'kept' })
    expect(JSON.parse(again.getSnapshot().context.draft!.text).interest).toEqual({ dailyPpm: 820 })
    again.send({ type: 'product.saved' })
    await waitFor(again, (s) => s.matches('browsing'))
    expect(stubs.saveProduct).toHaveBeenCalledTimes(2)
  })
})
