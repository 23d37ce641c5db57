/**
 * The tab, user and standalone screens' tests render a screen over a real journey actor started at its route, with
 * every I/O actor stubbed: the stored session (signed in or not), the latest order, the home card, the rejection
 * notice, the login calls, the phone's permissions and the legal texts answer as the reference server and the
 * native shell would, and record what they were asked.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import { homeMachine } from '../../machines/home.machine'
import { type HomeOverview } from '../../machines/home/home-context'
import { journeyMachine } from '../../machines/journey.machine'
import { type JourneyInput, type OrderReading } from '../../machines/journey/journey-context'
import { JOURNEY_CHILDREN } from '../../machines/journey-children'
import { legalDocumentMachine, type LegalDocumentInput } from '../../machines/legal-document.machine'
import { loanOfferMachine } from '../../machines/loan-offer.machine'
import { loginMachine } from '../../machines/login.machine'
import { type CodeRequest, type NumberQuery, type SignInRequest } from '../../machines/login/login-context'
import { permissionMachine } from '../../machines/permission.machine'
import { sessionMachine } from '../../machines/session.machine'
import { submitMachine } from '../../machines/submit.machine'
import { uploadGateMachine, type UploadFlags } from '../../machines/upload-gate.machine'
import type {
  AgreementDocument,
  CountryMeta,
  ExistsResult,
  LatestOrder,
  LendingRecord,
  LoginResult,
  MarketIndex,
  RejectRecommendation,
  RepayColor,
  UserInfo,
  VerifyCodeSent,
} from '../../domain/api-types'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import type { DisclosedPermission, PermissionStates, UploadFlag } from '../../domain/permissions'
import type { RouteName } from '../../domain/routes'
import { T0, user } from '../machines/journey-fixtures'
import { renderOnRoute, settledOn } from './render-on-route'

export const OVERVIEW: HomeOverview = {
  product: {
    productId: 'tz-standard',
    name: 'Kopa Standard',
    currency: 'TZS',
    minorPerUnit: 100,
    minAmountMinor: 5_000_00,
    maxAmountMinor: 500_000_00,
    stepMinor: 1_000_00,
    tenureDays: [91, 120, 180],
    dailyRatePercent: 0.09,
    annualRatePercent: 32.85,
    installments: 1,
  },
  minAmountMinor: 5_000_00,
  maxAmountMinor: 500_000_00,
  maxTenureDays: 180,
  currency: 'TZS',
  canApply: true,
  repeatBorrower: false,
}

export interface UserJourneyOptions extends JourneyInput {
  entry: RouteName
  /** Signed in as this borrower (default: signed out). */
  borrower?: UserInfo | null
  order?: LatestOrder | null
  overview?: HomeOverview | (() => Promise<HomeOverview>)
  recommendation?: RejectRecommendation
  /** /loanMarket/index (default: no notice). */
  market?: MarketIndex
  /** /loanMarket/lending-record (default: none, so no ticker). */
  lendingRecords?: LendingRecord[]
  /** /loanMarket/repay-color (default: no tone). */
  repayTone?: RepayColor
  /** /time/upload/uploadStatus while finishing (default: every flag set). */
  uploadStatus?: () => Promise<UploadFlags>
  /** /user/submit (default: accepted). */
  submitApplication?: () => Promise<void>
  /** /security/getVerifyCode (default: sent, another in 60 s). */
  requestCode?: (req: CodeRequest) => Promise<VerifyCodeSent>
  /** /security/login or /security/register (default: a token). */
  signIn?: (req: SignInRequest) => Promise<LoginResult>
  /** /security/existsByMobile (default: registered). */
  checkNumber?: (req: NumberQuery) => Promise<ExistsResult>
  /** /cou/country/meta/code (default: the domain's profile of the country). */
  describeCountry?: (req: { country: CountryCode }) => Promise<CountryMeta>
  /** The phone's permission answers (default: nothing granted yet; everything asked is granted). */
  permissionStates?: PermissionStates
  /** When the disclosure was accepted on this device (default: never). */
  permissionsAcceptedAt?: number | null
  /** /time/upload/policy: the flags the country's policy requires (default: none, as the reference server). */
  collectionPolicy?: (country: CountryCode) => Promise<UploadFlag[]>
  /** The legal texts (default: a short document named after the request). */
  legalDocument?: (req: LegalDocumentInput) => Promise<AgreementDocument>
  /** /feedback/red-dot-marker: tickets with an unread reply (default: none). */
  unreadReplies?: number | (() => Promise<number>)
}

/** What the stubbed server and phone were asked. */
export interface Asked {
  codes: CodeRequest[]
  signIns: SignInRequest[]
  numbers: NumberQuery[]
  permissions: (readonly DisclosedPermission[])[]
  /** The countries whose data policy was read (/time/upload/policy). */
  policies: CountryCode[]
  /** Acceptances of the disclosure kept on the device. */
  acceptances: number
  documents: LegalDocumentInput[]
  /** Reads of the red-dot marker (each with whether a session was there). */
  redDots: { signedIn: boolean }[]
}

export const ALL_FLAGS: UploadFlags = {
  appList: true,
  sms: true,
  exif: true,
  device: true,
  contact: true,
  callLog: true,
  location: true,
}

/** A form the borrower reaches from these screens (the application): no draft kept, never submitted here. */
const untouchedForm = submitMachine.provide({
  actors: {
    submit: fromPromise<unknown, { values: Record<string, unknown> }>(async () => {
      throw new Error('not submitted in these tests')
    }),
    draftStore: fromCallback(() => {}),
  },
})

export function startUserJourney(opts: UserJourneyOptions) {
  const asked: Asked = { codes: [], signIns: [], numbers: [], permissions: [], policies: [], documents: [], acceptances: 0, redDots: [] }
  const borrower = opts.borrower ?? null
  const { overview, recommendation, market, lendingRecords, repayTone } = opts
  const machine = journeyMachine.provide({
    actors: {
      ...JOURNEY_CHILDREN,
      session: sessionMachine.provide({
        actors: {
          readStoredSession: fromPromise(async () => ({ token: borrower ? 'tok-1' : null, user: borrower })),
          storeToken: fromPromise(async () => {}),
          loadUser: fromPromise(async () => borrower ?? user()),
          clearStoredSession: fromPromise(async () => {}),
        },
      }),
      fetchLatestOrder: fromPromise(async (): Promise<OrderReading> => ({
        order: opts.order ?? null,
        readAt: T0,
      })),
      home: homeMachine.provide({
        actors: {
          loadOverview: fromPromise(
            typeof overview === 'function' ? overview : async () => overview ?? OVERVIEW,
          ),
          checkRejectRecommendation: fromPromise(
            async (): Promise<RejectRecommendation> =>
              recommendation ?? { show: false, retryAt: null, apps: [] },
          ),
          loadMarket: fromPromise(async (): Promise<MarketIndex> => market ?? { products: [], notice: null }),
          loadLendingRecords: fromPromise(async (): Promise<LendingRecord[]> => lendingRecords ?? []),
          loadRepayTone: fromPromise(async (): Promise<RepayColor> => repayTone ?? { tone: 'none', daysToDue: null }),
        },
      }),
      uploadGate: uploadGateMachine.provide({
        actors: {
          fetchUploadStatus: fromPromise(opts.uploadStatus ?? (async () => ALL_FLAGS)),
          startCollector: fromPromise(async () => {}),
        },
      }),
      submitApplication: fromPromise(opts.submitApplication ?? (async () => {})),
      loadRedDot: fromPromise<{ unread: number } | null, { signedIn: boolean }>(async ({ input }) => {
        asked.redDots.push(input)
        const unread = opts.unreadReplies
        // As services/actors/journey-actors.ts: a visitor has no tickets (no call).
        if (!input.signedIn) return { unread: 0 }
        return { unread: typeof unread === 'function' ? await unread() : (unread ?? 0) }
      }),
      loginForm: loginMachine.provide({
        actors: {
          checkNumber: fromPromise(async ({ input }: { input: NumberQuery }): Promise<ExistsResult> => {
            asked.numbers.push(input)
            return opts.checkNumber ? opts.checkNumber(input) : { exists: true }
          }),
          describeCountry: fromPromise(
            async ({ input }: { input: { country: CountryCode } }): Promise<CountryMeta> => {
              if (opts.describeCountry) return opts.describeCountry(input)
              const c = COUNTRIES[input.country]
              return {
                country: c.code,
                dialCode: c.dialCode,
                currency: c.currency,
                languages: [...c.languages],
                defaultLanguage: c.defaultLanguage,
              }
            },
          ),
          requestCode: fromPromise(async ({ input }: { input: CodeRequest }): Promise<VerifyCodeSent> => {
            asked.codes.push(input)
            return opts.requestCode
              ? opts.requestCode(input)
              : { resendAfterSeconds: 60, expiresInSeconds: 300 }
          }),
          signIn: fromPromise(async ({ input }: { input: SignInRequest }): Promise<LoginResult> => {
            asked.signIns.push(input)
            return opts.signIn ? opts.signIn(input) : { token: 'tok-new', userId: '42', newUser: false }
          }),
        },
      }),
      permission: permissionMachine.provide({
        actors: {
          readPolicy: fromPromise(async ({ input }: { input: { country: CountryCode } }): Promise<UploadFlag[]> => {
            asked.policies.push(input.country)
            return opts.collectionPolicy ? opts.collectionPolicy(input.country) : []
          }),
          recallAcceptance: fromPromise(async () =>
            opts.permissionsAcceptedAt ? { at: opts.permissionsAcceptedAt } : null,
          ),
          rememberAcceptance: fromPromise(async () => {
            asked.acceptances += 1
            return { at: T0 }
          }),
          queryPermissions: fromPromise(async (): Promise<PermissionStates> => opts.permissionStates ?? {}),
          requestPermissions: fromPromise(
            async ({
              input,
            }: {
              input: { names: readonly DisclosedPermission[] }
            }): Promise<PermissionStates> => {
              asked.permissions.push(input.names)
              return Object.fromEntries(input.names.map((name) => [name, 'granted']))
            },
          ),
        },
      }),
      legalDocument: legalDocumentMachine.provide({
        actors: {
          loadLegalDocument: fromPromise(
            async ({ input }: { input: LegalDocumentInput }): Promise<AgreementDocument> => {
              asked.documents.push(input)
              if (opts.legalDocument) return opts.legalDocument(input)
              return {
                title: input.document,
                version: '2026-01',
                language: 'en',
                html: `<p>${input.country}</p>`,
              }
            },
          ),
        },
      }),
      applicationForm: untouchedForm,
      repeatApplicationForm: untouchedForm,
      loanOffer: loanOfferMachine.provide({
        actors: {
          loadOffer: fromPromise(async () => Promise.reject(new Error('not loaded in these tests'))),
        },
      }),
    },
  })
  const {
    borrower: _b,
    order: _o,
    overview: _v,
    recommendation: _r,
    market: _mk,
    lendingRecords: _lr,
    repayTone: _rt,
    uploadStatus: _u,
    submitApplication: _s,
    requestCode: _c,
    signIn: _i,
    checkNumber: _n,
    describeCountry: _m,
    permissionStates: _p,
    permissionsAcceptedAt: _a,
    collectionPolicy: _cp,
    legalDocument: _d,
    unreadReplies: _ur,
    ...input
  } = opts
  const actor = createActor(machine, { input })
  actor.start()
  return { actor, asked }
}

export type UserJourney = ReturnType<typeof startUserJourney>['actor']

export { settledOn }

/** Renders a screen over the journey, in a language and a country, once the journey stands on its route. */
export const renderOn = renderOnRoute
