/**
 * Journey 26 (issue 19): a Tanzanian borrower paid out and repaid through AzamPay, the aggregator of Tanzania's four
 * wallets — the server's real adapter (server/payments/azampay.ts) against the local fake of AzamPay's API
 * (tests/server/helpers/fake-azampay.ts), started beside it by the fixtures (`rails: 'azampay'`). English only, on
 * both databases: the screens are those of journey 1; what is new is the rails under them.
 *
 * Rules it crosses (docs/operations.md "Tanzania: AzamPay", docs/decisions.md "Tanzania through AzamPay"):
 * - before the first pay-out to a wallet its registered name is looked up and must be the borrower's;
 * - the pay-out is AzamPay's createtransfer to the M-Pesa wallet, with our reference as externalReferenceId, and
 *   its callback is believed only as AzamPay's status query confirms it;
 * - the repayment is an MNO checkout (a USSD push) to the borrower's phone, completed by AzamPay's callback;
 * - the money moves once: one transfer and one checkout at AzamPay.
 */
import { approvedBorrower, freshMobile } from './borrower-api'
import { expect, test } from './fixtures'
import { passOutcome } from './steps/money-path'
import { confirmAndAwaitPayout, repayAllByPush } from './steps/rails'
import { shownIn } from './steps/repay'

const lang = 'en' as const

// This file's worker runs its own server, routed to AzamPay's fake.
test.use({ rails: 'azampay' })

// English only, on both databases: [en] is the embedded database's, @both-databases PostgreSQL's (playwright.config.ts).
test.describe('(26) a Tanzanian borrower paid out and repaid through AzamPay [en]', { tag: '@both-databases' }, () => {
  test.use({ lang })

  test('is paid out to M-Pesa by AzamPay after a name lookup, and repays by an AzamPay push', async ({
    page,
    kopa,
    shot,
  }) => {
    const azampay = kopa.azampay!
    const wallet = freshMobile()
    const msisdn = `255${wallet.slice(1)}`
    // The wallet is registered to the borrower (tests/domain/onboarding-bodies.ts: Asha Mwakyusa), surname first.
    azampay.names.set(msisdn, 'MWAKYUSA ASHA')
    azampay.disbursementCallbacks = true
    const { b, applied } = await approvedBorrower(kopa, { wallet })
    const shown = shownIn(page, lang)

    // Approved: confirm borrow, and AzamPay pays the M-Pesa wallet.
    const paid = await confirmAndAwaitPayout(page, kopa, b, lang, shot)
    await passOutcome(page, shot, lang, 'moneySent')
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/)

    const lookups = azampay.calls('/azampay/namelookup', (s) => s.body.accountNumber === msisdn)
    expect(lookups).toHaveLength(1)
    const transfer = azampay.byExternalId(azampay.calls('/azampay/createtransfer')[0]!.body.externalReferenceId as string)!
    expect(transfer).toMatchObject({ kind: 'transfer', operator: 'Mpesa', account: msisdn, status: 'success' })
    expect(azampay.calls('/azampay/createtransfer', (s) => s.body.externalReferenceId === transfer.externalId)).toHaveLength(1)

    // Repay it all: AzamPay pushes the checkout to the phone, and its callback closes the loan.
    const owed = await repayAllByPush(page, kopa, b, {
      lang,
      shot,
      shown,
      paid,
      orderNo: applied.orderNo,
      cashierShot: 'cashier-azampay-push',
    })

    // The push goes to the phone the borrower signed in with.
    const phone = `255${b.mobile.slice(1)}`
    const checkouts = azampay.calls('/azampay/mno/checkout', (s) => s.body.accountNumber === phone)
    expect(checkouts).toHaveLength(1)
    expect(checkouts[0]!.body).toMatchObject({ provider: 'Mpesa', currency: 'TZS', amount: String(owed / 100) })
    expect(azampay.byExternalId(checkouts[0]!.body.externalId as string)?.status).toBe('success')
  })
})
