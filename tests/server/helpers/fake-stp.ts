/**
 * A local fake of STP's SPEI REST API (a tiny HTTP server on 127.0.0.1), shaped after the cassettes and sources of
 * github.com/cuenca-mx/stpmex (tests/resources/cassettes/*.yaml, stpmex/auth.py, stpmex/client.py) and the
 * notifications of github.com/cuenca-mx/speid (tests/views/test_general.py, tests/conftest.py):
 *   PUT  /ordenPago/registra          registraOrden; answers { resultado: { id } } or { resultado: { id: -1,
 *                                     descripcionError: "La clave de rastreo … ya fue utilizada" } } and the other
 *                                     refusals; checks the firma with the lender's PUBLIC key over the cadena
 *                                     original it builds itself from the body (id 0 "Error validando la firma").
 *   POST /ordenPago/consOrdEnvRastreo  a sent order by tracking key ({ resultado: { id: 1, ordenPago } } or id -100)
 *   POST /ordenPago/consOrdenesFech    the received orders (estado R) of the day ({ resultado: { id: 1, lst } })
 * and it posts STP's notifications to our route over real HTTP: the status change `{ id, Estado, Detalle }` and the
 * abono `{ Clave, FechaOperacion, InstitucionOrdenante, …, CuentaBeneficiario, Monto, … }`.
 *
 * It misbehaves on demand: a call may hang (the caller times out), answer a 5xx, drop the connection, or do the
 * work and lose the answer; a notification may be sent twice, out of order (LIQUIDACION then DEVOLUCION), for a
 * CLABE nobody has. A beneficiary CLABE whose account digits end in 0000 is "returned by the bank": the order
 * settles and then comes back (DEVOLUCION), as SPEI does for an account that does not exist.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FakeProviderServer } from './fake-provider-server'

/** stpmex/auth.py ORDEN_FIELDNAMES, written out again so the fake does not trust the adapter's copy. */
const FIELDS =
  `institucionContraparte empresa fechaOperacion folioOrigen claveRastreo institucionOperante monto
  tipoPago tipoCuentaOrdenante nombreOrdenante cuentaOrdenante rfcCurpOrdenante tipoCuentaBeneficiario
  nombreBeneficiario cuentaBeneficiario rfcCurpBeneficiario emailBeneficiario tipoCuentaBeneficiario2
  nombreBeneficiario2 cuentaBeneficiario2 rfcCurpBeneficiario2 conceptoPago conceptoPago2 claveCatUsuario1
  claveCatUsuario2 clavePago referenciaCobranza referenciaNumerica tipoOperacion topologia usuario medioEntrega
  prioridad iva`.split(/\s+/)

/** What the fake does with the next call to a path instead of its usual answer. */
export type StpScript =
  | { answer: number; body?: unknown }
  | { hang: true }
  | { drop: true }
  /** Register the order (and settle it), then close the connection instead of answering. */
  | { loseAnswer: true }

export interface FakeOrder {
  id: number
  claveRastreo: string
  monto: number
  cuentaBeneficiario: string
  institucionContraparte: string
  estado: string
  fechaOperacion: number
  tsLiquidacion: number | null
  body: Record<string, unknown>
}

export interface FakeDeposit {
  Clave: number
  claveRastreo: string
  cuentaBeneficiario: string
  monto: number
  estado: string
  fechaOperacion: number
  institucionContraparte: string
}

/** The cadena original STP builds from a registraOrden body to check its firma (monto with two decimals). */
export function registraCadena(body: Record<string, unknown>): string {
  return `||${FIELDS.map((f) =>
    body[f] === undefined || body[f] === null
      ? ''
      : f === 'monto'
        ? Number(body[f]).toFixed(2)
        : String(body[f]),
  ).join('|')}||`
}

/** The cadena of a query (consOrdEnvRastreo, consOrdenesFech) STP checks its firma against. */
export function consultaCadena(body: Record<string, unknown>): string {
  const v = (k: string) => (body[k] === undefined ? '' : String(body[k]))
  return `|||${v('empresa')}|${v('fechaOperacion')}||${v('claveRastreo')}|${v('institucionOperante')}${'|'.repeat(30)}`
}

/** Whether `signature` is the lender's firma of `cadena`, checked with the half of the key STP holds. */
export function firmaValid(publicKey: KeyObject, cadena: string, signature: unknown): boolean {
  return (
    typeof signature === 'string' &&
    verify('sha256', Buffer.from(cadena, 'utf8'), publicKey, Buffer.from(signature, 'base64'))
  )
}

/** The abono notification of a deposit (speid tests/conftest.py default_income_transaction). */
export function abonoOf(d: FakeDeposit, empresa: string): Record<string, unknown> {
  return {
    Clave: d.Clave,
    FechaOperacion: d.fechaOperacion,
    InstitucionOrdenante: Number(d.institucionContraparte),
    InstitucionBeneficiaria: 90646,
    ClaveRastreo: d.claveRastreo,
    Monto: d.monto,
    NombreOrdenante: 'PAGADOR',
    TipoCuentaOrdenante: 40,
    CuentaOrdenante: '012180000000000016',
    RFCCurpOrdenante: 'ND',
    NombreBeneficiario: 'ACREDITADO',
    TipoCuentaBeneficiario: 40,
    CuentaBeneficiario: d.cuentaBeneficiario,
    RFCCurpBeneficiario: 'ND',
    ConceptoPago: 'PAGO',
    ReferenciaNumerica: 1234567,
    Empresa: empresa,
  }
}

export class FakeStp extends FakeProviderServer<StpScript> {
  protected override readonly basePath = '/speiws/rest'
  readonly orders = new Map<string, FakeOrder>()
  readonly deposits: FakeDeposit[] = []
  readonly seen: { path: string; body: Record<string, unknown> }[] = []
  readonly notifications: { body: unknown; status: number; reply: string }[] = []
  /** Where notifications go (our /payments/callback/stp?token=…). */
  notifyUrl = ''
  /** Whether registered orders settle (and notify) at once. */
  autoSettle = true
  /** The half of the lender's key STP holds (its certificate): every firma is checked with it. */
  readonly publicKey: KeyObject
  private serial = 9_349_800

  constructor(
    privateKeyOrPublic: KeyObject,
    readonly empresa: string,
    /** The operation date the fake is on (yyyymmdd). */
    public fechaOperacion = 20261125,
  ) {
    super()
    this.publicKey = createPublicKey(privateKeyOrPublic)
  }

  /** Posts a notification body to our route; resolves with its HTTP status and reply. */
  notify(body: unknown, url = this.notifyUrl): Promise<{ status: number; reply: string }> {
    const sent = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => {
      const entry = { body, status: res.status, reply: await res.text() }
      this.notifications.push(entry)
      return entry
    })
    this.pending.push(sent)
    return sent
  }

  /** STP's status change of a sent order. */
  estado(order: FakeOrder, Estado: 'LIQUIDACION' | 'DEVOLUCION' | 'CANCELACION', Detalle = '0') {
    return this.notify({ id: order.id, Estado, Detalle })
  }

  /** The order settles at the beneficiary's bank (LQ) and STP says so. */
  settle(order: FakeOrder) {
    order.estado = 'LQ'
    order.tsLiquidacion = Date.now()
    return this.estado(order, 'LIQUIDACION')
  }

  /** The beneficiary's bank returns it (D, causa 1: the account does not exist) and STP says so. */
  returnOrder(order: FakeOrder) {
    order.estado = 'D'
    return this.estado(order, 'DEVOLUCION', 'Cuenta inexistente')
  }

  /**
   * Someone pays `pesos` to `clabe` by SPEI: the deposit is in STP's books (LQ) and the abono notification goes
   * out (twice when `times` is 2).
   */
  async deposit(clabe: string, monto: number, opts: { claveRastreo?: string; times?: number } = {}) {
    const Clave = ++this.serial
    const deposit: FakeDeposit = {
      Clave,
      claveRastreo: opts.claveRastreo ?? `BNET${Clave}`,
      cuentaBeneficiario: clabe,
      monto,
      estado: 'LQ',
      fechaOperacion: this.fechaOperacion,
      institucionContraparte: '40012',
    }
    this.deposits.push(deposit)
    const body = this.abonoBody(deposit)
    const answers = []
    for (let i = 0; i < (opts.times ?? 1); i++) answers.push(await this.notify(body))
    // The receiver answered DEVOLUCION (speid's refusal): STP returns the money to the sender.
    if (answers.some((a) => /DEVOLUCION/.test(a.reply)) && !answers.some((a) => /LIQUIDACION/.test(a.reply)))
      deposit.estado = 'D'
    return { deposit, answers }
  }

  /** The abono notification of a deposit. */
  abonoBody(d: FakeDeposit): Record<string, unknown> {
    return abonoOf(d, this.empresa)
  }

  /** The order registered with this tracking key. */
  order(claveRastreo: string): FakeOrder | undefined {
    return this.orders.get(claveRastreo)
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  private verified(cadena: string, signature: unknown): boolean {
    return firmaValid(this.publicKey, cadena, signature)
  }

  private error(res: ServerResponse, id: number, descripcionError: string) {
    this.json(res, 200, { resultado: { id, descripcionError } })
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = url.pathname.replace(/^\/speiws\/rest/, '')
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    } catch {
      return this.json(res, 400, { message: 'not JSON' })
    }
    this.seen.push({ path, body })
    const scripted = this.scripts.get(path)?.shift()
    if (scripted && 'answer' in scripted) return this.json(res, scripted.answer, scripted.body ?? {})
    if (scripted && 'hang' in scripted) return void this.hanging.push(res)
    if (scripted && 'drop' in scripted) return void req.socket.destroy()
    const reply = (answer: unknown) =>
      scripted && 'loseAnswer' in scripted ? req.socket.destroy() : this.json(res, 200, answer)

    if (body.empresa !== this.empresa) return this.error(res, 0, 'Empresa invalida')
    if (path === '/ordenPago/registra' && req.method === 'PUT') return this.registra(res, body, reply)
    if (path === '/ordenPago/consOrdEnvRastreo' && req.method === 'POST') {
      if (!this.verified(this.cadenaConsulta(body), body.firma))
        return this.error(res, 0, 'Error validando la firma')
      const o = this.orders.get(String(body.claveRastreo))
      const day = body.fechaOperacion === undefined ? this.fechaOperacion : Number(body.fechaOperacion)
      if (!o || o.fechaOperacion !== day)
        return this.error(res, -100, `No se encontró la orden con rastreo ${String(body.claveRastreo)}`)
      return reply({ resultado: { id: 1, ordenPago: this.ordenPago(o) } })
    }
    if (path === '/ordenPago/consOrdenesFech' && req.method === 'POST') {
      if (!this.verified(this.cadenaConsulta(body), body.firma))
        return this.error(res, 0, 'Error validando la firma')
      if (body.estado !== 'R') return this.error(res, 0, 'estado invalido')
      const day = body.fechaOperacion === undefined ? this.fechaOperacion : Number(body.fechaOperacion)
      const lst = this.deposits
        .filter((d) => d.fechaOperacion === day)
        .map((d) => ({
          claveRastreo: d.claveRastreo,
          cuentaBeneficiario: d.cuentaBeneficiario,
          empresa: this.empresa,
          estado: d.estado,
          fechaOperacion: d.fechaOperacion,
          institucionContraparte: Number(d.institucionContraparte),
          institucionOperante: 90646,
          monto: d.monto,
          tsLiquidacion: Date.now(),
        }))
      if (lst.length === 0) return this.error(res, -100, 'No se encontraron ordenes')
      return reply({ resultado: { id: 1, lst: [...lst, null] } })
    }
    return this.json(res, 404, { message: 'no such resource' })
  }

  private cadenaConsulta(body: Record<string, unknown>): string {
    return consultaCadena(body)
  }

  private registra(res: ServerResponse, body: Record<string, unknown>, reply: (answer: unknown) => void) {
    const cadena = registraCadena(body)
    if (!this.verified(cadena, body.firma)) return this.error(res, 0, 'Error validando la firma')
    for (const f of [
      'claveRastreo',
      'cuentaOrdenante',
      'cuentaBeneficiario',
      'nombreBeneficiario',
      'conceptoPago',
    ])
      if (typeof body[f] !== 'string' || body[f] === '')
        return this.error(res, 0, `El campo ${f} es obligatorio`)
    const clave = String(body.claveRastreo)
    if (!/^[A-Za-z0-9]{1,29}$/.test(clave)) return this.error(res, -34, 'Clave rastreo invalida')
    if (this.orders.has(clave)) return this.error(res, -1, `La clave de rastreo ${clave} ya fue utilizada`)
    const monto = Number(body.monto)
    if (!(monto > 0) || Math.round(monto * 100) !== monto * 100)
      return this.error(res, -20, `El monto {${String(body.monto)}} no es válido`)
    const cuenta = String(body.cuentaBeneficiario)
    if (!/^\d{18}$/.test(cuenta)) return this.error(res, -7, `La cuenta ${cuenta} no existe`)
    if (body.tipoCuentaBeneficiario !== 40)
      return this.error(res, -11, `El tipo de cuenta ${String(body.tipoCuentaBeneficiario)} es invalido`)
    if (String(body.institucionContraparte).slice(-3) !== cuenta.slice(0, 3))
      return this.error(res, -22, `La cuenta ${cuenta} no coincide para la institucion operante`)
    const order: FakeOrder = {
      id: ++this.serial,
      claveRastreo: clave,
      monto,
      cuentaBeneficiario: cuenta,
      institucionContraparte: String(body.institucionContraparte),
      estado: 'A',
      fechaOperacion: this.fechaOperacion,
      tsLiquidacion: null,
      body,
    }
    this.orders.set(clave, order)
    reply({ resultado: { id: order.id } })
    if (this.autoSettle) {
      // SPEI settles in seconds; a bank that has no such account returns it right after.
      const returned = cuenta.slice(6, 17).endsWith('0000')
      void this.settle(order).then(() => (returned ? this.returnOrder(order) : undefined))
    }
  }

  private ordenPago(o: FakeOrder): Record<string, unknown> {
    return {
      causaDevolucion: o.estado === 'D' ? 1 : 0,
      claveRastreo: o.claveRastreo,
      cuentaBeneficiario: o.cuentaBeneficiario,
      cuentaOrdenante: String(o.body.cuentaOrdenante),
      empresa: this.empresa,
      estado: o.estado,
      fechaOperacion: o.fechaOperacion,
      idEF: o.id,
      institucionContraparte: Number(o.institucionContraparte),
      institucionOperante: 90646,
      monto: o.monto,
      referenciaNumerica: o.body.referenciaNumerica,
      tipoPago: 1,
      ...(o.tsLiquidacion ? { tsLiquidacion: o.tsLiquidacion } : {}),
    }
  }
}
