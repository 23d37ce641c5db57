/**
 * STP (Mexico's SPEI) as the fault simulation's local fake: the real adapter (server/payments/stp.ts) calls it
 * through its `fetch`, in process, and every answer comes from the faulty provider's book (faulty-provider.ts) —
 * so the same seeded faults (requests that time out before or after they were recorded, `duplicate` on first
 * sight, refusals, status queries that time out or lag, notifications dropped, doubled, late, shuffled,
 * contradicting or naming a wrong amount, transfers that settle after their window) reach the server in STP's
 * shapes, the ones tests/server/helpers/fake-stp.ts answers and whose firmas it checks the same way (its
 * registraCadena, consultaCadena, firmaValid and abonoOf):
 *
 *   PUT  /ordenPago/registra          a pay-out or refund: `{ resultado: { id } }`; a tracking key the book has
 *                                     seen (or `duplicate` on first sight) `{ id: -1, "La clave de rastreo … ya
 *                                     fue utilizada" }`; refused `{ id: -7, "La cuenta … no existe" }`
 *   POST /ordenPago/consOrdEnvRastreo  the book's status of a pay-out on its operation day (the day, in Mexico
 *                                     City, it was registered): estado A while pending, LQ with its monto, CN when
 *                                     it failed; id -100 on any other day, or when STP never registered it
 *   POST /ordenPago/consOrdenesFech    the collections that moved on the day asked (estado R: received), each on
 *                                     the borrower's CLABE with the book's true amount; it times out like a query
 *   notifications                     the status change `{ id, Estado: LIQUIDACION | DEVOLUCION, Detalle }` of a
 *                                     pay-out, the abono `{ Clave, ClaveRastreo, CuentaBeneficiario, Monto, … }` of a
 *                                     deposit; POST /payments/callback/stp?token=…
 *
 * SPEI cannot pull money: the adapter answers a payment order at once with the borrower's own CLABE, and STP hears
 * of it only when the borrower's bank sends the transfer. So the simulation's adapter (`SimStpProvider`) tells the
 * book the borrower was asked — the book then draws whether, when and how they pay, with the same faults (a
 * time-out there is a borrower who never sends) — and a collection that fails sends nothing at all: there is no
 * SPEI message for money nobody sent. A deposit's "contradicting" notification is an abono naming another
 * amount; an estado notification has no amount, so a pay-out's wrong-amount notification is a repeat. An abono the
 * server refuses (DEVOLUCION) sends the deposit back to the borrower: it leaves the book's movements.
 *
 * The tracking key of a pay-out is our reference without its dash (claveRastreoOf); the book keys transfers by our
 * whole reference, so `SimStpProvider` tells this fake which reference an order is for (through
 * AsyncLocalStorage) — the server learns nothing from that. A time-out of the book throws out of `fetch`, as an
 * unanswered HTTP call does.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { clabeCheckDigit } from '../../domain/identity-numbers'
import type { CollectionRequest, PayoutRequest, ProviderAck } from '../../server/payments/provider'
import { fechaOperacionOf, StpProvider, type StpLedger } from '../../server/payments/stp'
import { abonoOf, consultaCadena, firmaValid, registraCadena } from '../server/helpers/fake-stp'
import {
  receiptOf,
  type CallbackWire,
  type FaultyCallbackBody,
  type FaultyProvider,
  type HeldTransfer,
  type RenderedCallback,
} from './faulty-provider'

export const SIM_STP_CALLBACK_TOKEN = 'fault-simulation-stp-token-0123456789'
const EMPRESA = 'KOPASIM'
/** The lender's STP account (stpmex's test CLABE) and the prefix of its borrowers' CLABEs. */
const LENDER_CLABE = '646180110400000007'
const CLABE_PREFIX = '6461801570'
const PER_UNIT = 100
/** STP's order ids: the book's providerRef (FLT- and base 36) above this. */
const ID_BASE = 9_000_000
const CALLBACKS = '/payments/callback/stp'

type Json = Record<string, unknown>

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const resultado = (body: Json) => json(200, { resultado: body })

/** STP's order id of a book's transfer, and back. */
const idOf = (providerRef: string) => ID_BASE + parseInt(providerRef.slice(4), 36)

let clabes = 0
/** A fresh payee CLABE at Banamex (002 → institution 40002), with its check digit. */
export function freshClabe(): string {
  clabes += 1
  const first17 = `002010${String((process.pid * 7919 + clabes) % 100_000_000_000).padStart(11, '0')}`
  return first17 + String(clabeCheckDigit(first17))
}

/** The reference of the order being registered, as our side knows it. */
const orderFor = new AsyncLocalStorage<string>()

/**
 * The real adapter, telling the fake (not STP) the whole reference of each order it registers, and telling the
 * book that a borrower was shown their CLABE to pay to (the book then decides whether they pay).
 */
class SimStpProvider extends StpProvider {
  constructor(
    config: ConstructorParameters<typeof StpProvider>[0],
    private readonly fake: FaultyStp,
  ) {
    super(config)
  }

  override disburse(request: PayoutRequest): Promise<ProviderAck> {
    return orderFor.run(request.reference, () => super.disburse(request))
  }

  override async requestPayment(request: CollectionRequest): Promise<ProviderAck> {
    const ack = await super.requestPayment(request)
    if (ack.result === 'accepted') await this.fake.borrowerAsked(request, ack.providerRef.split(':')[0]!)
    return ack
  }
}

export class FaultyStp implements CallbackWire {
  /** An abono answered DEVOLUCION: STP returns the deposit to its sender (speid helpers/transaction_helper.py). */
  readonly returnsRefusedPayments = true
  /** Our reference of each tracking key registered. */
  private readonly references = new Map<string, string>()
  /** The lender's key pair: the adapter signs with the private half, this fake checks with the public one. */
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject

  constructor(
    private readonly book: FaultyProvider,
    private readonly now: () => number,
  ) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    this.privateKey = privateKey
    this.publicKey = createPublicKey(privateKey)
  }

  /** The real adapter, talking to this fake, with our records as the server gives them to it. */
  adapter(ledger: StpLedger): StpProvider {
    return new SimStpProvider(
      {
        baseUrl: 'https://demo.stpmex.com:7024/speiws/rest',
        empresa: EMPRESA,
        account: LENDER_CLABE,
        accountName: 'Kopa Prestamos',
        clabePrefix: CLABE_PREFIX,
        privateKeyPem: String(this.privateKey.export({ type: 'pkcs8', format: 'pem' })),
        passphrase: '',
        webhookSecret: SIM_STP_CALLBACK_TOKEN,
        // The simulation posts notifications through the server's own inject.
        allowedIps: [],
        now: this.now,
        ledger,
        fetch: this.fetch,
      },
      this,
    )
  }

  /** A borrower was shown their CLABE: whether, when and how much they send is the book's to draw. */
  async borrowerAsked(request: CollectionRequest, clabe: string): Promise<void> {
    try {
      await this.book.receive(
        'collection',
        request.reference,
        request.amountMinor,
        clabe,
        new Date(this.now()),
      )
    } catch {
      // The book's time-out: this borrower never sends the transfer (nothing recorded, or recorded and sent).
    }
  }

  /** The operation day (yyyymmdd, Mexico City) of an instant, as STP writes it in its answers. */
  private day(at: number): number {
    return Number(fechaOperacionOf(at))
  }

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const path = url.pathname.replace(/^\/speiws\/rest/, '')
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : {}) as Json
    const now = new Date(this.now())
    if (body.empresa !== EMPRESA) return resultado({ id: 0, descripcionError: 'Empresa invalida' })
    if (path === '/ordenPago/registra' && init?.method === 'PUT') {
      if (!firmaValid(this.publicKey, registraCadena(body), body.firma))
        return resultado({ id: 0, descripcionError: 'Error validando la firma' })
      const reference = orderFor.getStore()
      if (!reference)
        throw new Error('an order without its reference: only SimStpProvider may call this fake')
      const clave = String(body.claveRastreo)
      this.references.set(clave, reference)
      const amountMinor = Math.round(Number(body.monto) * PER_UNIT)
      const known = this.book.transfer(reference) !== undefined
      const ack = await this.book.receive(
        'payout',
        reference,
        amountMinor,
        String(body.cuentaBeneficiario),
        now,
      )
      if (ack.result === 'refused')
        return resultado({
          id: -7,
          descripcionError: `La cuenta ${String(body.cuentaBeneficiario)} no existe`,
        })
      // STP refuses a tracking key it has registered: the answer to every repeat.
      if (ack.result === 'duplicate' || known)
        return resultado({ id: -1, descripcionError: `La clave de rastreo ${clave} ya fue utilizada` })
      return resultado({ id: idOf(ack.providerRef!) })
    }
    if (path === '/ordenPago/consOrdEnvRastreo' && init?.method === 'POST') {
      if (!firmaValid(this.publicKey, consultaCadena(body), body.firma))
        return resultado({ id: 0, descripcionError: 'Error validando la firma' })
      const clave = String(body.claveRastreo)
      const reference = this.references.get(clave)
      const held = reference ? this.book.transfer(reference) : undefined
      const day = body.fechaOperacion === undefined ? this.day(now.getTime()) : Number(body.fechaOperacion)
      const notFound = resultado({
        id: -100,
        descripcionError: `No se encontró la orden con rastreo ${clave}`,
      })
      // A refused order was never registered; an order is found on its own operation day only.
      if (!held || held.refused || this.day(held.recordedAt) !== day) return notFound
      const status = await this.book.status(
        { kind: 'payout', reference: held.reference, providerRef: held.providerRef, amountMinor: 0 },
        { q: null as never, now },
      )
      const estado = status.state === 'succeeded' ? 'LQ' : status.state === 'failed' ? 'CN' : 'A'
      return resultado({
        id: 1,
        ordenPago: {
          causaDevolucion: 0,
          claveRastreo: clave,
          cuentaBeneficiario: held.account,
          cuentaOrdenante: LENDER_CLABE,
          empresa: EMPRESA,
          estado,
          fechaOperacion: day,
          idEF: idOf(held.providerRef),
          institucionContraparte: 40002,
          institucionOperante: 90646,
          monto: held.amountMinor / PER_UNIT,
          tipoPago: 1,
          ...(estado === 'LQ' ? { tsLiquidacion: held.completesAt } : {}),
        },
      })
    }
    if (path === '/ordenPago/consOrdenesFech' && init?.method === 'POST') {
      if (!firmaValid(this.publicKey, consultaCadena(body), body.firma))
        return resultado({ id: 0, descripcionError: 'Error validando la firma' })
      if (body.estado !== 'R') return resultado({ id: 0, descripcionError: 'estado invalido' })
      const day = body.fechaOperacion === undefined ? this.day(now.getTime()) : Number(body.fechaOperacion)
      const lst = this.book
        .movedBy(now)
        .filter((m) => m.kind === 'collection' && this.day(m.at) === day)
        .map((m) => ({
          claveRastreo: receiptOf(m.providerRef),
          cuentaBeneficiario: m.account,
          empresa: EMPRESA,
          estado: 'LQ',
          fechaOperacion: day,
          institucionContraparte: 40012,
          institucionOperante: 90646,
          monto: m.amountMinor / PER_UNIT,
          tsLiquidacion: m.at,
        }))
      if (lst.length === 0) return resultado({ id: -100, descripcionError: 'No se encontraron ordenes' })
      return resultado({ id: 1, lst })
    }
    return json(404, { message: `no such resource ${path}` })
  }

  render(body: FaultyCallbackBody, held: HeldTransfer): RenderedCallback | null {
    const ok = body.status === 'SUCCESS'
    let raw: Json
    if (held.kind === 'payout') {
      raw = ok
        ? { id: idOf(held.providerRef), Estado: 'LIQUIDACION', Detalle: '0' }
        : { id: idOf(held.providerRef), Estado: 'DEVOLUCION', Detalle: body.reason ?? 'Cuenta inexistente' }
    } else {
      // Nobody sent the money: SPEI has nothing to say.
      if (!ok) return null
      raw = abonoOf(
        {
          Clave: idOf(held.providerRef),
          claveRastreo: body.receipt ?? receiptOf(held.providerRef),
          cuentaBeneficiario: held.account,
          monto: (body.amountMinor ?? held.amountMinor) / PER_UNIT,
          estado: 'LQ',
          fechaOperacion: this.day(held.completesAt),
          institucionContraparte: '40012',
        },
        EMPRESA,
      )
    }
    return {
      path: `${CALLBACKS}?token=${SIM_STP_CALLBACK_TOKEN}`,
      headers: { 'content-type': 'application/json' },
      raw: JSON.stringify(raw),
    }
  }
}
