import { describe, expect, it } from 'vitest'
import { defineProduct } from '../../domain/product'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { applySchema, cancelLoanSchema, confirmBorrowSchema } from '../../domain/schemas/loan'

const product = defineProduct({
  id: 'tz-91',
  country: 'TZ',
  currency: 'TZS',
  minorPerUnit: 100,
  amount: { minMinor: 1_000_000, maxMinor: 30_000_000, stepMinor: 100_000 },
  tenureDays: [91, 180],
  interest: { annualBps: 3_000 },
  processingFee: { bps: 500 },
  feeTaxBps: 1_800,
  rollover: { feeBps: 500, maxCount: 2 },
})
const limits = { product, loansRepaidOnTime: 0 }
const application = { productId: 'tz-91', amountMinor: 5_000_000, tenureDays: 91 }

describe('apply', () => {
  it('accepts an amount and tenure the product offers', () => {
    expect(fieldErrors(applySchema(limits), application)).toEqual({})
  })

  it('needs a product, an amount and a tenure', () => {
    expect(fieldErrors(applySchema(), {})).toEqual({
      productId: 'validation.loan.productRequired',
      amountMinor: 'validation.loan.amountRequired',
      tenureDays: 'validation.loan.tenure',
    })
  })

  it("with the product loaded, refuses an amount above this borrower's limit or off the step, at the amount", () => {
    expect(fieldErrors(applySchema(limits), { ...application, amountMinor: 40_000_000 })).toEqual({
      amountMinor: 'validation.loan.amountRange',
    })
    expect(fieldErrors(applySchema(limits), { ...application, amountMinor: 5_050_000 })).toEqual({
      amountMinor: 'validation.loan.amountStep',
    })
  })

  it('with the product loaded, refuses a tenure it does not offer, at the tenure', () => {
    expect(fieldErrors(applySchema(limits), { ...application, tenureDays: 120 })).toEqual({
      tenureDays: 'validation.loan.tenure',
    })
  })
})

describe('confirm borrow', () => {
  it('needs the agreement ticked', () => {
    expect(fieldErrors(confirmBorrowSchema(), { loanOrderId: 'L1' })).toEqual({
      agreed: 'validation.agreement.required',
    })
    expect(fieldErrors(confirmBorrowSchema(), { loanOrderId: 'L1', agreed: false })).toEqual({
      agreed: 'validation.agreement.required',
    })
    expect(fieldErrors(confirmBorrowSchema(), { loanOrderId: 'L1', agreed: true, couponId: 'C7' })).toEqual({})
  })
})

describe('cancel an approved order', () => {
  it('with no reason says a reason must be chosen', () => {
    expect(fieldErrors(cancelLoanSchema(), { loanOrderId: 'L1', reasons: [] })).toEqual({
      reasons: 'validation.reason.required',
    })
    expect(fieldErrors(cancelLoanSchema(), { loanOrderId: 'L1' })).toEqual({ reasons: 'validation.reason.required' })
  })

  it('with two reasons says to choose only one', () => {
    expect(fieldErrors(cancelLoanSchema(), { loanOrderId: 'L1', reasons: ['feesTooHigh', 'other'] })).toEqual({
      reasons: 'validation.reason.onlyOne',
    })
  })

  it('accepts exactly one reason from the list', () => {
    expect(fieldErrors(cancelLoanSchema(), { loanOrderId: 'L1', reasons: ['foundAnotherLender'] })).toEqual({})
    expect(fieldErrors(cancelLoanSchema(), { loanOrderId: 'L1', reasons: ['boredNow'] })).toEqual({
      'reasons.0': 'validation.reason.unknown',
    })
  })
})
