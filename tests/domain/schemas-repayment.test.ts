import { describe, expect, it } from 'vitest'
import { fieldErrors } from '../../domain/schemas/field-errors'
import { payOrderQuery, repaymentMessageValues, repaymentSchema, rolloverConfirmSchema } from '../../domain/schemas/repayment'

/** A TZS order with 5,000.00 left; partial payments of at least 1,000 in steps of 100. */
const limits = { remainingMinor: 500_000, productMinMinor: 100_000, unitMinor: 10_000, minorPerUnit: 100 }
const pay = (units: number) => ({ orderNo: 'K-2025-0001', channelId: 'mpesa-push', amountMinor: units * 100 })

describe('repayment amount', () => {
  it('refuses 999 as below the 1,000 floor', () => {
    expect(fieldErrors(repaymentSchema(limits), pay(999))).toEqual({ amountMinor: 'validation.repay.belowFloor' })
  })

  it('accepts 1,000 and multiples of the unit, refuses others', () => {
    expect(fieldErrors(repaymentSchema(limits), pay(1_000))).toEqual({})
    expect(fieldErrors(repaymentSchema(limits), pay(1_100))).toEqual({})
    expect(fieldErrors(repaymentSchema(limits), pay(1_050))).toEqual({ amountMinor: 'validation.repay.notMultiple' })
  })

  it("refuses an amount below the product's own minimum", () => {
    const higher = { ...limits, productMinMinor: 200_000 }
    expect(fieldErrors(repaymentSchema(higher), pay(1_500))).toEqual({ amountMinor: 'validation.repay.belowMinimum' })
    expect(repaymentMessageValues(higher)).toEqual({ min: 2_000, unit: 100 })
  })

  it('refuses cents and more than is owed; accepts exactly the balance even when odd', () => {
    expect(fieldErrors(repaymentSchema(limits), { ...pay(0), amountMinor: 100_050 })).toEqual({
      amountMinor: 'validation.repay.notInteger',
    })
    expect(fieldErrors(repaymentSchema(limits), pay(5_100))).toEqual({ amountMinor: 'validation.repay.aboveBalance' })
    const odd = { ...limits, remainingMinor: 123_456 }
    expect(fieldErrors(repaymentSchema(odd), { ...pay(0), amountMinor: 123_456 })).toEqual({})
  })

  it('without limits checks the shape only: a positive whole amount', () => {
    expect(fieldErrors(repaymentSchema(), pay(999))).toEqual({})
    expect(fieldErrors(repaymentSchema(), pay(0))).toEqual({ amountMinor: 'validation.repay.amountRequired' })
  })
})

describe('repayment identifiers', () => {
  it("says the spec's messages for a missing channel, order number and pay order", () => {
    expect(fieldErrors(repaymentSchema(limits), { amountMinor: 100_000 })).toEqual({
      orderNo: 'validation.orderNo.required',
      channelId: 'validation.channel.required',
    })
    expect(fieldErrors(repaymentSchema(limits), { ...pay(1_000), channelId: ' ' })).toEqual({
      channelId: 'validation.channel.required',
    })
    expect(fieldErrors(payOrderQuery(), { payOrderId: '' })).toEqual({ payOrderId: 'validation.payOrderId.required' })
    expect(fieldErrors(rolloverConfirmSchema(), { orderNo: 'K-1' })).toEqual({ channelId: 'validation.channel.required' })
  })
})
