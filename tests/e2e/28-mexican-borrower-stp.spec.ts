/**
 * Journey 28 (issue 19): a Mexican borrower, in Spanish, paid out to a CLABE and repaying by SPEI through STP — the
 * server's real adapter (server/payments/stp.ts) against the local fake of STP's REST API
 * (tests/server/helpers/fake-stp.ts), started beside it by the fixtures (`rails: 'stp'`). The screens are journey
 * 11's; what is new is the rails under them.
 *
 * Rules it crosses (docs/operations.md "Mexico: STP"):
 * - the pay-out is one payment order registered at STP (PUT /ordenPago/registra) from the lender's STP CLABE to the
 *   borrower's CLABE, with our reference as its tracking key (claveRastreo) and its firma — RSA-SHA256 of the
 *   cadena original, with the lender's key — checked by the fake with the public half; STP's status notification
 *   (LIQUIDACION) reaches the server's notification URL with its secret, and the server books what STP's books say;
 * - the repayment is a SPEI transfer to the borrower's own CLABE (the lender's prefix and the borrower's number),
 *   which the static cashier shows; STP's deposit notification (abono) is answered LIQUIDACION (kept), and the
 *   server books the deposit STP lists (consOrdenesFech), notified twice as STP retries;
 * - the money moves once: one order registered at STP, one deposit booked (paid = owed, nothing left).
 */
import { verify } from 'node:crypto'
import type { RepaymentDetail } from '../../domain/api-types'
import { isValidClabe } from '../../domain/identity-numbers'
import { OrderStatus } from '../../domain/order-status'
import { borrowerOfClabe, cadenaOriginal, pesos } from '../../server/payments/stp'
import { approvedBorrower, MX_CLABE, MXN, ok, settle } from './borrower-api'
import { expect, STP_LENDER, t, test } from './fixtures'
import { passOutcome } from './steps/money-path'
import { confirmAndAwaitPayout } from './steps/rails'
import { latestOf, shownIn, valueOf } from './steps/repay'

const lang = 'es' as const

// This file's worker runs its own server, routed to STP's fake.
test.use({ rails: 'stp' })

// Spanish, on both databases: [es] runs on the embedded database and on PostgreSQL (playwright.config.ts), and the
// tag says so as journey 27's does.
test.describe('(28) a Mexican borrower paid out and repaid through STP [es]', { tag: '@both-databases' }, () => {
  test.use({ lang })

  test('is paid out to a CLABE by an STP order, and repays by SPEI to their own CLABE', async ({ page, kopa, shot }) => {
    const stp = kopa.stp!
    const { b, applied } = await approvedBorrower(kopa, { country: 'MX' })
    const shown = shownIn(page, lang, 'MXN', MXN, 'MX')

    // Approved: confirm borrow, and STP pays the CLABE.
    const paid = await confirmAndAwaitPayout(page, kopa, b, lang, shot)
    const disbursal = paid.disbursalMinor
    if (disbursal === null) throw new Error('a loan paid out has a disbursal')
    await passOutcome(page, shot, lang, 'moneySent', [await shown.money(disbursal)])
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/)

    // One order at STP, from the lender's CLABE to the borrower's, for the pesos disbursed, signed by the lender.
    const registered = stp.seen.filter((s) => s.path === '/ordenPago/registra')
    expect(registered).toHaveLength(1)
    const order = registered[0]!.body
    expect(order).toMatchObject({
      empresa: STP_LENDER.empresa,
      claveRastreo: `PO${applied.orderNo}1`,
      institucionOperante: '90646',
      institucionContraparte: '40002',
      cuentaOrdenante: STP_LENDER.account,
      cuentaBeneficiario: MX_CLABE,
      tipoCuentaBeneficiario: 40,
      monto: disbursal / MXN,
      // Names go to STP in ASCII (stpmex AsciiStr): Zoë Núñez's accents are dropped, not the letters.
      nombreBeneficiario: 'Zoe Nunez',
      nombreOrdenante: 'Kopa Prestamos',
    })
    const cadena = cadenaOriginal({ ...(order as Record<string, string | number>), monto: pesos(disbursal) })
    expect(verify('sha256', Buffer.from(cadena, 'utf8'), stp.publicKey, Buffer.from(String(order.firma), 'base64'))).toBe(true)
    // STP's LIQUIDACION reached the server's notification URL and was taken.
    const estados = stp.notifications.filter((n) => (n.body as { Estado?: string }).Estado !== undefined)
    expect(estados.map((n) => [(n.body as { Estado: string }).Estado, n.status])).toEqual([['LIQUIDACION', 200]])
    // Believed only once STP's books said so: the server asked for the order by its tracking key.
    const asked = stp.seen.filter((s) => s.path === '/ordenPago/consOrdEnvRastreo')
    expect(asked.map((s) => s.body.claveRastreo)).toContain(`PO${applied.orderNo}1`)

    // Repay it all: SPEI cannot pull, so the static cashier shows the borrower's own CLABE and the amount.
    const owed = paid.remainingMinor
    if (owed === null) throw new Error('a loan paid out owes something')
    await page.getByRole('button', { name: t(lang, 'repay.form.pay'), exact: true }).click()
    await expect(page).toHaveURL(/#\/repay\/static_cashier$/)
    await expect(page.getByRole('heading', { name: t(lang, 'repay.static.screenTitle'), exact: true })).toBeVisible()
    // Pesos as Mexico writes them (es-MX): "$2,002", centavos shown only when there are some ("$1,234.56").
    expect(await shown.money(owed)).toMatch(/^\$\d{1,3}(,\d{3})*(\.\d{2})?$/)
    await expect(page.locator('.k-amount')).toHaveText(await shown.money(owed))
    const payTo = valueOf(page, t(lang, 'repay.static.payTo'))
    await expect(payTo).toContainText(new RegExp(`${STP_LENDER.clabePrefix}\\d{8}`))
    const clabe = /\d{18}/.exec((await payTo.textContent()) ?? '')![0]
    expect(isValidClabe(clabe)).toBe(true)
    expect(borrowerOfClabe(STP_LENDER.clabePrefix, clabe)).not.toBeNull()
    await shot('static-cashier-clabe')

    // The borrower transfers the pesos owed from their bank; STP notifies the deposit twice (it retries): kept.
    const { answers } = await stp.deposit(clabe, owed / MXN, { times: 2 })
    expect(answers.map((a) => [a.status, JSON.parse(a.reply)])).toEqual([
      [200, { estado: 'LIQUIDACION' }],
      [200, { estado: 'LIQUIDACION' }],
    ])
    await settle(kopa)
    // The cashier asks the server by itself too: it may reach the outcome first, and then there is nothing to tap.
    const paidButton = page.getByRole('button', { name: t(lang, 'repay.wait.paid'), exact: true })
    const tapped = paidButton.click().then(() => 'tapped' as const)
    tapped.catch(() => {})
    const movedOn = page.waitForURL(/#\/outcome$/).then(() => 'movedOn' as const)
    movedOn.catch(() => {})
    await Promise.race([tapped, movedOn])
    await passOutcome(page, shot, lang, 'repaidInFull', [await shown.money(owed)])

    // The money moved once: one order at STP, one deposit, booked once — paid exactly what was owed.
    const repaid = await latestOf(kopa, b)
    expect(repaid).toMatchObject({ orderNo: applied.orderNo, status: OrderStatus.Finish, remainingMinor: 0 })
    const detail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: applied.orderNo })
    expect(detail.paidMinor).toBe(owed)
    expect(stp.seen.filter((s) => s.path === '/ordenPago/registra')).toHaveLength(1)
    expect(stp.deposits).toHaveLength(1)
    // The deposit was booked from STP's list of received orders, not from the notification's word.
    expect(stp.seen.filter((s) => s.path === '/ordenPago/consOrdenesFech').length).toBeGreaterThan(0)
  })
})
