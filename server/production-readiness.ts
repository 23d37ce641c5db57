/**
 * Production refuses what is not real. A production server must pay out every wallet its loan products use
 * through a configured provider that moves real money, and check identities with real OCR and liveness vendors;
 * the sandbox and the development KYC providers (marked `simulated`) are for demo and test only.
 *
 * `productionProblems` is pure: it names each problem (nothing outside production). Its callers throw a
 * `ProductionRefusal` at start-up — the loans module for the wallets (server/loans/module.ts), buildServer for
 * the identity checks (server/app.ts), which merges both into one line:
 *
 *   Production refuses to start: TZ:mpesa, TZ:airtel pay out through the sandbox (set KOPA_PAYMENT_ROUTES to real
 *   providers); identity checks use the development OCR and liveness providers (pass real KycProviders to
 *   buildServer)
 *
 * server/main.ts prints that line (no stack trace) and exits with status 1.
 */
import { COUNTRIES, type CountryCode } from '../domain/countries'
import type { ServerMode } from './config'

export interface ReadinessProblem {
  /** What is not real: `country:walletProvider` keys (e.g. `TZ:mpesa`), or `kyc:ocr` and `kyc:liveness`. */
  readonly subjects: readonly string[]
  /** The clause of the refusal line that names them. */
  readonly text: string
}

/** A provider as the check sees it: its name and whether it is simulated. */
interface Named {
  readonly name: string
  readonly simulated?: boolean
}

export interface PaymentReadiness {
  /** The countries the loaded loan products serve (repeats allowed); each uses COUNTRIES[c].walletProviders. */
  readonly countries: readonly CountryCode[]
  /** The provider a country's wallet pays out through (KOPA_PAYMENT_ROUTES; everything unlisted: 'sandbox'). */
  readonly route: (country: string, walletProvider: string) => string
  /**
   * The configured providers, by name (the sandbox is absent when production has no KOPA_SANDBOX_SECRET), with
   * the countries each serves when it says (paymentCountryProblems).
   */
  readonly providers: ReadonlyMap<
    string,
    { readonly simulated?: boolean; readonly countries?: readonly string[] }
  >
}

export interface ReadinessInput {
  readonly mode: ServerMode
  /** The payment part (the loans module knows it). */
  readonly payments?: PaymentReadiness
  /** The OCR and liveness providers in use (buildServer knows them). */
  readonly kyc?: { readonly ocr: Named; readonly liveness: Named }
}

const SANDBOX = 'sandbox'

/** What keeps a production server from starting; always none outside production. */
export function productionProblems(input: ReadinessInput): ReadinessProblem[] {
  if (input.mode !== 'production') return []
  return [...(input.payments ? paymentProblems(input.payments) : []), ...kycProblems(input.kyc)]
}

function paymentProblems({ countries, route, providers }: PaymentReadiness): ReadinessProblem[] {
  // Wallets that are not served by a real provider, grouped by the provider they are routed to (in order).
  const byProvider = new Map<string, string[]>()
  const seen = new Set<string>()
  for (const country of countries) {
    for (const wallet of COUNTRIES[country].walletProviders) {
      const key = `${country}:${wallet}`
      if (seen.has(key)) continue
      seen.add(key)
      const name = route(country, wallet)
      const provider = providers.get(name)
      if (provider && !provider.simulated) continue
      byProvider.set(name, [...(byProvider.get(name) ?? []), key])
    }
  }
  return [...byProvider].map(([name, wallets]) => {
    const pay = `${wallets.join(', ')} ${wallets.length === 1 ? 'pays' : 'pay'} out`
    const text =
      name === SANDBOX
        ? `${pay} through the sandbox (set KOPA_PAYMENT_ROUTES to real providers)`
        : providers.has(name)
          ? `${pay} through the simulated provider "${name}" (route ${wallets.length === 1 ? 'it' : 'them'} to a real provider in KOPA_PAYMENT_ROUTES)`
          : `${pay} through "${name}", which is not configured (configure it or change KOPA_PAYMENT_ROUTES)`
    return { subjects: wallets, text }
  })
}

function kycProblems(kyc: ReadinessInput['kyc']): ReadinessProblem[] {
  if (!kyc) return []
  const label = (p: Named) => (p.name === 'development' ? 'development' : `simulated "${p.name}"`)
  const { ocr, liveness } = kyc
  let which: string
  if (ocr.simulated && liveness.simulated) {
    which =
      label(ocr) === label(liveness)
        ? `the ${label(ocr)} OCR and liveness providers`
        : `the ${label(ocr)} OCR provider and the ${label(liveness)} liveness provider`
  } else if (ocr.simulated) {
    which = `the ${label(ocr)} OCR provider`
  } else if (liveness.simulated) {
    which = `the ${label(liveness)} liveness provider`
  } else {
    return []
  }
  return [
    {
      subjects: [...(ocr.simulated ? ['kyc:ocr'] : []), ...(liveness.simulated ? ['kyc:liveness'] : [])],
      text: `identity checks use ${which} (pass real KycProviders to buildServer)`,
    },
  ]
}

/** The start-up refusal: one line naming every problem, then (buildServer) each country and the keys it misses. */
export class ProductionRefusal extends Error {
  override readonly name = 'ProductionRefusal'
  constructor(
    readonly problems: readonly ReadinessProblem[],
    /** Per country, what is not configured (countryChecklist); absent: the problems alone. */
    readonly checklist: readonly string[] = [],
  ) {
    super(
      `Production refuses to start: ${problems.map((p) => p.text).join('; ')}` +
        (checklist.length ? `. Not configured: ${checklist.join('; ')}` : ''),
    )
  }
}

const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = { TZ: 'Tanzania', KE: 'Kenya', MX: 'Mexico' }

/**
 * The built-in rails of each country (docs/operations.md "Mobile money"): the provider its wallets are routed to
 * and the keys that provider needs in production (one of each `|` group). A wallet with no built-in adapter
 * (Kenya's Airtel Money) is named with no provider: only a lender's own provider can serve it.
 */
export const COUNTRY_RAILS: Readonly<
  Record<CountryCode, { readonly provider: string; readonly wallets: readonly string[]; readonly keys: readonly string[] }>
> = {
  TZ: {
    provider: 'azampay',
    wallets: ['mpesa', 'airtel', 'tigo', 'halopesa'],
    keys: [
      'KOPA_AZAMPAY_APP_NAME',
      'KOPA_AZAMPAY_CLIENT_ID',
      'KOPA_AZAMPAY_CLIENT_SECRET',
      'KOPA_AZAMPAY_API_KEY',
      'KOPA_AZAMPAY_CALLBACK_TOKEN',
      'KOPA_AZAMPAY_PAYOUT_ACCOUNT',
      'KOPA_AZAMPAY_ENV',
    ],
  },
  KE: {
    provider: 'mpesa',
    wallets: ['mpesa'],
    keys: [
      'KOPA_MPESA_BASE_URL',
      'KOPA_MPESA_CONSUMER_KEY',
      'KOPA_MPESA_CONSUMER_SECRET',
      'KOPA_MPESA_B2C_SHORTCODE',
      'KOPA_MPESA_INITIATOR_NAME',
      'KOPA_MPESA_SECURITY_CREDENTIAL',
      'KOPA_MPESA_STK_SHORTCODE',
      'KOPA_MPESA_PASSKEY',
      'KOPA_MPESA_CALLBACK_BASE_URL',
      'KOPA_MPESA_CALLBACK_TOKEN',
    ],
  },
  MX: {
    provider: 'stp',
    wallets: ['clabe'],
    keys: [
      'KOPA_STP_BASE_URL',
      'KOPA_STP_EMPRESA',
      'KOPA_STP_ACCOUNT',
      'KOPA_STP_CLABE_PREFIX',
      'KOPA_STP_PRIVATE_KEY_PATH|KOPA_STP_PRIVATE_KEY',
      'KOPA_STP_PASSPHRASE',
      'KOPA_STP_WEBHOOK_SECRET',
      'KOPA_STP_ALLOWED_IPS',
    ],
  },
}

/** The keys identity checks by Smile ID need (server/kyc/config.ts), and the ID type each country defaults to. */
const SMILE_ID_KEYS = ['KOPA_SMILEID_PARTNER_ID', 'KOPA_SMILEID_API_KEY', 'KOPA_SMILEID_CALLBACK_URL']
const SMILE_ID_TYPE: Readonly<Record<CountryCode, string>> = { TZ: 'NATIONAL_ID', KE: 'NATIONAL_ID', MX: 'VOTER_ID' }

type Env = Readonly<Record<string, string | undefined>>

/**
 * Issue 19: each country the problems leave without real money rails or identity checks, and the keys missing for
 * it, as the clauses after "Not configured:" — e.g. `Tanzania (TZ): money rails (KOPA_PAYMENT_ROUTES needs
 * TZ:mpesa=azampay, …; missing KOPA_AZAMPAY_APP_NAME, …) and identity checks`, then, once for every country, what
 * the identity checks miss (`identity checks need KOPA_KYC_PROVIDER=smileid, KOPA_SMILEID_PARTNER_ID, …`).
 * `served` are the countries whose identities the development providers would check. Values are never quoted.
 */
export function countryChecklist(
  problems: readonly ReadinessProblem[],
  served: readonly CountryCode[],
  env: Env,
): string[] {
  const subjects = problems.flatMap((p) => p.subjects)
  const devKyc = subjects.some((s) => s === 'kyc:ocr' || s === 'kyc:liveness')
  const set = (key: string) => key.split('|').some((k) => !!env[k])
  const out: string[] = []
  let anyKyc = false
  for (const country of Object.keys(COUNTRY_NAMES) as CountryCode[]) {
    const wallets = subjects.filter((s) => s.startsWith(`${country}:`)).map((s) => s.slice(3))
    const idType = subjects.includes(`kyc:${country}`)
    const kyc = idType || (devKyc && served.includes(country))
    if (!wallets.length && !kyc) continue
    anyKyc ||= kyc
    const parts: string[] = []
    if (wallets.length) {
      const rails = COUNTRY_RAILS[country]
      const routed = wallets.filter((w) => rails.wallets.includes(w))
      const own = wallets.filter((w) => !rails.wallets.includes(w))
      const missing = rails.keys.filter((k) => !set(k)).map((k) => k.replace('|', ' or '))
      const what = [
        ...(routed.length
          ? [`KOPA_PAYMENT_ROUTES needs ${routed.map((w) => `${country}:${w}=${rails.provider}`).join(', ')}`]
          : []),
        ...(routed.length && missing.length ? [`missing ${missing.join(', ')}`] : []),
        ...(own.length
          ? [`${own.map((w) => `${country}:${w}`).join(', ')} has no built-in provider: route it to your own`]
          : []),
      ]
      parts.push(`money rails (${what.join('; ')})`)
    }
    if (kyc)
      parts.push(
        idType ? `identity checks (KOPA_SMILEID_ID_TYPES needs ${country}:${SMILE_ID_TYPE[country]})` : 'identity checks',
      )
    out.push(`${COUNTRY_NAMES[country]} (${country}): ${parts.join(' and ')}`)
  }
  const kycMissing = [
    ...(env.KOPA_KYC_PROVIDER === 'smileid' ? [] : ['KOPA_KYC_PROVIDER=smileid']),
    ...SMILE_ID_KEYS.filter((k) => !env[k]),
  ]
  // The shared keys only when no vendor is configured at all (a vendor missing a country misses its ID type).
  if (devKyc && anyKyc && kycMissing.length) out.push(`identity checks need ${kycMissing.join(', ')}`)
  return out
}

/** Throws the ProductionRefusal of `input`'s problems, if there are any. */
export function refuseUnlessReady(input: ReadinessInput): void {
  const problems = productionProblems(input)
  if (problems.length) throw new ProductionRefusal(problems)
}

/**
 * Issue 19: production names every country whose identity checks no vendor is configured for — the KYC providers
 * say which countries they cover (`countries`, e.g. Smile ID's KOPA_SMILEID_ID_TYPES); providers that do not say
 * cover every country. Simulated providers are kycProblems' part, not this one's. Outside production: none.
 */
export function kycCountryProblems(
  mode: ServerMode,
  kyc: { readonly ocr: Named; readonly liveness: Named; readonly countries?: readonly CountryCode[] },
  served: readonly CountryCode[],
): ReadinessProblem[] {
  if (mode !== 'production' || !kyc.countries) return []
  const covered = new Set(kyc.countries)
  const missing = [...new Set(served)].filter((c) => !covered.has(c))
  if (!missing.length) return []
  return [
    {
      subjects: missing.map((c) => `kyc:${c}`),
      text:
        `identity checks are not configured for ${missing.join(', ')} ` +
        `(add ${missing.length === 1 ? 'it' : 'them'} to KOPA_SMILEID_ID_TYPES)`,
    },
  ]
}

/**
 * Issue 19: production names every wallet routed to a real provider that does not serve its country — a provider
 * says which countries it serves (`countries`, e.g. AzamPay's TZ); providers that do not say serve every country.
 * `TZ:mpesa=mpesa` would otherwise start and send Tanzanian pay-outs to Safaricom's Kenyan Daraja. The sandbox,
 * simulated and absent providers are paymentProblems' part, not this one's. Outside production: none.
 */
export function paymentCountryProblems(
  mode: ServerMode,
  { countries, route, providers }: PaymentReadiness,
): ReadinessProblem[] {
  if (mode !== 'production') return []
  const byProvider = new Map<string, string[]>()
  for (const country of new Set(countries)) {
    for (const wallet of COUNTRIES[country].walletProviders) {
      const name = route(country, wallet)
      const provider = providers.get(name)
      if (!provider || provider.simulated || !provider.countries || provider.countries.includes(country))
        continue
      byProvider.set(name, [...(byProvider.get(name) ?? []), `${country}:${wallet}`])
    }
  }
  return [...byProvider].map(([name, wallets]) => {
    const served = providers.get(name)?.countries?.join(', ') ?? ''
    const pay = `${wallets.join(', ')} ${wallets.length === 1 ? 'pays' : 'pay'} out`
    const them = wallets.length === 1 ? 'it' : 'them'
    const theirs = [...new Set(wallets.map((w) => w.slice(0, 2)))].join(', ')
    return {
      subjects: wallets,
      text: `${pay} through "${name}", which serves ${served} only (route ${them} to a provider of ${theirs} in KOPA_PAYMENT_ROUTES)`,
    }
  })
}
