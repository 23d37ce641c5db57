/**
 * Tanzania's 31 regions (mikoa: 26 on the mainland, 5 in Zanzibar) and, per region, its local government
 * authorities (district, town, municipal and city councils; Zanzibar's districts), as a borrower names
 * where they live. Codes are the ISO 3166-2:TZ numbers. Plain names are district councils; "Town",
 * "Municipal" and "City" are the urban councils. Source: NBS 2022 Population and Housing Census
 * administrative units. Councils change from time to time; update this list when they do.
 */
import type { AdminArea } from '../countries'

export const TZ_REGIONS: readonly AdminArea[] = [
  { code: '01', name: 'Arusha', districts: ['Arusha', 'Arusha City', 'Karatu', 'Longido', 'Meru', 'Monduli', 'Ngorongoro'] },
  { code: '02', name: 'Dar es Salaam', districts: ['Ilala', 'Kigamboni', 'Kinondoni', 'Temeke', 'Ubungo'] },
  {
    code: '03',
    name: 'Dodoma',
    districts: ['Bahi', 'Chamwino', 'Chemba', 'Dodoma City', 'Kondoa', 'Kondoa Town', 'Kongwa', 'Mpwapwa'],
  },
  { code: '27', name: 'Geita', districts: ['Bukombe', 'Chato', 'Geita', 'Geita Town', 'Mbogwe', "Nyang'hwale"] },
  { code: '04', name: 'Iringa', districts: ['Iringa', 'Iringa Municipal', 'Kilolo', 'Mafinga Town', 'Mufindi'] },
  {
    code: '05',
    name: 'Kagera',
    districts: ['Biharamulo', 'Bukoba', 'Bukoba Municipal', 'Karagwe', 'Kyerwa', 'Missenyi', 'Muleba', 'Ngara'],
  },
  { code: '06', name: 'Kaskazini Pemba', districts: ['Micheweni', 'Wete'] },
  { code: '07', name: 'Kaskazini Unguja', districts: ['Kaskazini A', 'Kaskazini B'] },
  { code: '28', name: 'Katavi', districts: ['Mlele', 'Mpanda Municipal', 'Mpimbwe', 'Nsimbo', 'Tanganyika'] },
  {
    code: '08',
    name: 'Kigoma',
    districts: ['Buhigwe', 'Kakonko', 'Kasulu', 'Kasulu Town', 'Kibondo', 'Kigoma', 'Kigoma-Ujiji Municipal', 'Uvinza'],
  },
  {
    code: '09',
    name: 'Kilimanjaro',
    districts: ['Hai', 'Moshi', 'Moshi Municipal', 'Mwanga', 'Rombo', 'Same', 'Siha'],
  },
  { code: '10', name: 'Kusini Pemba', districts: ['Chake Chake', 'Mkoani'] },
  { code: '11', name: 'Kusini Unguja', districts: ['Kati', 'Kusini'] },
  { code: '12', name: 'Lindi', districts: ['Kilwa', 'Lindi Municipal', 'Liwale', 'Mtama', 'Nachingwea', 'Ruangwa'] },
  {
    code: '26',
    name: 'Manyara',
    districts: ['Babati', 'Babati Town', 'Hanang', 'Kiteto', 'Mbulu', 'Mbulu Town', 'Simanjiro'],
  },
  {
    code: '13',
    name: 'Mara',
    districts: [
      'Bunda',
      'Bunda Town',
      'Butiama',
      'Musoma',
      'Musoma Municipal',
      'Rorya',
      'Serengeti',
      'Tarime',
      'Tarime Town',
    ],
  },
  {
    code: '14',
    name: 'Mbeya',
    districts: ['Busokelo', 'Chunya', 'Kyela', 'Mbarali', 'Mbeya', 'Mbeya City', 'Rungwe'],
  },
  { code: '15', name: 'Mjini Magharibi', districts: ['Magharibi A', 'Magharibi B', 'Mjini'] },
  {
    code: '16',
    name: 'Morogoro',
    districts: [
      'Gairo',
      'Ifakara Town',
      'Kilosa',
      'Malinyi',
      'Mlimba',
      'Morogoro',
      'Morogoro Municipal',
      'Mvomero',
      'Ulanga',
    ],
  },
  {
    code: '17',
    name: 'Mtwara',
    districts: [
      'Masasi',
      'Masasi Town',
      'Mtwara',
      'Mtwara Mikindani Municipal',
      'Nanyamba Town',
      'Nanyumbu',
      'Newala',
      'Newala Town',
      'Tandahimba',
    ],
  },
  {
    code: '18',
    name: 'Mwanza',
    districts: ['Buchosa', 'Ilemela', 'Kwimba', 'Magu', 'Misungwi', 'Nyamagana', 'Sengerema', 'Ukerewe'],
  },
  {
    code: '29',
    name: 'Njombe',
    districts: ['Ludewa', 'Makambako Town', 'Makete', 'Njombe', 'Njombe Town', "Wanging'ombe"],
  },
  {
    code: '19',
    name: 'Pwani',
    districts: ['Bagamoyo', 'Chalinze', 'Kibaha', 'Kibaha Town', 'Kibiti', 'Kisarawe', 'Mafia', 'Mkuranga', 'Rufiji'],
  },
  { code: '20', name: 'Rukwa', districts: ['Kalambo', 'Nkasi', 'Sumbawanga', 'Sumbawanga Municipal'] },
  {
    code: '21',
    name: 'Ruvuma',
    districts: ['Madaba', 'Mbinga', 'Mbinga Town', 'Namtumbo', 'Nyasa', 'Songea', 'Songea Municipal', 'Tunduru'],
  },
  {
    code: '22',
    name: 'Shinyanga',
    districts: ['Kahama Municipal', 'Kishapu', 'Msalala', 'Shinyanga', 'Shinyanga Municipal', 'Ushetu'],
  },
  { code: '30', name: 'Simiyu', districts: ['Bariadi', 'Bariadi Town', 'Busega', 'Itilima', 'Maswa', 'Meatu'] },
  {
    code: '23',
    name: 'Singida',
    districts: ['Ikungi', 'Iramba', 'Itigi', 'Manyoni', 'Mkalama', 'Singida', 'Singida Municipal'],
  },
  { code: '31', name: 'Songwe', districts: ['Ileje', 'Mbozi', 'Momba', 'Songwe', 'Tunduma Town'] },
  {
    code: '24',
    name: 'Tabora',
    districts: ['Igunga', 'Kaliua', 'Nzega', 'Nzega Town', 'Sikonge', 'Tabora Municipal', 'Urambo', 'Uyui'],
  },
  {
    code: '25',
    name: 'Tanga',
    districts: [
      'Bumbuli',
      'Handeni',
      'Handeni Town',
      'Kilindi',
      'Korogwe',
      'Korogwe Town',
      'Lushoto',
      'Mkinga',
      'Muheza',
      'Pangani',
      'Tanga City',
    ],
  },
]
