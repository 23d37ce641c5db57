/**
 * Each country's administrative areas (regions, counties, states, and the districts the forms list) and their
 * look-ups. Apart from the country profiles (domain/countries.ts), which every screen reads from the first one:
 * only the forms that ask where a borrower lives need these lists, so they load with those forms (issue 12).
 */
import { COUNTRIES, type AdminArea, type CountryCode } from '../countries'
import { KE_COUNTIES } from './ke'
import { MX_STATES } from './mx'
import { TZ_REGIONS } from './tz'

const AREAS: Readonly<Record<CountryCode, readonly AdminArea[]>> = { TZ: TZ_REGIONS, KE: KE_COUNTIES, MX: MX_STATES }

/** The first-level areas (regions, counties, states) of a country. */
export function statesOf(country: CountryCode): readonly AdminArea[] {
  return AREAS[country]
}

/** A first-level area by its code or its name (case-insensitive), or null. */
export function findState(country: CountryCode, codeOrName: string): AdminArea | null {
  const wanted = codeOrName.trim().toLowerCase()
  return statesOf(country).find((a) => a.code.toLowerCase() === wanted || a.name.toLowerCase() === wanted) ?? null
}

/** The listed second-level areas of a state, region or county (empty if unknown or not listed). */
export function citiesOf(country: CountryCode, state: string): readonly string[] {
  return findState(country, state)?.districts ?? []
}

/** Whether a city is acceptable for a state: from the list where the country lists them, else free text. */
export function isKnownCity(country: CountryCode, state: string, city: string): boolean {
  const area = findState(country, state)
  if (!area) return false
  if (!COUNTRIES[country].adminLevels.secondListed) return true
  return area.districts.includes(city)
}
