/**
 * Kenya's 47 counties with their codes 001–047 (First Schedule of the Constitution of Kenya, 2010).
 * The second level (sub-county) is typed in and optional, so no sub-county list is built in.
 */
import type { AdminArea } from '../countries'

const COUNTY_NAMES = [
  'Mombasa',
  'Kwale',
  'Kilifi',
  'Tana River',
  'Lamu',
  'Taita-Taveta',
  'Garissa',
  'Wajir',
  'Mandera',
  'Marsabit',
  'Isiolo',
  'Meru',
  'Tharaka-Nithi',
  'Embu',
  'Kitui',
  'Machakos',
  'Makueni',
  'Nyandarua',
  'Nyeri',
  'Kirinyaga',
  "Murang'a",
  'Kiambu',
  'Turkana',
  'West Pokot',
  'Samburu',
  'Trans Nzoia',
  'Uasin Gishu',
  'Elgeyo-Marakwet',
  'Nandi',
  'Baringo',
  'Laikipia',
  'Nakuru',
  'Narok',
  'Kajiado',
  'Kericho',
  'Bomet',
  'Kakamega',
  'Vihiga',
  'Bungoma',
  'Busia',
  'Siaya',
  'Kisumu',
  'Homa Bay',
  'Migori',
  'Kisii',
  'Nyamira',
  'Nairobi',
] as const

/** In code order (001 Mombasa … 047 Nairobi), the order the constitution lists them. */
export const KE_COUNTIES: readonly AdminArea[] = COUNTY_NAMES.map((name, i) => ({
  code: String(i + 1).padStart(3, '0'),
  name,
  districts: [],
}))
