/**
 * Account deletion (decisions.md "Cancelling"; the app stores require it): from settings, or from the web link
 * GET /account/delete (which opens the same screen, /#/user_center/delete_account, after login). Refused while a
 * loan is open; exactly one reason; confirmed by a code sent by SMS to the login number (the accounts module's
 * verification codes).
 *
 * What happens: the borrower's sessions end; their images (ID, face, receipts) are deleted from the private store;
 * their profile (personal, work, emergency contacts, questionnaire, OCR), data-collector report, feedback tickets,
 * coupons, draws and rating-prompt state are deleted. A borrower with no loan records is then deleted outright.
 * One with loan records keeps an anonymised row — no number (it becomes `deleted-<id>`, so the number can register
 * again), no profile — because lenders must keep loan, payment and ledger records for as long as the law requires;
 * wallet accounts those orders paid out to keep their row with the number removed.
 */
import { and, eq, notExists, sql } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { AccountDeleted, VerifyCodeSent } from '../../domain/api-types'
import { toE164 } from '../../domain/phone'
import { routeByName } from '../../domain/routes'
import { ACCOUNT_MESSAGES } from '../accounts/module'
import { checkCode, issueCode } from '../accounts/verify-codes'
import type { CallRequest, ServerContext, ServerModule } from '../context'
import { pgErrorOf, type Tx } from '../db/client'
import { accountDeletions } from '../db/schema/account-deletions'
import { coupons, lotteryDraws } from '../db/schema/coupons'
import { sessions, users, verifyCodes } from '../db/schema/core'
import { feedbackTickets } from '../db/schema/feedback'
import { loanOrders } from '../db/schema/loans'
import { collectionReports, profiles, walletAccounts } from '../db/schema/profile'
import { ratingPrompts } from '../db/schema/rating'
import { ApiFailure, fail, fieldFailure } from '../envelope'

/** The SMS that carries the code (locales/<lang>/server.json). */
export const DELETE_CODE_SMS = 'server.sms.deleteAccount'
/** The web link an app store listing points to. */
export const DELETE_LINK = '/account/delete'

async function refuseWhileLoanOpen(ctx: ServerContext, q: ServerContext['db'] | Tx, userId: number) {
  const open = await ctx.loans.openOrder(q, userId)
  if (open) fail(ApiCode.AccountLoanOpen, undefined, { orderNo: open.orderNo, status: open.status })
}

async function sendCode(req: CallRequest, ctx: ServerContext): Promise<VerifyCodeSent> {
  const { userId, country, mobile } = req.session!
  await refuseWhileLoanOpen(ctx, ctx.db, userId)
  const policy = ctx.config.verifyCode
  const now = ctx.clock.now()
  const refused = await ctx.db.transaction(async (tx) => {
    const issued = await issueCode(tx, policy, country, mobile, req.ip, now)
    if (!issued.ok) return issued.retryAfterMs
    const minutes = Math.round(policy.ttlMs / 60_000)
    await ctx.sms.send(
      {
        to: `+${toE164(country, mobile)}`,
        text: ctx.t(req.lang, DELETE_CODE_SMS, { code: issued.code, minutes }),
      },
      tx,
    )
    return null
  })
  if (refused !== null) {
    throw new ApiFailure(ApiCode.RateLimited, {
      msgKey: ACCOUNT_MESSAGES.tooSoon,
      data: { retryAfterSeconds: Math.ceil(refused / 1000) },
    })
  }
  return {
    resendAfterSeconds: Math.ceil(policy.resendAfterMs / 1000),
    expiresInSeconds: Math.ceil(policy.ttlMs / 1000),
  }
}

/** Deletes or anonymises the borrower (see the module comment); returns the image files to remove after commit. */
async function erase(
  ctx: ServerContext,
  tx: Tx,
  userId: number,
  reason: string,
  remark: string | null,
  now: Date,
): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
  if (!user) fail(ApiCode.TokenInvalid)
  await refuseWhileLoanOpen(ctx, tx, userId)

  const files = await ctx.images.forget(tx, userId)
  await tx.delete(feedbackTickets).where(eq(feedbackTickets.userId, userId))
  await tx.delete(lotteryDraws).where(eq(lotteryDraws.userId, userId))
  await tx.delete(coupons).where(eq(coupons.userId, userId))
  await tx.delete(ratingPrompts).where(eq(ratingPrompts.userId, userId))
  await tx.delete(collectionReports).where(eq(collectionReports.userId, userId))
  await tx.delete(profiles).where(eq(profiles.userId, userId))
  await tx.delete(sessions).where(eq(sessions.userId, userId))
  await tx
    .delete(verifyCodes)
    .where(and(eq(verifyCodes.country, user.country), eq(verifyCodes.mobile, user.mobile)))

  const [loan] = await tx
    .select({ id: loanOrders.id })
    .from(loanOrders)
    .where(eq(loanOrders.userId, userId))
    .limit(1)
  let kept = loan !== undefined
  if (!kept) {
    try {
      // A savepoint: a table this module does not know may still name the borrower; then anonymise instead.
      await tx.transaction(async (sp) => {
        await sp.delete(users).where(eq(users.id, userId))
      })
    } catch (err) {
      if (pgErrorOf(err).code !== '23503') throw err
      kept = true
    }
  }
  if (kept) {
    const paidOut = tx
      .select({ id: loanOrders.id })
      .from(loanOrders)
      .where(eq(loanOrders.walletAccountId, walletAccounts.id))
    await tx.delete(walletAccounts).where(and(eq(walletAccounts.userId, userId), notExists(paidOut)))
    await tx
      .update(walletAccounts)
      .set({ account: sql`'deleted-' || ${walletAccounts.id}`, holderName: null })
      .where(eq(walletAccounts.userId, userId))
    await tx
      .update(users)
      .set({ mobile: `deleted-${userId}` })
      .where(eq(users.id, userId))
  }
  await tx.insert(accountDeletions).values({
    userId: kept ? userId : null,
    country: user.country,
    reason,
    remark,
    loanRecordsKept: kept,
    deletedAt: now,
  })
  return files
}

export const accountDeletionModule: ServerModule = {
  name: 'account-deletion',
  register(host) {
    host.registerHandler('/user/account/delete/code', sendCode)

    host.registerHandler('/user/account/delete', async (req, ctx): Promise<AccountDeleted> => {
      const { userId, country, mobile } = req.session!
      await refuseWhileLoanOpen(ctx, ctx.db, userId)
      const outcome = await checkCode(
        ctx.db,
        ctx.config.verifyCode,
        country,
        mobile,
        req.input.code,
        ctx.clock.now(),
      )
      if (outcome === 'wrong' || outcome === 'expired') fieldFailure({ code: ACCOUNT_MESSAGES.wrongCode })
      if (outcome === 'locked') fail(ApiCode.RateLimited, ACCOUNT_MESSAGES.codeLocked)
      const now = ctx.clock.now()
      const remark = req.input.remark?.trim() || null
      // The borrower's sessions end with it: every instance refuses the token from the next request on.
      const files = await ctx.cache.write(() =>
        ctx.db.transaction((tx) => erase(ctx, tx, userId, req.input.reasons[0]!, remark, now)),
      )
      await ctx.images.removeFiles(files)
      ctx.log.info({ call: '/user/account/delete', reason: req.input.reasons[0] }, 'account deleted')
      return { deletedAt: now.toISOString() }
    })

    // The web link of the store listing: the app's own deletion screen (login first, as for every guarded route).
    const screen = `/#${routeByName('deleteAccount').path}`
    host.fastify.get(DELETE_LINK, async (_req, reply) => reply.redirect(screen, 302))
  },
}
