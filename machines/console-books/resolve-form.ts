/**
 * The form of a receipt in suspense being resolved (machines/console-books.machine.ts): its fields, their checks
 * before anything is sent, the request it sends and how the server's refusals read at the fields.
 */
import { consoleFailureOf, type SuspenseResolveRequest } from '../../domain/console'
import { failureMessage, type Message, msg } from '../console-calls'

export const RESOLVE_FIELDS = ['outcome', 'orderNo', 'reference', 'note'] as const
/** What became of a receipt in suspense. */
export const RESOLVE_OUTCOMES = ['applied', 'refunded'] as const
export type ResolveField = (typeof RESOLVE_FIELDS)[number]

/** The form of a receipt being resolved. */
export interface ResolveForm {
  id: number
  requestId: string
  outcome: 'applied' | 'refunded'
  orderNo: string
  reference: string
  note: string
  errors: Partial<Record<ResolveField, Message>>
  error: Message | null
}

export function resolveErrors(f: ResolveForm): Partial<Record<ResolveField, Message>> {
  const errors: Partial<Record<ResolveField, Message>> = {}
  if (f.outcome === 'applied' && !/^[A-Za-z0-9]{4,40}$/.test(f.orderNo.trim()))
    errors.orderNo = msg('console.books.resolve.orderNoInvalid')
  const reference = f.reference.trim()
  if (f.outcome === 'refunded' && (reference.length < 3 || reference.length > 80))
    errors.reference = msg('console.books.resolve.referenceInvalid')
  if (f.note.trim() === '' || f.note.trim().length > 200)
    errors.note = msg('console.books.resolve.noteInvalid')
  return errors
}

export function resolveRequest(f: ResolveForm): SuspenseResolveRequest {
  return f.outcome === 'applied'
    ? {
        requestId: f.requestId,
        outcome: 'applied',
        orderNo: f.orderNo.trim().toUpperCase(),
        note: f.note.trim(),
      }
    : { requestId: f.requestId, outcome: 'refunded', reference: f.reference.trim(), note: f.note.trim() }
}

/** The server's refusal of a resolution, at the field it names, else as the form's message. */
export function resolveRefusal(error: unknown): Pick<ResolveForm, 'errors' | 'error'> {
  const f = consoleFailureOf(error)
  if (f.kind === 'refused' && f.fields.includes('orderNo'))
    return { errors: { orderNo: msg('console.books.resolve.orderNoUnknown') }, error: null }
  if (f.kind === 'refused' && f.error === 'notRepayable')
    return { errors: { orderNo: msg('console.books.resolve.notRepayable') }, error: null }
  if (f.kind === 'refused' && f.error === 'aboveBalance')
    return { errors: { orderNo: msg('console.books.resolve.aboveBalance') }, error: null }
  if (f.kind === 'refused' && f.error === 'alreadyResolved')
    return { errors: {}, error: msg('console.books.resolve.already') }
  return { errors: {}, error: failureMessage(error) }
}
