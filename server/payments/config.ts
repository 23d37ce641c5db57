/**
 * Payment settings (docs/operations.md "Mobile money"): which provider serves each country's wallet provider, the
 * sandbox's delay and secret, and M-Pesa's Daraja credentials. Read from the environment like server/config.ts.
 *
 *   KOPA_SANDBOX_SECRET         secret of the sandbox's callback signatures (every instance the same)
 *   KOPA_SANDBOX_DELAY_MS       how long the sandbox takes to call back (default 5 s in demo, 0 in test)
 *   KOPA_PAYMENT_ROUTES         e.g. "KE:mpesa=mpesa" — country:walletProvider=provider, comma-separated;
 *                               everything not listed goes to the sandbox (refused in production)
 *   KOPA_BANK_TRANSFER_PAY_TO_MX  the lender's CLABE a Mexican borrower pays a bank-transfer payment order to
 *                               (demo: a valid-looking test CLABE)
 *   KOPA_MPESA_BASE_URL, KOPA_MPESA_CONSUMER_KEY, KOPA_MPESA_CONSUMER_SECRET, KOPA_MPESA_B2C_SHORTCODE,
 *   KOPA_MPESA_INITIATOR_NAME, KOPA_MPESA_SECURITY_CREDENTIAL, KOPA_MPESA_STK_SHORTCODE, KOPA_MPESA_PASSKEY,
 *   KOPA_MPESA_CALLBACK_BASE_URL, KOPA_MPESA_CALLBACK_TOKEN, KOPA_MPESA_B2C_VERSION (v3 | v1)
 */
import { randomBytes } from 'node:crypto'
import type { ServerMode } from '../config'
import type { MpesaConfig } from './mpesa'

export type MpesaSettings = Omit<MpesaConfig, 'now' | 'fetch' | 'minorPerUnit'>

export interface PaymentSettings {
  sandboxSecret: string
  sandboxDelayMs: number
  /** `${country}:${walletProvider}` → provider name; the rest go to 'sandbox'. */
  routes: Readonly<Record<string, string>>
  mpesa: MpesaSettings | null
  /** Per country: the account a bank-transfer payment order is paid to (shown with the payOrderId as reference). */
  bankTransferPayTo: Readonly<Record<string, string>>
}

type Env = Record<string, string | undefined>

/**
 * Once the demo's sandbox secret was this public string, so anyone who could reach a demo server could forge its
 * pay-out and payment results (issue 14). It is refused everywhere now; without KOPA_SANDBOX_SECRET demo and test
 * sign with a random secret of their own process — the sandbox posts its callbacks to its own process (inject), so
 * nobody else needs it.
 */
export const PUBLIC_SANDBOX_SECRET = 'kopa-sandbox-not-a-secret'
/** A configured sandbox secret has at least this many characters. */
export const SANDBOX_SECRET_MIN_LENGTH = 16
/** A CLABE with a valid check digit, for the demo only. */
const DEMO_PAY_TO_CLABE = '646180000000000012'

export function loadPaymentSettings(mode: ServerMode, env: Env = process.env): PaymentSettings {
  const delay = env.KOPA_SANDBOX_DELAY_MS
  const routes: Record<string, string> = {}
  for (const pair of (env.KOPA_PAYMENT_ROUTES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, provider] = pair.split('=').map((s) => s.trim())
    if (!key || !provider || !/^[A-Z]{2}:[a-z]+$/.test(key)) {
      throw new Error(`KOPA_PAYMENT_ROUTES: "${pair}" is not country:walletProvider=provider`)
    }
    routes[key] = provider
  }
  const mpesaKeys = [
    'KOPA_MPESA_CONSUMER_KEY',
    'KOPA_MPESA_CONSUMER_SECRET',
    'KOPA_MPESA_CALLBACK_BASE_URL',
  ] as const
  const mpesa: MpesaSettings | null = mpesaKeys.every((k) => env[k])
    ? {
        baseUrl: env.KOPA_MPESA_BASE_URL ?? 'https://sandbox.safaricom.co.ke',
        consumerKey: env.KOPA_MPESA_CONSUMER_KEY!,
        consumerSecret: env.KOPA_MPESA_CONSUMER_SECRET!,
        b2cShortcode: env.KOPA_MPESA_B2C_SHORTCODE ?? '',
        initiatorName: env.KOPA_MPESA_INITIATOR_NAME ?? '',
        securityCredential: env.KOPA_MPESA_SECURITY_CREDENTIAL ?? '',
        stkShortcode: env.KOPA_MPESA_STK_SHORTCODE ?? '',
        passkey: env.KOPA_MPESA_PASSKEY ?? '',
        callbackBaseUrl: env.KOPA_MPESA_CALLBACK_BASE_URL!,
        callbackToken: env.KOPA_MPESA_CALLBACK_TOKEN ?? '',
        dialCode: '254',
        b2cVersion: env.KOPA_MPESA_B2C_VERSION === 'v1' ? 'v1' : 'v3',
      }
    : null
  if (mpesa && mpesa.callbackToken.length < 16) {
    throw new Error(
      'KOPA_MPESA_CALLBACK_TOKEN must be at least 16 characters: Daraja does not sign its callbacks',
    )
  }
  if (Object.values(routes).includes('mpesa') && !mpesa) {
    throw new Error('KOPA_PAYMENT_ROUTES sends payments to mpesa, but the KOPA_MPESA_* settings are missing')
  }
  const configured = env.KOPA_SANDBOX_SECRET
  if (configured !== undefined && configured !== '') {
    if (configured === PUBLIC_SANDBOX_SECRET || configured.length < SANDBOX_SECRET_MIN_LENGTH) {
      throw new Error(
        `KOPA_SANDBOX_SECRET must be at least ${SANDBOX_SECRET_MIN_LENGTH} random characters of your own`,
      )
    }
  }
  const secret = configured || (mode === 'production' ? '' : randomBytes(24).toString('base64url'))
  return {
    sandboxSecret: secret,
    sandboxDelayMs: delay ? Number(delay) : mode === 'demo' ? 5000 : 0,
    routes,
    mpesa,
    bankTransferPayTo: {
      ...(env.KOPA_BANK_TRANSFER_PAY_TO_MX || mode !== 'production'
        ? { MX: env.KOPA_BANK_TRANSFER_PAY_TO_MX ?? DEMO_PAY_TO_CLABE }
        : {}),
    },
  }
}
