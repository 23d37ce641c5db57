import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  API,
  API_PATHS,
  callByFullPath,
  fullPath,
  requestSchemaFor,
  type ApiRequest,
  type ApiResponse,
  type CallDef,
  type RequestContext,
} from '../../domain/api'
import type { LatestOrder, PayOrder } from '../../domain/api-types'
import { fieldErrors } from '../../domain/schemas/field-errors'

/** Spec §7, literally: method, path, and whether the call is a multipart form. */
const SPEC_CALLS: readonly (readonly [method: 'GET' | 'POST', path: string, form?: 'form'])[] = [
  ['POST', '/security/login'],
  ['POST', '/security/getVerifyCode'],
  ['POST', '/security/register'],
  ['GET', '/security/existsByMobile'],
  ['GET', '/security/getUserInfo'],
  ['POST', '/user/addBankCard'],
  ['POST', '/user/finishUploadAllImg'],
  ['POST', '/user/saveBasicInfo-market'],
  ['POST', '/user/saveAdditionInfo-market'],
  ['POST', '/user/submit'],
  ['POST', '/user/save/questionnaire'],
  ['POST', '/user/curp/ocr'],
  ['POST', '/user/upload/curp/front', 'form'],
  ['POST', '/user/upload/curp/back', 'form'],
  ['POST', '/user/saveFaceImage', 'form'],
  ['POST', '/portal/liveness/detection/result/save', 'form'],
  ['GET', '/user/device/packageList'],
  ['GET', '/loan/loan-order/latest'],
  ['GET', '/loan/loan-order/loanAgreement'],
  ['GET', '/loan/loan-order/list-market'],
  ['GET', '/loan/product/list-market'],
  ['GET', '/loan/product/step-amount'],
  ['GET', '/loan/loan-product/index'],
  ['GET', '/loan/confirm/product-info'],
  ['GET', '/loan/get-money'],
  ['GET', '/loan/get-money/contract'],
  ['GET', '/loan/get-money-time'],
  ['GET', '/loan/get-credit-info'],
  ['POST', '/loan/loan-order/apply-market'],
  ['POST', '/loan/loan-order/apply-market-again'],
  ['POST', '/loan/cancel-draw-money'],
  ['GET', '/loanMarket/index'],
  ['GET', '/loanMarket/lending-record'],
  ['GET', '/loanMarket/repay-color'],
  ['GET', '/loanMarket/repay/products'],
  ['GET', '/time/upload/enable'],
  ['GET', '/time/upload/uploadStatus'],
  ['GET', '/repay/getExtensionData'],
  ['GET', '/repay/confirmExtensionOrder'],
  ['GET', '/portal/repayment/detail'],
  ['POST', '/portal/repayment/confirm'],
  ['GET', '/app/isRejectRecommendation'],
  ['GET', '/app-download/getAddress'],
  ['GET', '/lottery-draw/is-show'],
  ['GET', '/lottery-draw/coupon/quantity'],
  ['GET', '/lottery-draw/coupons'],
  ['POST', '/lottery-draw/create'],
  ['POST', '/lottery-draw/coupon/use'],
  ['POST', '/lottery-draw/coupon/used'],
  ['POST', '/country/meta/ip'],
  ['POST', '/country/meta/code'],
  ['GET', '/feedback/red-dot-marker'],
  ['GET', '/feedback/detail'],
  ['GET', '/feedback/list/question_answer'],
  ['POST', '/feedback/list/feedback'],
  ['POST', '/feedback/create'],
  ['POST', '/feedback/add/leaveMsg'],
  ['POST', '/feedback/list/leave-message'],
  ['POST', '/feedback/submit-rating'],
  ['POST', '/feedback/upload/credential', 'form'],
  ['POST', '/feedback/uploadFile', 'form'],
]

const table = API as Record<string, CallDef>
const ctx = (country: RequestContext['country'], loginMobile = ''): RequestContext => ({
  country,
  today: new Date('2025-06-01T00:00:00Z'),
  loginMobile,
})

describe('the API table', () => {
  it('has every call of spec §7 with the spec method and body kind', () => {
    for (const [method, path, form] of SPEC_CALLS) {
      const def = table[path]
      expect(def, path).toBeDefined()
      expect(def!.method, path).toBe(method)
      expect(def!.body, path).toBe(form === 'form' ? 'form' : 'json')
      expect(def!.source, path).toBe('spec')
    }
  })

  it('calls nothing "spec" that the spec does not list', () => {
    const listed = new Set(SPEC_CALLS.map(([, path]) => path))
    expect(API_PATHS.filter((path) => API[path].source === 'spec' && !listed.has(path))).toEqual([])
  })

  it('sends the country look-up to /cou and everything else to /api', () => {
    for (const path of API_PATHS) {
      expect(API[path].base, path).toBe(path.startsWith('/country/meta/') ? '/cou' : '/api')
    }
    expect(fullPath('/country/meta/ip')).toBe('/cou/country/meta/ip')
    expect(fullPath('/security/login')).toBe('/api/security/login')
    expect(callByFullPath('/cou/country/meta/code')).toBe('/country/meta/code')
    expect(callByFullPath('/api/country/meta/code')).toBeNull()
    expect(callByFullPath('/api/no/such/call')).toBeNull()
  })

  it('needs no token to log in, register, get a code, look up a number or a country', () => {
    const open = ['/security/login', '/security/register', '/security/getVerifyCode', '/security/existsByMobile']
    for (const path of [...open, '/country/meta/ip', '/country/meta/code']) expect(table[path]!.auth, path).toBe(false)
    for (const path of ['/security/getUserInfo', '/user/addBankCard', '/portal/repayment/confirm', '/loan/get-money']) {
      expect(table[path]!.auth, path).toBe(true)
    }
  })

  it('has a valibot schema and a summary for every call; calls without fields take an empty object', () => {
    for (const path of API_PATHS) {
      const def = table[path]!
      expect(def.request.kind, path).toBe('schema')
      expect(def.summary.length, path).toBeGreaterThan(10)
    }
    expect(v.is(API['/security/getUserInfo'].request, {})).toBe(true)
    expect(v.is(API['/loan/loan-order/latest'].request, {})).toBe(true)
  })

  it('validates a call before login by the country its body names', () => {
    const login = API['/security/login'].request
    expect(v.is(login, { country: 'KE', mobile: '0712345678', code: '123456' })).toBe(true)
    expect(fieldErrors(login, { country: 'MX', mobile: '0712345678', code: '123456' })).toEqual({
      mobile: 'validation.mobile.invalid',
    })
  })

  it("validates a borrower's form by their country's rules, given the context", () => {
    const def = table['/user/addBankCard']!
    const clabe = { provider: 'clabe', accountNumber: '002180000118359710', confirmAccountNumber: '002180000118359710' }
    expect(fieldErrors(requestSchemaFor(def, ctx('MX')), clabe)).toEqual({})
    expect(fieldErrors(requestSchemaFor(def, ctx('TZ')), clabe)).toEqual({ provider: 'validation.wallet.provider' })
  })

  it("checks emergency contacts against the session's login number", () => {
    const def = table['/user/saveAdditionInfo-market']!
    const body = {
      employmentType: 'Unemployed',
      incomeSource: 'Family',
      monthlySalary: 'Less than 70000',
      emergencyContactName1: 'Baraka',
      emergencyContactMobile1: '0754000001',
      emergencyContactRelation1: 'parents',
      emergencyContactName2: 'Neema',
      emergencyContactMobile2: '0688000002',
      emergencyContactRelation2: 'friends',
    }
    expect(fieldErrors(requestSchemaFor(def, ctx('TZ', '255754000001')), body)).toEqual({
      emergencyContactMobile1: 'validation.contact.ownMobile',
    })
    expect(fieldErrors(requestSchemaFor(def, ctx('TZ', '255712345678')), body)).toEqual({})
  })

  it('refuses loudly to validate a context-dependent call without its context', () => {
    const def = table['/user/saveBasicInfo-market']!
    expect(def.forContext).toBeDefined()
    expect(() => v.safeParse(def.request, {})).toThrow(/RequestContext/)
    expect(requestSchemaFor(table['/loan/get-money']!, ctx('TZ'))).toBe(API['/loan/get-money'].request)
  })

  it('adds the repayment limits the server loads to the repayment call', () => {
    const def = table['/portal/repayment/confirm']!
    const limits = { remainingMinor: 500_000, productMinMinor: 100_000, unitMinor: 10_000, minorPerUnit: 100 }
    const body = { orderNo: 'K-1', channelId: 'mpesa', amountMinor: 99_900 }
    expect(fieldErrors(def.request, body)).toEqual({})
    expect(fieldErrors(requestSchemaFor(def, { ...ctx('TZ'), repayment: limits }), body)).toEqual({
      amountMinor: 'validation.repay.belowFloor',
    })
  })

  it("records every call Kopa adds in docs/decisions.md", () => {
    const decisions = readFileSync(join(__dirname, '../../docs/decisions.md'), 'utf8')
    const added = API_PATHS.filter((path) => API[path].source === 'kopa')
    expect(added.length).toBeGreaterThan(0)
    for (const path of added) expect(decisions, path).toContain(`\`${path}\``)
  })

  it('types requests and replies from the table', () => {
    expectTypeOf<ApiRequest<'/loan/cancel-draw-money'>>().toEqualTypeOf<{
      loanOrderId: string
      reasons: ('noLongerNeeded' | 'amountTooLow' | 'feesTooHigh' | 'tenureUnsuitable' | 'repaymentDateUnsuitable' | 'wrongWalletAccount' | 'foundAnotherLender' | 'appliedByMistake' | 'other')[]
      remark?: string | undefined
    }>()
    expectTypeOf<ApiResponse<'/loan/loan-order/latest'>>().toEqualTypeOf<LatestOrder | null>()
    expectTypeOf<ApiResponse<'/portal/repayment/confirm'>>().toEqualTypeOf<PayOrder>()
    expectTypeOf<ApiRequest<'/security/login'>>().toMatchTypeOf<{ country: 'TZ' | 'KE' | 'MX'; mobile: string; code: string }>()
  })
})
