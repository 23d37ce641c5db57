/**
 * Mexico's SPEI through STP (Sistema de Transferencias y Pagos): pay-outs to a borrower's CLABE by registering a
 * payment order (`registraOrden`, PUT /ordenPago/registra), their status by tracking key (POST
 * /ordenPago/consOrdEnvRastreo), STP's status notification ("cambio de estado": `{ id, Estado, Detalle }` with
 * Estado LIQUIDACION, DEVOLUCION or CANCELACION), and collections by SPEI deposit ("abono": STP posts every
 * transfer received on one of the lender's CLABEs). SPEI cannot pull money: a collection is "pay to your CLABE".
 * Each borrower has a CLABE of their own under the lender's STP prefix (`borrowerClabe`), so an abono names the
 * borrower it is from; it pays that borrower's waiting payment order.
 *
 * Sources (the open-source clients of Cuenca, who run on STP; cited in docs/operations.md "Mexico: STP"):
 *   - github.com/cuenca-mx/stpmex (stpmex-python), at 16cddb9:
 *       stpmex/auth.py               ORDEN_FIELDNAMES, the order of the fields of the "cadena original";
 *                                    join_fields: '||' + fields joined by '|' + '||', a float as '%.2f', None as '';
 *                                    compute_signature: RSA PKCS#1 v1.5 over SHA-256 of the UTF-8 cadena, base64.
 *       stpmex/resources/base.py     the firma of a query: '|||empresa|fechaOperacion||claveRastreo|
 *                                    institucionOperante' followed by 30 '|'.
 *       stpmex/resources/ordenes.py  PUT /ordenPago/registra answers { resultado: { id } }; the defaults tipoPago 1,
 *                                    topologia 'T', medioEntrega 3, prioridad 0, rfcCurpBeneficiario 'ND',
 *                                    institucionOperante 90646 (STP), tipoCuenta 40 for an 18-digit CLABE,
 *                                    referenciaNumerica 0 < n < 10^7, claveRastreo ≤ 29 characters, names and
 *                                    concepto ≤ 39; consOrdEnvRastreo { empresa, claveRastreo, institucionOperante,
 *                                    fechaOperacion? } answers { resultado: { ordenPago } }; consOrdenesFech
 *                                    { empresa, estado: 'R', fechaOperacion? } lists received orders (`lst`).
 *       stpmex/client.py             STP answers errors as { resultado: { id, descripcionError } }: -1 "La clave de
 *                                    rastreo … ya fue utilizada" (a duplicate), -100 "No se encontró…" (not
 *                                    found), 0 "Error validando la firma" / "No se recibió respuesta del servicio"
 *                                    (ours or theirs, not this order's), -7 -9 -11 -20 -22 -24 -34 -200 and
 *                                    "El campo … es obligatorio" (refusals of this order).
 *       stpmex/types.py              Estado codes (LQ liquidada, D devuelta, CN cancelada…); BLOCKED_INSTITUTIONS.
 *       tests/test_auth.py           the cadena and firma of a known order: our test checks both, byte for byte.
 *   - github.com/cuenca-mx/speid, at e500a81:
 *       speid/views.py, tests/views/test_general.py   the status notification { id, Estado, Detalle }, LIQUIDACION
 *                                    then DEVOLUCION of one order; speid/types.py maps LIQUIDACION → succeeded,
 *                                    DEVOLUCION and CANCELACION → failed.
 *       speid/validations/stp_transaction.py, tests/conftest.py  the abono { Clave, FechaOperacion,
 *                                    InstitucionOrdenante, InstitucionBeneficiaria, ClaveRastreo, Monto,
 *                                    NombreOrdenante, TipoCuentaOrdenante, CuentaOrdenante, RFCCurpOrdenante,
 *                                    NombreBeneficiario, TipoCuentaBeneficiario, CuentaBeneficiario,
 *                                    RFCCurpBeneficiario, ConceptoPago, ReferenciaNumerica, Empresa }.
 *       speid/helpers/transaction_helper.py  the abono's answer { estado: 'LIQUIDACION' } keeps the money,
 *                                    { estado: 'DEVOLUCION' } has STP return it to the sender.
 *       speid/models/transaction.py  a pay-out's status by consulting its tracking key: LQ/TLQ succeeded; D, CN,
 *                                    CA, CR, TCL failed; received deposits count in CCO, LQ, TLQ.
 *   - github.com/cuenca-mx/clabe-python clabe/banks.py: the 3-digit bank code of a CLABE → Banxico's institution.
 *
 * STP does not sign its notifications. Our defence, three layers (docs/decisions.md "Mexico: STP"):
 *   1. the notification URLs we register with STP carry a secret (`?token=`), refused without it;
 *   2. the caller's address must be on the allow-list of STP's addresses (KOPA_STP_ALLOWED_IPS);
 *   3. no notification is believed on its own: a LIQUIDACION or an abono carries no amount to us, so the server
 *      asks STP (consOrdEnvRastreo / consOrdenesFech, signed by us, over TLS to STP) and books what STP's books
 *      say; a DEVOLUCION of a pay-out is a failure the transfer machine confirms by the same query.
 * Amounts go to STP in pesos with two decimals, from minor units (centavos) by integer arithmetic.
 */
import { createPrivateKey, createHash, sign, timingSafeEqual, type KeyObject } from 'node:crypto'
import { and, desc, eq, ne, notInArray } from 'drizzle-orm'
import { clabeCheckDigit, isValidClabe } from '../../domain/identity-numbers'
import type { Queryable } from '../db/client'
import { loanOrders, paymentObservations, paymentTransfers } from '../db/schema/loans'
import {
  ProviderError,
  type CallbackInput,
  type CollectionRequest,
  type PaymentProvider,
  type PayoutRequest,
  type ProviderAck,
  type ProviderStatus,
  type TransferLookup,
  type VerifiedCallback,
} from './provider'

/** STP's own institution code (Banxico), the institucionOperante of every order we send. */
export const STP_INSTITUTION = '90646'
const CURRENCY = 'MXN'
const TIME_ZONE = 'America/Mexico_City'
/** stpmex/types.py BLOCKED_INSTITUTIONS: STP refuses transfers to these. */
const BLOCKED_INSTITUTIONS = new Set(['90659', '90642'])
/** stpmex/auth.py ORDEN_FIELDNAMES: the fields of registraOrden's cadena original, in this order. */
export const ORDEN_FIELDNAMES = [
  'institucionContraparte',
  'empresa',
  'fechaOperacion',
  'folioOrigen',
  'claveRastreo',
  'institucionOperante',
  'monto',
  'tipoPago',
  'tipoCuentaOrdenante',
  'nombreOrdenante',
  'cuentaOrdenante',
  'rfcCurpOrdenante',
  'tipoCuentaBeneficiario',
  'nombreBeneficiario',
  'cuentaBeneficiario',
  'rfcCurpBeneficiario',
  'emailBeneficiario',
  'tipoCuentaBeneficiario2',
  'nombreBeneficiario2',
  'cuentaBeneficiario2',
  'rfcCurpBeneficiario2',
  'conceptoPago',
  'conceptoPago2',
  'claveCatUsuario1',
  'claveCatUsuario2',
  'clavePago',
  'referenciaCobranza',
  'referenciaNumerica',
  'tipoOperacion',
  'topologia',
  'usuario',
  'medioEntrega',
  'prioridad',
  'iva',
] as const

/** clabe-python clabe/banks.py BANKS: a CLABE's first three digits (ABM code) → Banxico's institution code. */
// prettier-ignore
const BANKS: Readonly<Record<string, string>> = {
  '706': '90706', '138': '40138', '102': '40102', '614': '90614', '133': '40133', '062': '40062',
  '638': '90638', '103': '40103', '652': '90652', '659': '90659', '128': '40128', '674': '90674',
  '127': '40127', '030': '40030', '002': '40002', '154': '40154', '006': '37006', '137': '40137',
  '160': '40160', '152': '40152', '019': '37019', '147': '40147', '106': '40106', '009': '37009',
  '072': '40072', '058': '40058', '166': '37166', '060': '40060', '001': '2001', '129': '40129',
  '145': '40145', '012': '40012', '112': '40112', '677': '90677', '683': '90683', '630': '90630',
  '143': '40143', '631': '90631', '901': '90901', '130': '40130', '140': '40140', '126': '40126',
  '680': '90680', '124': '40124', '151': '40151', '606': '90606', '648': '90648', '616': '90616',
  '634': '90634', '679': '90679', '689': '90689', '685': '90685', '601': '90601', '636': '90636',
  '168': '37168', '021': '40021', '155': '40155', '036': '40036', '902': '90902', '150': '40150',
  '136': '40136', '686': '90686', '059': '40059', '110': '40110', '670': '90670', '602': '90602',
  '042': '40042', '158': '40158', '600': '90600', '108': '40108', '132': '40132', '613': '90613',
  '135': '37135', '637': '90637', '649': '90649', '148': '40148', '620': '90620', '642': '90642',
  '156': '40156', '014': '40014', '044': '40044', '623': '90623', '655': '90655', '646': '90646',
  '684': '90684', '656': '90656', '617': '90617', '605': '90605', '608': '90608', '113': '40113',
  '141': '40141', '903': '90903',
}

/** Order states (stpmex/types.py Estado) that mean the money reached the beneficiary's bank. */
const SETTLED = new Set(['LQ', 'TLQ'])
/** Order states that mean it did not (or came back): speid's STP_FAILED_TRANSFERS_STATUSES and their kin. */
const NOT_SETTLED = new Set(['D', 'CN', 'CA', 'CR', 'TCL', 'CL', 'RL', 'RA', 'RB', 'EL', 'RE'])
/** States of a received order that count as a deposit (speid STP_VALID_DEPOSITS_STATUSES). */
const VALID_DEPOSIT = new Set(['CCO', 'LQ', 'TLQ'])

// ------------------------------------------------------------------------------------------------ CLABE

/** The Banxico institution code of a CLABE's bank, or null when the bank code is unknown. */
export function institutionOf(clabe: string): string | null {
  return BANKS[clabe.slice(0, 3)] ?? null
}

/** Digits a CLABE prefix may have: STP's 646 + plaza 180 at least, and room for a borrower number. */
export function isClabePrefix(prefix: string): boolean {
  return /^646\d{3,10}$/.test(prefix)
}

/**
 * The borrower's own CLABE (the Mexican static cashier's reference): the lender's STP prefix, the borrower's
 * number zero-padded to fill 17 digits, and the check digit. Deterministic: the same borrower, the same CLABE.
 */
export function borrowerClabe(prefix: string, borrowerNumber: number): string {
  if (!isClabePrefix(prefix)) throw new Error('an STP CLABE prefix is 646 followed by 3 to 10 digits')
  const width = 17 - prefix.length
  const digits = String(borrowerNumber)
  if (!Number.isSafeInteger(borrowerNumber) || borrowerNumber <= 0 || digits.length > width)
    throw new Error(
      `borrower number ${borrowerNumber} does not fit the ${width} digits the CLABE prefix leaves`,
    )
  const first17 = prefix + digits.padStart(width, '0')
  return first17 + String(clabeCheckDigit(first17))
}

/** The borrower number a CLABE under `prefix` names; null for any other CLABE or a wrong check digit. */
export function borrowerOfClabe(prefix: string, clabe: string): number | null {
  if (!isValidClabe(clabe) || !clabe.startsWith(prefix)) return null
  const n = Number(clabe.slice(prefix.length, 17))
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

// ------------------------------------------------------------------------------------------------ signing

/** Pesos with two decimals from centavos, without floating point: 120 → "1.20". */
export function pesos(amountMinor: number): string {
  return `${Math.floor(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`
}

/** The cadena original of an order: '||' + its fields in ORDEN_FIELDNAMES order joined by '|' + '||'. */
export function cadenaOriginal(fields: Readonly<Record<string, string | number | undefined>>): string {
  return `||${ORDEN_FIELDNAMES.map((f) => (fields[f] === undefined ? '' : String(fields[f]))).join('|')}||`
}

/** The cadena of a query (stpmex resources/base.py _firma_consulta). */
export function cadenaConsulta(q: {
  empresa: string
  fechaOperacion?: string
  claveRastreo?: string
  institucionOperante?: string
}): string {
  return `|||${q.empresa}|${q.fechaOperacion ?? ''}||${q.claveRastreo ?? ''}|${q.institucionOperante ?? ''}${'|'.repeat(30)}`
}

/** RSA-SHA256 (PKCS#1 v1.5) of the UTF-8 cadena with the lender's private key, base64: STP's `firma`. */
export function firma(key: KeyObject, cadena: string): string {
  return sign('sha256', Buffer.from(cadena, 'utf8'), key).toString('base64')
}

/** The lender's private key from its PEM and passphrase (STP issues an encrypted PKCS#8 key). */
export function loadPrivateKey(pem: string, passphrase: string): KeyObject {
  // Keys exported with openssl pkcs12 carry "Bag Attributes" lines before the PEM block: keep the block only.
  const block = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/.exec(pem)?.[0]
  if (!block) throw new Error('the STP private key is not a PEM private key')
  return createPrivateKey({ key: block, format: 'pem', ...(passphrase ? { passphrase } : {}) })
}

/** Text STP accepts in names and concepts (stpmex AsciiStr): ASCII, no accents, trimmed, at most `max`. */
function ascii(value: string, max: number): string {
  return value
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
    .trim()
}

/** Our reference as a tracking key: letters and digits only (`PO…-1` → `PO…1`), at most 29. */
export function claveRastreoOf(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 29)
}

/** A stable 7-digit referenciaNumerica from our reference (1 … 9 999 999). */
export function referenciaNumericaOf(reference: string): number {
  return (createHash('sha256').update(reference).digest().readUInt32BE(0) % 9_999_999) + 1
}

/**
 * How many calendar days past the day it was registered an order's operation date may lie: a cut-off, a weekend
 * and the holidays next to it (Holy Thursday and Friday: an order of Wednesday evening operates on Monday).
 */
const OPERATION_DAY_SHIFT = 6

/** The operation day (yyyymmdd) `days` calendar days after `day`. */
export function operationDayAfter(day: string, days: number): string {
  const at = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6, 8)) + days)
  return new Date(at).toISOString().slice(0, 10).replace(/-/g, '')
}

/** yyyymmdd of an instant in Mexico City. */
export function fechaOperacionOf(at: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return `${get('year')}${get('month')}${get('day')}`
}

// ------------------------------------------------------------------------------------------------ the book

/** What the adapter needs to know of our own records (the default reads the server's tables: `depositsIn`). */
export interface StpLedger {
  /**
   * Our reference of the payment order an abono with key `abonoKey` to borrower `borrower` pays: the one it was
   * matched to before when this abono was seen already, or the one its deposit (tracking key `receipt`) is booked
   * on — reconciliation may have booked it before its abono came — else the borrower's latest STP payment order that has no
   * money yet (open, expired or failed: a late deposit still counts) and asked the abono's amount (`amountMinor`,
   * as the abono says: it only chooses whom the server asks STP about), else their latest without money; null
   * when none waits.
   */
  orderFor(borrower: number, abonoKey: string, amountMinor?: number, receipt?: string): Promise<string | null>
  /**
   * The amounts the borrower's other STP payment orders without money asked (all but `exceptReference`): a deposit
   * of one of these amounts is that order's, never another order's wrong amount. Absent: no such check.
   */
  unpaidAmounts?(borrower: number, exceptReference: string): Promise<number[]>
  /** A transfer of ours by reference: when it was made, its state, its window and whose it is. */
  transfer(
    reference: string,
  ): Promise<{ createdAt: Date; state: string; expiresAt: Date | null; borrower: number } | null>
  /** Whether a deposit (by its tracking key) was already booked on another of our STP collections. */
  receiptTaken(receipt: string, exceptReference: string): Promise<boolean>
}

/** The ledger over the server's tables (payment_transfers, payment_observations, loan_orders). */
export function depositsIn(q: Queryable, provider = 'stp'): StpLedger {
  /** The borrower's STP payment orders that have no money, latest first. */
  const unpaidOf = (borrower: number) =>
    q
      .select({ reference: paymentTransfers.reference, amountMinor: paymentTransfers.amountMinor })
      .from(paymentTransfers)
      .innerJoin(loanOrders, eq(paymentTransfers.orderId, loanOrders.id))
      .where(
        and(
          eq(loanOrders.userId, borrower),
          eq(paymentTransfers.provider, provider),
          eq(paymentTransfers.kind, 'collection'),
          notInArray(paymentTransfers.state, ['succeeded', 'reversed']),
        ),
      )
      .orderBy(desc(paymentTransfers.id))
  return {
    async orderFor(borrower, abonoKey, amountMinor, receipt) {
      const [seen] = await q
        .select({ reference: paymentTransfers.reference })
        .from(paymentObservations)
        .innerJoin(paymentTransfers, eq(paymentObservations.transferId, paymentTransfers.id))
        .where(
          and(eq(paymentObservations.provider, provider), eq(paymentObservations.idempotencyKey, abonoKey)),
        )
        .limit(1)
      if (seen) return seen.reference
      // Booked already (found by a status query): its abono is that order's. Refused, it had STP send the money
      // back to the borrower while our books kept it as paid.
      if (receipt) {
        const [booked] = await q
          .select({ reference: paymentTransfers.reference })
          .from(paymentTransfers)
          .innerJoin(loanOrders, eq(paymentTransfers.orderId, loanOrders.id))
          .where(
            and(
              eq(loanOrders.userId, borrower),
              eq(paymentTransfers.provider, provider),
              eq(paymentTransfers.kind, 'collection'),
              eq(paymentTransfers.receipt, receipt),
            ),
          )
          .limit(1)
        if (booked) return booked.reference
      }
      const unpaid = await unpaidOf(borrower)
      // A deposit of the amount an order asked is that order's (a late one for an order that failed included):
      // matched to the latest order without money only, it paid a newer order of another amount — into suspense —
      // while its own order stayed unpaid and the borrower paid again.
      const asked = amountMinor === undefined ? undefined : unpaid.find((t) => t.amountMinor === amountMinor)
      if (asked) return asked.reference
      const [latest] = await q
        .select({ reference: paymentTransfers.reference, state: paymentTransfers.state })
        .from(paymentTransfers)
        .innerJoin(loanOrders, eq(paymentTransfers.orderId, loanOrders.id))
        .where(
          and(
            eq(loanOrders.userId, borrower),
            eq(paymentTransfers.provider, provider),
            eq(paymentTransfers.kind, 'collection'),
          ),
        )
        .orderBy(desc(paymentTransfers.id))
        .limit(1)
      return latest && !['succeeded', 'reversed'].includes(latest.state) ? latest.reference : null
    },
    async unpaidAmounts(borrower, exceptReference) {
      return (await unpaidOf(borrower))
        .filter((t) => t.reference !== exceptReference)
        .map((t) => t.amountMinor)
    },
    async transfer(reference) {
      const [row] = await q
        .select({
          createdAt: paymentTransfers.createdAt,
          state: paymentTransfers.state,
          expiresAt: paymentTransfers.expiresAt,
          borrower: loanOrders.userId,
        })
        .from(paymentTransfers)
        .innerJoin(loanOrders, eq(paymentTransfers.orderId, loanOrders.id))
        .where(and(eq(paymentTransfers.provider, provider), eq(paymentTransfers.reference, reference)))
      return row ?? null
    },
    async receiptTaken(receipt, exceptReference) {
      const [row] = await q
        .select({ id: paymentTransfers.id })
        .from(paymentTransfers)
        .where(
          and(
            eq(paymentTransfers.provider, provider),
            eq(paymentTransfers.kind, 'collection'),
            eq(paymentTransfers.receipt, receipt),
            ne(paymentTransfers.reference, exceptReference),
          ),
        )
        .limit(1)
      return row !== undefined
    },
  }
}

// ------------------------------------------------------------------------------------------------ the adapter

export interface StpConfig {
  /** STP's REST base, e.g. https://demo.stpmex.com:7024/speiws/rest (sandbox) or https://prod.stpmex.com/speiws/rest. */
  baseUrl: string
  /** The lender's `empresa` at STP. */
  empresa: string
  /** The lender's STP CLABE that pays out (cuentaOrdenante). */
  account: string
  /** The payer's name on pay-outs (nombreOrdenante), optional. */
  accountName?: string
  /** The first digits of the borrowers' CLABEs, under the lender's STP account (646180 + the empresa's digits). */
  clabePrefix: string
  /** The lender's private key (PEM, as STP issued it) and its passphrase. */
  privateKeyPem: string
  passphrase: string
  /** Secret carried in the notification URLs registered with STP; verifyCallback requires it. */
  webhookSecret: string
  /** STP's addresses; a notification from any other is refused. Empty: any address (only outside production). */
  allowedIps: readonly string[]
  /** The one clock (server/clock.ts), ms since the epoch. */
  now: () => number
  /** Our records (default: none — abonos are then refused; the server passes depositsIn(db)). */
  ledger?: StpLedger
  fetch?: typeof fetch
  /** How long one HTTP call to STP may take before it counts as unanswered (default 30 s). */
  requestTimeoutMs?: number
  /** How long after a payment order's window its deposit is still looked for before it fails (default 2 hours). */
  lateDepositMs?: number
}

/** How long after a payment order's window a deposit is still looked for (as Daraja's lateMoneyMs). */
const LATE_DEPOSIT_MS = 2 * 60 * 60_000

/** STP's answer: its HTTP status and the `resultado` object (or the body itself when not enveloped). */
interface StpAnswer {
  status: number
  result: Record<string, unknown> | null
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** Pesos (a number or a numeric string) → centavos, or undefined. */
function centavos(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : undefined
}

/** STP's words without the account numbers they may quote ("La cuenta … no existe"). */
function scrub(words: string): string {
  return words.replace(/\d{10,}/g, '…')
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** An IPv4 address or CIDR block, or an exact IPv6 address, matched against the caller. */
export function ipAllowed(ip: string | undefined, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true
  if (!ip) return false
  const bare = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  const v4 = (s: string) => {
    const parts = s.split('.').map(Number)
    return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255)
      ? parts.reduce((n, p) => n * 256 + p, 0)
      : null
  }
  return allowed.some((entry) => {
    const [net, bits] = entry.split('/')
    if (bits === undefined) return net === bare
    const a = v4(bare)
    const b = v4(net ?? '')
    const n = Number(bits)
    if (a === null || b === null || !Number.isInteger(n) || n < 0 || n > 32) return false
    const size = 2 ** (32 - n)
    return Math.floor(a / size) === Math.floor(b / size)
  })
}

export class StpProvider implements PaymentProvider {
  readonly name = 'stp'
  readonly countries = ['MX'] as const
  /** STP refuses a reused claveRastreo; a collection is a CLABE to pay to, answered without calling STP. */
  readonly idempotentRequests = { payout: true, collection: true } as const
  private readonly key: KeyObject
  private readonly http: typeof fetch
  private readonly timeoutMs: number

  constructor(private readonly config: StpConfig) {
    if (!isClabePrefix(config.clabePrefix))
      throw new Error('KOPA_STP_CLABE_PREFIX: 646 followed by 3 to 10 digits')
    if (!isValidClabe(config.account)) throw new Error('KOPA_STP_ACCOUNT is not a CLABE with its check digit')
    this.key = loadPrivateKey(config.privateKeyPem, config.passphrase)
    this.http = config.fetch ?? fetch
    this.timeoutMs = config.requestTimeoutMs ?? 30_000
  }

  /** The CLABE a borrower pays to. */
  clabeFor(borrower: number): string {
    return borrowerClabe(this.config.clabePrefix, borrower)
  }

  private async call(
    method: 'PUT' | 'POST',
    path: string,
    body: Record<string, unknown>,
  ): Promise<StpAnswer> {
    let res: Response
    try {
      res = await this.http(`${this.config.baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      throw new ProviderError(`STP did not answer ${path}: ${why}`)
    }
    const parsed = record(
      await res
        .text()
        .then((raw) => JSON.parse(raw) as unknown)
        .catch(() => null),
    )
    const result = record(parsed?.resultado) ?? parsed
    if (res.status < 200 || res.status >= 300) throw new ProviderError(`STP ${path}: HTTP ${res.status}`)
    if (!result) throw new ProviderError(`STP ${path}: unreadable answer (HTTP ${res.status})`)
    return { status: res.status, result }
  }

  /** The registraOrden body (with its firma) of a pay-out, or why it cannot be sent. */
  orderOf(request: PayoutRequest): Record<string, string | number> | { refused: string } {
    if (request.currency !== CURRENCY)
      return { refused: `STP moves ${CURRENCY} only; got ${request.currency}` }
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0)
      return { refused: `not an amount: ${request.amountMinor} minor units` }
    const account = request.account.replace(/[\s-]/g, '')
    // A refund of a bank-transfer payment names the payer's login number: SPEI needs a CLABE (decisions.md).
    if (!isValidClabe(account)) return { refused: 'SPEI pays to an 18-digit CLABE with its check digit only' }
    const institution = institutionOf(account)
    if (!institution) return { refused: 'the CLABE names a bank SPEI does not know' }
    if (BLOCKED_INSTITUTIONS.has(institution)) return { refused: 'STP does not pay to this institution' }
    const fields: Record<string, string | number> = {
      institucionContraparte: institution,
      empresa: this.config.empresa,
      claveRastreo: claveRastreoOf(request.reference),
      institucionOperante: STP_INSTITUTION,
      monto: pesos(request.amountMinor),
      tipoPago: 1,
      tipoCuentaOrdenante: 40,
      ...(this.config.accountName ? { nombreOrdenante: ascii(this.config.accountName, 39) } : {}),
      cuentaOrdenante: this.config.account,
      tipoCuentaBeneficiario: 40,
      nombreBeneficiario: ascii(request.payeeName ?? '', 39) || 'ND',
      cuentaBeneficiario: account,
      rfcCurpBeneficiario: 'ND',
      conceptoPago: ascii(`Prestamo ${request.reference}`, 39),
      referenciaNumerica: referenciaNumericaOf(request.reference),
      topologia: 'T',
      medioEntrega: 3,
      prioridad: 0,
    }
    const cadena = cadenaOriginal(fields)
    // The JSON carries monto as a number (stpmex sends a float); the firma signs it with two decimals.
    return { ...fields, monto: request.amountMinor / 100, firma: firma(this.key, cadena) }
  }

  async disburse(request: PayoutRequest): Promise<ProviderAck> {
    const order = this.orderOf(request)
    if ('refused' in order) return { result: 'refused', reason: String(order.refused) }
    const path = '/ordenPago/registra'
    const { result } = await this.call('PUT', path, order)
    const id = Number(result!.id)
    // STP's messages may quote account numbers: never into our records or logs.
    const said = scrub(text(result!.descripcionError) ?? text(result!.descripcion) ?? '')
    if (Number.isFinite(id) && id > 0) return { result: 'accepted', providerRef: String(id) }
    if (id === -1 && /ya fue utilizada/i.test(said)) return { result: 'duplicate' }
    // id 0: STP could not check our signature or reach its own service — nothing about this order; retried.
    if (id === 0 && !/es obligatorio/i.test(said))
      throw new ProviderError(`STP ${path}: ${said || 'id 0 without a description'}`)
    if (Number.isFinite(id)) return { result: 'refused', reason: `${id} ${said}`.trim() }
    throw new ProviderError(`STP ${path}: answer without an id`)
  }

  /**
   * SPEI cannot pull money: the payment order is "transfer to your own CLABE". Accepted at once with a providerRef
   * that ties it to the borrower's CLABE; the abono that pays it arrives on the notification route.
   */
  async requestPayment(request: CollectionRequest): Promise<ProviderAck> {
    if (request.currency !== CURRENCY)
      return { result: 'refused', reason: `STP moves ${CURRENCY} only; got ${request.currency}` }
    const t = await this.config.ledger?.transfer(request.reference)
    if (!t) return { result: 'refused', reason: 'no payment order of ours with this reference' }
    return { result: 'accepted', providerRef: `${this.clabeFor(t.borrower)}:${request.reference}` }
  }

  status(lookup: TransferLookup): Promise<ProviderStatus> {
    return lookup.kind === 'payout' ? this.payoutStatus(lookup) : this.depositStatus(lookup)
  }

  private async consultaEnviada(
    claveRastreo: string,
    fechaOperacion?: string,
  ): Promise<Record<string, unknown> | null> {
    const q = {
      empresa: this.config.empresa,
      claveRastreo,
      institucionOperante: STP_INSTITUTION,
      ...(fechaOperacion ? { fechaOperacion } : {}),
    }
    const path = '/ordenPago/consOrdEnvRastreo'
    const { result } = await this.call('POST', path, {
      ...q,
      institucionOperante: Number(STP_INSTITUTION),
      ...(fechaOperacion ? { fechaOperacion: Number(fechaOperacion) } : {}),
      firma: firma(this.key, cadenaConsulta(q)),
    })
    const orden = record(result!.ordenPago)
    if (orden) return orden
    if (Number(result!.id) === -100) return null
    throw new ProviderError(
      `STP ${path}: ${scrub(text(result!.descripcionError) ?? 'no ordenPago in the answer')}`,
    )
  }

  /**
   * A pay-out by its tracking key, on today's operation day and, when it was made on another day, on that day and
   * on each day after it (up to OPERATION_DAY_SHIFT days): an order registered after a cut-off operates on the
   * next operation day, and past a weekend or a holiday on a later one still — a day that is neither today nor
   * the day it was made. Not found: `notFound` only when it was made today (registraOrden is synchronous, so STP
   * never took it); otherwise `pending` — a wrong "never reached" would pay the borrower twice.
   */
  private async payoutStatus(lookup: TransferLookup): Promise<ProviderStatus> {
    const clave = claveRastreoOf(lookup.reference)
    const mine = await this.config.ledger?.transfer(lookup.reference)
    const today = fechaOperacionOf(this.config.now())
    const madeOn = mine ? fechaOperacionOf(mine.createdAt.getTime()) : today
    let orden = await this.consultaEnviada(clave)
    for (let shift = 0; !orden && madeOn !== today && shift <= OPERATION_DAY_SHIFT; shift++) {
      const day = operationDayAfter(madeOn, shift)
      if (day === today) continue
      orden = await this.consultaEnviada(clave, day)
    }
    if (!orden)
      return madeOn === today ? { state: 'notFound' } : { state: 'pending', reason: 'not found on its days' }
    const estado = text(orden.estado) ?? ''
    const providerRef = text(orden.idEF) ?? lookup.providerRef ?? undefined
    const base = providerRef ? { providerRef } : {}
    if (SETTLED.has(estado)) {
      const amountMinor = centavos(orden.monto)
      return { state: 'succeeded', ...base, ...(amountMinor ? { amountMinor } : {}), receipt: clave }
    }
    if (NOT_SETTLED.has(estado)) {
      const reason = `STP estado ${estado}${text(orden.causaDevolucion) ? ` causa ${text(orden.causaDevolucion)}` : ''}`
      // Returned after we booked it as paid out: the money came back (reversed); before: it never arrived.
      return mine?.state === 'succeeded'
        ? { state: 'reversed', ...base, reason }
        : { state: 'failed', ...base, reason }
    }
    return { state: 'pending', ...base, reason: `STP estado ${estado || 'absent'}` }
  }

  /** The received orders (consOrdenesFech, estado R) of one operation day, or of today. */
  private async recibidas(fechaOperacion?: string): Promise<Record<string, unknown>[]> {
    const q = { empresa: this.config.empresa, ...(fechaOperacion ? { fechaOperacion } : {}) }
    const path = '/ordenPago/consOrdenesFech'
    const { result } = await this.call('POST', path, {
      ...q,
      estado: 'R',
      ...(fechaOperacion ? { fechaOperacion: Number(fechaOperacion) } : {}),
      firma: firma(this.key, cadenaConsulta(q)),
    })
    if (Number(result!.id) === -100) return []
    if (!Array.isArray(result!.lst))
      throw new ProviderError(`STP ${path}: ${scrub(text(result!.descripcionError) ?? 'no lst')}`)
    return result!.lst.map(record).filter((o): o is Record<string, unknown> => o !== null)
  }

  /**
   * A payment order's status: a deposit STP received on the borrower's CLABE (today, or on the day the order was
   * made or one of the OPERATION_DAY_SHIFT days after it) in a settled state and not booked on another of our
   * orders — of the order's amount first; of another amount only when no other of the borrower's orders without
   * money asked that amount. None: pending while its window lasts and LATE_DEPOSIT_MS after it, then failed — a
   * later deposit whose abono comes is still matched to it and booked as a late success.
   */
  private async depositStatus(lookup: TransferLookup): Promise<ProviderStatus> {
    const mine = await this.config.ledger?.transfer(lookup.reference)
    if (!mine) return { state: 'pending', reason: 'no payment order of ours with this reference' }
    const clabe = this.clabeFor(mine.borrower)
    const today = fechaOperacionOf(this.config.now())
    const madeOn = fechaOperacionOf(mine.createdAt.getTime())
    // Today (STP's current operation day), then the day it was made and the days after it, as for a pay-out: a
    // deposit sent after a cut-off operates on a later operation day.
    const days: (string | undefined)[] = [undefined]
    for (let shift = 0; madeOn !== today && shift <= OPERATION_DAY_SHIFT; shift++) {
      const day = operationDayAfter(madeOn, shift)
      if (day !== today) days.push(day)
    }
    const deposits: { clave: string; amountMinor: number }[] = []
    for (const day of days) {
      for (const o of await this.recibidas(day)) {
        const clave = text(o.claveRastreo)
        if (!clave || text(o.cuentaBeneficiario) !== clabe || !VALID_DEPOSIT.has(text(o.estado) ?? ''))
          continue
        const amountMinor = centavos(o.monto)
        if (!amountMinor || (await this.config.ledger!.receiptTaken(clave, lookup.reference))) continue
        deposits.push({ clave, amountMinor })
      }
    }
    // A deposit of this order's amount first; one of another amount (held in suspense) only when no other of the
    // borrower's orders without money asked that amount — then it is that order's, paid late.
    const others = (await this.config.ledger?.unpaidAmounts?.(mine.borrower, lookup.reference)) ?? []
    const found =
      deposits.find((d) => d.amountMinor === lookup.amountMinor) ??
      deposits.find((d) => !others.includes(d.amountMinor))
    if (found)
      return {
        state: 'succeeded',
        providerRef: `${clabe}:${lookup.reference}`,
        amountMinor: found.amountMinor,
        receipt: found.clave,
      }
    // A transfer sent near the window's end settles after it, and its abono may be lost: the order is asked about
    // for LATE_DEPOSIT_MS more before it fails — once failed, nothing asks again, and such money stayed unbooked.
    const expires = mine.expiresAt?.getTime()
    if (expires === undefined || expires > this.config.now())
      return { state: 'pending', reason: 'no SPEI deposit yet' }
    if (expires + (this.config.lateDepositMs ?? LATE_DEPOSIT_MS) > this.config.now())
      return { state: 'pending', reason: 'window over; no SPEI deposit yet' }
    return {
      state: 'failed',
      reason: 'no SPEI deposit arrived in the payment window or the 2 hours after it',
    }
  }

  /**
   * Both notifications come to /payments/callback/stp?token=…: the status change of a pay-out (`{ id, Estado }`)
   * and an abono (`{ Clave, ClaveRastreo, CuentaBeneficiario, Monto, … }`). Neither carries an amount on to the
   * server: it looks the transfer up at STP and books what STP's books say.
   */
  async verifyCallback(input: CallbackInput): Promise<VerifiedCallback> {
    const token = input.query.token
    if (typeof token !== 'string' || !sameSecret(token, this.config.webhookSecret))
      return { ok: false, reason: 'missing or wrong notification token' }
    if (!ipAllowed(input.ip, this.config.allowedIps))
      return { ok: false, reason: 'not from an allowed address' }
    const body = record(input.body)
    if (!body) return { ok: false, reason: 'not a JSON object' }
    if ('Estado' in body || 'estado' in body) return this.estadoNotification(body)
    if ('CuentaBeneficiario' in body || 'cuentaBeneficiario' in body) return this.abono(body)
    return { ok: false, reason: 'neither a status notification nor an abono' }
  }

  private estadoNotification(body: Record<string, unknown>): VerifiedCallback {
    const id = text(body.id)
    const estado = (text(body.Estado) ?? text(body.estado) ?? '').toUpperCase()
    if (!id || !estado) return { ok: false, reason: 'status notification without id or Estado' }
    const base = { kind: 'payout' as const, providerRef: id, idempotencyKey: `estado:${id}:${estado}` }
    const detalle = scrub(text(body.Detalle) ?? text(body.detalle) ?? '') || undefined
    // speid/types.py: LIQUIDACION succeeded; DEVOLUCION, CANCELACION failed. The spellings of STP's portal too.
    if (['LIQUIDACION', 'LIQUIDADA', 'EXITO', 'ÉXITO'].includes(estado))
      return { ok: true, outcome: { ...base, state: 'succeeded' } }
    if (['DEVOLUCION', 'DEVUELTA', 'CANCELACION', 'CANCELADA'].includes(estado))
      return {
        ok: true,
        outcome: {
          ...base,
          state: 'failed',
          reason: `STP ${estado}${detalle ? `: ${detalle}` : ''}`.slice(0, 200),
        },
      }
    return { ok: true, outcome: { ...base, state: 'pending', reason: `STP ${estado}` } }
  }

  private async abono(body: Record<string, unknown>): Promise<VerifiedCallback> {
    const clabe = text(body.CuentaBeneficiario) ?? text(body.cuentaBeneficiario) ?? ''
    const clave = text(body.ClaveRastreo) ?? text(body.claveRastreo)
    const fecha = text(body.FechaOperacion) ?? text(body.fechaOperacion) ?? ''
    const from = text(body.InstitucionOrdenante) ?? text(body.institucionOrdenante) ?? ''
    if (!clave || !centavos(body.Monto ?? body.monto))
      return { ok: false, reason: 'abono without ClaveRastreo or Monto' }
    const empresa = text(body.Empresa) ?? text(body.empresa)
    if (empresa !== undefined && empresa !== this.config.empresa)
      return { ok: false, reason: 'abono for another empresa' }
    const borrower = borrowerOfClabe(this.config.clabePrefix, clabe)
    // Not one of our borrowers' CLABEs: refused, and STP returns it to the sender (the DEVOLUCION answer).
    if (borrower === null) return { ok: false, reason: 'abono to a CLABE that is no borrower reference' }
    const idempotencyKey = `abono:${fecha}:${from}:${clave}`
    const monto = centavos(body.Monto ?? body.monto)
    const reference = this.config.ledger
      ? await this.config.ledger.orderFor(borrower, idempotencyKey, monto, clave)
      : null
    if (!reference) return { ok: false, reason: 'abono while no payment order of the borrower waits' }
    return {
      ok: true,
      outcome: {
        kind: 'collection',
        reference,
        providerRef: `${clabe}:${reference}`,
        // No amount: the server asks STP for the deposit and books what STP says arrived.
        state: 'succeeded',
        idempotencyKey,
        receipt: clave,
      },
    }
  }

  /** speid's answers: an abono kept is { estado: 'LIQUIDACION' }, one refused { estado: 'DEVOLUCION' }. */
  callbackReply(accepted: boolean): unknown {
    return { estado: accepted ? 'LIQUIDACION' : 'DEVOLUCION' }
  }
}
