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
 *   AzamPay (Tanzania's M-Pesa, Airtel Money, Mixx by Yas and HaloPesa; server/payments/azampay.ts), configured when
 *   the first three are set:
 *   KOPA_AZAMPAY_APP_NAME, KOPA_AZAMPAY_CLIENT_ID, KOPA_AZAMPAY_CLIENT_SECRET  the app registered in AzamPay's portal
 *   KOPA_AZAMPAY_API_KEY        the portal's API key ("token"), sent as X-API-Key (required)
 *   KOPA_AZAMPAY_CALLBACK_TOKEN 16+ random characters; the callback URL registered at AzamPay carries it (?token=)
 *   KOPA_AZAMPAY_ENV            sandbox (default) | live: picks the two base URLs below
 *   KOPA_AZAMPAY_BASE_URL, KOPA_AZAMPAY_AUTH_URL  override them (tests: the local fake)
 *   KOPA_AZAMPAY_PAYOUT_ACCOUNT, KOPA_AZAMPAY_PAYOUT_NAME, KOPA_AZAMPAY_PAYOUT_BANK  the lender's disbursement
 *                               account (createtransfer's source; required to pay out), its name and bank
 *                               (default Azampesa)
 *   KOPA_AZAMPAY_TRANSFER_TYPE  createtransfer's transferDetails.type (default MNO)
 *   STP (Mexico's SPEI: pay-outs to a CLABE, deposits to each borrower's own CLABE; server/payments/stp.ts),
 *   configured when KOPA_STP_EMPRESA is set (docs/operations.md "Mexico: STP"):
 *   KOPA_STP_BASE_URL           STP's REST base (default the sandbox, https://demo.stpmex.com:7024/speiws/rest;
 *                               production https://prod.stpmex.com/speiws/rest)
 *   KOPA_STP_EMPRESA            the lender's empresa at STP
 *   KOPA_STP_ACCOUNT            the lender's STP CLABE that pays out (cuentaOrdenante); KOPA_STP_ACCOUNT_NAME its name
 *   KOPA_STP_CLABE_PREFIX       646 + 3 to 10 digits STP assigned: each borrower's CLABE is this prefix, their
 *                               number and a check digit (what the Mexican payment order shows to pay to)
 *   KOPA_STP_PRIVATE_KEY_PATH or KOPA_STP_PRIVATE_KEY  the private key (PEM) whose certificate STP holds;
 *   KOPA_STP_PASSPHRASE         its passphrase
 *   KOPA_STP_WEBHOOK_SECRET     16+ random characters; the notification URLs registered at STP carry it (?token=)
 *   KOPA_STP_ALLOWED_IPS        STP's addresses (IPv4, CIDR blocks), comma-separated; required in production
 */
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isValidClabe } from '../../domain/identity-numbers'
import type { ServerMode } from '../config'
import type { MpesaConfig } from './mpesa'
import type { AzamPayConfig } from './azampay'
import { isClabePrefix, loadPrivateKey, type StpConfig } from './stp'

export type MpesaSettings = Omit<MpesaConfig, 'now' | 'fetch' | 'minorPerUnit' | 'pushes'>
export type AzamPaySettings = Omit<AzamPayConfig, 'now' | 'fetch' | 'requestTimeoutMs'>
export type StpSettings = Omit<StpConfig, 'now' | 'fetch' | 'requestTimeoutMs' | 'ledger' | 'lateDepositMs'>

export interface PaymentSettings {
  sandboxSecret: string
  sandboxDelayMs: number
  /** `${country}:${walletProvider}` → provider name; the rest go to 'sandbox'. */
  routes: Readonly<Record<string, string>>
  mpesa: MpesaSettings | null
  /** AzamPay (Tanzania), when KOPA_AZAMPAY_* are set. */
  azampay: AzamPaySettings | null
  /** STP (Mexico), when KOPA_STP_* are set. */
  stp: StpSettings | null
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
  const azampay = loadAzamPaySettings(env, routes)
  const stp = loadStpSettings(mode, env, routes)
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
    azampay,
    stp,
    bankTransferPayTo: {
      ...(env.KOPA_BANK_TRANSFER_PAY_TO_MX || mode !== 'production'
        ? { MX: env.KOPA_BANK_TRANSFER_PAY_TO_MX ?? DEMO_PAY_TO_CLABE }
        : {}),
    },
  }
}

/** AzamPay's base URLs per KOPA_AZAMPAY_ENV (the clients' constants: docs/operations.md "Tanzania: AzamPay"). */
export const AZAMPAY_URLS = {
  sandbox: {
    authBaseUrl: 'https://authenticator-sandbox.azampay.co.tz',
    baseUrl: 'https://sandbox.azampay.co.tz',
  },
  live: { authBaseUrl: 'https://authenticator.azampay.co.tz', baseUrl: 'https://checkout.azampay.co.tz' },
} as const

/** KOPA_AZAMPAY_*: null when the app's credentials are not set; a route to azampay then stops the start-up. */
function loadAzamPaySettings(env: Env, routes: Readonly<Record<string, string>>): AzamPaySettings | null {
  const routed = Object.values(routes).includes('azampay')
  const credentials = [
    'KOPA_AZAMPAY_APP_NAME',
    'KOPA_AZAMPAY_CLIENT_ID',
    'KOPA_AZAMPAY_CLIENT_SECRET',
  ] as const
  if (!credentials.every((k) => env[k])) {
    if (routed)
      throw new Error(
        'KOPA_PAYMENT_ROUTES sends payments to azampay, but KOPA_AZAMPAY_APP_NAME, KOPA_AZAMPAY_CLIENT_ID and ' +
          'KOPA_AZAMPAY_CLIENT_SECRET are not all set',
      )
    return null
  }
  const envName = env.KOPA_AZAMPAY_ENV ?? 'sandbox'
  if (envName !== 'sandbox' && envName !== 'live')
    throw new Error(`KOPA_AZAMPAY_ENV must be sandbox or live, not "${envName}"`)
  if (!env.KOPA_AZAMPAY_API_KEY) throw new Error("KOPA_AZAMPAY_API_KEY (the portal's API key) must be set")
  const callbackToken = env.KOPA_AZAMPAY_CALLBACK_TOKEN ?? ''
  if (callbackToken.length < 16)
    throw new Error(
      'KOPA_AZAMPAY_CALLBACK_TOKEN must be at least 16 characters: AzamPay does not sign its callbacks',
    )
  const payoutAccount = env.KOPA_AZAMPAY_PAYOUT_ACCOUNT ?? ''
  if (routed && !payoutAccount)
    throw new Error("KOPA_AZAMPAY_PAYOUT_ACCOUNT (the lender's disbursement account at AzamPay) must be set")
  return {
    authBaseUrl: env.KOPA_AZAMPAY_AUTH_URL ?? AZAMPAY_URLS[envName].authBaseUrl,
    baseUrl: env.KOPA_AZAMPAY_BASE_URL ?? AZAMPAY_URLS[envName].baseUrl,
    appName: env.KOPA_AZAMPAY_APP_NAME!,
    clientId: env.KOPA_AZAMPAY_CLIENT_ID!,
    clientSecret: env.KOPA_AZAMPAY_CLIENT_SECRET!,
    apiKey: env.KOPA_AZAMPAY_API_KEY,
    callbackToken,
    payoutSource: {
      accountNumber: payoutAccount,
      fullName: env.KOPA_AZAMPAY_PAYOUT_NAME ?? env.KOPA_AZAMPAY_APP_NAME!,
      bankName: env.KOPA_AZAMPAY_PAYOUT_BANK ?? 'Azampesa',
    },
    transferType: env.KOPA_AZAMPAY_TRANSFER_TYPE ?? 'MNO',
  }
}

/** STP's sandbox (stpmex client.py DEMO_HOST + /speiws/rest). */
export const STP_SANDBOX_URL = 'https://demo.stpmex.com:7024/speiws/rest'

/** KOPA_STP_*: null when KOPA_STP_EMPRESA is not set; a route to stp then stops the start-up. */
function loadStpSettings(mode: ServerMode, env: Env, routes: Readonly<Record<string, string>>): StpSettings | null {
  const routed = Object.values(routes).includes('stp')
  if (!env.KOPA_STP_EMPRESA) {
    if (routed) throw new Error('KOPA_PAYMENT_ROUTES sends payments to stp, but KOPA_STP_EMPRESA is not set')
    return null
  }
  const account = env.KOPA_STP_ACCOUNT ?? ''
  if (!isValidClabe(account)) throw new Error('KOPA_STP_ACCOUNT must be the lender\'s 18-digit STP CLABE')
  const clabePrefix = env.KOPA_STP_CLABE_PREFIX ?? ''
  if (!isClabePrefix(clabePrefix))
    throw new Error('KOPA_STP_CLABE_PREFIX must be 646 followed by 3 to 10 digits (the prefix STP assigned)')
  const path = env.KOPA_STP_PRIVATE_KEY_PATH
  const privateKeyPem = path ? readFileSync(path, 'utf8') : (env.KOPA_STP_PRIVATE_KEY ?? '')
  const passphrase = env.KOPA_STP_PASSPHRASE ?? ''
  try {
    loadPrivateKey(privateKeyPem, passphrase)
  } catch {
    throw new Error('KOPA_STP_PRIVATE_KEY(_PATH) and KOPA_STP_PASSPHRASE do not open a private key')
  }
  const webhookSecret = env.KOPA_STP_WEBHOOK_SECRET ?? ''
  if (webhookSecret.length < 16)
    throw new Error('KOPA_STP_WEBHOOK_SECRET must be at least 16 characters: STP does not sign its notifications')
  const allowedIps = (env.KOPA_STP_ALLOWED_IPS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (mode === 'production' && allowedIps.length === 0)
    throw new Error('KOPA_STP_ALLOWED_IPS must list STP\'s addresses in production')
  return {
    baseUrl: env.KOPA_STP_BASE_URL ?? STP_SANDBOX_URL,
    empresa: env.KOPA_STP_EMPRESA,
    account,
    ...(env.KOPA_STP_ACCOUNT_NAME ? { accountName: env.KOPA_STP_ACCOUNT_NAME } : {}),
    clabePrefix,
    privateKeyPem,
    passphrase,
    webhookSecret,
    allowedIps,
  }
}
