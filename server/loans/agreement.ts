/**
 * The loan agreement (GET /loan/loan-order/loanAgreement and /loan/get-money/contract), rendered from the order's
 * real figures in the request's language. Before applying it shows the product's rules with a worked example at
 * the smallest amount and shortest tenure. Every interpolated value is escaped; the HTML uses headings,
 * paragraphs, lists and one table only.
 */
import type * as T from '../../domain/api-types'
import { COUNTRIES, type CountryCode, type Language } from '../../domain/countries'
import { formatMoney, formatPercent } from '../../domain/money'
import { addDays, balanceOf, MIN_INTEREST_DAYS, openLoan, type Quote } from '../../domain/pricing'
import type { ProductConfig } from '../../domain/product'

/** 2026-02: interest to the day on early repayment, the rollover's meaning, the cap on every charge. */
export const AGREEMENT_VERSION = '2026-02'

/** The agreement's example of early repayment: repaid in full this many days after pay-out. */
export const EARLY_REPAYMENT_EXAMPLE_DAYS = 30

type Texts = Record<
  | 'title'
  | 'example'
  | 'parties'
  | 'partiesText'
  | 'order'
  | 'loan'
  | 'principal'
  | 'tenure'
  | 'days'
  | 'dailyRate'
  | 'annualRate'
  | 'interest'
  | 'fee'
  | 'tax'
  | 'disbursal'
  | 'total'
  | 'early'
  | 'dueDate'
  | 'apr'
  | 'aprNote'
  | 'installments'
  | 'number'
  | 'date'
  | 'amount'
  | 'late'
  | 'lateText'
  | 'capText'
  | 'noCap'
  | 'rollover'
  | 'rolloverText'
  | 'repayment'
  | 'repaymentText'
  | 'cancel'
  | 'cancelText'
  | 'privacy'
  | 'privacyText',
  string
>

const TEXTS: Record<Language, Texts> = {
  en: {
    title: 'Loan agreement',
    example:
      'The figures below are an example for the smallest amount and shortest tenure; your own figures are shown before you confirm.',
    parties: 'The parties',
    partiesText:
      'This agreement is between {lender} (licence {licence}) and the borrower who confirms it in the app.',
    order: 'Order number: {orderNo}.',
    loan: 'The loan',
    principal: 'Amount borrowed',
    tenure: 'Tenure',
    days: '{n} days',
    dailyRate: 'Interest rate per day',
    annualRate: 'Interest rate per year',
    interest: 'Interest for the whole tenure',
    fee: 'Processing fee (deducted from the amount sent)',
    tax: '{tax} on the processing fee (deducted too)',
    disbursal: 'Amount sent to your wallet',
    total: 'Total to repay on the due date',
    early: 'Total to repay if you repay in full {n} days after the money is sent',
    dueDate: 'Due date',
    apr: '{aprLabel} (annual cost from the actual payments)',
    aprNote: 'Without tax, for information and comparison.',
    installments: 'Repayment schedule',
    number: 'No.',
    date: 'Date',
    amount: 'Amount',
    late: 'Late payment',
    lateText:
      'After the due date a penalty of {rate} of the overdue amount borrowed is charged for each day.',
    capText:
      'Interest, fees, tax, rollover fees and penalties together never exceed {cap}: a penalty or rollover fee that would pass it is reduced, or not charged.',
    noCap: 'Penalties are not capped.',
    rollover: 'Rollover',
    rolloverText:
      'You may move the due date by {days} days up to {count} times, each for a fee of {fee} plus {tax} of {feeTax}, paid when you take it. The new due date is {days} days after the current due date, not after the day you ask. An extension is offered only while that new date has not passed, so it always brings the loan back to date. The amount borrowed, the interest and any penalty already charged stay due.',
    repayment: 'Repaying',
    repaymentText:
      'You may repay early at no extra cost, all at once or in parts of at least {min}, in multiples of {unit}; the last payment may be the exact remaining balance. Interest is charged by the day: if you repay in full before the due date, you pay interest only up to the day you repay (at least {minDays} day), and the rest of the interest is not charged.',
    cancel: 'Cancelling',
    cancelText:
      'You may cancel an approved loan before confirming it. An approval not confirmed within 24 hours is cancelled.',
    privacy: 'Your data',
    privacyText:
      'Your data is used to assess and manage this loan only. Your emergency contacts are never used for collection.',
  },
  sw: {
    title: 'Mkataba wa mkopo',
    example:
      'Takwimu zilizo hapa chini ni mfano kwa kiasi kidogo zaidi na muda mfupi zaidi; takwimu zako zitaonyeshwa kabla hujathibitisha.',
    parties: 'Wahusika',
    partiesText:
      'Mkataba huu ni kati ya {lender} (leseni {licence}) na mkopaji anayeuthibitisha kwenye programu.',
    order: 'Namba ya oda: {orderNo}.',
    loan: 'Mkopo',
    principal: 'Kiasi kilichokopwa',
    tenure: 'Muda wa mkopo',
    days: 'siku {n}',
    dailyRate: 'Riba kwa siku',
    annualRate: 'Riba kwa mwaka',
    interest: 'Riba ya muda wote wa mkopo',
    fee: 'Ada ya huduma (hukatwa kwenye kiasi kinachotumwa)',
    tax: '{tax} juu ya ada ya huduma (nayo hukatwa)',
    disbursal: 'Kiasi kinachotumwa kwenye pochi yako',
    total: 'Jumla ya kulipa tarehe ya kulipa',
    early: 'Jumla ya kulipa ukilipa yote siku {n} baada ya pesa kutumwa',
    dueDate: 'Tarehe ya kulipa',
    apr: '{aprLabel} (gharama ya mwaka kutokana na malipo halisi)',
    aprNote: 'Bila kodi, kwa taarifa na kulinganisha.',
    installments: 'Ratiba ya malipo',
    number: 'Na.',
    date: 'Tarehe',
    amount: 'Kiasi',
    late: 'Kuchelewa kulipa',
    lateText:
      'Baada ya tarehe ya kulipa, adhabu ya {rate} ya kiasi kilichokopwa ambacho hakijalipwa hutozwa kila siku.',
    capText:
      'Riba, ada, kodi, ada za kuongeza muda na adhabu kwa pamoja hazizidi {cap}: adhabu au ada ya kuongeza muda ambayo ingezidi kiwango hicho hupunguzwa, au haitozwi.',
    noCap: 'Adhabu hazina kikomo.',
    rollover: 'Kuongeza muda',
    rolloverText:
      'Unaweza kusogeza tarehe ya kulipa kwa siku {days} hadi mara {count}, kila mara kwa ada ya {fee} pamoja na {tax} ya {feeTax}, inayolipwa unapoongeza muda. Tarehe mpya ni siku {days} baada ya tarehe ya kulipa iliyopo, si baada ya siku unayoomba. Kuongeza muda kunatolewa tu kabla tarehe hiyo mpya haijapita, hivyo daima kunarudisha mkopo kwenye wakati wake. Kiasi kilichokopwa, riba na adhabu yoyote iliyokwisha tozwa vinabaki kudaiwa.',
    repayment: 'Kulipa',
    repaymentText:
      'Unaweza kulipa mapema bila gharama ya ziada, kwa mara moja au kwa sehemu za angalau {min}, kwa vigawe vya {unit}; malipo ya mwisho yanaweza kuwa salio kamili lililobaki. Riba inatozwa kwa siku: ukilipa yote kabla ya tarehe ya kulipa, unalipa riba hadi siku unayolipa tu (angalau siku {minDays}), na riba iliyobaki haitozwi.',
    cancel: 'Kughairi',
    cancelText:
      'Unaweza kughairi mkopo ulioidhinishwa kabla ya kuuthibitisha. Idhini isiyothibitishwa ndani ya saa 24 hughairiwa.',
    privacy: 'Taarifa zako',
    privacyText:
      'Taarifa zako zinatumika kutathmini na kusimamia mkopo huu tu. Watu wako wa dharura hawatumiwi kamwe kudai madeni.',
  },
  es: {
    title: 'Contrato de préstamo',
    example:
      'Las cifras siguientes son un ejemplo para el monto más bajo y el plazo más corto; tus propias cifras se muestran antes de confirmar.',
    parties: 'Las partes',
    partiesText:
      'Este contrato es entre {lender} (licencia {licence}) y la persona acreditada que lo confirma en la app.',
    order: 'Número de orden: {orderNo}.',
    loan: 'El préstamo',
    principal: 'Monto prestado',
    tenure: 'Plazo',
    days: '{n} días',
    dailyRate: 'Tasa de interés diaria',
    annualRate: 'Tasa de interés anual',
    interest: 'Intereses de todo el plazo',
    fee: 'Comisión por apertura (se descuenta del monto enviado)',
    tax: '{tax} sobre la comisión (también se descuenta)',
    disbursal: 'Monto enviado a tu cuenta',
    total: 'Total a pagar en la fecha de pago',
    early: 'Total a pagar si liquidas todo {n} días después del envío del dinero',
    dueDate: 'Fecha de pago',
    apr: '{aprLabel} (costo anual según los pagos reales)',
    aprNote: 'Sin IVA, para fines informativos y de comparación.',
    installments: 'Calendario de pagos',
    number: 'Núm.',
    date: 'Fecha',
    amount: 'Monto',
    late: 'Pago tardío',
    lateText:
      'Después de la fecha de pago se cobra una penalización diaria de {rate} del monto prestado vencido.',
    capText:
      'Intereses, comisiones, impuestos, cargos por prórroga y penalizaciones juntos nunca superan {cap}: una penalización o un cargo por prórroga que lo superaría se reduce o no se cobra.',
    noCap: 'Las penalizaciones no tienen tope.',
    rollover: 'Prórroga',
    rolloverText:
      'Puedes mover la fecha de pago {days} días hasta {count} veces, cada una por un cargo de {fee} más {tax} de {feeTax}, que se paga al tomarla. La nueva fecha es {days} días después de la fecha de pago vigente, no del día en que la pides. La prórroga solo se ofrece mientras esa nueva fecha no haya pasado, así que siempre deja el préstamo al corriente. El monto prestado, los intereses y cualquier penalización ya cobrada siguen vigentes.',
    repayment: 'Pagos',
    repaymentText:
      'Puedes pagar por adelantado sin costo extra, todo de una vez o en partes de al menos {min}, en múltiplos de {unit}; el último pago puede ser el saldo exacto restante. Los intereses se cobran por día: si liquidas todo antes de la fecha de pago, pagas intereses solo hasta el día en que pagas (con un mínimo de {minDays} día) y el resto de los intereses no se cobra.',
    cancel: 'Cancelación',
    cancelText:
      'Puedes cancelar un préstamo aprobado antes de confirmarlo. Una aprobación no confirmada en 24 horas se cancela.',
    privacy: 'Tus datos',
    privacyText:
      'Tus datos se usan solo para evaluar y administrar este préstamo. Tus contactos de emergencia nunca se usan para cobranza.',
  },
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function fill(template: string, values: Record<string, string | number>): string {
  return escapeHtml(template).replace(/\{(\w+)\}/g, (_, k: string) =>
    escapeHtml(String(values[k] ?? `{${k}}`)),
  )
}

export interface AgreementInput {
  product: ProductConfig
  quote: Quote
  orderNo: string | null
  lang: Language
  /** Translates label keys (tax name, APR label). */
  label: (key: string) => string
}

export function renderAgreement(input: AgreementInput): T.AgreementDocument {
  const { product: p, quote: q, lang } = input
  const country = COUNTRIES[p.country as CountryCode]
  const tx = TEXTS[lang]
  const locale = country.locales[lang] ?? country.locales[country.defaultLanguage] ?? 'en'
  const money = (minor: number) => formatMoney(minor, p.currency, locale, { minorPerUnit: p.minorPerUnit })
  const percent = (rate: number, digits = 2) => formatPercent(rate, locale, digits)
  const tax = input.label(country.feeTaxNameKey)
  const row = (label: string, value: string) => `<tr><th>${label}</th><td>${escapeHtml(value)}</td></tr>`
  const days = (n: number) => tx.days.replace('{n}', String(n))
  // Interest to the day, from the pricing engine: what repays this loan in full some days after pay-out.
  const earlyDays = Math.min(EARLY_REPAYMENT_EXAMPLE_DAYS, q.tenureDays)
  const early = {
    days: earlyDays,
    totalMinor: balanceOf(openLoan(q), addDays(q.disbursedOn, earlyDays)).totalMinor,
  }

  // The title is the document's `title`, which the app shows as the document's heading (as for the legal texts):
  // repeating it as an <h1> in the body showed it three times, the last as large as a page title.
  const parts: string[] = []
  if (!input.orderNo) parts.push(`<p>${escapeHtml(tx.example)}</p>`)
  parts.push(
    `<h2>${escapeHtml(tx.parties)}</h2>`,
    `<p>${fill(tx.partiesText, { lender: country.lender.legalName, licence: country.lender.licenceNumber })}</p>`,
  )
  if (input.orderNo) parts.push(`<p>${fill(tx.order, { orderNo: input.orderNo })}</p>`)
  parts.push(
    `<h2>${escapeHtml(tx.loan)}</h2>`,
    '<table><tbody>',
    row(escapeHtml(tx.principal), money(q.principalMinor)),
    row(escapeHtml(tx.tenure), days(q.tenureDays)),
    row(escapeHtml(tx.dailyRate), percent(q.interestRate.dailyPercent / 100, 3)),
    row(escapeHtml(tx.annualRate), percent(q.interestRate.annualPercent / 100)),
    row(escapeHtml(tx.interest), money(q.interestMinor)),
    row(escapeHtml(tx.fee), money(q.processingFeeMinor)),
    row(fill(tx.tax, { tax }), money(q.feeTaxMinor)),
    row(escapeHtml(tx.disbursal), money(q.disbursalMinor)),
    row(escapeHtml(tx.total), money(q.totalRepayableMinor)),
    row(fill(tx.early, { n: early.days }), money(early.totalMinor)),
    row(escapeHtml(tx.dueDate), q.dueDate),
    row(
      fill(tx.apr, { aprLabel: input.label(`enums.aprLabel.${country.aprLabel}`) }),
      percent(q.apr.basisPoints / 10_000),
    ),
    '</tbody></table>',
  )
  if (q.apr.excludesFeeTax) parts.push(`<p>${escapeHtml(tx.aprNote)}</p>`)
  parts.push(
    `<h2>${escapeHtml(tx.installments)}</h2>`,
    `<table><thead><tr><th>${escapeHtml(tx.number)}</th><th>${escapeHtml(tx.date)}</th><th>${escapeHtml(tx.amount)}</th></tr></thead><tbody>`,
    ...q.installments.map(
      (i) =>
        `<tr><td>${i.number}</td><td>${escapeHtml(i.dueDate)}</td><td>${escapeHtml(money(i.totalMinor))}</td></tr>`,
    ),
    '</tbody></table>',
    `<h2>${escapeHtml(tx.late)}</h2>`,
    `<p>${fill(tx.lateText, { rate: percent(q.penalty.dailyBps / 10_000) })} ${
      q.penalty.chargesCapMinor === null
        ? escapeHtml(tx.noCap)
        : fill(tx.capText, { cap: money(q.penalty.chargesCapMinor) })
    }</p>`,
  )
  if (q.rollover) {
    parts.push(
      `<h2>${escapeHtml(tx.rollover)}</h2>`,
      `<p>${fill(tx.rolloverText, {
        days: q.rollover.days,
        count: q.rollover.maxCount,
        fee: money(q.rollover.feeMinor),
        tax,
        feeTax: money(q.rollover.feeTaxMinor),
      })}</p>`,
    )
  }
  parts.push(
    `<h2>${escapeHtml(tx.repayment)}</h2>`,
    `<p>${fill(tx.repaymentText, {
      min: money(p.repayment.minMinor),
      unit: money(p.repayment.unitMinor),
      minDays: MIN_INTEREST_DAYS,
    })}</p>`,
    `<h2>${escapeHtml(tx.cancel)}</h2>`,
    `<p>${escapeHtml(tx.cancelText)}</p>`,
    `<h2>${escapeHtml(tx.privacy)}</h2>`,
    `<p>${escapeHtml(tx.privacyText)}</p>`,
  )
  return { title: tx.title, version: AGREEMENT_VERSION, language: lang, html: parts.join('\n') }
}
