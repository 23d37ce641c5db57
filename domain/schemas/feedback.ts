/**
 * Feedback tickets (spec §3, §5): create a ticket with a type 1–7, a description, the receiving account when the
 * problem is about money that moved, up to MAX_RECEIPTS receipt images (each ≤ 20 MB), a phone number or e-mail
 * to reach the borrower and a time to call; leave a message on a ticket; rate the answer 1–5.
 */
import * as v from 'valibot'
import type { CountryCode } from '../countries'
import { FEEDBACK_STATUS_CODES, FEEDBACK_TYPE_CODES, type FeedbackTypeCode } from '../enums'
import { normalizeMobile } from '../phone'
import {
  REQUIRED,
  cleanText,
  crossField,
  filled,
  identifier,
  isPlainIdentifier,
  loanOrderId,
  pageEntries,
  requiredText,
} from './common'
import { isEmailAddress } from './fields'

/** decisions.md: up to 3 receipt images per ticket unless the lender configures another number. */
export const MAX_RECEIPTS = 3
export const FEEDBACK_DESCRIPTION_MAX = 1000
export const FEEDBACK_MESSAGE_MAX = 1000

/** When the borrower would like to be called back (local time of the country). */
export const FEEDBACK_CONTACT_TIMES = ['anytime', 'morning', 'afternoon', 'evening'] as const
export type FeedbackContactTime = (typeof FEEDBACK_CONTACT_TIMES)[number]

/** Types about money that moved, where the account it went to or came from is asked. */
export const TYPES_NEEDING_ACCOUNT: readonly FeedbackTypeCode[] = [1, 6, 7]

export const feedbackId = () => identifier('validation.feedback.ticketRequired')
/** Id of an uploaded image (the reply of /feedback/upload/credential or /feedback/uploadFile). */
export const fileId = () => identifier('validation.file.required')

/** A list of uploaded images, at most `max`. */
function fileIds(max: number) {
  return v.optional(
    v.pipe(v.array(fileId(), 'validation.file.required'), v.maxLength(max, 'validation.feedback.tooManyReceipts')),
    [],
  )
}

export function feedbackSchema(country: CountryCode, opts: { maxReceipts?: number } = {}) {
  const entries = {
    type: v.picklist(FEEDBACK_TYPE_CODES, 'validation.feedback.type'),
    description: requiredText('validation.feedback.description', FEEDBACK_DESCRIPTION_MAX),
    /** The wallet or bank account the money went to or came from. */
    receiverAccount: v.optional(v.pipe(v.string(REQUIRED), cleanText(), v.maxLength(40, 'validation.text.tooLong'))),
    receipts: fileIds(opts.maxReceipts ?? MAX_RECEIPTS),
    /** A mobile number of the country or an e-mail address. */
    contact: v.pipe(
      v.string('validation.feedback.contactRequired'),
      v.check(filled, 'validation.feedback.contactRequired'),
      v.maxLength(254, 'validation.feedback.contact'),
      v.check(
        (s) => normalizeMobile(country, s) !== null || (isEmailAddress(s.trim()) && isPlainIdentifier(s.trim())),
        'validation.feedback.contact',
      ),
    ),
    contactTime: v.picklist(FEEDBACK_CONTACT_TIMES, 'validation.feedback.contactTime'),
    /** The order the ticket is about, when there is one. */
    loanOrderId: v.optional(loanOrderId()),
  }
  type Shape = v.InferOutput<v.ObjectSchema<typeof entries, string>>
  return v.pipe(
    v.object(entries, REQUIRED),
    crossField<Shape>(
      ['type', 'receiverAccount'],
      (i) => !TYPES_NEEDING_ACCOUNT.includes(i.type) || filled(i.receiverAccount ?? ''),
      'validation.feedback.receiverAccount',
      'receiverAccount',
    ),
  )
}

/** A receipt image, uploaded before the ticket or message that lists it (the image is the multipart part `file`). */
export function receiptUploadSchema() {
  return v.object({}, REQUIRED)
}

/** A message on an open ticket, with optional images. */
export function leaveMessageSchema(opts: { maxReceipts?: number } = {}) {
  return v.object(
    {
      feedbackId: feedbackId(),
      content: requiredText('validation.feedback.message', FEEDBACK_MESSAGE_MAX),
      attachments: fileIds(opts.maxReceipts ?? MAX_RECEIPTS),
    },
    REQUIRED,
  )
}

/** Rate the answer to a ticket: 1 to 5 stars. */
export function ratingSchema() {
  return v.object(
    {
      feedbackId: feedbackId(),
      rating: v.pipe(
        v.number('validation.rating.range'),
        v.integer('validation.rating.range'),
        v.minValue(1, 'validation.rating.range'),
        v.maxValue(5, 'validation.rating.range'),
      ),
    },
    REQUIRED,
  )
}

export function feedbackListQuery() {
  return v.object(
    { status: v.optional(v.picklist(FEEDBACK_STATUS_CODES, 'validation.select')), ...pageEntries },
    REQUIRED,
  )
}

export function feedbackDetailQuery() {
  return v.object({ feedbackId: feedbackId() }, REQUIRED)
}

export function leaveMessageListQuery() {
  return v.object({ feedbackId: feedbackId(), ...pageEntries }, REQUIRED)
}

export type FeedbackInput = v.InferInput<ReturnType<typeof feedbackSchema>>
