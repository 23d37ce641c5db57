/**
 * Profile and KYC through the real server: the forms validated by the shared schemas with the borrower's
 * country, the ID front → back → face order, image checks by content, the identity step, the wallet, the
 * questionnaire (Mexico), the upload flags and their per-country policy — on every database, through inject and
 * through real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImageCheckResult, StepResult, UploadStatusFlags, UserInfo } from '../../domain/api-types'
import { ApiCode } from '../../domain/api-codes'
import { QUESTIONNAIRE, QUESTION_ANSWER_SETS } from '../../domain/enums'
import { accountsModule } from '../../server/accounts/module'
import { profileModule } from '../../server/profile/module'
import { describeOnEachDatabase } from './helpers/databases'
import { blankShot, pdfAsJpeg, photo } from './helpers/images'
import { startTestServer, TRANSPORTS, type TestServer } from './helpers/server'
import { signUp } from './helpers/session'
import { mexicanPersonalChanges, tanzanianPersonalInfo, workInfo } from '../domain/onboarding-bodies'

const tanzanian = tanzanianPersonalInfo
const mexican = { ...tanzanian, ...mexicanPersonalChanges, whatsappNo: '5512345678' }
const work = workInfo
const allAnswered = Object.fromEntries(
  QUESTIONNAIRE.map((q) => [String(q.code), QUESTION_ANSWER_SETS[q.answers][0]]),
)

let serial = 200
const tzMobile = () => `0713${String((serial += 1)).padStart(6, '0')}`
const mxMobile = () => `55${String((serial += 1)).padStart(8, '0')}`

type Fields = { fields: Record<string, string> }

describeOnEachDatabase('Profile and KYC', (target) => {
  let server: TestServer
  beforeAll(async () => {
    // Tanzania and Kenya keep the default policy (nothing required); this lender requires device and location
    // data in Mexico.
    const none = { requiredFlags: [], packageNames: [] }
    server = await startTestServer(target, 'inject', {
      config: {
        collection: { TZ: none, KE: none, MX: { requiredFlags: ['device', 'location'], packageNames: [] } },
      },
      overrides: { modules: [accountsModule, profileModule] },
    })
  })
  afterAll(() => server.close())

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await server.as(transport)
    })

    it('walks a Tanzanian borrower through personal info, ID, additional info and wallet, each reply naming the next step', async () => {
      const token = await signUp(s, tzMobile())
      const basic = await s.call<StepResult>('/user/saveBasicInfo-market', tanzanian, { token })
      expect(basic).toMatchObject({ code: 0, data: { status: 12, orderNo: null } })

      const front = await s.upload<ImageCheckResult>('/user/upload/curp/front', photo(), {}, { token })
      expect(front.data).toEqual({ accepted: true, problem: null, front: true, back: false, face: false })
      const back = await s.upload<ImageCheckResult>('/user/upload/curp/back', photo(), {}, { token })
      expect(back.data).toMatchObject({ accepted: true, front: true, back: true, face: false })
      const face = await s.upload<ImageCheckResult>('/user/saveFaceImage', photo(), {}, { token })
      expect(face.data).toMatchObject({ accepted: true, face: true })
      const identity = await s.call<StepResult>('/user/finishUploadAllImg', {}, { token })
      expect(identity.data.status).toBe(11)

      const more = await s.call<StepResult>('/user/saveAdditionInfo-market', work, { token })
      expect(more.data.status).toBe(5)
      const wallet = await s.call<StepResult>(
        '/user/addBankCard',
        { provider: 'mpesa', accountNumber: '0754123456', confirmAccountNumber: '0754 123 456' },
        { token },
      )
      expect(wallet).toMatchObject({ code: 0, data: { status: 4, orderNo: null } })

      const me = await s.call<UserInfo>('/security/getUserInfo', {}, { token })
      expect(me.data.profile).toEqual({
        basicInfo: true,
        identity: true,
        additionalInfo: true,
        wallet: true,
        questionnaire: true,
      })
      expect(me.data.basicInfo).toMatchObject({ firstName: 'Asha', lastName: 'Mwakyusa' })
      expect(me.data.personalInfo).toMatchObject({ nationalId: '19900517-12345-00002-26', city: 'Karatu' })
      expect(me.data.additionalInfo).toMatchObject({ companyName: 'Tanga Cement' })
      expect(me.data.wallet).toMatchObject({ provider: 'mpesa', maskedNumber: '0754 *** 456' })
    })

    it('keeps the age it derives from the birthday (never a typed one), the card type and the ward of both addresses (issue 18)', async () => {
      const token = await signUp(s, tzMobile())
      const wrongCard = await s.call('/user/saveBasicInfo-market', { ...tanzanian, cardType: 'passport' }, { token })
      expect(wrongCard.code).toBe(ApiCode.ValidationFailed)
      expect(Object.keys((wrongCard.data as Fields).fields)).toEqual(['cardType'])
      const shortMiddle = await s.call('/user/saveBasicInfo-market', { ...tanzanian, middleName: 'Jo' }, { token })
      expect((shortMiddle.data as Fields).fields).toEqual({ middleName: expect.any(String) })

      const saved = await s.call<StepResult>(
        '/user/saveBasicInfo-market',
        { ...tanzanian, age: 99, county: 'Kariakoo' },
        { token },
      )
      expect(saved.code).toBe(0)
      await s.call('/user/saveAdditionInfo-market', { ...work, workState: 'Arusha', workCounty: 'Kaloleni' }, { token })
      const me = await s.call<UserInfo>('/security/getUserInfo', {}, { token })
      const personal = me.data.personalInfo as unknown as Record<string, unknown>
      expect(personal).toMatchObject({ cardType: 'nidaCard', county: 'Kariakoo' })
      // Born 1990-05-17: at least 34 whatever the server's clock says, and never the 99 that was typed.
      expect(personal.age).toEqual(expect.any(Number))
      expect(personal.age).not.toBe(99)
      expect(personal.age as number).toBeGreaterThanOrEqual(34)
      expect(me.data.additionalInfo).toMatchObject({ workCounty: 'Kaloleni' })
    })

    it('checks a Mexican form by Mexico’s rules and asks the questionnaire last', async () => {
      const token = await signUp(s, mxMobile(), 'MX')
      const asTanzanian = await s.call('/user/saveBasicInfo-market', tanzanian, { token })
      expect(asTanzanian.code).toBe(ApiCode.ValidationFailed)
      expect(Object.keys((asTanzanian.data as Fields).fields)).toEqual(
        expect.arrayContaining(['nationalId', 'gender', 'education']),
      )
      expect((await s.call<StepResult>('/user/saveBasicInfo-market', mexican, { token })).data.status).toBe(
        12,
      )

      await s.upload('/user/upload/curp/front', photo(), {}, { token })
      const ocr = await s.call('/user/curp/ocr', {}, { token })
      expect(ocr).toMatchObject({
        code: 0,
        data: { curp: 'GOMC900101HDFRRR06', firstName: 'Zoë', lastName: 'Núñez', gender: 'female' },
      })

      const wallet = await s.call<StepResult>(
        '/user/addBankCard',
        {
          provider: 'clabe',
          accountNumber: '002010077777777771',
          confirmAccountNumber: '002010077777777771',
        },
        { token },
      )
      expect(wallet.code).toBe(ApiCode.Ok)
      const me = await s.call<UserInfo>('/security/getUserInfo', {}, { token })
      expect(me.data.profile.questionnaire).toBe(false)
      expect(me.data.wallet?.maskedNumber).toBe('0020 **** **** 7777 71')

      const incomplete = await s.call(
        '/user/save/questionnaire',
        { answers: { 1: allAnswered['1'] } },
        { token },
      )
      expect(incomplete.code).toBe(ApiCode.ValidationFailed)
      expect((incomplete.data as Fields).fields).toHaveProperty('answers.2')
      const saved = await s.call<StepResult>('/user/save/questionnaire', { answers: allAnswered }, { token })
      expect(saved.code).toBe(ApiCode.Ok)
      expect(
        (await s.call<UserInfo>('/security/getUserInfo', {}, { token })).data.profile.questionnaire,
      ).toBe(true)
    })

    it('keeps the ID order: no back before the front, no face before the back, no identity step before the face', async () => {
      const token = await signUp(s, tzMobile())
      const back = await s.upload<ImageCheckResult>('/user/upload/curp/back', photo(), {}, { token })
      expect(back.data).toMatchObject({ accepted: false, problem: 'frontFirst', front: false })
      const early = await s.call('/user/finishUploadAllImg', {}, { token })
      expect(early.code).toBe(ApiCode.ValidationFailed)
      expect(early.msg).toMatch(/front/i)

      await s.upload('/user/upload/curp/front', photo(), {}, { token })
      const face = await s.upload<ImageCheckResult>(
        '/portal/liveness/detection/result/save',
        photo(),
        { sdk: 'demo', sessionId: 's-1' },
        { token },
      )
      expect(face.data).toMatchObject({ accepted: false, problem: 'backFirst' })
      await s.upload('/user/upload/curp/back', photo(), {}, { token })
      const noFace = await s.call('/user/finishUploadAllImg', {}, { token })
      expect(noFace).toMatchObject({ code: ApiCode.ValidationFailed, msg: expect.stringMatching(/face/i) })
      const live = await s.upload<ImageCheckResult>(
        '/portal/liveness/detection/result/save',
        photo(),
        { sdk: 'demo', sessionId: 's-2', score: 97 },
        { token },
      )
      expect(live.data).toMatchObject({ accepted: true, face: true })
      expect((await s.call('/user/finishUploadAllImg', {}, { token })).code).toBe(ApiCode.Ok)
    })

    it('refuses a blank ID photo as unreadable and keeps nothing of it', async () => {
      const token = await signUp(s, tzMobile())
      const blank = await s.upload<ImageCheckResult>('/user/upload/curp/front', blankShot(), {}, { token })
      expect(blank).toMatchObject({
        code: 0,
        data: { accepted: false, problem: 'notRecognised', front: false },
      })
      const ocr = await s.call('/user/curp/ocr', {}, { token })
      expect(ocr.code).toBe(ApiCode.ValidationFailed)
    })

    it('refuses a PDF renamed .jpg, an oversized file and an upload without a file, with their codes', async () => {
      const token = await signUp(s, tzMobile())
      const pdf = await s.upload('/user/upload/curp/front', pdfAsJpeg(), {}, { token })
      expect(pdf).toMatchObject({ code: ApiCode.BadUpload, msg: 'Please upload a photo (JPG or PNG)' })

      const huge = photo()
      const big = { ...huge, bytes: Buffer.concat([huge.bytes, Buffer.alloc(20 * 1024 * 1024)]) }
      const tooLarge = await s.upload('/user/upload/curp/front', big, {}, { token })
      expect(tooLarge).toMatchObject({ code: ApiCode.BadUpload, msg: 'The file is larger than 20 MB' })

      const none = await s.upload('/user/upload/curp/front', null, {}, { token })
      expect(none.code).toBe(ApiCode.BadUpload)
      const sideways = await s.upload('/user/saveBasicInfo-market', photo(), tanzanian, { token })
      expect(sideways.code).toBe(ApiCode.Undecryptable)
      const anonymous = await s.upload('/user/upload/curp/front', photo())
      expect(anonymous.code).toBe(ApiCode.NotLoggedIn)
    })

    it('answers a wallet on the wrong network and mismatched numbers at their fields', async () => {
      const token = await signUp(s, tzMobile())
      const wrong = await s.call(
        '/user/addBankCard',
        { provider: 'mpesa', accountNumber: '0682345678', confirmAccountNumber: '0682345679' },
        { token },
      )
      expect(wrong.code).toBe(ApiCode.ValidationFailed)
      expect(Object.keys((wrong.data as Fields).fields).sort()).toEqual([
        'accountNumber',
        'confirmAccountNumber',
      ])
    })

    it('reports every upload flag as set where the country requires none, and offers no app list', async () => {
      const token = await signUp(s, tzMobile())
      const flags = await s.call<UploadStatusFlags>(
        '/time/upload/uploadStatus',
        { orderNo: 'K-1' },
        { token },
      )
      expect(flags.data).toEqual({
        appList: true,
        sms: true,
        exif: true,
        device: true,
        contact: true,
        callLog: true,
        location: true,
      })
      expect((await s.call('/time/upload/enable', {}, { token })).data).toEqual({ enableTimeSdk: false })
      expect((await s.call('/user/device/packageList', {}, { token })).data).toEqual({ packageNames: [] })
    })
  })

  describe('where the lender requires device and location data', () => {
    it('waits for the collector to deliver them, and records only which kinds arrived', async () => {
      const s = server
      const token = await signUp(s, mxMobile(), 'MX')
      expect((await s.call('/time/upload/enable', {}, { token })).data).toEqual({ enableTimeSdk: true })
      const before = await s.call<UploadStatusFlags>(
        '/time/upload/uploadStatus',
        { orderNo: 'K-1' },
        { token },
      )
      expect(before.data).toMatchObject({ device: false, location: false, contact: true, sms: true })

      const report = (body: unknown, auth = token) =>
        s.raw({
          method: 'POST',
          url: '/collector/report',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${auth}` },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        })
      const partial = JSON.parse((await report({ orderNo: 'K-1', delivered: ['device'] })).body)
      expect(partial).toMatchObject({ code: 0, data: { device: true, location: false } })
      expect(JSON.parse((await report({ delivered: ['telepathy'] })).body).code).toBe(
        ApiCode.ValidationFailed,
      )
      expect(JSON.parse((await report({ delivered: ['location'] }, 'x'.repeat(43))).body).code).toBe(
        ApiCode.TokenInvalid,
      )
      const garbage = await report('{not json')
      expect(JSON.parse(garbage.body).code).toBe(ApiCode.ValidationFailed)
      // The flags are the order's (issue 18): the report names it.
      await report({ orderNo: 'K-1', delivered: ['location'] })
      const after = await s.call<UploadStatusFlags>(
        '/time/upload/uploadStatus',
        { orderNo: 'K-1' },
        { token },
      )
      expect(Object.values(after.data).every(Boolean)).toBe(true)
    })
  })
})
