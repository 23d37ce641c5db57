/**
 * Who can reach a demo server (issue 14). Demo and test mode exist to show and test the app: their development
 * endpoints read every verification code (/dev/sms — so anyone can log in as anyone), move the one clock for every
 * borrower, deliver sandbox pay-outs and payments that move no real money, grant coupons and answer tickets. Such a
 * server listens on this machine only (127.0.0.1, ::1, localhost) unless the operator says KOPA_DEMO_PUBLIC=1, and
 * then it warns, at start-up, naming what is open.
 */
import type { ServerConfig } from './config'
import type { Log } from './log'

/** A demo or test server asked to listen beyond loopback without KOPA_DEMO_PUBLIC=1. */
export class ExposureRefusal extends Error {
  constructor(mode: string, host: string) {
    super(
      `A ${mode} server listens on this machine only, not on ${host}: its development endpoints show every ` +
        'SMS code, move the clock and fake payments for whoever reaches it. Set HOST=127.0.0.1, or ' +
        'KOPA_DEMO_PUBLIC=1 to open it anyway (docs/operations.md "Modes"), or run KOPA_MODE=production.',
    )
    this.name = 'ExposureRefusal'
  }
}

/** Whether a listen address is this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\./.test(h)
}

/** What anyone who reaches a demo or test server can do (the start-up warning lists it). */
export const DEMO_OPENINGS: readonly string[] = [
  'GET /dev/sms shows every verification code: anyone can log in as any borrower',
  'POST /dev/clock/advance moves the clock of every borrower, loan and job',
  'the sandbox pays out and collects no real money; POST /dev/payments/sandbox/deliver settles it at once',
  'sandbox callbacks signed with KOPA_SANDBOX_SECRET, when it is set, are accepted from anyone who knows it: they ' +
    'forge pay-out and payment results',
  'POST /dev/coupons/grant and POST /dev/feedback/reply give coupons and answer tickets',
  'GET /dev/books shows the books of every loan',
]

/**
 * Before listening: refuses a demo or test server beyond loopback without KOPA_DEMO_PUBLIC=1, and warns (one
 * structured line naming what is open) when it is allowed. Production is not concerned.
 */
export function checkExposure(config: ServerConfig, log: Log): void {
  if (config.mode === 'production' || isLoopbackHost(config.host)) return
  if (!config.demoPublic) throw new ExposureRefusal(config.mode, config.host)
  log.warn(
    { mode: config.mode, host: config.host, open: DEMO_OPENINGS },
    `${config.mode} server open beyond this machine (KOPA_DEMO_PUBLIC=1): not for real borrowers`,
  )
}

/** The same warning for a person reading the console (server/main.ts). */
export function exposureWarning(config: ServerConfig): string | null {
  if (config.mode === 'production' || isLoopbackHost(config.host)) return null
  return [
    `WARNING: this ${config.mode} server is reachable beyond this machine (KOPA_DEMO_PUBLIC=1). Anyone who reaches it:`,
    ...DEMO_OPENINGS.map((line) => `  - ${line}`),
    'Never let real borrowers use it. Production: KOPA_MODE=production (docs/operations.md).',
  ].join('\n')
}
