/**
 * The journey's building blocks (machines/journey.machine.ts and its state fragments): a routable page, and the
 * children and order reads that several states run the same way — one definition each, so a rule about them
 * (what a saved form does, what a failed read does, which screen follows a child's step) is written once.
 */
import type { LatestOrder } from '../../domain/api-types'
import type { RouteName } from '../../domain/routes'
import type { ConfirmBorrowInput, ConfirmBorrowOutput } from '../confirm-borrow.machine'
import type { LegalDocumentName } from '../legal-document.machine'
import type { LoginOutput } from '../login/login-context'
import type { OrderWatchOutput } from '../order-watch.machine'
import { eventParams } from '../kit/params'
import type { SubmitInput, SubmitOutput } from '../submit.machine'
import type { JourneyContext, OrderReading } from './journey-context'
import { countryOf } from './journey-routes'

type ContextArgs = { context: JourneyContext }

/** A routable state: its id is the route's name, its guard `mayEnter`, and entering it records the route. */
export function page<const N extends RouteName>(name: N) {
  return {
    id: name,
    route: { guard: { type: 'mayEnter', params: { route: name } } },
    entry: { type: 'arrive', params: { route: name } },
    meta: { route: name },
  } as const
}

/**
 * The support-reply marker (home and me): read as the tab opens; a failed read keeps the last count (it is a dot,
 * not worth an error).
 */
export function redDotOf() {
  return {
    id: 'redDot',
    src: 'loadRedDot',
    input: ({ context }: ContextArgs) => ({ signedIn: context.session.status === 'signedIn' }),
    onDone: {
      actions: {
        type: 'takeUnreadReplies',
        params: ({ event }: { event: { output: { unread: number } | null } }) => ({
          unread: event.output?.unread ?? null,
        }),
      },
    },
    // A failed read (offline, a server without the call) keeps the last count: a dot is not worth an error.
    onError: {},
  } as const
}

/** The login form of /user/login and /user/register, in the borrower's country, with a landing page's number. */
export function loginFormOf(purpose: 'login' | 'register') {
  return {
    id: 'loginForm',
    src: 'loginForm',
    input: ({ context }: ContextArgs) => ({
      purpose,
      country: countryOf(context),
      mobile: context.prefillMobile,
    }),
    onDone: {
      actions: {
        type: 'signInWith',
        params: ({ event }: { event: { output: LoginOutput } }) => ({ output: event.output }),
      },
    },
  } as const
}

/**
 * The permission disclosure, for the data the borrower's country requires (the server's policy, read by the
 * child); answered either way, on to the collecting screen it came before (disclosure-gate.ts), else home. The
 * /pop prompt is not shown again once accepted on this device (it ends at once); /permission always shows.
 */
export function permissionOf(route: 'pop' | 'permission') {
  return {
    id: 'permission',
    src: 'permission',
    input: ({ context }: ContextArgs) => ({
      country: countryOf(context),
      skipWhenAccepted: route === 'pop',
    }),
    onDone: { actions: ['answerDisclosure', route === 'pop' ? 'leaveDisclosure' : 'goHome'] },
  } as const
}

/** A public legal text for the borrower's country (no session needed). */
export function legalDocumentOf(document: LegalDocumentName) {
  return {
    id: 'legalDocument',
    src: 'legalDocument',
    input: ({ context }: ContextArgs) => ({ document, country: countryOf(context) }),
  } as const
}

/**
 * The order watch of a screen that waits on the server (docs/decisions.md "Live order status"): it reads the
 * latest order with a back-off and, when the status changed, the journey takes the reading and opens the screen
 * the status names (`followStatus`, as after any read). A session it finds ended reaches the journey as
 * 'session.ended', like every child's.
 */
export const watchOutput = ({ event }: { event: { output: OrderWatchOutput } }) => ({ output: event.output })
/** The session's and the language's events, forwarded to the child that owns them (typed params, no cast). */
export const toSession = { type: 'forwardToSession', params: eventParams } as const
export const toLanguage = { type: 'forwardToLanguage', params: eventParams } as const
/** The journey takes the order the watch read (it saw a change). */
export const takeWatchReading = {
  type: 'takeOrder',
  params: ({ event }: { event: { output: OrderWatchOutput } }) =>
    (event.output as Extract<OrderWatchOutput, { outcome: 'changed' }>).reading,
} as const

/** A reading found the money sent: the outcome screen says so (after the reading is taken). */
export const SHOW_MONEY_SENT = [{ type: 'expectOutcome', params: { news: { kind: 'moneySent' } } }, 'showOutcome'] as const

/**
 * A read of the latest order failed: a session code ends the session; anything else is shown where the borrower
 * is (`forgetOutcome` first when the read was to complete an outcome).
 */
export const orderReadFailed = (...first: ['forgetOutcome'] | []) =>
  [
    END_IF_SESSION_ENDED,
    {
      actions: [
        SHOW_ERROR,
        ...first,
        { type: 'goTo', params: ({ context }: ContextArgs) => ({ wanted: [context.route] }) },
      ],
    },
  ] as const

export const orderWatchOf = () =>
  ({
    id: 'orderWatch',
    src: 'orderWatch',
    input: ({ context }: ContextArgs) => ({ order: context.order }),
    onDone: [
      {
        // The money reached the wallet (7 → 2 on lending, or on home): the outcome screen says so first.
        guard: { type: 'orderWatchSawMoneySent', params: watchOutput },
        actions: [takeWatchReading, ...SHOW_MONEY_SENT],
      },
      { guard: { type: 'orderWatchSawChange', params: watchOutput }, actions: [takeWatchReading, 'followStatus'] },
    ],
  }) as const

/** Confirm borrow counts its 24 hours from the server's approval time. */
function confirmInputOf(order: LatestOrder): ConfirmBorrowInput {
  const approvedAt = order.approvedAt ? Date.parse(order.approvedAt) : Number.NaN
  return Number.isNaN(approvedAt) ? { loanOrderId: order.loanOrderId } : { loanOrderId: order.loanOrderId, approvedAt }
}

/** A child's cancellation ended in a cancelled order: the outcome screen says so once the order is read again. */
export const CANCELLED = {
  guard: {
    type: 'outcomeIs',
    params: ({ event }: { event: { output: { outcome: string } } }) => ({ output: event.output, outcome: 'cancelled' }),
  },
  target: '#journey.app.concluding',
  actions: { type: 'expectOutcome', params: { news: { kind: 'cancelled' } } },
} as const

/**
 * Confirm borrow (/confirm_borrow, and /yx2_confirm_borrow from a promotion): confirmed, or the 24 hours over,
 * the order is read again; cancelled from it, the outcome.
 */
export const confirmBorrowOf = () =>
  ({
    id: 'confirmBorrow',
    src: 'confirmBorrow',
    input: ({ context }: ContextArgs) => confirmInputOf(context.order!),
    onDone: [
      CANCELLED,
      {
        guard: {
          type: 'confirmSettled',
          params: ({ event }: { event: { output: ConfirmBorrowOutput } }) => ({ output: event.output }),
        },
        target: '#journey.app.following',
      },
    ],
  }) as const

/** The form children of the onboarding and the application (each a submit machine named in setup()). */
type FormChild = 'personalInfoForm' | 'additionalInfoForm' | 'questionnaireForm' | 'application'
type FormSource = 'personalInfoForm' | 'additionalInfoForm' | 'questionnaireForm' | 'applicationForm' | 'repeatApplicationForm'

/**
 * A form step: the submit child `id` runs `src` with `input`; once saved, the order is read again and the screen
 * its status names opens (`following`). A session the server ended ends the form, and the journey hears it.
 */
export function formStepOf<const Id extends FormChild, const Src extends FormSource>(
  id: Id,
  src: Src,
  input: (args: ContextArgs) => SubmitInput,
) {
  return {
    id,
    src,
    input,
    onDone: {
      guard: { type: 'formSaved', params: ({ event }: { event: { output: SubmitOutput } }) => ({ output: event.output }) },
      target: '#journey.app.following',
    },
  } as const
}

/** The journey takes an order it read. */
export const TAKE_READING = { type: 'takeOrder', params: ({ event }: { event: { output: OrderReading } }) => event.output } as const

/** A call of the journey's own was answered with a session code: the session ends with it. */
export const END_IF_SESSION_ENDED = {
  guard: { type: 'sessionEnded', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  actions: 'endSession',
} as const

/** A failure of the journey's own call, shown once as a toast. */
export const SHOW_ERROR = { type: 'showError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const
