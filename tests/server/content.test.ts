/**
 * Content through the real server: the FAQ and the questions before a ticket in English, Kiswahili and Spanish with
 * the figures of the products on offer, the rejection notice, the download address and the public privacy policy
 * and terms — on every database, through inject and HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ApiCode } from '../../domain/api-codes'
import type * as T from '../../domain/api-types'
import type { ProductConfig } from '../../domain/product'
import { loadConfig } from '../../server/config'
import { FEEDBACK_QUESTIONS } from '../../server/content/faq'
import { createContentModule } from '../../server/content/module'
import { loanProducts } from '../../server/db/schema/loans'
import { approvedBorrower, rejectedBorrower, startServicesServer } from './borrower-services-harness'
import { describeOnEachDatabase } from './helpers/databases'
import { TRANSPORTS, type TestServer } from './helpers/server'
import { advance, register, type LoanServer } from './loans-harness'

const PARTNER = {
  name: 'Akiba Savings',
  packageName: 'com.akiba.savings',
  url: 'https://play.google.com/store/apps/details?id=com.akiba.savings',
}

/** Intl separates a currency symbol from its amount with a no-break space; the assertions read plain spaces. */
const plain = (i: T.FaqItem): T.FaqItem => ({ ...i, answer: i.answer.replace(/\u00a0/g, ' ') })
const items = (faq: T.FaqContent) =>
  new Map(faq.sections.flatMap((s) => s.items).map((i) => [i.id, plain(i)]))

describe('The download address setting', () => {
  it('is the Play Store page of the package unless the lender sets its own address', () => {
    expect(loadConfig({}).appDownloadUrl).toBe('')
    expect(loadConfig({ KOPA_APP_DOWNLOAD_URL: 'https://lender.example/kopa.apk' }).appDownloadUrl).toBe(
      'https://lender.example/kopa.apk',
    )
  })
})

describeOnEachDatabase('Content', (target) => {
  let ls: LoanServer
  beforeAll(async () => {
    const none = { requiredFlags: [], packageNames: [] }
    ls = await startServicesServer(target, {
      // This lender must collect the approximate location in Mexico; nothing elsewhere (the default).
      config: {
        collection: { TZ: none, KE: none, MX: { requiredFlags: ['location'], packageNames: [] } },
        // Sessions outlive the 30 days the stories move the clock through.
        tokenTtlMs: 400 * 24 * 3_600_000,
      },
      replace: [createContentModule({ recommendedApps: [PARTNER], appVersion: '2.4.0' })],
    })
  })
  afterAll(() => ls.close())

  /** Changes a product's row for the length of fn. */
  async function withProduct(
    id: string,
    change: (row: { config: ProductConfig; active: boolean }) => object,
    fn: () => Promise<void>,
  ) {
    const db = ls.s.server.ctx.db
    const [before] = await db.select().from(loanProducts).where(eq(loanProducts.id, id))
    await db
      .update(loanProducts)
      .set(change({ config: before!.config as ProductConfig, active: before!.active }))
      .where(eq(loanProducts.id, id))
    try {
      await fn()
    } finally {
      await db
        .update(loanProducts)
        .set({ config: before!.config, active: before!.active })
        .where(eq(loanProducts.id, id))
    }
  }

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await ls.s.as(transport)
    })
    const faq = async (lang: string, token?: string) => {
      const res = await s.call<T.FaqContent>('/app/faq', {}, { lang, ...(token ? { token } : {}) })
      expect(res.code).toBe(ApiCode.Ok)
      return res.data
    }

    it('answers the FAQ with the amounts, tenures and costs of the products on offer, priced by the engine', async () => {
      const en = items(await faq('en'))
      expect(en.get('loans.amount')!.answer).toContain('from TSh 50,000 to TSh 300,000')
      expect(en.get('loans.amount')!.answer).toContain('up to TSh 500,000')
      expect(en.get('loans.tenure')!.answer).toContain('91, 120 or 180 days')
      // 50,000 × 0.09% × 91 days = 4,095 interest; fee 3% = 1,500; VAT 18% of it = 270.
      const cost = en.get('loans.cost')!.answer
      for (const figure of [
        '0.09% a day',
        'TSh 4,095',
        'TSh 1,500',
        'TSh 270',
        'receive TSh 48,230',
        'repay TSh 54,095',
      ])
        expect(cost).toContain(figure)
      expect(en.get('rollover.how')!.answer).toMatch(/7 days .* 2% .* up to 3 times/)
      expect(en.get('repay.partial')!.answer).toContain('at least TSh 1,000')
      expect(en.get('help.contact')!.answer).toContain('Monday to Saturday')
      expect(en.get('data.use')!.answer).toContain('do not read your contacts')
    })

    it('writes every answer in Kiswahili and Spanish too, not English copies', async () => {
      const b = await register(ls.s, 'TZ')
      const en = items(await faq('en', b.token))
      for (const lang of ['sw_KE', 'es_MX']) {
        const other = items(await faq(lang, b.token))
        expect([...other.keys()]).toEqual([...en.keys()])
        for (const [id, item] of other) {
          expect(item.question, id).not.toBe(en.get(id)!.question)
          expect(item.answer, id).not.toBe(en.get(id)!.answer)
        }
        expect(other.get('loans.cost')!.answer).toContain('4,095')
      }
      const content = await faq('sw_KE', b.token)
      expect(content.language).toBe('sw')
      expect(content.sections.map((sec) => sec.title)).toContain('Kulipa')
    })

    it('shows a Kenyan borrower Kenya’s amounts, wallets and lender in Kiswahili', async () => {
      const b = await register(ls.s, 'KE')
      const sw = items(await faq('sw_KE', b.token))
      expect(sw.get('loans.amount')!.answer).toMatch(/1,000 .*50,000/)
      expect(sw.get('loans.who')!.answer).toContain('M-Pesa au Airtel Money')
      expect(sw.get('help.lender')!.answer).toContain('Benki Kuu ya Kenya')
    })

    it('shows Spanish speakers before login Mexico’s figures, bank transfers and the data this lender collects', async () => {
      const es = items(await faq('es_MX'))
      expect(es.get('loans.amount')!.answer).toContain('de $1,000 a $20,000')
      expect(es.get('repay.how')!.answer).toContain('SPEI')
      expect(es.get('apply.steps')!.answer).toContain('cuestionario')
      expect(es.get('data.use')!.answer).toContain('tu ubicación aproximada')
      expect(es.get('help.contact')!.answer).toContain('de lunes a sábado')
    })

    it('follows the product configuration when the lender changes it', async () => {
      await withProduct(
        'tz-haraka',
        ({ config }) => ({ config: { ...config, amount: { ...config.amount, maxMinor: 400_000 * 100 } } }),
        async () => {
          expect(items(await faq('en')).get('loans.amount')!.answer).toContain('to TSh 400,000')
        },
      )
      expect(items(await faq('en')).get('loans.amount')!.answer).toContain('to TSh 300,000')
    })

    it('leaves out the answers about figures while a country offers no product, and keeps the others', async () => {
      await withProduct(
        'mx-kopa',
        () => ({ active: false }),
        async () => {
          const es = items(await faq('es_MX'))
          for (const id of [
            'loans.amount',
            'loans.cost',
            'loans.tenure',
            'repay.partial',
            'repay.late',
            'rollover.how',
          ])
            expect(es.has(id), id).toBe(false)
          for (const id of ['loans.who', 'apply.steps', 'repay.how', 'data.delete', 'help.contact'])
            expect(es.has(id), id).toBe(true)
        },
      )
    })

    it('shows the questions a ticket is usually about, as the FAQ answers them, before the borrower writes one', async () => {
      const sw = items(await faq('sw_KE'))
      const res = await s.call<{ items: T.FaqItem[] }>(
        '/feedback/list/question_answer',
        {},
        { lang: 'sw_KE' },
      )
      expect(res.data.items.map((i) => i.id)).toEqual([...FEEDBACK_QUESTIONS])
      for (const item of res.data.items) expect(plain(item)).toEqual(sw.get(item.id))
      expect(res.data.items[0]!.answer).toContain('Nimelipa lakini deni halijasasishwa')
    })

    it('tells a rejected borrower when they may apply again and suggests the lender’s partners until then', async () => {
      const fresh = await register(ls.s, 'TZ')
      const none = await s.call<T.RejectRecommendation>(
        '/app/isRejectRecommendation',
        {},
        { token: fresh.token },
      )
      expect(none.data).toEqual({ show: false, retryAt: null, apps: [] })

      const approved = await approvedBorrower(ls)
      const notRejected = await s.call<T.RejectRecommendation>(
        '/app/isRejectRecommendation',
        {},
        { token: approved.b.token },
      )
      expect(notRejected.data.show).toBe(false)

      const { b, order } = await rejectedBorrower(ls)
      const rejected = await s.call<T.RejectRecommendation>(
        '/app/isRejectRecommendation',
        {},
        { token: b.token },
      )
      expect(rejected.data).toEqual({ show: true, retryAt: order.retryAt, apps: [PARTNER] })
      expect(Date.parse(order.retryAt!) - ls.s.server.ctx.clock.nowMs()).toBeGreaterThan(29 * 24 * 3_600_000)

      await advance(ls, Date.parse(order.retryAt!) - ls.s.server.ctx.clock.nowMs() + 1000)
      const later = await s.call<T.RejectRecommendation>(
        '/app/isRejectRecommendation',
        {},
        { token: b.token },
      )
      expect(later.data).toEqual({ show: false, retryAt: order.retryAt, apps: [] })

      expect((await s.call('/app/isRejectRecommendation')).code).toBe(ApiCode.NotLoggedIn)
    })

    it('says where to download the app for “run in the app”', async () => {
      const res = await s.call<T.DownloadAddress>('/app-download/getAddress')
      expect(res.data).toEqual({
        url: 'https://play.google.com/store/apps/details?id=com.kopa.app',
        version: '2.4.0',
      })
    })

    it('serves the privacy policy and the terms as public pages in the reader’s language', async () => {
      const es = await s.raw({
        method: 'GET',
        url: '/legal/privacy-policy',
        headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      })
      expect(es.status).toBe(200)
      expect(es.headers['content-type']).toContain('text/html')
      expect(es.body).toContain('<html lang="es">')
      expect(es.body).toContain('Aviso de privacidad')
      expect(es.body).toContain('Kopa Microfinance Ltd (demo)')

      const mx = await s.raw({ method: 'GET', url: '/legal/privacy-policy?country=MX&lang=es' })
      expect(mx.body).toContain('Kopa Financiera S.A. de C.V.')
      expect(mx.body).toContain('Ley Federal de Protección de Datos Personales')
      expect(mx.body).toContain('tu ubicación aproximada')

      const sw = await s.raw({ method: 'GET', url: '/legal/terms-of-service?lang=sw' })
      expect(sw.body).toContain('Masharti ya huduma')
      expect(sw.body).toContain('Benki Kuu ya Tanzania')
      expect(sw.body).toContain('0.09%')

      const json = await s.raw({ method: 'GET', url: '/legal/terms-of-service.json?lang=en&country=KE' })
      const doc = JSON.parse(json.body) as T.AgreementDocument
      expect(doc).toMatchObject({ title: 'Terms of service', version: '2026-11', language: 'en' })
      expect(doc.html).toContain('Central Bank of Kenya')
      expect(doc.html).not.toMatch(/<script|<img|<a /)

      expect((await s.raw({ method: 'GET', url: '/legal/cookie-policy' })).status).toBe(404)
    })
  })
})
