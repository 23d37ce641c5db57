import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../domain/schemas/common'
import { couponUseSchema } from '../../domain/schemas/coupon'
import {
  MAX_RECEIPTS,
  feedbackSchema,
  leaveMessageSchema,
  ratingSchema,
} from '../../domain/schemas/feedback'
import { FORM_ERROR, fieldErrors } from '../../domain/schemas/field-errors'
import { imageFileSchema } from '../../domain/schemas/identity'

const ticket = {
  type: 1,
  description: 'I paid on Monday but the loan still shows as due.',
  receiverAccount: '0754123456',
  receipts: ['f1', 'f2'],
  contact: '0754123456',
  contactTime: 'morning',
}
const tz = feedbackSchema('TZ')

describe('feedback ticket', () => {
  it('accepts a complete ticket', () => {
    expect(fieldErrors(tz, ticket)).toEqual({})
  })

  it('takes a type from 1 to 7 and a description that is not blank', () => {
    expect(fieldErrors(tz, { ...ticket, type: 8 })).toMatchObject({ type: 'validation.feedback.type' })
    expect(fieldErrors(tz, { ...ticket, type: 0 })).toMatchObject({ type: 'validation.feedback.type' })
    expect(fieldErrors(tz, { ...ticket, description: '   ' })).toEqual({ description: 'validation.feedback.description' })
  })

  it(`caps receipts at the configured number (${MAX_RECEIPTS} by default)`, () => {
    const four = ['f1', 'f2', 'f3', 'f4']
    expect(MAX_RECEIPTS).toBe(3)
    expect(fieldErrors(tz, { ...ticket, receipts: four })).toEqual({ receipts: 'validation.feedback.tooManyReceipts' })
    expect(fieldErrors(feedbackSchema('TZ', { maxReceipts: 5 }), { ...ticket, receipts: four })).toEqual({})
    expect(fieldErrors(tz, { ...ticket, receipts: undefined })).toEqual({})
  })

  it('asks for the receiving account when money moved (repaid bill not updated, loan not received), not otherwise', () => {
    expect(fieldErrors(tz, { ...ticket, receiverAccount: '' })).toEqual({
      receiverAccount: 'validation.feedback.receiverAccount',
    })
    expect(fieldErrors(tz, { ...ticket, type: 7, receiverAccount: undefined })).toEqual({
      receiverAccount: 'validation.feedback.receiverAccount',
    })
    expect(fieldErrors(tz, { ...ticket, type: 3, receiverAccount: undefined })).toEqual({})
  })

  it('reaches the borrower by a mobile number or an e-mail address, at a chosen time', () => {
    expect(fieldErrors(tz, { ...ticket, contact: 'asha@example.org' })).toEqual({})
    expect(fieldErrors(tz, { ...ticket, contact: 'call me' })).toEqual({ contact: 'validation.feedback.contact' })
    expect(fieldErrors(tz, { ...ticket, contact: '' })).toEqual({ contact: 'validation.feedback.contactRequired' })
    expect(fieldErrors(tz, { ...ticket, contactTime: undefined })).toEqual({
      contactTime: 'validation.feedback.contactTime',
    })
  })

  it('leaves a message that is not empty', () => {
    expect(fieldErrors(leaveMessageSchema(), { feedbackId: 'T1', content: '' })).toEqual({
      content: 'validation.feedback.message',
    })
    expect(fieldErrors(leaveMessageSchema(), { feedbackId: 'T1', content: 'Any news?' })).toEqual({})
  })

  it('rates from 1 to 5 whole stars', () => {
    for (const rating of [0, 6, 2.5]) {
      expect(fieldErrors(ratingSchema(), { feedbackId: 'T1', rating })).toEqual({ rating: 'validation.rating.range' })
    }
    expect(fieldErrors(ratingSchema(), { feedbackId: 'T1', rating: 5 })).toEqual({})
  })
})

describe('uploaded images', () => {
  const image = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type })

  it('accept a photo of exactly 20 MB and refuse one byte more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024)
    expect(fieldErrors(imageFileSchema(), image(MAX_UPLOAD_BYTES))).toEqual({})
    expect(fieldErrors(imageFileSchema(), image(MAX_UPLOAD_BYTES + 1))).toEqual({
      [FORM_ERROR]: 'validation.file.tooLarge',
    })
  })

  it('refuse a file that is not an image, or an empty one', () => {
    expect(fieldErrors(imageFileSchema(), image(10, 'application/pdf'))).toEqual({ [FORM_ERROR]: 'validation.file.type' })
    expect(fieldErrors(imageFileSchema(), image(0))).toEqual({ [FORM_ERROR]: 'validation.file.required' })
    expect(fieldErrors(imageFileSchema(), undefined)).toEqual({ [FORM_ERROR]: 'validation.file.required' })
  })
})

describe('coupon use', () => {
  it('needs the coupon and the order', () => {
    expect(fieldErrors(couponUseSchema(), { loanOrderId: 'L1' })).toEqual({ couponId: 'validation.coupon.required' })
    expect(fieldErrors(couponUseSchema(), { couponId: 'C1', loanOrderId: 'L1' })).toEqual({})
  })
})
