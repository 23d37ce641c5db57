/**
 * Journey 11 of issue 7, its Mexican half: a borrower in Mexico, in Spanish, from the first open to the money
 * paid out to a bank account (status 2) — every step on screen. (The Kiswahili half of journey 11 is the [sw] run
 * of 01-new-borrower.spec.ts.)
 *
 * Rules it crosses:
 * - spec §2 /user/nation and decisions.md "Onboarding and wallet screens": the country is chosen on login (its
 *   dial code opens the country list), and the form then speaks Mexico's +52;
 * - machines/login.machine.ts: a number with no account gets no SMS on login (the server's outbox stays empty)
 *   and is led to register with the number filled in; register sends the code and creates the Mexican account;
 * - domain/countries.ts, Mexico's profile: the CURP (with the optional RFC and NSS) instead of NIDA, states and
 *   a typed municipality, variant-B enumerations, a CLABE as the only wallet, prices in MXN with the CAT;
 * - spec §4 navigation by code, in Mexico: 6 → 12 → 11 → 5 → 17 (the questionnaire, decisions.md: required in
 *   Mexico) → 19 → 1 → 14 → 7 → 2;
 * - spec §5: the questionnaire must be fully answered before it is sent;
 * - spec §5 "Agreement must be ticked" on confirm; the figures shown are the server's (/loan/confirm/product-info);
 * - the sandbox pays the loan out to the CLABE (2), and the repay detail shows what the server says is owed.
 */
import type { ConfirmProductInfo, LatestOrder, RepaymentDetail, UserInfo } from '../../domain/api-types'
import { intlLocale } from '../../domain/countries'
import { QUESTIONNAIRE } from '../../domain/enums'
import { formatMoney } from '../../domain/money'
import { ok, settle, type ApiBorrower } from './borrower-api'
import { expect, shellActions, t, test, type Page } from './fixtures'
import {
  acceptDisclosure,
  answerQuestionnaire,
  fillPersonalInfo,
  fillWallet,
  fillWorkInfo,
  enterSmsCode,
  requestSmsCode,
  takeIdPhotosAndFace,
  CARLOS_GOMEZ,
  CEMEX_WORK,
  tap,
  tr,
} from './steps/onboarding'
import { holdNextCall, holdOrderReadsOn, passOutcome } from './steps/money-path'

const lang = 'es' as const


/** Carlos's credit history: one loan from a bank last year, repaid on time, a credit card. */
const HISTORY: Record<(typeof QUESTIONNAIRE)[number]['key'], string> = {
  borrowedBefore: 'yes',
  creditHistoryRating: 'good',
  mostRecentLender: 'bank',
  loansLast12Months: '1',
  openLoansNow: '0',
  longestLateRepayment: 'neverLate',
  overdueNow: 'no',
  largestLoanRepaid: 'amount1000to5000',
  monthlyDebtPayments: 'amountUnder1000',
  rejectionsLast6Months: '0',
  hasCreditCard: 'yes',
}

/** The CLABE of Carlos's bank account (a valid check digit). */
const CLABE = '002010077777777771'

/** The figure a breakdown line shows: the definition after its term. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]')

test.describe('(11) a Mexican borrower in Spanish [es]', () => {
  test.use({ lang })

  test('chooses Mexico, registers a +52 number, completes the Mexican profile and is paid out to a CLABE', async ({
    page,
    kopa,
    shot,
  }) => {
    const money = (minor: number) => formatMoney(minor, 'MXN', intlLocale('MX', lang))
    const mobile = `55${String(Date.now()).slice(-7)}1`
    const b: ApiBorrower = { mobile, token: '' }
    const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
    const heading = (key: string) => page.getByRole('heading', { level: 1, name: t(lang, key), exact: true })

    // Home in Spanish, signed out; Apply opens login, whose dial code opens the country list.
    await page.goto('/')
    await expect(page.getByRole('navigation').last()).toBeVisible()
    await expect(page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true })).toBeEnabled()
    await shot('home')
    await tap(page, lang, 'home.button.apply')
    await expect(page).toHaveURL(/#\/user\/login$/)
    const countryButton = (country: 'TZ' | 'MX', dialCode: string) =>
      page.getByRole('button', {
        name: tr(lang, 'user.form.country', { country: t(lang, `enums.country.${country}`), dialCode }),
        exact: true,
      })
    await expect(countryButton('TZ', '255')).toBeVisible()
    await shot('login')
    await countryButton('TZ', '255').click()
    await expect(page).toHaveURL(/#\/user\/nation$/)
    await expect(heading('user.nation.title')).toBeVisible()
    await shot('nation')
    await page.getByRole('radio', { name: new RegExp(`^${t(lang, 'enums.country.MX')}`) }).click()

    // Back on login with +52: the number has no account yet, so no code is spent on it and register opens with it.
    await expect(page).toHaveURL(/#\/user\/login$/)
    await expect(countryButton('MX', '52')).toBeVisible()
    await page.getByRole('textbox', { name: t(lang, 'user.form.mobile'), exact: true }).fill(mobile)
    // The development outbox masks numbers to their last digits, which an earlier journey's number may share:
    // its newest message (sent time and text) must stay the same instead (this worker's server runs one test at a
    // time).
    const newestSms = async () => (await (await fetch(`${kopa.url}/dev/sms`)).text()).split('<tr>')[2] ?? ''
    const newestBefore = await newestSms()
    await tap(page, lang, 'user.form.getCode')
    const unregistered = page.getByRole('status').filter({ hasText: t(lang, 'user.form.unregistered') })
    await expect(unregistered).toBeVisible()
    expect(await newestSms()).toBe(newestBefore)
    await shot('login-unregistered')
    await unregistered
      .getByRole('button', { name: t(lang, 'user.form.registerWithNumber'), exact: true })
      .click()
    await expect(page).toHaveURL(/#\/user\/register$/)
    await expect(countryButton('MX', '52')).toBeVisible()
    await expect(page.getByRole('textbox', { name: t(lang, 'user.form.mobile'), exact: true })).toHaveValue(
      mobile,
    )
    await requestSmsCode(page, lang)
    await shot('register')
    await enterSmsCode(page, kopa, lang, mobile, 'register')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
    b.token = (await page.evaluate(() => localStorage.getItem('token')))!
    const user = await ok<UserInfo>(kopa, b, '/security/getUserInfo')
    expect(user.basicInfo).toMatchObject({ country: 'MX', mobile })

    // to_borrow in pesos, with the CAT.
    await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
    await expect(
      page.getByRole('slider', { name: t(lang, 'borrow.toBorrow.amount'), exact: true }),
    ).toBeVisible()
    await expect(page.getByText(t(lang, 'borrow.breakdown.apr.CAT'), { exact: true })).toBeVisible()
    await expect(page.getByText(t(lang, 'borrow.breakdown.catNote'), { exact: true })).toBeVisible()
    await shot('to-borrow')
    await tap(page, lang, 'borrow.toBorrow.apply')

    // Personal information (6): CURP, RFC, NSS, state and municipality.
    await expect(page).toHaveURL(/#\/auth\/personal_infomation$/)
    const applied = await latest()
    expect(applied).toMatchObject({ status: 6, productId: 'mx-kopa', currency: 'MXN' })
    await expect(heading('auth.personal.title')).toBeVisible()
    await fillPersonalInfo(page, lang, 'MX', CARLOS_GOMEZ)
    await shot('personal-info')
    await tap(page, lang, 'auth.common.next')

    // Before the first photo, the app shows the permission disclosure (never accepted on this phone).
    await acceptDisclosure(page, lang)

    // The ID (12): the card's photos and the shell's liveness check.
    await expect(page).toHaveURL(/#\/auth\/id_card_authentication$/)
    await expect(heading('auth.identity.title')).toBeVisible()
    await takeIdPhotosAndFace(page, lang)
    expect(await shellActions(page)).toContain('startLiveness')
    await shot('id-card-done')
    await tap(page, lang, 'auth.common.next')

    // Additional information (11).
    await expect(page).toHaveURL(/#\/auth\/additionalInfomation$/)
    await expect(heading('auth.additional.title')).toBeVisible()
    await fillWorkInfo(page, lang, CEMEX_WORK, 'MX')
    await shot('additional-info')
    await tap(page, lang, 'auth.common.next')

    // The wallet (5): a CLABE, Mexico's only kind of account.
    await expect(page).toHaveURL(/#\/bank_account\/add_bankcard$/)
    await expect(heading('wallet.title')).toBeVisible()
    await expect(page.getByRole('radio')).toHaveCount(1)
    await fillWallet(page, lang, 'clabe', CLABE)
    await shot('wallet')
    await tap(page, lang, 'wallet.next')

    // The review (issue 13): the CLABE shows its last four digits only; Submit application sends it.
    await expect(page).toHaveURL(/#\/bank_account\/review_application$/)
    await expect(heading('wallet.review.title')).toBeVisible()
    const walletSection = page.getByRole('region', { name: t(lang, 'ui.steps.addWallet'), exact: true })
    await expect(walletSection).toContainText(CLABE.slice(-4))
    await expect(walletSection).not.toContainText(CLABE)
    expect((await latest()).status).toBe(5)
    await shot('review-application')
    await tap(page, lang, 'wallet.review.submit')

    // The questionnaire (17): refused until every question is answered.
    await expect(page).toHaveURL(/#\/auth\/loan_question$/)
    expect((await latest()).status).toBe(17)
    await expect(heading('auth.question.title')).toBeVisible()
    const answers = QUESTIONNAIRE.map((q) => ({ key: q.key, answer: HISTORY[q.key] }))
    await answerQuestionnaire(page, lang, answers.slice(0, -1))
    await tap(page, lang, 'auth.common.submit')
    const incomplete = page
      .getByRole('alert')
      .filter({ hasText: t(lang, 'validation.questionnaire.incomplete') })
    await expect(incomplete).toBeVisible()
    await incomplete.scrollIntoViewIfNeeded()
    await expect(page).toHaveURL(/#\/auth\/loan_question$/)
    expect((await latest()).status).toBe(17)
    await shot('questionnaire-incomplete')
    await answerQuestionnaire(page, lang, answers.slice(-1))
    await expect(
      page.getByText(tr(lang, 'auth.question.progress', { answered: 11, total: 11 }), { exact: true }),
    ).toBeVisible()
    await shot('questionnaire')

    // Finish loading (19) while the application is sent.
    const submit = await holdNextCall(page, '/user/submit')
    await tap(page, lang, 'auth.common.submit')
    await submit.reached
    await expect(page).toHaveURL(/#\/finish_loading$/)
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: t(lang, 'standalone.finishLoading.step.submitting'),
        exact: true,
      }),
    ).toBeVisible()
    expect((await latest()).status).toBe(19)
    await shot('finish-loading')
    // Review tips follows the order by itself; its readings wait while the screen is checked.
    const reviewReads = await holdOrderReadsOn(page, /#\/auth\/review_tips$/)
    await submit.release()

    // Review tips (1) while the scorecard decides; approved (14), and the app moves on by itself.
    await expect(page).toHaveURL(/#\/auth\/review_tips$|#\/borrow\/confirm_borrow$/)
    if (/review_tips$/.test(page.url())) {
      await expect(heading('auth.review.title')).toBeVisible()
      await shot('review-tips')
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(14)
    }
    await reviewReads.release()
    await settle(kopa)

    // Confirm borrow (14): the server's pesos and CAT; the agreement tick first.
    await expect(page).toHaveURL(/#\/borrow\/confirm_borrow$/)
    const order = await latest()
    expect(order.status).toBe(14)
    const info = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', {
      loanOrderId: order.loanOrderId,
    })
    expect(info).toMatchObject({ aprLabel: 'CAT', feeTaxNameKey: 'enums.feeTax.iva', currency: 'MXN' })
    expect(info.wallet.provider).toBe('clabe')
    await expect(figure(page, t(lang, 'borrow.breakdown.amount'))).toHaveText(money(info.principalMinor))
    await expect(figure(page, t(lang, 'borrow.breakdown.disbursal'))).toHaveText(money(info.disbursalMinor))
    await expect(figure(page, t(lang, 'borrow.breakdown.totalRepayable'))).toHaveText(
      money(info.totalRepayableMinor),
    )
    await expect(page.getByText(info.wallet.maskedNumber)).toBeVisible()
    const confirm = page.getByRole('button', { name: t(lang, 'borrow.confirm.submit'), exact: true })
    const agree = page.getByRole('checkbox', { name: t(lang, 'borrow.confirm.agree'), exact: true })
    await expect(confirm).toBeDisabled()
    await shot('confirm-borrow')
    await agree.check()
    await expect(confirm).toBeEnabled()
    const lendingReads = await holdOrderReadsOn(page, /#\/borrow\/lending$/)
    await confirm.click()

    // Lending (7) until the sandbox pays the CLABE; then, by itself, the money sent (2) and on to repay detail.
    await expect(page).toHaveURL(/#\/borrow\/lending$|#\/outcome$/)
    if (/lending$/.test(page.url())) {
      await expect(heading('borrow.lending.title')).toBeVisible()
      await shot('lending')
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(2)
    }
    await lendingReads.release()
    await settle(kopa)
    await passOutcome(page, shot, lang, 'moneySent', [money(info.disbursalMinor)])
    await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
    expect((await latest()).status).toBe(2)
    const detail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', { orderNo: order.orderNo })
    expect(detail.disbursedAt).not.toBeNull()
    expect(detail.disbursalMinor).toBe(info.disbursalMinor)
    const due = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
    await expect(due.locator('.k-amount')).toHaveText(money(detail.balance.totalMinor))
    await shot('repay-detail')

    // Mexico repays by bank transfer to the lender's CLABE: no push to the phone, so the static cashier gives the
    // account and the reference to pay with, each with a copy button, as the server's payment order says.
    await tap(page, lang, 'repay.form.pay')
    await expect(page).toHaveURL(/#\/repay\/static_cashier$/)
    await expect(page.getByRole('heading', { name: t(lang, 'repay.static.screenTitle'), exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: t(lang, 'repay.static.copyPayTo'), exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: t(lang, 'repay.static.copyReference'), exact: true })).toBeVisible()
    await expect(page.getByText(money(detail.balance.totalMinor), { exact: true }).first()).toBeVisible()
    await shot('static-cashier')
  })
})
