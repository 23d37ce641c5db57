/**
 * The native data collector (spec §4 upload check; decisions.md "Data and privacy"). A per-country policy
 * (config.collection) says which of the seven flags must be delivered; every other flag is reported as set, so by
 * default the check passes at once and nothing is collected. The collector reports what it delivered to
 * POST /collector/report (JSON, `Authorization: Bearer <token>`); the reference server records which kinds of
 * data arrived, never the data itself.
 *
 * The flags are an order's (spec §4: /time/upload/uploadStatus takes orderNo; issue 18): what was delivered for one
 * loan does not count for the next, so a later application collects again. A report without an order number
 * counts for the borrower's latest order. Rows are keyed by borrower and order, so an order number that is not the
 * borrower's reads nothing delivered and reaches nobody else's report.
 */
import * as v from 'valibot'
import { and, desc, eq } from 'drizzle-orm'
import type { UploadStatusFlags } from '../../domain/api-types'
import { ApiCode } from '../../domain/api-codes'
import { bearerToken, resolveSession } from '../accounts/sessions'
import { UPLOAD_FLAGS, type UploadFlag } from '../config'
import type { ModuleHost, ServerContext } from '../context'
import type { Queryable } from '../db/client'
import { loanOrders } from '../db/schema/loans'
import { collectionReports } from '../db/schema/profile'
import { countryByCode } from '../country/module'
import { codeMessageKey, envelope, fieldFailure } from '../envelope'
import { languageOf } from '../i18n'

/** The flags delivered for the borrower's order `orderNo`. */
export async function deliveredFlags(
  q: Queryable,
  userId: number,
  orderNo: string,
): Promise<Set<UploadFlag>> {
  const [row] = await q
    .select()
    .from(collectionReports)
    .where(and(eq(collectionReports.userId, userId), eq(collectionReports.orderNo, orderNo)))
  const flags = (row?.flags ?? {}) as Partial<Record<UploadFlag, boolean>>
  return new Set(UPLOAD_FLAGS.filter((f) => flags[f] === true))
}

/** The order a report without an order number is for: the borrower's latest, else '' (none). */
async function latestOrderNo(q: Queryable, userId: number): Promise<string> {
  const [row] = await q
    .select({ orderNo: loanOrders.orderNo })
    .from(loanOrders)
    .where(eq(loanOrders.userId, userId))
    .orderBy(desc(loanOrders.id))
    .limit(1)
  return row?.orderNo ?? ''
}

/** The seven flags of an order as the app sees them: a required flag is set once delivered; the others always. */
export async function uploadStatus(
  ctx: ServerContext,
  userId: number,
  country: keyof ServerContext['config']['collection'],
  orderNo: string,
) {
  const required = ctx.config.collection[country].requiredFlags
  const delivered = await deliveredFlags(ctx.db, userId, orderNo)
  return Object.fromEntries(
    UPLOAD_FLAGS.map((flag) => [flag, !required.includes(flag) || delivered.has(flag)]),
  ) as unknown as UploadStatusFlags
}

export function registerCollectionCalls(host: ModuleHost): void {
  // Public: the permission disclosure states the country's policy before login (issue 18; docs/api.md).
  host.registerHandler('/time/upload/policy', (req, ctx) => {
    const country = countryByCode(req.input.code)
    if (!country) fieldFailure({ code: 'validation.country.unknown' })
    return { country, requiredFlags: [...ctx.config.collection[country].requiredFlags] }
  })

  host.registerHandler('/time/upload/enable', (req, ctx) => ({
    enableTimeSdk: ctx.config.collection[req.session!.country].requiredFlags.length > 0,
  }))

  host.registerHandler('/time/upload/uploadStatus', (req, ctx) =>
    uploadStatus(ctx, req.session!.userId, req.session!.country, req.input.orderNo),
  )

  host.registerHandler('/user/device/packageList', (req, ctx) => {
    const policy = ctx.config.collection[req.session!.country]
    return { packageNames: policy.requiredFlags.includes('appList') ? [...policy.packageNames] : [] }
  })
}

const reportSchema = v.object({
  orderNo: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** The kinds of data delivered in this report. */
  delivered: v.pipe(v.array(v.picklist(UPLOAD_FLAGS)), v.maxLength(UPLOAD_FLAGS.length)),
})

/** POST /collector/report: { orderNo?, delivered: ['device', 'location', …] } → { code, msg, data: flags }. */
export function mountCollector(host: ModuleHost): void {
  const ctx: ServerContext = host
  void host.fastify.register(async (scope) => {
    // A body that is not JSON gets the envelope too, not Fastify's error page.
    scope.setErrorHandler((err, req, reply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 500
      const code = status < 500 ? ApiCode.ValidationFailed : ApiCode.ServerError
      if (status >= 500)
        ctx.ops.failure('route', req.log, { route: '/collector/report' }, err, 'request failed')
      return reply
        .code(status < 500 ? 200 : 500)
        .send(envelope(code, ctx.t(languageOf(req.headers.lang), codeMessageKey(code)), null))
    })
    scope.post('/collector/report', async (req, reply) => {
      const lang = languageOf(req.headers.lang)
      const answer = (code: number, data: unknown = null) =>
        reply.send(envelope(code, ctx.t(lang, codeMessageKey(code)), data))
      await ctx.clock.current()
      const session = await resolveSession(ctx.db, bearerToken(req.headers.authorization), ctx.clock.now())
      if (typeof session === 'number') return answer(session)
      const parsed = v.safeParse(reportSchema, req.body)
      if (!parsed.success)
        return answer(ApiCode.ValidationFailed, { fields: { delivered: ctx.t(lang, 'validation.required') } })
      const now = ctx.clock.now()
      const orderNo = parsed.output.orderNo ?? (await latestOrderNo(ctx.db, session.userId))
      const merged = Object.fromEntries(
        [...(await deliveredFlags(ctx.db, session.userId, orderNo))].map((f) => [f, true]),
      )
      for (const flag of parsed.output.delivered) merged[flag] = true
      await ctx.db
        .insert(collectionReports)
        .values({ userId: session.userId, orderNo, flags: merged, updatedAt: now })
        .onConflictDoUpdate({
          target: [collectionReports.userId, collectionReports.orderNo],
          set: { flags: merged, updatedAt: now },
        })
      req.log.info({ call: '/collector/report', delivered: parsed.output.delivered }, 'collector report')
      return answer(ApiCode.Ok, await uploadStatus(ctx, session.userId, session.country, orderNo))
    })
  })
}
