/**
 * Country look-up (base /cou): POST /country/meta/code names a country by ISO code ('TZ') or dial code ('255',
 * '+255'); POST /country/meta/ip answers the country of the caller's address.
 *
 * No geo-IP database ships with the reference server (one would have to be licensed and kept up to date), so the
 * address look-up answers the configured country (KOPA_IP_COUNTRY, default Tanzania) for every address, or null
 * when it is set to `none` and the app asks the borrower to choose. A lender with a geo-IP service replaces
 * `detectCountry`. docs/api.md "Country".
 */
import type { CountryMeta } from '../../domain/api-types'
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../domain/countries'
import type { ServerConfig } from '../config'
import type { ServerModule } from '../context'
import { fieldFailure } from '../envelope'

export function countryMeta(code: CountryCode): CountryMeta {
  const c = COUNTRIES[code]
  return {
    country: c.code,
    dialCode: c.dialCode,
    currency: c.currency,
    languages: [...c.languages],
    defaultLanguage: c.defaultLanguage,
  }
}

/** 'TZ', ' tz ', '255' or '+255' → 'TZ'; null for anything Kopa does not serve. */
export function countryByCode(raw: string): CountryCode | null {
  const code = raw.trim().replace(/^\+/, '').toUpperCase()
  return COUNTRY_CODES.find((c) => c === code || COUNTRIES[c].dialCode === code) ?? null
}

/** The country of an address: the configured one (see the module comment); the address itself is not used. */
export function detectCountry(config: Pick<ServerConfig, 'ipCountry'>, _ip: string): CountryCode | null {
  return config.ipCountry || null
}

export const countryModule: ServerModule = {
  name: 'country',
  register(host) {
    host.registerHandler('/country/meta/ip', (req, ctx) => {
      const country = detectCountry(ctx.config, req.ip)
      return { detected: country ? countryMeta(country) : null }
    })
    host.registerHandler('/country/meta/code', (req) => {
      const country = countryByCode(req.input.code)
      if (!country) fieldFailure({ code: 'validation.country.unknown' })
      return countryMeta(country)
    })
  },
}
