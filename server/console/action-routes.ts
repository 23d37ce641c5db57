/**
 * The console's action routes (issue 20 items 4 and 6), mounted by server/console/module.ts:
 *   POST /console/api/orders/:orderNo/cancel | waive | write-off   (server/console/actions.ts)
 *   POST /console/api/suspense/:id/resolve
 * Each body is checked here (400 `invalidInput` with the fields at fault, never a 5xx); a refusal inside the action
 * is its answer (404, 409, 400); the answer is the order's new story, or the receipt's resolution.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import type { Db } from '../db/client'
import { LifecycleRefused } from '../loans/lifecycle'
import {
  ActionRefused,
  cancelOrder,
  resolutionOf,
  resolveSuspense,
  waivePenalty,
  writeOffLoan,
  type ActionContext,
} from './actions'
import { orderStory } from './loans'
import { may, type Permission } from './roles'
import type { StaffMember } from './staff'

const CONSOLE_API = '/console/api'
const OrderNo = v.pipe(v.string(), v.regex(/^[A-Z0-9]{4,40}$/))
const requestId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{8,64}$/))
const note = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))
const ActionBody = v.object({ requestId, note })
const WaiveBody = v.object({
  requestId,
  note,
  amountMinor: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
})
const ResolveBody = v.variant('outcome', [
  v.object({
    requestId,
    note,
    outcome: v.literal('applied'),
    orderNo: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.regex(/^[A-Z0-9]{4,40}$/)),
  }),
  v.object({
    requestId,
    note,
    outcome: v.literal('refunded'),
    reference: v.pipe(v.string(), v.trim(), v.minLength(3), v.maxLength(80)),
  }),
])
const EntryId = v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))

export interface ActionRoutesDeps {
  app: FastifyInstance
  db: Db
  now: () => Date
  /** The signed-in member with `permission`, or null with the 401/403 answer already sent (module.ts). */
  staffWith(req: FastifyRequest, reply: FastifyReply, permission?: Permission): Promise<StaffMember | null>
  /** The fields a schema refused, by name. */
  refused(issues: readonly v.BaseIssue<unknown>[]): string[]
}

export function mountActionRoutes({ app, db, now, staffWith, refused }: ActionRoutesDeps): void {
  /** A refusal inside an action, as its answer; anything else is thrown on (a 5xx is a bug). */
  function refusal(reply: FastifyReply, err: unknown) {
    if (err instanceof ActionRefused) return reply.code(err.status).send(err.body)
    if (err instanceof LifecycleRefused)
      return reply.code(409).send({ error: 'notAllowed', status: err.status })
    throw err
  }

  const ORDER_ACTION_ROUTES = [
    { path: 'cancel', permission: 'loans.cancel', schema: ActionBody, run: cancelOrder },
    { path: 'waive', permission: 'money.adjust', schema: WaiveBody, run: waivePenalty },
    { path: 'write-off', permission: 'money.adjust', schema: ActionBody, run: writeOffLoan },
  ] as const
  for (const route of ORDER_ACTION_ROUTES) {
    app.post<{ Params: { orderNo: string } }>(
      `${CONSOLE_API}/orders/:orderNo/${route.path}`,
      async (req, reply) => {
        const member = await staffWith(req, reply, route.permission)
        if (!member) return reply
        const orderNo = v.safeParse(OrderNo, req.params.orderNo)
        if (!orderNo.success) return reply.code(404).send({ error: 'notFound' })
        const body = v.safeParse(route.schema, req.body ?? {})
        if (!body.success)
          return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
        const ctx: ActionContext = { db, staffId: member.id, role: member.role, now: now() }
        try {
          await route.run(ctx, orderNo.output, body.output as never)
        } catch (err) {
          return refusal(reply, err)
        }
        const story = await orderStory(
          db,
          { role: member.role, mayReadDecision: may(member.role, 'decisions.read') },
          orderNo.output,
        )
        return { story }
      },
    )
  }

  app.post<{ Params: { id: string } }>(`${CONSOLE_API}/suspense/:id/resolve`, async (req, reply) => {
    const member = await staffWith(req, reply, 'money.adjust')
    if (!member) return reply
    const id = v.safeParse(EntryId, req.params.id)
    if (!id.success) return reply.code(404).send({ error: 'notFound' })
    const body = v.safeParse(ResolveBody, req.body ?? {})
    if (!body.success) return reply.code(400).send({ error: 'invalidInput', fields: refused(body.issues) })
    try {
      await resolveSuspense({ db, staffId: member.id, role: member.role, now: now() }, id.output, body.output)
    } catch (err) {
      return refusal(reply, err)
    }
    return resolutionOf(db, id.output)
  })
}
