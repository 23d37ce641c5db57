/**
 * The journey's country before login (machines/journey.machine.ts): the country of the connection
 * (POST /cou/country/meta/ip) as the default for a visitor who never chose one, and the choice made on
 * /user/nation kept on the device (storage `country`), which the composition reads at start-up.
 */
import { fromPromise } from 'xstate'
import { COUNTRY_CODES, type CountryCode } from '../../domain/countries'
import type { ApiClient } from '../api/client'
import type { KopaStorage } from '../storage/storage'
import { dataOf } from './call'

const served = (code: unknown): code is CountryCode => (COUNTRY_CODES as readonly unknown[]).includes(code)

export function createCountryActors({
  api,
  storage,
}: {
  api: Pick<ApiClient, 'request'>
  storage: Pick<KopaStorage, 'set'>
}) {
  return {
    /** The country of the caller's address, or null where the server cannot tell or Kopa does not serve it. */
    detectCountry: fromPromise<CountryCode | null>(async ({ signal }) => {
      const { detected } = dataOf(await api.request('/country/meta/ip', {}, { signal }))
      return served(detected?.country) ? detected.country : null
    }),
    /** A phone that refuses the write (storage full or disabled) keeps the choice for this visit only. */
    storeCountry: fromPromise<void, { country: CountryCode }>(async ({ input }) => {
      storage.set('country', input.country)
    }),
  }
}
