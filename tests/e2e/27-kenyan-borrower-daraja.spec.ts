/**
 * Journey 27 (issue 19): a Kenyan borrower paid out and repaid through M-Pesa by Safaricom's Daraja API — the
 * server's real adapter (server/payments/mpesa.ts) against the local fake of Daraja
 * (tests/server/helpers/fake-daraja.ts), started beside it by the fixtures (`rails: 'daraja'`). English only: the
 * screens are those of journey 26; what is new is the country (KES, en-KE) and the rails under it.
 *
 * Rules it crosses (docs/operations.md "Kenya: M-Pesa through Daraja"):
 * - the pay-out is one B2C BusinessPayment from the lender's shortcode to the borrower's M-Pesa wallet (254…), with
 *   our reference as OriginatorConversationID, completed by Daraja's Result callback to our ResultURL;
 * - the repayment is an STK push (Lipa na M-Pesa Online) to the phone the borrower signed in with, its password
 *   the shortcode, passkey and timestamp, completed by the stkCallback;
 * - every callback URL Daraja is given is the server's own, with the callback secret (Daraja signs nothing);
 * - the money moves once: one B2C request and one STK push at Daraja.
 */
import { stkPassword } from '../../server/payments/mpesa'
import { approvedBorrower, freshKenyanMobile } from './borrower-api'
import { DARAJA_CALLBACK_TOKEN, DARAJA_SHORTCODES, expect, test } from './fixtures'
import { passOutcome } from './steps/money-path'
import { confirmAndAwaitPayout, repayAllByPush } from './steps/rails'
import { shownIn } from './steps/repay'

const lang = 'en' as const
const KES = 100
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919'

// This file's worker runs its own server, routed to Daraja's fake.
test.use({ rails: 'daraja' })

// English only, on both databases: [en] is the embedded database's, @both-databases PostgreSQL's (playwright.config.ts).
test.describe('(27) a Kenyan borrower paid out and repaid through Daraja [en]', { tag: '@both-databases' }, () => {
  test.use({ lang })

  test('is paid out to M-Pesa by a B2C payment, and repays by an STK push', async ({ page, kopa, shot }) => {
    const daraja = kopa.daraja!
    const wallet = freshKenyanMobile()
    const { b, applied } = await approvedBorrower(kopa, { country: 'KE', wallet })
    const shown = shownIn(page, lang, 'KES', KES, 'KE')

    // Approved: confirm borrow, and Daraja pays the M-Pesa wallet.
    const paid = await confirmAndAwaitPayout(page, kopa, b, lang, shot)
    await passOutcome(page, shot, lang, 'moneySent')
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/)

    const callbacks = `${kopa.url}/payments/callback/mpesa`
    const b2c = daraja.seen.filter((s) => s.path === '/mpesa/b2c/v3/paymentrequest')
    expect(b2c).toHaveLength(1)
    expect(b2c[0]!.body).toMatchObject({
      OriginatorConversationID: `PO${applied.orderNo}-1`,
      CommandID: 'BusinessPayment',
      PartyA: DARAJA_SHORTCODES.b2c,
      PartyB: `254${wallet.slice(1)}`,
      ResultURL: `${callbacks}?kind=b2c-result&token=${DARAJA_CALLBACK_TOKEN}`,
    })
    expect(daraja.callbacks.filter((c) => c.url.includes('kind=b2c-result')).map((c) => c.status)).toEqual([200])

    // Repay it all: Daraja pushes the STK prompt to the phone, and its stkCallback closes the loan.
    const owed = await repayAllByPush(page, kopa, b, {
      lang,
      shot,
      shown,
      paid,
      orderNo: applied.orderNo,
      cashierShot: 'cashier-stk-push',
    })

    // One push, to the phone the borrower signed in with, for the whole shillings owed.
    const phone = `254${b.mobile.slice(1)}`
    const pushes = daraja.seen.filter((s) => s.path === '/mpesa/stkpush/v1/processrequest')
    expect(pushes).toHaveLength(1)
    const push = pushes[0]!.body
    expect(push).toMatchObject({
      BusinessShortCode: DARAJA_SHORTCODES.stk,
      Password: stkPassword(DARAJA_SHORTCODES.stk, PASSKEY, String(push.Timestamp)),
      TransactionType: 'CustomerPayBillOnline',
      Amount: owed / KES,
      PartyA: phone,
      PhoneNumber: phone,
      CallBackURL: `${callbacks}?kind=stk&token=${DARAJA_CALLBACK_TOKEN}`,
    })
    expect(daraja.callbacks.filter((c) => c.url.includes('kind=stk')).map((c) => c.status)).toEqual([200])
  })
})
