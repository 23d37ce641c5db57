/**
 * Mexico's 32 federal entities (31 states and Mexico City), keyed by the two-letter state code RENAPO uses
 * in the CURP (positions 12–13), in INEGI order (01 Aguascalientes … 32 Zacatecas). The second level
 * (municipality, alcaldía) is typed in and optional, so no municipality list is built in.
 */
import type { AdminArea } from '../countries'

export interface MxState extends AdminArea {
  /** INEGI entity code, '01'–'32'. */
  readonly inegi: string
}

const STATES: readonly (readonly [curp: string, name: string])[] = [
  ['AS', 'Aguascalientes'],
  ['BC', 'Baja California'],
  ['BS', 'Baja California Sur'],
  ['CC', 'Campeche'],
  ['CL', 'Coahuila'],
  ['CM', 'Colima'],
  ['CS', 'Chiapas'],
  ['CH', 'Chihuahua'],
  ['DF', 'Ciudad de México'],
  ['DG', 'Durango'],
  ['GT', 'Guanajuato'],
  ['GR', 'Guerrero'],
  ['HG', 'Hidalgo'],
  ['JC', 'Jalisco'],
  ['MC', 'Estado de México'],
  ['MN', 'Michoacán'],
  ['MS', 'Morelos'],
  ['NT', 'Nayarit'],
  ['NL', 'Nuevo León'],
  ['OC', 'Oaxaca'],
  ['PL', 'Puebla'],
  ['QT', 'Querétaro'],
  ['QR', 'Quintana Roo'],
  ['SP', 'San Luis Potosí'],
  ['SL', 'Sinaloa'],
  ['SR', 'Sonora'],
  ['TC', 'Tabasco'],
  ['TS', 'Tamaulipas'],
  ['TL', 'Tlaxcala'],
  ['VZ', 'Veracruz'],
  ['YN', 'Yucatán'],
  ['ZS', 'Zacatecas'],
]

export const MX_STATES: readonly MxState[] = STATES.map(([code, name], i) => ({
  code,
  name,
  inegi: String(i + 1).padStart(2, '0'),
  districts: [],
}))

/** CURP state codes: the 32 entities plus 'NE' (nacido en el extranjero, born abroad). */
export const CURP_STATE_CODES: readonly string[] = [...STATES.map(([code]) => code), 'NE']
