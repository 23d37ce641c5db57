/**
 * The country look-up (/cou): a country by ISO or dial code, and the country of the caller's address, which is the
 * configured country (no geo-IP database ships with the server) — on every database, through inject and HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiCode } from '../../domain/api-codes'
import type { CountryByIp, CountryMeta } from '../../domain/api-types'
import { loadConfig } from '../../server/config'
import { describeOnEachDatabase } from './helpers/databases'
import { startTestServer, TRANSPORTS, type TestServer } from './helpers/server'

const TANZANIA: CountryMeta = {
  country: 'TZ',
  dialCode: '255',
  currency: 'TZS',
  languages: ['sw', 'en'],
  defaultLanguage: 'sw',
}

describe('The IP-country setting', () => {
  it('defaults to Tanzania, takes a served country, and `none` for no answer', () => {
    expect(loadConfig({}).ipCountry).toBe('TZ')
    expect(loadConfig({ KOPA_IP_COUNTRY: 'KE' }).ipCountry).toBe('KE')
    expect(loadConfig({ KOPA_IP_COUNTRY: 'none' }).ipCountry).toBe('')
  })

  it('refuses a country Kopa does not serve at start-up', () => {
    expect(() => loadConfig({ KOPA_IP_COUNTRY: 'US' })).toThrow(/KOPA_IP_COUNTRY/)
  })
})

describeOnEachDatabase('Country look-up', (target) => {
  let server: TestServer
  let unset: TestServer
  beforeAll(async () => {
    server = await startTestServer(target, 'inject', { config: { ipCountry: 'KE' } })
    unset = await startTestServer(target, 'inject', { config: { ipCountry: '' } })
  })
  afterAll(async () => {
    await server.close()
    await unset.close()
  })

  describe.each(TRANSPORTS)('over %s', (transport) => {
    let s: TestServer
    beforeAll(async () => {
      s = await server.as(transport)
    })

    it('answers the configured country for a caller’s address, whatever the address', async () => {
      for (const ip of ['41.59.0.1', '197.248.0.1', '2806:1000::1']) {
        const res = await s.call<CountryByIp>('/country/meta/ip', {}, { ip })
        expect(res).toMatchObject({
          code: ApiCode.Ok,
          data: { detected: { country: 'KE', dialCode: '254' } },
        })
      }
    })

    it('answers no country when none is configured, so the app asks the borrower', async () => {
      const res = await (await unset.as(transport)).call<CountryByIp>('/country/meta/ip')
      expect(res).toMatchObject({ code: ApiCode.Ok, data: { detected: null } })
    })

    it('finds a country by its ISO code or its dial code, written the ways people write them', async () => {
      for (const code of ['TZ', ' tz ', '255', '+255']) {
        const res = await s.call<CountryMeta>('/country/meta/code', { code })
        expect(res.data).toEqual(TANZANIA)
      }
      expect((await s.call<CountryMeta>('/country/meta/code', { code: 'mx' })).data).toMatchObject({
        country: 'MX',
        currency: 'MXN',
        languages: ['es', 'en'],
        defaultLanguage: 'es',
      })
      expect((await s.call<CountryMeta>('/country/meta/code', { code: '+254' })).data.country).toBe('KE')
    })

    it('tells a caller in their language that a country Kopa does not serve is not on the list', async () => {
      const messages = new Set<string>()
      for (const lang of ['en', 'sw_KE', 'es_MX']) {
        for (const code of ['US', '1', '', 42]) {
          const res = await s.call<{ fields: Record<string, string> }>(
            '/country/meta/code',
            { code },
            { lang },
          )
          expect(res.code).toBe(ApiCode.ValidationFailed)
          expect(res.data.fields.code).toBe(res.msg)
          expect(res.msg).not.toMatch(/^validation\./)
          messages.add(res.msg)
        }
      }
      expect(messages.size).toBe(3)
    })
  })
})
