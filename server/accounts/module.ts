/**
 * Accounts (spec §7 /security/*): is a number registered, send a code, register, log in, who am I.
 * Numbers are stored as the country's national significant number (domain/phone.ts), unique per country.
 */
import { and, eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type { LoginResult } from '../../domain/api-types'
import type { CountryCode, Language } from '../../domain/countries'
import { normalizeMobile, toE164 } from '../../domain/phone'
import type { ServerContext, ServerModule } from '../context'
import { isUniqueViolation, type Queryable } from '../db/client'
import { sessions, users } from '../db/schema/core'
import { ApiFailure, fail, fieldFailure } from '../envelope'
import { userInfo } from '../profile/store'
import { issueToken } from './sessions'
import { checkCode, issueCode } from './verify-codes'

/** Message keys of the account refusals (locales/<lang>/errors.json). */
export const ACCOUNT_MESSAGES = {
  registered: 'errors.alreadyRegistered',
  wrongCode: 'errors.invalidCode',
  codeLocked: 'errors.captcha.locked',
  tooSoon: 'errors.captcha.tooSoon',
  sms: 'errors.sms.verifyCode',
} as const

interface MobileInput {
  country: CountryCode
  mobile: string
}

/** The stored form of a number the schema has already accepted. */
function nsn(input: MobileInput): string {
  const national = normalizeMobile(input.country, input.mobile)
  if (!national) fieldFailure({ mobile: 'validation.mobile.invalid' })
  return national
}

async function findUser(q: Queryable, country: CountryCode, mobile: string) {
  const [user] = await q
    .select()
    .from(users)
    .where(and(eq(users.country, country), eq(users.mobile, mobile)))
  return user ?? null
}

/** Checks the code; answers the refusal when it is not right. */
async function requireCode(ctx: ServerContext, country: CountryCode, mobile: string, code: string) {
  const outcome = await checkCode(ctx.db, ctx.config.verifyCode, country, mobile, code, ctx.clock.now())
  if (outcome === 'wrong' || outcome === 'expired') fieldFailure({ code: ACCOUNT_MESSAGES.wrongCode })
  if (outcome === 'locked') fail(ApiCode.RateLimited, ACCOUNT_MESSAGES.codeLocked)
}

async function createUser(ctx: ServerContext, country: CountryCode, mobile: string, lang: Language) {
  try {
    const [created] = await ctx.db
      .insert(users)
      .values({ country, mobile, lang, createdAt: ctx.clock.now() })
      .returning({ id: users.id })
    return created!.id
  } catch (err) {
    // Two registrations of one number at once: the database's unique index decides; the loser is told.
    if (isUniqueViolation(err, 'users_country_mobile_key'))
      fieldFailure({ mobile: ACCOUNT_MESSAGES.registered })
    throw err
  }
}

async function loggedIn(ctx: ServerContext, userId: number, newUser: boolean): Promise<LoginResult> {
  // The borrower's other sessions end: every instance must refuse their tokens from the next request on.
  const token = await ctx.cache.write(() =>
    issueToken(ctx.db, userId, ctx.clock.now(), ctx.config.tokenTtlMs),
  )
  return { token, userId: String(userId), newUser }
}

export const accountsModule: ServerModule = {
  name: 'accounts',
  register(host) {
    host.registerHandler('/security/existsByMobile', async (req, ctx) => {
      const mobile = nsn(req.input)
      return { exists: (await findUser(ctx.db, req.input.country, mobile)) !== null }
    })

    host.registerHandler('/security/getVerifyCode', async (req, ctx) => {
      const { country, purpose } = req.input
      const mobile = nsn(req.input)
      if (purpose === 'register' && (await findUser(ctx.db, country, mobile))) {
        fieldFailure({ mobile: ACCOUNT_MESSAGES.registered })
      }
      const now = ctx.clock.now()
      const policy = ctx.config.verifyCode
      const refused = await ctx.db.transaction(async (tx) => {
        const issued = await issueCode(tx, policy, country, mobile, req.ip, now)
        if (!issued.ok) return issued.retryAfterMs
        const minutes = Math.round(policy.ttlMs / 60_000)
        await ctx.sms.send(
          {
            to: `+${toE164(country, mobile)}`,
            text: ctx.t(req.lang, ACCOUNT_MESSAGES.sms, { code: issued.code, minutes }),
          },
          tx,
        )
        return null
      })
      if (refused !== null) {
        const seconds = Math.ceil(refused / 1000)
        throw new ApiFailure(ApiCode.RateLimited, {
          msgKey: ACCOUNT_MESSAGES.tooSoon,
          data: { retryAfterSeconds: seconds },
        })
      }
      return {
        resendAfterSeconds: Math.ceil(policy.resendAfterMs / 1000),
        expiresInSeconds: Math.ceil(policy.ttlMs / 1000),
      }
    })

    host.registerHandler('/security/register', async (req, ctx) => {
      const { country, code } = req.input
      const mobile = nsn(req.input)
      if (await findUser(ctx.db, country, mobile)) fieldFailure({ mobile: ACCOUNT_MESSAGES.registered })
      await requireCode(ctx, country, mobile, code)
      return loggedIn(ctx, await createUser(ctx, country, mobile, req.lang), true)
    })

    // Logging in with a number that has no account yet creates it (one screen for both, LoginResult.newUser).
    host.registerHandler('/security/login', async (req, ctx) => {
      const { country, code } = req.input
      const mobile = nsn(req.input)
      await requireCode(ctx, country, mobile, code)
      const user = await findUser(ctx.db, country, mobile)
      if (!user) return loggedIn(ctx, await createUser(ctx, country, mobile, req.lang), true)
      if (user.lang !== req.lang)
        await ctx.db.update(users).set({ lang: req.lang }).where(eq(users.id, user.id))
      return loggedIn(ctx, user.id, false)
    })

    host.registerHandler('/security/logout', async (req, ctx) => {
      await ctx.cache.write(() => ctx.db.delete(sessions).where(eq(sessions.id, req.session!.sessionId)))
      return {}
    })

    host.registerHandler('/security/getUserInfo', async (req, ctx) => userInfo(ctx, req.session!.userId))
  },
}
