/**
 * Profile and KYC (spec §3, §5; decisions.md "Onboarding order and statuses"): personal info, additional info,
 * ID front → back → face, the questionnaire (Mexico) and the payout wallet. Each completed step is saved and
 * reported to the loan module (`ctx.onProfileStep`) in one transaction; the reply is the status the borrower's
 * order is in now, so the app opens the screen it names.
 *
 * One loan at a time per person (person-keys.ts): the ID number and the newest wallet are saved with their keys,
 * and a step of a borrower with an open order first hands the order its keys — refused (2116, 2117, 2118) when
 * another account holds them.
 */
import { and, eq } from 'drizzle-orm'
import type { ImageCheckResult, IdCheckProblem, IdOcrResult, StepResult } from '../../domain/api-types'
import { FORM_ERROR } from '../../domain/schemas/field-errors'
import type { PersonalInfo } from '../../domain/schemas/personal-info'
import { normalizeWalletNumber } from '../../domain/wallets'
import type { CallRequest, ProfileStep, ServerContext, ServerModule, Session } from '../context'
import type { ImageKind } from '../db/schema/profile'
import { walletAccounts } from '../db/schema/profile'
import { fieldFailure } from '../envelope'
import { inspectImage, type UploadedImage } from '../uploads'
import { mountCollector, registerCollectionCalls } from './collection'
import { backfillPersonKeys, claimPersonKeys, idNumberKey, refuseSharedKey, walletKey } from './person-keys'
import { identityImages, profileRow, saveProfile, stepStatus, type ProfileRow } from './store'

type ProfilePatch = Parameters<typeof saveProfile>[2]

/** The spec's ID messages (errors.id.*), for the identity step refused as a whole. */
const ID_MESSAGES = {
  front: 'errors.id.frontFailed',
  back: 'errors.id.uploadBackFirst',
  face: 'errors.id.finishFace',
} as const

/**
 * Saves a step, hands the open order the borrower's keys and tells the loan module, in one transaction; answers
 * the order's status now.
 */
async function completeStep(
  ctx: ServerContext,
  session: Session,
  step: ProfileStep,
  write: (q: Parameters<Parameters<ServerContext['db']['transaction']>[0]>[0], now: Date) => Promise<void>,
): Promise<StepResult> {
  const now = ctx.clock.now()
  const open = await ctx.db.transaction(async (tx) => {
    await write(tx, now)
    const openOrder = await claimPersonKeys(tx, session.userId, now)
    try {
      return await ctx.onProfileStep(session.userId, step, {
        q: tx,
        now,
        country: session.country,
        openOrder,
      })
    } catch (err) {
      // The step submitted the order (19) while another account's order holds its key.
      refuseSharedKey(err)
      throw err
    }
  })
  // The open order as the step's transaction left it (issue 17: not read again after the commit); without one, the
  // onboarding step still to do.
  if (open) return open
  return stepStatus(ctx, session.userId, session.country)
}

const saveFields = (
  ctx: ServerContext,
  session: Session,
  step: ProfileStep,
  patch: (now: Date) => ProfilePatch,
) => completeStep(ctx, session, step, (tx, now) => saveProfile(tx, session.userId, patch(now), now))

const me = (req: CallRequest): Session => req.session!

function imageResult(
  state: { front: boolean; back: boolean; face: boolean },
  problem: IdCheckProblem | null,
): ImageCheckResult {
  return { accepted: problem === null, problem, ...state }
}

/** One identity image: checked in order (front, back, face), by the vendor, then kept if accepted. */
async function identityImage(
  ctx: ServerContext,
  req: CallRequest,
  kind: Extract<ImageKind, 'idFront' | 'idBack' | 'face' | 'liveness'>,
): Promise<ImageCheckResult> {
  const session = me(req)
  const image = req.image!
  const state = await identityImages(ctx.db, session.userId)
  let problem: IdCheckProblem | null = null
  if (kind === 'idFront') {
    const claimed = ((await profileRow(ctx.db, session.userId))?.basicInfo ?? null) as PersonalInfo | null
    const reading = await ctx.kyc.ocr.read('front', image, { country: session.country, claimed })
    if (!reading.recognized) problem = 'notRecognised'
  } else if (kind === 'idBack') {
    if (!state.front) problem = 'frontFirst'
    else if (
      !(await ctx.kyc.ocr.read('back', image, { country: session.country, claimed: null })).recognized
    ) {
      problem = 'notRecognised'
    }
  } else if (!state.front) problem = 'frontFirst'
  else if (!state.back) problem = 'backFirst'
  else {
    // A vendor that matches the selfie with the ID card (Smile ID) needs the accepted ID images too.
    const checked = await ctx.kyc.liveness.check(image, session.country, {
      userId: session.userId,
      idFront: await storedImage(ctx, session.userId, 'idFront'),
      idBack: await storedImage(ctx, session.userId, 'idBack'),
    })
    if (!checked.passed) problem = checked.problem ?? 'livenessFailed'
  }

  if (problem) return imageResult(state, problem)
  // The new photo replaces the last one of its kind: a borrower keeps one of each, never a pile (issue 14).
  await ctx.images.replace(ctx.db, session.userId, kind, image, ctx.clock.now())
  return imageResult(await identityImages(ctx.db, session.userId), null)
}

/** The latest accepted image of a kind, read back from the private store. */
async function storedImage(
  ctx: ServerContext,
  userId: number,
  kind: 'idFront' | 'idBack',
): Promise<UploadedImage | null> {
  const stored = await ctx.images.latest(ctx.db, userId, kind)
  if (!stored) return null
  const file = await ctx.images.read(ctx.db, userId, stored.id)
  return file ? inspectImage(file.bytes) : null
}

/** The latest accepted ID front, read back from the private store. */
const latestFront = (ctx: ServerContext, userId: number) => storedImage(ctx, userId, 'idFront')

const NO_OCR: IdOcrResult = {
  curp: null,
  firstName: null,
  middleName: null,
  lastName: null,
  birthday: null,
  gender: null,
  birthState: null,
}

export const profileModule: ServerModule = {
  name: 'profile',
  async register(host) {
    await backfillPersonKeys(host.db, host.config.personKeySecret, host.log, host.clock.now())

    host.registerHandler('/user/saveBasicInfo-market', (req, ctx) =>
      saveFields(ctx, me(req), 'basicInfo', (now) => ({
        basicInfo: req.input,
        basicInfoAt: now,
        personKey: idNumberKey(ctx.config.personKeySecret, me(req).country, req.input.nationalId),
      })),
    )

    host.registerHandler('/user/saveAdditionInfo-market', (req, ctx) =>
      saveFields(ctx, me(req), 'additionalInfo', (now) => ({ additionInfo: req.input, additionInfoAt: now })),
    )

    host.registerHandler('/user/save/questionnaire', (req, ctx) =>
      saveFields(ctx, me(req), 'questionnaire', (now) => ({
        questionnaire: req.input.answers,
        questionnaireAt: now,
      })),
    )

    host.registerHandler('/user/upload/curp/front', (req, ctx) => identityImage(ctx, req, 'idFront'))
    host.registerHandler('/user/upload/curp/back', (req, ctx) => identityImage(ctx, req, 'idBack'))
    host.registerHandler('/user/saveFaceImage', (req, ctx) => identityImage(ctx, req, 'face'))
    host.registerHandler('/portal/liveness/detection/result/save', (req, ctx) =>
      identityImage(ctx, req, 'liveness'),
    )

    host.registerHandler('/user/finishUploadAllImg', async (req, ctx) => {
      const session = me(req)
      const state = await identityImages(ctx.db, session.userId)
      if (!state.front) fieldFailure({ [FORM_ERROR]: ID_MESSAGES.front })
      if (!state.back) fieldFailure({ [FORM_ERROR]: ID_MESSAGES.back })
      if (!state.face) fieldFailure({ [FORM_ERROR]: ID_MESSAGES.face })
      return saveFields(ctx, session, 'identity', (now) => ({ identityAt: now }))
    })

    host.registerHandler('/user/curp/ocr', async (req, ctx) => {
      const session = me(req)
      const front = await latestFront(ctx, session.userId)
      if (!front) fieldFailure({ [FORM_ERROR]: ID_MESSAGES.front })
      const row: ProfileRow | null = await profileRow(ctx.db, session.userId)
      const claimed = (row?.basicInfo ?? null) as PersonalInfo | null
      const reading = await ctx.kyc.ocr.read('front', front, { country: session.country, claimed })
      if (!reading.recognized) fieldFailure({ [FORM_ERROR]: 'errors.id.notRecognized' })
      const result: IdOcrResult = { ...NO_OCR, ...reading.fields }
      await saveProfile(ctx.db, session.userId, { ocr: result }, ctx.clock.now())
      return result
    })

    host.registerHandler('/user/addBankCard', (req, ctx) => {
      const session = me(req)
      const { provider, accountNumber } = req.input
      const account = normalizeWalletNumber(session.country, provider, accountNumber)
      if (!account) fieldFailure({ accountNumber: 'validation.wallet.number' })
      return completeStep(ctx, session, 'wallet', async (tx, now) => {
        // The newest account is the one paid out to: adding a known one again makes it the newest.
        const [existing] = await tx
          .select({ id: walletAccounts.id })
          .from(walletAccounts)
          .where(
            and(
              eq(walletAccounts.userId, session.userId),
              eq(walletAccounts.provider, provider),
              eq(walletAccounts.account, account),
            ),
          )
        if (existing)
          await tx.update(walletAccounts).set({ createdAt: now }).where(eq(walletAccounts.id, existing.id))
        else
          await tx
            .insert(walletAccounts)
            .values({ userId: session.userId, provider, account, createdAt: now })
        // The profile keeps the newest account's key: the one an application is paid out to.
        const key = walletKey(ctx.config.personKeySecret, session.country, provider, account)
        await saveProfile(tx, session.userId, { walletKey: key }, now)
      })
    })

    registerCollectionCalls(host)
    mountCollector(host)
  },
}
