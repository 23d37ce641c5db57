/**
 * console-proofs' parts (machines/console-proofs.machine.ts): its context, input and events, the amount typed in a
 * currency's units, and the checks and refusals shown at the fields.
 */
import {
  consoleFailureOf,
  PROOF_REASON_MAX,
  type ProofDetail,
  type ProofItem,
  type ProofState,
} from '../../domain/console'
import { minorPerUnitOf } from '../../domain/money'
import { failureMessage, msg, type Message } from '../console-calls'

export const PROOF_FIELDS = ['amount', 'reference', 'reason'] as const
export type ProofField = (typeof PROOF_FIELDS)[number]

export interface ProofsInput {
  /** The member's time zone, for the dates shown. */
  timeZone: string
}

export interface ProofsContext {
  timeZone: string
  state: ProofState
  proofs: ProofItem[]
  ticketId: string | null
  proof: ProofDetail | null
  /** The receipts' pictures, as local object URLs, in the proof's order. */
  pictures: string[]
  amount: string
  reference: string
  reason: string
  fieldErrors: Partial<Record<ProofField, Message>>
  error: Message | null
  notice: Message | null
}

export type ProofsEvent =
  | { type: 'proofs.filtered'; state: ProofState }
  | { type: 'proofs.opened'; ticketId: string }
  | { type: 'proofs.closed' }
  | { type: 'proofs.amountChanged'; value: string }
  | { type: 'proofs.referenceChanged'; value: string }
  | { type: 'proofs.reasonChanged'; value: string }
  | { type: 'proofs.approved' }
  | { type: 'proofs.rejected' }
  | { type: 'proofs.retried' }

const REFERENCE = /^[A-Za-z0-9-]{4,40}$/

/** "540.50" in a currency as minor units, or null when it is no positive amount of that currency. */
export function amountToMinor(text: string, currency: string): number | null {
  const perUnit = minorPerUnitOf(currency)
  const digits = Math.round(Math.log10(perUnit))
  const clean = text.trim().replace(/[\s,]/g, '')
  const pattern = digits > 0 ? new RegExp(`^\\d{1,13}(\\.\\d{1,${digits}})?$`) : /^\d{1,15}$/
  if (!pattern.test(clean)) return null
  const [whole = '0', fraction = ''] = clean.split('.')
  const minor = Number(whole) * perUnit + Number(fraction.padEnd(digits, '0') || '0')
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null
}

/** Minor units as the amount field shows them: "540.5" → "540.50", whole amounts without decimals. */
export function minorToAmount(minor: number, currency: string): string {
  const perUnit = minorPerUnitOf(currency)
  const digits = Math.round(Math.log10(perUnit))
  const whole = Math.floor(minor / perUnit)
  const fraction = minor % perUnit
  return fraction === 0 || digits === 0 ? String(whole) : `${whole}.${String(fraction).padStart(digits, '0')}`
}

export function approveErrors(c: ProofsContext): Partial<Record<ProofField, Message>> {
  const errors: Partial<Record<ProofField, Message>> = {}
  const minor = c.proof?.currency ? amountToMinor(c.amount, c.proof.currency) : null
  if (minor === null) errors.amount = msg('console.proofs.amountInvalid')
  else if (c.proof?.dueNowMinor != null && minor > c.proof.dueNowMinor)
    errors.amount = msg('console.proofs.aboveBalance')
  if (!REFERENCE.test(c.reference.trim())) errors.reference = msg('console.proofs.referenceInvalid')
  return errors
}

export function rejectErrors(c: ProofsContext): Partial<Record<ProofField, Message>> {
  const reason = c.reason.trim()
  return reason.length < 3 || reason.length > PROOF_REASON_MAX
    ? { reason: msg('console.proofs.reasonInvalid', { max: PROOF_REASON_MAX }) }
    : {}
}

/** The server's refusal of a decision: at its field when it names one, else above the form. */
export function decisionFailure(error: unknown): Pick<ProofsContext, 'fieldErrors' | 'error'> {
  const failure = consoleFailureOf(error)
  if (failure.kind === 'refused') {
    if (failure.error === 'aboveBalance')
      return { fieldErrors: { amount: msg('console.proofs.aboveBalance') }, error: null }
    if (failure.error === 'receiptUsed')
      return { fieldErrors: { reference: msg('console.proofs.receiptUsed') }, error: null }
    if (failure.error === 'invalidInput') {
      const fieldErrors: Partial<Record<ProofField, Message>> = {}
      if (failure.fields.includes('amountMinor')) fieldErrors.amount = msg('console.proofs.amountInvalid')
      if (failure.fields.includes('reference')) fieldErrors.reference = msg('console.proofs.referenceInvalid')
      if (failure.fields.includes('reason'))
        fieldErrors.reason = msg('console.proofs.reasonInvalid', { max: PROOF_REASON_MAX })
      return { fieldErrors, error: null }
    }
    for (const code of ['notRepayable', 'noLoan', 'paymentInProgress', 'alreadyDecided'] as const)
      if (failure.error === code) return { fieldErrors: {}, error: msg(`console.proofs.refused.${code}`) }
  }
  return { fieldErrors: {}, error: failureMessage(error) }
}
