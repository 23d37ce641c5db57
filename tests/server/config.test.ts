/**
 * The server's configuration from the environment: defaults, overrides, and clear refusals of bad values.
 */
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CONFIG, devEndpointsEnabled, loadConfig } from '../../server/config'

describe('Server configuration', () => {
  it('listens on 127.0.0.1:8080 in demo mode with its data in ./data by default', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, mode: 'demo', packageName: 'com.kopa.app' })
    expect(config.dataDir).toBe(path.resolve('data'))
    expect(config.uploadDir).toBe(path.resolve('data', 'uploads'))
    expect(config.tokenTtlMs).toBe(30 * 24 * 60 * 60 * 1000)
    expect(config.defaultCountry).toBe('TZ')
    expect(devEndpointsEnabled(config)).toBe(true)
  })

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      HOST: '0.0.0.0',
      KOPA_DATA_DIR: '/srv/kopa',
      DATABASE_URL: 'postgres://kopa@db/kopa',
      DATABASE_SCHEMA: 'lender_a',
      KOPA_PACKAGE_NAME: 'com.lender.loans',
      KOPA_REPLAY_WINDOW_MS: '60000',
      KOPA_TOKEN_TTL_MS: '3600000',
      KOPA_DEFAULT_COUNTRY: 'KE',
      KOPA_TRUST_PROXY: '1',
      KOPA_SMS_WEBHOOK_URL: 'https://sms.example/send',
      LOG_LEVEL: 'warn',
    })
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/srv/kopa',
      uploadDir: '/srv/kopa/uploads',
      databaseUrl: 'postgres://kopa@db/kopa',
      databaseSchema: 'lender_a',
      packageName: 'com.lender.loans',
      replayWindowMs: 60_000,
      tokenTtlMs: 3_600_000,
      defaultCountry: 'KE',
      trustProxy: true,
      smsWebhookUrl: 'https://sms.example/send',
      logLevel: 'warn',
    })
  })

  it('is in production whenever NODE_ENV says so, and then has no development endpoints', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      KOPA_MODE: 'demo',
      KOPA_DATA_DIR: '/srv/kopa',
      KOPA_PERSON_KEY_SECRET: 'x'.repeat(32),
    })
    expect(config.mode).toBe('production')
    expect(devEndpointsEnabled(config)).toBe(false)
  })

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ KOPA_MODE: 'staging' })).toThrow(/KOPA_MODE/)
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => loadConfig({ KOPA_DEFAULT_COUNTRY: 'FR' })).toThrow(/KOPA_DEFAULT_COUNTRY/)
    expect(() => loadConfig({ NODE_ENV: 'production', KOPA_DATA_DIR: ':memory:' })).toThrow(
      /persistent database/,
    )
  })

  it('lets tests override anything', () => {
    expect(loadConfig({}, { port: 0, mode: 'test' })).toMatchObject({ port: 0, mode: 'test' })
    expect(DEFAULT_CONFIG.maxUploadBytes).toBe(20 * 1024 * 1024)
  })

  it('reads the limits, the quotas, KOPA_DEMO_PUBLIC and KOPA_OPS_TOKEN (issue 14), and refuses a limit of 0', () => {
    const defaults = loadConfig({})
    expect(defaults.demoPublic).toBe(false)
    expect(defaults.rateLimits).toMatchObject({ perAddressPerMinute: 1200, concurrentUploads: 8 })
    expect(defaults.quotas).toMatchObject({
      receiptBytesPerBorrower: 100 * 1024 * 1024,
      eventRetentionDays: 180,
    })
    const config = loadConfig({
      KOPA_DEMO_PUBLIC: '1',
      KOPA_OPS_TOKEN: 'ops-token-0123456789',
      KOPA_LIMIT_ADDRESS_PER_MINUTE: '600',
      KOPA_LIMIT_ANONYMOUS_PER_MINUTE: '60',
      KOPA_LIMIT_SESSION_PER_MINUTE: '120',
      KOPA_LIMIT_UPLOADS_PER_HOUR: '20',
      KOPA_CONCURRENT_UPLOADS: '4',
      KOPA_RECEIPT_BYTES_PER_BORROWER: '1000000',
      KOPA_EVENT_RETENTION_DAYS: '30',
    })
    expect(config).toMatchObject({ demoPublic: true, opsToken: 'ops-token-0123456789' })
    expect(config.rateLimits).toMatchObject({
      perAddressPerMinute: 600,
      anonymousPerAddressPerMinute: 60,
      perSessionPerMinute: 120,
      uploadsPerSessionPerHour: 20,
      concurrentUploads: 4,
    })
    expect(config.quotas).toMatchObject({ receiptBytesPerBorrower: 1_000_000, eventRetentionDays: 30 })
    expect(() => loadConfig({ KOPA_CONCURRENT_UPLOADS: '0' })).toThrow(
      /KOPA_CONCURRENT_UPLOADS must be at least 1/,
    )
    expect(() =>
      loadConfig({
        KOPA_MODE: 'production',
        KOPA_PERSON_KEY_SECRET: 'k'.repeat(40),
        KOPA_OPS_TOKEN: 'short',
      }),
    ).toThrow(/KOPA_OPS_TOKEN/)
  })
})
