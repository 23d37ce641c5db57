/**
 * An open at home (or login, or register) starts the journey with the child machines those screens run; the
 * others — the application's, borrowing's, repaying's — load with the first event that leads to them, before the
 * journey invokes them (src/compose.ts holdUntilLoaded). The borrower sees the same screens as with every machine
 * loaded up front.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor, type AnyActorRef } from 'xstate'
import {
  CHILD_NAMES,
  START_CHILDREN,
  childrenMissingFor,
  createServices,
  loadJourneyChildren,
  startJourney,
} from '../../src/compose'
import type { LatestOrder } from '../../domain/api-types'
import { WireError } from '../../protocol/protocol'
import { decodeAppCall } from './wire-backend'
import { order, user } from '../machines/journey-fixtures'

const ORIGIN = 'http://kopa.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

/** A signed-in borrower whose latest order is `latest`, the journey opened at home with the start-up children. */
/** Home for a signed-in borrower; `disclosureAccepted`: the permission disclosure was accepted on this phone. */
async function openHome(latest: LatestOrder | null, { disclosureAccepted = true } = {}) {
  server.resetHandlers(
    http.all(`${ORIGIN}/api/:token`, async ({ request, params }) => {
      const decoded = await decodeAppCall(request, params.token)
      if (decoded instanceof WireError) return HttpResponse.json({ code: 1500, msg: 'bad wire', data: null })
      const answers: Record<string, () => unknown> = {
        '/security/getUserInfo': () => user(),
        '/time/upload/policy': () => ({ country: 'TZ', requiredFlags: [] }),
        '/loan/loan-order/latest': () => latest,
      }
      const answer = answers[decoded.path]
      if (!answer) return HttpResponse.json({ code: 1500, msg: 'not in this test', data: null })
      return HttpResponse.json({ code: 0, msg: '', data: answer() })
    }),
  )
  const services = createServices(window, ORIGIN)
  services.storage.set('token', 'tok-lazy')
  if (disclosureAccepted) services.storage.set('permissionsAccepted', { at: Date.UTC(2026, 9, 1) })
  const loader = await loadJourneyChildren(START_CHILDREN)
  const journey = startJourney(services, { entry: null }, loader)
  await waitFor(journey, (s) => !s.hasTag('busy') && s.context.route === 'home', { timeout: 5000 })
  return { journey, loader }
}

const child = (journey: AnyActorRef, id: string) => journey.getSnapshot().children[id] as AnyActorRef | undefined

describe('child machines that load with their routes', () => {
  it('home opens with the start-up machines only: no application, borrowing or repaying machine is loaded', async () => {
    const { journey, loader } = await openHome(order(2, { remainingMinor: 1, dueDate: '2026-11-03' }))
    try {
      expect(child(journey, 'home')).toBeDefined()
      expect(START_CHILDREN.every((name) => loader.has(name))).toBe(true)
      const later = CHILD_NAMES.filter((name) => !START_CHILDREN.includes(name))
      expect(later).toEqual(expect.arrayContaining(['identity', 'confirmBorrow', 'repayment', 'records']))
      expect(later.filter((name) => loader.has(name))).toEqual([])
    } finally {
      journey.stop()
    }
  })

  it('a dry run names what an event would start: the records tab needs the records machine, nothing else', async () => {
    const { journey, loader } = await openHome(null)
    try {
      const snapshot = journey.getSnapshot()
      expect(childrenMissingFor(snapshot, { type: 'xstate.route', to: '#records' } as never, loader)).toEqual(['records'])
      expect(childrenMissingFor(snapshot, { type: 'journey.errorSeen' }, loader)).toEqual([])
      // The dry run changed nothing: the journey is still at home, with its own children.
      expect(journey.getSnapshot()).toBe(snapshot)
      expect(child(journey, 'records')).toBeUndefined()
    } finally {
      journey.stop()
    }
  })

  it('going to repay loads the repaying machine and the payment order it runs, then shows repay detail', async () => {
    const { journey, loader } = await openHome(order(2, { remainingMinor: 1, dueDate: '2026-11-03' }))
    try {
      journey.send({ type: 'xstate.route', to: '#repayDetail' } as never)
      const at = await waitFor(journey, (s) => s.context.route === 'repayDetail' && s.children.repayment !== undefined, {
        timeout: 5000,
      })
      expect(at.children.repayment).toBeDefined()
      expect(loader.has('repayment') && loader.has('paymentOrder')).toBe(true)
      expect(loader.has('identity')).toBe(false)
    } finally {
      journey.stop()
    }
  })

  it('a route the journey raises itself (following an order to the ID step) waits for the ID machine', async () => {
    const { journey, loader } = await openHome(order(12))
    try {
      journey.send({ type: 'order.follow' } as never)
      const at = await waitFor(
        journey,
        (s) => s.context.route === 'idCardAuthentication' && s.children.identity !== undefined,
        { timeout: 5000 },
      )
      expect(at.children.identity).toBeDefined()
      expect(loader.has('identity')).toBe(true)
    } finally {
      journey.stop()
    }
  })

  it('the forms’ schemas load with the first form: the order read that opens personal information waits for them', async () => {
    const { journey, loader } = await openHome(order(6))
    try {
      expect(loader.has('formSchemas')).toBe(false)
      journey.send({ type: 'order.follow' } as never)
      const at = await waitFor(
        journey,
        (s) => s.context.route === 'personalInfomation' && s.children.personalInfoForm !== undefined,
        { timeout: 5000 },
      )
      expect(loader.has('formSchemas')).toBe(true)
      // The form checks with the country's schema.
      const form = at.children.personalInfoForm as AnyActorRef
      expect(form.getSnapshot().context.schema).toBeDefined()
    } finally {
      journey.stop()
    }
  })

  it('on a phone where the disclosure was never accepted, following the order to the ID step opens it first', async () => {
    const { journey, loader } = await openHome(order(12), { disclosureAccepted: false })
    try {
      journey.send({ type: 'order.follow' } as never)
      const at = await waitFor(journey, (s) => s.context.route === 'pop' && !!s.children.permission, {
        timeout: 5000,
      })
      // The disclosure's own machine, with the server's policy read.
      const permission = at.children.permission as AnyActorRef
      await waitFor(permission, (s) => s.value === 'shown', { timeout: 5000 })
      expect(at.context.afterDisclosure).toBe('idCardAuthentication')
      expect(loader.has('permission')).toBe(true)
      permission.send({ type: 'permissions.declined' })
      await waitFor(journey, (s) => s.context.route === 'idCardAuthentication', { timeout: 5000 })
    } finally {
      journey.stop()
    }
  })

  it('events keep their order while a machine loads: the last route asked for is where the journey stands', async () => {
    const { journey } = await openHome(null)
    try {
      journey.send({ type: 'xstate.route', to: '#records' } as never)
      journey.send({ type: 'xstate.route', to: '#me' } as never)
      const at = await waitFor(journey, (s) => s.context.route === 'me', { timeout: 5000 })
      expect(at.children.records).toBeUndefined()
      expect(at.context.route).toBe('me')
    } finally {
      journey.stop()
    }
  })
})
