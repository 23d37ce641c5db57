/**
 * Production refuses what is not real: a wallet a loan product uses that pays out through the sandbox (or a
 * simulated or absent provider), and the development OCR and liveness providers. The check is pure
 * (productionProblems); start-up throws its one-line refusal (ProductionRefusal), which server/main.ts prints.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { COUNTRIES, type CountryCode } from '../../domain/countries'
import { buildServer, type ServerOverrides } from '../../server/app'
import { createDevKycProviders } from '../../server/kyc/providers'
import { createLoansModule, type LoansModuleOptions } from '../../server/loans/module'
import { MODULES } from '../../server/modules'
import {
  productionProblems,
  ProductionRefusal,
  type PaymentReadiness,
  type ReadinessInput,
} from '../../server/production-readiness'
import { migrate } from '../../server/db/migrate'
import { seedDemo } from '../../server/seed/demo-products'
import type { SmsProvider } from '../../server/sms'
import { DATABASE_TARGETS, describeOnEachDatabase, type DatabaseTarget } from './helpers/databases'
import { realKyc, realPaymentProvider } from './helpers/real-providers'
import { testConfig } from './helpers/server'
import { kycCountryProblems } from '../../server/production-readiness'
import { createSmileIdKyc } from '../../server/kyc/smile-id'
import { paymentCountryProblems } from '../../server/production-readiness'
import type { AzamPaySettings } from '../../server/payments/config'

const sandbox = { simulated: true }
const real = {}
const toSandbox = () => 'sandbox'
const devKyc = createDevKycProviders()

/** Every wallet of every country, routed to one provider. */
const everyWalletTo = (provider: string) =>
  Object.fromEntries(
    (Object.keys(COUNTRIES) as CountryCode[]).flatMap((c) =>
      COUNTRIES[c].walletProviders.map((w) => [`${c}:${w}`, provider]),
    ),
  )

const payments = (
  countries: CountryCode[],
  routes: Record<string, string>,
  providers: Record<string, { simulated?: boolean }>,
): PaymentReadiness => ({
  countries,
  route: (country, wallet) => routes[`${country}:${wallet}`] ?? 'sandbox',
  providers: new Map(Object.entries(providers)),
})

const refusal = (input: ReadinessInput) => new ProductionRefusal(productionProblems(input)).message

describe('What production refuses', () => {
  it('production with a Tanzanian product routed to the sandbox refuses and names TZ:mpesa', () => {
    const problems = productionProblems({
      mode: 'production',
      payments: { countries: ['TZ'], route: toSandbox, providers: new Map([['sandbox', sandbox]]) },
      kyc: realKyc(),
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]!.subjects).toEqual(['TZ:mpesa', 'TZ:airtel', 'TZ:tigo', 'TZ:halopesa'])
    expect(new ProductionRefusal(problems).message).toBe(
      'Production refuses to start: TZ:mpesa, TZ:airtel, TZ:tigo, TZ:halopesa pay out through the sandbox ' +
        '(set KOPA_PAYMENT_ROUTES to real providers)',
    )
  })

  it('production without a sandbox secret (no sandbox at all) refuses a wallet left to the sandbox', () => {
    const input = payments(['KE'], { 'KE:mpesa': 'mpesa' }, { mpesa: real })
    expect(refusal({ mode: 'production', payments: input })).toBe(
      'Production refuses to start: KE:airtel pays out through the sandbox (set KOPA_PAYMENT_ROUTES to real providers)',
    )
  })

  it('production with every wallet on a real provider and real KYC starts', () => {
    expect(
      productionProblems({
        mode: 'production',
        payments: payments(['TZ', 'KE', 'MX'], everyWalletTo('lender'), { lender: real, sandbox }),
        kyc: realKyc(),
      }),
    ).toEqual([])
  })

  it('production with no loan products has no wallet to refuse', () => {
    expect(
      productionProblems({ mode: 'production', payments: payments([], {}, {}), kyc: realKyc() }),
    ).toEqual([])
  })

  it('demo mode never refuses', () => {
    for (const mode of ['demo', 'test'] as const) {
      expect(
        productionProblems({ mode, payments: payments(['TZ', 'KE', 'MX'], {}, {}), kyc: devKyc }),
      ).toEqual([])
    }
  })

  it('development KYC in production is named', () => {
    const problems = productionProblems({ mode: 'production', kyc: devKyc })
    expect(problems.map((p) => p.subjects)).toEqual([['kyc:ocr', 'kyc:liveness']])
    expect(new ProductionRefusal(problems).message).toBe(
      'Production refuses to start: identity checks use the development OCR and liveness providers ' +
        '(pass real KycProviders to buildServer)',
    )
  })

  it('a simulated liveness provider next to a real OCR vendor is named alone', () => {
    const kyc = { ocr: realKyc().ocr, liveness: { name: 'face-demo', simulated: true } }
    expect(refusal({ mode: 'production', kyc })).toBe(
      'Production refuses to start: identity checks use the simulated "face-demo" liveness provider ' +
        '(pass real KycProviders to buildServer)',
    )
  })

  it('a wallet on a simulated provider of the lender’s, or on one that is not configured, is named with it', () => {
    const input = payments(
      ['KE', 'MX'],
      { 'KE:mpesa': 'mpesa-test', 'KE:airtel': 'airtel', 'MX:clabe': 'spei' },
      { 'mpesa-test': { simulated: true }, airtel: real },
    )
    expect(productionProblems({ mode: 'production', payments: input }).map((p) => p.subjects)).toEqual([
      ['KE:mpesa'],
      ['MX:clabe'],
    ])
    expect(refusal({ mode: 'production', payments: input })).toBe(
      'Production refuses to start: KE:mpesa pays out through the simulated provider "mpesa-test" ' +
        '(route it to a real provider in KOPA_PAYMENT_ROUTES); MX:clabe pays out through "spei", which is not ' +
        'configured (configure it or change KOPA_PAYMENT_ROUTES)',
    )
  })

  it('names each wallet once, however many products serve its country, wallets before identity checks', () => {
    const message = refusal({
      mode: 'production',
      payments: payments(['KE', 'KE', 'KE'], {}, { sandbox }),
      kyc: devKyc,
    })
    expect(message).toBe(
      'Production refuses to start: KE:mpesa, KE:airtel pay out through the sandbox (set KOPA_PAYMENT_ROUTES ' +
        'to real providers); identity checks use the development OCR and liveness providers (pass real ' +
        'KycProviders to buildServer)',
    )
    expect(message).not.toContain('\n')
  })
})

describeOnEachDatabase('A production start-up', (target) => {
  const gateway: SmsProvider = { name: 'test-gateway', send: async () => undefined }
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  /** Builds a production server on a fresh database, with the demo products in it when `products`. */
  async function start(
    target: DatabaseTarget,
    opts: { products?: boolean; overrides?: ServerOverrides } = {},
  ) {
    const { config, open, cleanup } = testConfig(target, { mode: 'production' })
    cleanups.push(cleanup)
    const database = await open()
    if (opts.products) {
      // A fresh PostgreSQL schema is empty until the server migrates it; the products need their table first.
      await migrate(database)
      await seedDemo(database.db)
    }
    const quiet = new Writable({ write: (_chunk, _enc, done) => done() })
    return buildServer(config, { sms: gateway, database, logStream: quiet, ...opts.overrides })
  }

  const loansWith = (options: LoansModuleOptions) => [
    ...MODULES.filter((m) => m.name !== 'loans'),
    createLoansModule(options),
  ]

  it('with the default configuration refuses in one line naming the development identity checks', async () => {
    const err: unknown = await start(target).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(ProductionRefusal)
    expect((err as Error).message).toBe(
      'Production refuses to start: identity checks use the development OCR and liveness providers ' +
        '(pass real KycProviders to buildServer). Not configured: Tanzania (TZ): identity checks; Kenya (KE): ' +
        'identity checks; Mexico (MX): identity checks; identity checks need KOPA_KYC_PROVIDER=smileid, ' +
        'KOPA_SMILEID_PARTNER_ID, KOPA_SMILEID_API_KEY, KOPA_SMILEID_CALLBACK_URL',
    )
  })

  it('with loan products and no KOPA_PAYMENT_ROUTES refuses in one line naming every wallet and the KYC', async () => {
    const err: unknown = await start(target, { products: true }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(ProductionRefusal)
    const message = (err as Error).message
    expect(message).not.toContain('\n')
    expect(message).toMatch(
      /^Production refuses to start: .* pay out through the sandbox \(set KOPA_PAYMENT_ROUTES/,
    )
    for (const wallet of [
      'TZ:mpesa',
      'TZ:airtel',
      'TZ:tigo',
      'TZ:halopesa',
      'KE:mpesa',
      'KE:airtel',
      'MX:clabe',
    ]) {
      expect(message).toContain(wallet)
    }
    expect(message).toMatch(/; identity checks use the development OCR and liveness providers/)
  })

  it('with a sandbox secret still refuses the sandbox, which moves no real money', async () => {
    const modules = loansWith({ payments: { sandboxSecret: 'test-sandbox-secret' } })
    await expect(start(target, { products: true, overrides: { kyc: realKyc(), modules } })).rejects.toThrow(
      /^Production refuses to start: .*TZ:mpesa.* pay out through the sandbox/,
    )
  })

  it('with every wallet on a real provider and real KYC starts', async () => {
    const modules = loansWith({
      payments: { routes: everyWalletTo('test-wallets') },
      providers: [realPaymentProvider('test-wallets')],
    })
    const server = await start(target, { products: true, overrides: { kyc: realKyc(), modules } })
    await server.close()
  })
})

describe('Identity checks per country in production (issue 19)', () => {
  const smileId = (countries: CountryCode[]) =>
    createSmileIdKyc({
      partnerId: '2187',
      apiKey: 'k',
      baseUrl: 'https://testapi.smileidentity.com/v1',
      callbackUrl: 'https://lender.example/kyc/smileid/callback',
      idTypes: Object.fromEntries(countries.map((c) => [c, 'NATIONAL_ID'])),
      jobType: 6,
      minConfidence: 80,
      timeoutMs: 1_000,
      resultWaitMs: 1_000,
      pollIntervalMs: 100,
    })

  it('names every country the KYC vendor is not configured for, in one clause', () => {
    expect(kycCountryProblems('production', smileId(['TZ']), ['TZ', 'KE', 'MX'])).toEqual([
      {
        subjects: ['kyc:KE', 'kyc:MX'],
        text: 'identity checks are not configured for KE, MX (add them to KOPA_SMILEID_ID_TYPES)',
      },
    ])
    expect(kycCountryProblems('production', smileId(['TZ', 'KE']), ['TZ', 'KE', 'MX'])[0]!.text).toBe(
      'identity checks are not configured for MX (add it to KOPA_SMILEID_ID_TYPES)',
    )
  })

  it('has nothing to name when the vendor covers every country, outside production, or for providers that cover all', () => {
    expect(kycCountryProblems('production', smileId(['TZ', 'KE', 'MX']), ['TZ', 'KE', 'MX'])).toEqual([])
    expect(kycCountryProblems('demo', smileId([]), ['TZ', 'KE', 'MX'])).toEqual([])
    expect(kycCountryProblems('production', realKyc(), ['TZ', 'KE', 'MX'])).toEqual([])
    // The development providers are refused as simulated (productionProblems), not per country.
    expect(kycCountryProblems('production', devKyc, ['TZ'])).toEqual([])
  })
})

describeOnEachDatabase('A production start-up with Smile ID', (target) => {
  it('configured for Tanzania only refuses in one line naming Kenya and Mexico, and starts once all three are', async () => {
    const gateway: SmsProvider = { name: 'test-gateway', send: async () => undefined }
    const quiet = () => new Writable({ write: (_chunk, _enc, done) => done() })
    const kyc = (idTypes: Partial<Record<CountryCode, string>>) =>
      createSmileIdKyc({
        partnerId: '2187',
        apiKey: 'k',
        baseUrl: 'https://testapi.smileidentity.com/v1',
        callbackUrl: 'https://lender.example/kyc/smileid/callback',
        idTypes,
        jobType: 6,
        minConfidence: 80,
        timeoutMs: 1_000,
        resultWaitMs: 1_000,
        pollIntervalMs: 100,
      })
    const first = testConfig(target, { mode: 'production' })
    try {
      await expect(
        buildServer(first.config, {
          sms: gateway,
          database: await first.open(),
          logStream: quiet(),
          kyc: kyc({ TZ: 'NATIONAL_ID' }),
        }),
      ).rejects.toThrow(
        'Production refuses to start: identity checks are not configured for KE, MX (add them to ' +
          'KOPA_SMILEID_ID_TYPES). Not configured: Kenya (KE): identity checks (KOPA_SMILEID_ID_TYPES needs ' +
          'KE:NATIONAL_ID); Mexico (MX): identity checks (KOPA_SMILEID_ID_TYPES needs MX:VOTER_ID)',
      )
    } finally {
      await first.cleanup()
    }
    const second = testConfig(target, { mode: 'production' })
    try {
      const server = await buildServer(second.config, {
        sms: gateway,
        database: await second.open(),
        logStream: quiet(),
        kyc: kyc({ TZ: 'NATIONAL_ID', KE: 'NATIONAL_ID', MX: 'VOTER_ID' }),
      })
      // Smile ID's callbacks have their route; an unsigned one is refused.
      const res = await server.app.inject({
        method: 'POST',
        url: '/kyc/smileid/callback',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ timestamp: new Date().toISOString(), signature: 'x' }),
      })
      expect(res.statusCode).toBe(401)
      await server.close()
    } finally {
      await second.cleanup()
    }
  })
})

describe('Wallets routed to a provider of another country (issue 19)', () => {
  const azampay = { countries: ['TZ'] }
  const daraja = { countries: ['KE'] }
  /** Like `payments`, with providers that say which countries they serve. */
  const routed = (
    countries: CountryCode[],
    routes: Record<string, string>,
    providers: Record<string, { simulated?: boolean; countries?: string[] }>,
  ): PaymentReadiness => ({
    ...payments(countries, routes, {}),
    providers: new Map(Object.entries(providers)),
  })

  it('names each wallet whose provider does not serve its country, grouped by provider', () => {
    const input = routed(
      ['TZ', 'KE'],
      {
        'TZ:mpesa': 'mpesa',
        'TZ:airtel': 'azampay',
        'TZ:tigo': 'azampay',
        'TZ:halopesa': 'azampay',
        'KE:mpesa': 'mpesa',
        'KE:airtel': 'azampay',
      },
      { azampay, mpesa: daraja },
    )
    expect(paymentCountryProblems('production', input)).toEqual([
      {
        subjects: ['TZ:mpesa'],
        text: 'TZ:mpesa pays out through "mpesa", which serves KE only (route it to a provider of TZ in KOPA_PAYMENT_ROUTES)',
      },
      {
        subjects: ['KE:airtel'],
        text: 'KE:airtel pays out through "azampay", which serves TZ only (route it to a provider of KE in KOPA_PAYMENT_ROUTES)',
      },
    ])
    // The sandbox and the wallets left to it are the other check's: nothing doubled here.
    expect(productionProblems({ mode: 'production', payments: input })).toEqual([])
  })

  it('has nothing to name for Tanzania on AzamPay, for providers that do not say, or outside production', () => {
    const tz = routed(['TZ', 'TZ'], everyWalletTo('azampay'), { azampay })
    expect(paymentCountryProblems('production', tz)).toEqual([])
    expect(
      paymentCountryProblems(
        'production',
        payments(['TZ', 'KE', 'MX'], everyWalletTo('lender'), { lender: real }),
      ),
    ).toEqual([])
    expect(paymentCountryProblems('demo', routed(['KE'], everyWalletTo('azampay'), { azampay }))).toEqual([])
  })
})

describeOnEachDatabase('A production start-up with AzamPay (issue 19)', (target) => {
  const gateway: SmsProvider = { name: 'test-gateway', send: async () => undefined }
  const azampaySettings: AzamPaySettings = {
    authBaseUrl: 'https://authenticator-sandbox.azampay.co.tz',
    baseUrl: 'https://sandbox.azampay.co.tz',
    appName: 'kopa',
    clientId: 'id',
    clientSecret: 'secret',
    apiKey: 'key',
    callbackToken: 'azampay-callback-token-0123456789',
    payoutSource: { fullName: 'Kopa Lender Ltd', bankName: 'Azampesa', accountNumber: '255700000001' },
  }
  const tanzania = ['mpesa', 'airtel', 'tigo', 'halopesa'].map((w) => `TZ:${w}`)

  /** A production server with the demo products, Tanzania routed as `routes` says, the rest to a real provider. */
  async function startWith(routes: Record<string, string>, unrouted: string[] = []) {
    const { config, open, cleanup } = testConfig(target, { mode: 'production' })
    try {
      const database = await open()
      await migrate(database)
      await seedDemo(database.db)
      const modules = [
        ...MODULES.filter((m) => m.name !== 'loans'),
        createLoansModule({
          payments: {
            routes: Object.fromEntries(
              Object.entries({ ...everyWalletTo('test-wallets'), ...routes }).filter(
                ([w]) => !unrouted.includes(w),
              ),
            ),
            azampay: azampaySettings,
          },
          providers: [realPaymentProvider('test-wallets')],
        }),
      ]
      const quiet = new Writable({ write: (_chunk, _enc, done) => done() })
      const server = await buildServer(config, {
        sms: gateway,
        database,
        logStream: quiet,
        kyc: realKyc(),
        modules,
      })
      await server.close()
    } finally {
      await cleanup()
    }
  }

  it('starts with all four Tanzanian wallets on AzamPay', async () => {
    await startWith(Object.fromEntries(tanzania.map((w) => [w, 'azampay'])))
  })

  it('names the Tanzanian wallet left to the sandbox, and a Kenyan wallet sent to AzamPay', async () => {
    const routes = Object.fromEntries(tanzania.filter((w) => w !== 'TZ:halopesa').map((w) => [w, 'azampay']))
    await expect(startWith({ ...routes, 'KE:airtel': 'azampay' }, ['TZ:halopesa'])).rejects.toThrow(
      'Production refuses to start: TZ:halopesa pays out through the sandbox (set KOPA_PAYMENT_ROUTES to real ' +
        'providers); KE:airtel pays out through "azampay", which serves TZ only (route it to a provider of KE in ' +
        'KOPA_PAYMENT_ROUTES)',
    )
  })
})

describe('A production server started from the command line (server/main.ts, issue 19)', () => {
  /** Starts `tsx server/main.ts` in production on a PGlite directory holding the demo products of TZ, KE and MX. */
  async function startProduction(env: Record<string, string>) {
    const pglite = DATABASE_TARGETS.find((t) => t.name === 'pglite')!
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kopa-production-'))
    try {
      // The server keeps its embedded database in <KOPA_DATA_DIR>/pglite (server/app.ts).
      const database = await pglite.open({ url: '', dataDir: path.join(dataDir, 'pglite') })
      await migrate(database)
      await seedDemo(database.db)
      await database.close()
      const keep = Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !k.startsWith('KOPA_') && k !== 'DATABASE_URL'),
      )
      return spawnSync('npx', ['tsx', 'server/main.ts'], {
        env: {
          ...keep,
          KOPA_MODE: 'production',
          KOPA_DATA_DIR: dataDir,
          KOPA_SMS_WEBHOOK_URL: 'https://sms.lender.example/send',
          KOPA_PERSON_KEY_SECRET: 'p'.repeat(40),
          PORT: '0',
          LOG_LEVEL: 'silent',
          ...env,
        },
        encoding: 'utf8',
        timeout: 60_000,
      })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const refusalLine = (stderr: string) => stderr.split('\n').find((l) => l.startsWith('Production refuses'))

  it('with Tanzania on AzamPay but no other rails and no KYC vendor, names Kenya and Mexico with their missing keys, and every country’s identity checks', async () => {
    const run = await startProduction({
      KOPA_PAYMENT_ROUTES: 'TZ:mpesa=azampay,TZ:airtel=azampay,TZ:tigo=azampay,TZ:halopesa=azampay',
      KOPA_AZAMPAY_APP_NAME: 'kopa',
      KOPA_AZAMPAY_CLIENT_ID: 'id',
      KOPA_AZAMPAY_CLIENT_SECRET: 'secret',
      KOPA_AZAMPAY_API_KEY: 'key',
      KOPA_AZAMPAY_CALLBACK_TOKEN: 'azampay-callback-token-0123456789',
      KOPA_AZAMPAY_PAYOUT_ACCOUNT: '255700000001',
      KOPA_AZAMPAY_ENV: 'live',
    })
    expect(run.status).toBe(1)
    const line = refusalLine(run.stderr)
    expect(line).toBeDefined()
    const [, checklist] = line!.split('. Not configured: ')
    expect(checklist).toBe(
      'Tanzania (TZ): identity checks; ' +
        'Kenya (KE): money rails (KOPA_PAYMENT_ROUTES needs KE:mpesa=mpesa; missing KOPA_MPESA_BASE_URL, ' +
        'KOPA_MPESA_CONSUMER_KEY, KOPA_MPESA_CONSUMER_SECRET, KOPA_MPESA_B2C_SHORTCODE, KOPA_MPESA_INITIATOR_NAME, ' +
        'KOPA_MPESA_SECURITY_CREDENTIAL, KOPA_MPESA_STK_SHORTCODE, KOPA_MPESA_PASSKEY, KOPA_MPESA_CALLBACK_BASE_URL, ' +
        'KOPA_MPESA_CALLBACK_TOKEN; KE:airtel has no built-in provider: route it to your own) and identity checks; ' +
        'Mexico (MX): money rails (KOPA_PAYMENT_ROUTES needs MX:clabe=stp; missing KOPA_STP_BASE_URL, ' +
        'KOPA_STP_EMPRESA, KOPA_STP_ACCOUNT, KOPA_STP_CLABE_PREFIX, KOPA_STP_PRIVATE_KEY_PATH or ' +
        'KOPA_STP_PRIVATE_KEY, KOPA_STP_PASSPHRASE, KOPA_STP_WEBHOOK_SECRET, KOPA_STP_ALLOWED_IPS) and identity ' +
        'checks; identity checks need KOPA_KYC_PROVIDER=smileid, KOPA_SMILEID_PARTNER_ID, KOPA_SMILEID_API_KEY, ' +
        'KOPA_SMILEID_CALLBACK_URL',
    )
    // Tanzania's rails are configured: none of its wallets is named, nor any AzamPay key.
    expect(line).not.toMatch(/TZ:mpesa|KOPA_AZAMPAY/)
  })
})
