/**
 * Production refuses what is not real: a wallet a loan product uses that pays out through the sandbox (or a
 * simulated or absent provider), and the development OCR and liveness providers. The check is pure
 * (productionProblems); start-up throws its one-line refusal (ProductionRefusal), which server/main.ts prints.
 */
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
import { describeOnEachDatabase, type DatabaseTarget } from './helpers/databases'
import { realKyc, realPaymentProvider } from './helpers/real-providers'
import { testConfig } from './helpers/server'

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
        '(pass real KycProviders to buildServer)',
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
