/**
 * account deletion — settings → delete account (decisions.md "Cancelling": required by the app store, refused
 * while a loan is open, one reason, confirmed with an SMS code sent to the login number).
 *
 * The reasons are check boxes like the cancellation form's, so both "choose the reason" and "only one reason"
 * can be said; the rules and their messages are the domain's (schemas/account.ts `deleteAccountSchema`). The
 * code can be asked for again once the server's `resendAfterSeconds` have passed (named delay `resendCooldown`).
 *
 * Input (AccountDeletionInput): { latestStatus } — the status of the borrower's latest order (null: none)
 * Events: reason.toggled {reason}, remark.changed {remark}, code.requested, code.changed {code},
 *         deletion.submitted, deletion.dismissed
 * Tags:   busy (sending the code, deleting), refused, canRequestCode, canSubmit, sendingCode, deleting
 * Output: { outcome: 'deleted' | 'dismissed' | 'sessionEnded' } — after 'deleted' the composition clears the
 *         session as for a log out.
 * Actors the composition provides:
 *   sendDeletionCode () → VerifyCodeSent                                   (POST /user/account/delete/code)
 *   deleteAccount    ({ reasons: [one], remark?, code }) → AccountDeleted  (POST /user/account/delete)
 */
import type { InferInput } from 'valibot'
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { ApiCode } from '../domain/api-codes'
import type { AccountDeleted, VerifyCodeSent } from '../domain/api-types'
import type { DeleteAccountReason } from '../domain/enums'
import type { OrderStatusCode } from '../domain/order-status'
import { deleteAccountSchema } from '../domain/schemas/account'
import { fieldErrors } from '../domain/schemas/field-errors'
import { toggle } from './cancellation.machine'
import { isOpenStatus } from './order-lifecycle/order-policy'
import {
  codeMessage,
  endsSession,
  errorOf,
  escalateSessionEnded,
  failureOf,
  messageOf,
  msg,
  type Message,
  type SessionEndedEvent,
} from './kit/call-failure'
import { notProvided } from './kit/not-provided'
import { outputParams, type Output } from './kit/params'

export interface AccountDeletionInput {
  latestStatus: OrderStatusCode | null
}

/** What POST /user/account/delete sends (the domain schema's input). */
export type DeleteAccountRequest = InferInput<ReturnType<typeof deleteAccountSchema>>

export interface AccountDeletionContext {
  latestStatus: OrderStatusCode | null
  reasons: DeleteAccountReason[]
  remark: string
  code: string
  /** How long the server asks to wait before another code. */
  resendAfterMs: number
  codeSent: boolean
  fieldErrors: { reasons?: Message; remark?: Message; code?: Message }
  error: Message | null
}

export type AccountDeletionEvent =
  | { type: 'reason.toggled'; reason: DeleteAccountReason }
  | { type: 'remark.changed'; remark: string }
  | { type: 'code.requested' }
  | { type: 'code.changed'; code: string }
  | { type: 'deletion.submitted' }
  | { type: 'deletion.dismissed' }

export type AccountDeletionOutput = { outcome: 'deleted' | 'dismissed' | 'sessionEnded' }

const requestOf = (c: AccountDeletionContext): DeleteAccountRequest => ({
  reasons: c.reasons,
  ...(c.remark.trim() ? { remark: c.remark.trim() } : {}),
  code: c.code.trim(),
})

function formErrors(c: AccountDeletionContext): AccountDeletionContext['fieldErrors'] {
  const errors = fieldErrors(deleteAccountSchema(), requestOf(c))
  const out: AccountDeletionContext['fieldErrors'] = {}
  for (const field of ['reasons', 'remark', 'code'] as const)
    if (errors[field]) out[field] = msg(errors[field])
  return out
}

export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    input: {} as AccountDeletionInput,
    output: {} as AccountDeletionOutput,
    emitted: {} as SessionEndedEvent,
    tags: {} as 'busy' | 'refused' | 'canRequestCode' | 'canSubmit' | 'sendingCode' | 'deleting',
  },
  actors: {
    sendDeletionCode: fromPromise<VerifyCodeSent>(notProvided('sendDeletionCode')),
    deleteAccount: fromPromise<AccountDeleted, DeleteAccountRequest>(notProvided('deleteAccount')),
  },
  delays: {
    resendCooldown: ({ context }) => context.resendAfterMs,
  },
  guards: {
    loanOpen: ({ context }) => context.latestStatus !== null && isOpenStatus(context.latestStatus),
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    loanOpenOnServer: ({ event }) => {
      const failure = failureOf(errorOf(event))
      return failure.kind === 'rejected' && failure.code === ApiCode.AccountLoanOpen
    },
    invalid: ({ event }) => failureOf(errorOf(event)).kind === 'invalid',
    sessionEnded: ({ event }) => endsSession(event),
  },
  actions: {
    toggleReason: assign({
      reasons: ({ context, event }) =>
        event.type === 'reason.toggled' ? toggle(context.reasons, event.reason) : context.reasons,
      fieldErrors: ({ context }) => ({ ...context.fieldErrors, reasons: undefined }),
    }),
    changeRemark: assign({
      remark: ({ context, event }) => (event.type === 'remark.changed' ? event.remark : context.remark),
      fieldErrors: ({ context }) => ({ ...context.fieldErrors, remark: undefined }),
    }),
    changeCode: assign({
      code: ({ context, event }) => (event.type === 'code.changed' ? event.code : context.code),
      fieldErrors: ({ context }) => ({ ...context.fieldErrors, code: undefined }),
    }),
    keepCodeSent: assign((_, { output: sent }: Output<VerifyCodeSent>) => {
      return { codeSent: true, resendAfterMs: Math.max(0, sent.resendAfterSeconds) * 1000, error: null }
    }),
    showFormErrors: assign({ fieldErrors: ({ context }) => formErrors(context) }),
    showServerFieldErrors: assign(({ event }) => {
      const failure = failureOf(errorOf(event))
      const fields = failure.kind === 'invalid' ? failure.fields : {}
      const text = (f: string): Message | undefined => (fields[f] ? { text: fields[f] } : undefined)
      return { fieldErrors: { reasons: text('reasons'), remark: text('remark'), code: text('code') } }
    }),
    showLoanOpen: assign({ error: codeMessage(ApiCode.AccountLoanOpen) }),
    showFailure: assign({ error: ({ event }) => messageOf(failureOf(errorOf(event))) }),
    clearError: assign({ error: null }),
    escalateSessionEnded: enqueueActions(escalateSessionEnded),
  },
}).createMachine({
  id: 'accountDeletion',
  description: 'Delete the account: never while a loan is open; one reason and an SMS code.',
  context: ({ input }) => ({
    latestStatus: input.latestStatus,
    reasons: [],
    remark: '',
    code: '',
    resendAfterMs: 0,
    codeSent: false,
    fieldErrors: {},
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'loanOpen', target: 'refused', actions: 'showLoanOpen' }, { target: 'editing' }],
    },
    refused: {
      description: 'A loan is open (any status but 4, 8, 9): the account stays until it is repaid or closed.',
      tags: ['refused'],
      on: { 'deletion.dismissed': 'dismissed' },
    },
    editing: {
      type: 'parallel',
      on: { 'deletion.dismissed': '#accountDeletion.dismissed' },
      states: {
        code: {
          description: 'The SMS code to the login number; another only after the server says so.',
          initial: 'idle',
          states: {
            idle: {
              tags: ['canRequestCode'],
              on: { 'code.requested': 'sending' },
            },
            sending: {
              tags: ['busy', 'sendingCode'],
              invoke: {
                src: 'sendDeletionCode',
                onDone: { target: 'coolingDown', actions: { type: 'keepCodeSent', params: outputParams } },
                onError: [
                  { guard: 'sessionEnded', target: '#accountDeletion.sessionEnded' },
                  { target: 'idle', actions: 'showFailure' },
                ],
              },
            },
            coolingDown: {
              after: { resendCooldown: 'idle' },
            },
          },
        },
        form: {
          initial: 'filling',
          states: {
            filling: {
              tags: ['canSubmit'],
              on: {
                'reason.toggled': { actions: 'toggleReason' },
                'remark.changed': { actions: 'changeRemark' },
                'code.changed': { actions: 'changeCode' },
                'deletion.submitted': [
                  { guard: 'formValid', target: 'deleting', actions: 'clearError' },
                  { actions: 'showFormErrors' },
                ],
              },
            },
            deleting: {
              tags: ['busy', 'deleting'],
              invoke: {
                src: 'deleteAccount',
                input: ({ context }) => requestOf(context),
                onDone: '#accountDeletion.deleted',
                onError: [
                  { guard: 'sessionEnded', target: '#accountDeletion.sessionEnded' },
                  { guard: 'loanOpenOnServer', target: '#accountDeletion.refused', actions: 'showLoanOpen' },
                  { guard: 'invalid', target: 'filling', actions: 'showServerFieldErrors' },
                  { target: 'filling', actions: 'showFailure' },
                ],
              },
            },
          },
        },
      },
    },
    deleted: { type: 'final', output: (): AccountDeletionOutput => ({ outcome: 'deleted' }) },
    dismissed: { type: 'final', output: (): AccountDeletionOutput => ({ outcome: 'dismissed' }) },
    sessionEnded: {
      type: 'final',
      entry: 'escalateSessionEnded',
      output: (): AccountDeletionOutput => ({ outcome: 'sessionEnded' }),
    },
  },
  output: ({ event }) => event.output as AccountDeletionOutput,
})

/**
 * What account deletion shows — its screen's one read of this machine (screens/shared/use-view.ts): whether the
 * server refused (a loan is open), the reasons, remark and code as given with their messages, and which of "get
 * code" and delete may be pressed now.
 */
export function accountDeletionView(s: SnapshotFrom<typeof accountDeletionMachine>) {
  return {
    refused: s.hasTag('refused'),
    error: s.context.error,
    reasons: s.context.reasons,
    remark: s.context.remark,
    code: s.context.code,
    codeSent: s.context.codeSent,
    errors: s.context.fieldErrors,
    canRequestCode: s.can({ type: 'code.requested' }),
    sending: s.hasTag('sendingCode'),
    canSubmit: s.can({ type: 'deletion.submitted' }),
    deleting: s.hasTag('deleting'),
  }
}
