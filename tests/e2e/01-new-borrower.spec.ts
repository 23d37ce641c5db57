/**
 * Journey 1 of issue 7 — a new Tanzanian borrower from the first time the app opens to money in the wallet to a
 * fully repaid loan — every step on screen, as the borrower does it. Its [sw] run is also journey 11's "the whole
 * journey in Kiswahili": every label it reads and taps is the Kiswahili text of locales/sw.
 *
 * The shell opens the app at the permission disclosure (/pop) on first launch: no screen of the app links to it.
 *
 * Rules it crosses:
 * - spec §1/§6, decisions.md "Permission disclosure": Accept asks the phone only for the permissions Kopa uses in
 *   Tanzania (camera, location, device, storage), never for contacts, SMS, call log or installed apps;
 * - spec §2 route guard: Apply without a session opens login; once registered the borrower goes on to to_borrow;
 * - spec §5: registration needs the mobile number and the SMS code (read from the server's development outbox);
 * - spec §4 navigation by code: 6 personal info → 12 ID → 11 additional info → 5 wallet (then the review of the
 *   application, issue 13, whose Submit sends the wallet) → 19 finish loading →
 *   1 review tips → 14 confirm borrow → 7 lending → 2 money sent (outcome) → repay detail → 4 repaid (outcome) → home;
 * - spec §5 ID order: the face step before the card's photos is refused with "front first"; the face check runs
 *   in the native shell's liveness SDK (startLiveness, featureMode.live 1);
 * - decisions.md "Data and privacy": nothing is required in Tanzania, so finish loading never starts the shell's
 *   collector (no timeSDK) and every upload flag reads set;
 * - spec §5 "Agreement must be ticked": confirm is unavailable until the agreement is ticked;
 * - the figures the borrower reads (amount, what reaches the wallet, what is repaid, the amount due) are the
 *   server's (/loan/confirm/product-info, /portal/repayment/detail);
 * - a payment of the whole balance through the sandbox closes the loan (4): Records lists it under Finished and
 *   home offers a new loan; decisions.md "Feedback and rating": the shell's review card is asked for after a
 *   repaid loan (requestReview).
 */
import type {
  ConfirmProductInfo,
  LatestOrder,
  OrderSummary,
  Page as ApiPage,
  RepaymentDetail,
  UploadStatusFlags,
} from '../../domain/api-types'
import { intlLocale } from '../../domain/countries'
import { formatMoney } from '../../domain/money'
import { freshMobile, ok, settle, TZ_PRODUCT, type ApiBorrower } from './borrower-api'
import { expect, shellActions, t, test, type Lang, type Page } from './fixtures'
import {
  fillPersonalInfo,
  fillWallet,
  fillWorkInfo,
  signInWithSmsCode,
  takeIdPhotosAndFace,
  TANGA_CEMENT_WORK,
  tap,
  tr,
  type PersonalInput,
  type WorkInput,
} from './steps/onboarding'
import { expectKeyFiguresAboveTheFold, holdNextCall, holdOrderReadsOn, passOutcome } from './steps/money-path'

const ASHA: PersonalInput = {
  firstName: 'Asha',
  lastName: 'Mwakyusa',
  gender: 'female',
  birthday: { year: 1990, month: 5, day: 17 },
  education: 'bachelors',
  maritalStatus: 'single',
  nationalId: '19900517123450000226',
  email: 'asha.m@gmail.com',
  residenceType: 'rened',
  state: 'Arusha',
  city: 'Karatu',
  county: 'Karatu',
  address: 'Plot 12, Sokoine Road',
}

/** Tanga Cement's work, its contacts typed the ways people write numbers (spaces, the country code). */
const TANGA_CEMENT: WorkInput = {
  ...TANGA_CEMENT_WORK,
  // Issue 13: the contacts used to refuse these.
  contacts: [
    { name: 'Baraka Mushi', mobile: '0754 000 001', relation: 'parents' },
    { name: 'Neema Mushi', mobile: '+255688000002', relation: 'brothersOrSisters' },
  ],
}

/**
 * Issue 13 — errors that are seen: Next on the empty form scrolls to the first field in error and focuses it; an
 * error that appears when a field is left keeps the next control where the finger is (no layout shift).
 */
async function expectErrorsSeen(page: Page, lang: Lang): Promise<void> {
  const text = (key: string) => page.getByRole('textbox', { name: t(lang, key), exact: true })
  const first = text('auth.personal.firstName')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await tap(page, lang, 'auth.common.next')
  await expect(first).toBeFocused()
  await expect(first).toBeInViewport()
  await page.evaluate(() => window.scrollTo(0, 0))
  // A fresh look at one field: the error line under it is kept before the error shows.
  const middle = text('auth.personal.middleName')
  const before = (await middle.boundingBox())!.y
  await first.fill('A')
  await first.fill('')
  await middle.focus()
  await expect(page.getByText(t(lang, 'validation.name.required')).first()).toBeVisible()
  expect((await middle.boundingBox())!.y).toBe(before)
}

/** Issue 13 — at 320 px the four NIDA boxes show every digit and none is narrower than a 44 px tap target. */
async function expectNidaFitsNarrowPhone(page: Page, lang: Lang): Promise<void> {
  await page.setViewportSize({ width: 320, height: 740 })
  for (const [i, digits] of [8, 5, 5, 2].entries()) {
    const box = page.getByRole('textbox', { name: tr(lang, 'ui.nida.part', { n: i + 1, total: 4, digits }), exact: true })
    await box.scrollIntoViewIfNeeded()
    const size = await box.evaluate((el: HTMLInputElement) => ({
      width: el.getBoundingClientRect().width,
      clipped: el.scrollWidth > el.clientWidth,
      value: el.value,
    }))
    expect(size.value).toHaveLength(digits)
    expect(size.width, `NIDA box ${i + 1}`).toBeGreaterThanOrEqual(44)
    expect(size.clipped, `NIDA box ${i + 1} clips its digits`).toBe(false)
  }
  await page.setViewportSize({ width: 360, height: 740 })
}

/** A pluralised text (`key_one` / `key_other`), as i18next picks it for these languages. */
const plural = (lang: Lang, key: string, count: number) =>
  tr(lang, `${key}_${count === 1 ? 'one' : 'other'}`, { count })

/** The figure a breakdown line shows: the definition after its term. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]')

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(1, 11) a new borrower from first open to a repaid loan [${lang}]`, () => {
    test.use({ lang })

    test('opens the app, registers, fills in the profile, borrows, is paid and repays everything', async ({
      page,
      kopa,
      shot,
    }) => {
      const money = (minor: number) => formatMoney(minor, 'TZS', intlLocale('TZ', lang))
      const mobile = freshMobile()
      const b: ApiBorrower = { mobile, token: '' }
      const latest = () => ok<LatestOrder>(kopa, b, '/loan/loan-order/latest')
      const heading = (key: string) =>
        page.getByRole('heading', { level: 1, name: t(lang, key), exact: true })

      // First launch: the shell opens the permission disclosure; Accept asks the phone for what Kopa uses.
      await page.goto('/#/pop')
      await expect(heading('standalone.permission.title')).toBeVisible()
      await expect(
        page.getByRole('button', { name: t(lang, 'standalone.permission.accept'), exact: true }),
      ).toBeEnabled()
      await shot('permission')
      await tap(page, lang, 'standalone.permission.accept')
      await expect(page).toHaveURL(/\/#\/$/)
      const asked = await page.evaluate(() =>
        window.__kopaShell!.callsOf('requestPermissions').map((c) => c.payload),
      )
      expect(asked).toEqual([{ names: ['camera', 'location', 'phone', 'storage'] }])

      // Home, signed out: Apply needs a session, so login opens; a new borrower registers from there.
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await shot('home')
      await tap(page, lang, 'home.button.apply')
      await expect(page).toHaveURL(/#\/user\/login$/)
      await expect(heading('user.login.title')).toBeVisible()
      await shot('login')
      await tap(page, lang, 'user.switch.register.action')
      await expect(page).toHaveURL(/#\/user\/register$/)
      await expect(heading('user.register.title')).toBeVisible()
      await shot('register')
      await signInWithSmsCode(page, kopa, lang, mobile, 'register')
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull()
      b.token = (await page.evaluate(() => localStorage.getItem('token')))!

      // to_borrow: 250,000 over 120 days. The amount starts in the middle of the range, never at its top (issue 13;
      // decisions.md "Issue 13"); the borrower steps it to 250,000.
      await expect(page).toHaveURL(/#\/borrow\/to_borrow$/)
      const amount = page.getByRole('slider', { name: t(lang, 'borrow.toBorrow.amount'), exact: true })
      const STEP = 10_000 * 100
      const [min, max] = [Number(await amount.getAttribute('min')), Number(await amount.getAttribute('max'))]
      expect(max).toBe(300_000 * 100)
      const start = min + Math.floor((max - min) / STEP / 2) * STEP
      await expect(amount).toHaveValue(String(start))
      const stepper = (way: 'increase' | 'decrease') =>
        page.getByRole('button', { name: tr(lang, `ui.stepper.${way}`, { amount: money(STEP) }), exact: true })
      const clicks = (250_000 * 100 - start) / STEP
      for (let i = 0; i < Math.abs(clicks); i += 1) await stepper(clicks > 0 ? 'increase' : 'decrease').click()
      await expect(amount).toHaveValue(String(250_000 * 100))
      await page.getByRole('radio', { name: plural(lang, 'ui.tenure.days', 120), exact: true }).check()
      await expect(figure(page, t(lang, 'borrow.breakdown.amount'))).toHaveText(money(250_000 * 100))
      await shot('to-borrow')
      await tap(page, lang, 'borrow.toBorrow.apply')

      // Personal information (6).
      await expect(page).toHaveURL(/#\/auth\/personal_infomation$/)
      expect(await latest()).toMatchObject({
        status: 6,
        productId: TZ_PRODUCT,
        amountMinor: 250_000 * 100,
        tenureDays: 120,
      })
      await expect(heading('auth.personal.title')).toBeVisible()
      await expect(page.getByText(tr(lang, 'ui.steps.count', { number: 1, total: 5 }), { exact: true })).toBeVisible()
      await expectErrorsSeen(page, lang)
      await fillPersonalInfo(page, lang, 'TZ', ASHA)
      await expectNidaFitsNarrowPhone(page, lang)
      await shot('personal-info')
      await tap(page, lang, 'auth.common.next')

      // The ID (12): the face step before the card is refused; then front, back and the shell's liveness SDK.
      await expect(page).toHaveURL(/#\/auth\/id_card_authentication$/)
      await expect(heading('auth.identity.title')).toBeVisible()
      await shot('id-card')
      await tap(page, lang, 'auth.identity.faceStart')
      await expect(
        page.getByRole('alert').filter({ hasText: t(lang, 'identity.error.frontFirst') }),
      ).toBeVisible()
      expect(await shellActions(page)).not.toContain('startLiveness')
      await takeIdPhotosAndFace(page, lang)
      const liveness = await page.evaluate(() =>
        window.__kopaShell!.callsOf('startLiveness').map((c) => c.payload),
      )
      expect(liveness).toEqual([{ mode: 1 }])
      await shot('id-card-done')
      await tap(page, lang, 'auth.common.next')

      // Additional information (11).
      await expect(page).toHaveURL(/#\/auth\/additionalInfomation$/)
      await expect(heading('auth.additional.title')).toBeVisible()
      await fillWorkInfo(page, lang, TANGA_CEMENT)
      await shot('additional-info')
      await tap(page, lang, 'auth.common.next')

      // The wallet (5): checked, not sent — Continue opens the review of the application (issue 13).
      await expect(page).toHaveURL(/#\/bank_account\/add_bankcard$/)
      await expect(heading('wallet.title')).toBeVisible()
      await fillWallet(page, lang, 'mpesa', mobile)
      await shot('wallet')
      await tap(page, lang, 'wallet.next')

      // The review: what is applied for and what was entered, numbers partly hidden; nothing sent yet (5).
      await expect(page).toHaveURL(/#\/bank_account\/review_application$/)
      await expect(heading('wallet.review.title')).toBeVisible()
      await expect(page.getByText(t(lang, 'ui.steps.review'), { exact: true })).toBeVisible()
      const walletSection = page.getByRole('region', { name: t(lang, 'ui.steps.addWallet'), exact: true })
      await expect(walletSection).toContainText('***')
      await expect(walletSection).not.toContainText(mobile)
      expect((await latest()).status).toBe(5)
      await shot('review-application')
      // Edit opens the step again; once it is saved again the borrower is back on the review, still at 5.
      const personalSection = page.getByRole('region', { name: t(lang, 'ui.steps.personalInfo'), exact: true })
      await personalSection
        .getByRole('button', { name: tr(lang, 'wallet.review.editLabel', { section: t(lang, 'ui.steps.personalInfo') }) })
        .click()
      await expect(page).toHaveURL(/#\/auth\/personal_infomation$/)
      await tap(page, lang, 'auth.common.next')
      await expect(page).toHaveURL(/#\/bank_account\/review_application$/)
      await expect(walletSection).toContainText('***')
      expect((await latest()).status).toBe(5)

      // Submit application sends the wallet, and so the application: finish loading (19) while it is sent.
      const submit = await holdNextCall(page, '/user/submit')
      await tap(page, lang, 'wallet.review.submit')
      await submit.reached
      await expect(page).toHaveURL(/#\/finish_loading$/)
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: t(lang, 'standalone.finishLoading.step.submitting'),
          exact: true,
        }),
      ).toBeVisible()
      const submitted = await latest()
      expect(submitted.status).toBe(19)
      await shot('finish-loading')
      // Review tips follows the order by itself; its readings wait while the screen is checked.
      const reviewReads = await holdOrderReadsOn(page, /#\/auth\/review_tips$/)
      await submit.release()

      // Review tips (1) while the application is assessed; the server's scorecard approves it (14) and the app
      // moves on by itself (docs/decisions.md "Live order status").
      await expect(page).toHaveURL(/#\/auth\/review_tips$|#\/borrow\/confirm_borrow$/)
      if (/review_tips$/.test(page.url())) {
        await expect(heading('auth.review.title')).toBeVisible()
        await expect(page.getByText(money(250_000 * 100), { exact: true })).toBeVisible()
        await shot('review-tips')
        await settle(kopa)
        await expect.poll(async () => (await latest()).status).toBe(14)
      }
      await reviewReads.release()
      await settle(kopa)

      // Confirm borrow (14): the server's figures, and confirm stays unavailable until the agreement is ticked.
      await expect(page).toHaveURL(/#\/borrow\/confirm_borrow$/)
      const order = await latest()
      expect(order.status).toBe(14)
      const info = await ok<ConfirmProductInfo>(kopa, b, '/loan/confirm/product-info', {
        loanOrderId: order.loanOrderId,
      })
      expect(info.principalMinor).toBe(250_000 * 100)
      await expect(figure(page, t(lang, 'borrow.breakdown.amount'))).toHaveText(money(info.principalMinor))
      await expect(figure(page, t(lang, 'borrow.breakdown.disbursal'))).toHaveText(money(info.disbursalMinor))
      await expect(figure(page, t(lang, 'borrow.breakdown.totalRepayable'))).toHaveText(
        money(info.totalRepayableMinor),
      )
      await expect(page.getByText(info.wallet.maskedNumber)).toBeVisible()
      const confirm = page.getByRole('button', { name: t(lang, 'borrow.confirm.submit'), exact: true })
      const agree = page.getByRole('checkbox', { name: t(lang, 'borrow.confirm.agree'), exact: true })
      await expect(agree).not.toBeChecked()
      await expect(confirm).toBeDisabled()
      await expectKeyFiguresAboveTheFold(page, lang)
      await shot('confirm-borrow')
      await agree.check()
      await expect(confirm).toBeEnabled()
      await shot('confirm-borrow-agreed')
      const lendingReads = await holdOrderReadsOn(page, /#\/borrow\/lending$/)
      await confirm.click()

      // Lending (7) until the sandbox pays the money out (2); then the app moves on by itself.
      await expect(page).toHaveURL(/#\/borrow\/lending$|#\/outcome$/)
      if (/lending$/.test(page.url())) {
        await expect(heading('borrow.lending.title')).toBeVisible()
        await expect(page.getByText(order.orderNo, { exact: true })).toBeVisible()
        await shot('lending')
        await settle(kopa)
        await expect.poll(async () => (await latest()).status).toBe(2)
      }
      await lendingReads.release()
      await settle(kopa)

      // Money sent (issue 13): what reached the wallet, what to repay and by when, as the server says; Continue
      // opens repay detail.
      const paidOut = await latest()
      expect(paidOut.status).toBe(2)
      await passOutcome(page, shot, lang, 'moneySent', [
        money(info.disbursalMinor),
        money(paidOut.remainingMinor!),
        paidOut.orderNo,
      ])

      // Repay detail (2): what is owed, as the server says.
      await expect(page).toHaveURL(/#\/repay\/repay_detail$/)
      expect((await latest()).status).toBe(2)
      const detail = await ok<RepaymentDetail>(kopa, b, '/portal/repayment/detail', {
        orderNo: order.orderNo,
      })
      expect(detail.disbursalMinor).toBe(info.disbursalMinor)
      // Interest to the day: repaid on the day of pay-out, one day of interest is owed (at least one day).
      expect(detail.balance.totalMinor).toBe(
        info.principalMinor + Math.round(info.interestMinor / info.tenureDays / 100) * 100,
      )
      const due = page.getByRole('region', { name: t(lang, 'repay.detail.due'), exact: true })
      await expect(due.locator('.k-amount')).toHaveText(money(detail.balance.totalMinor))
      const payAmount = page.getByRole('textbox', { name: t(lang, 'repay.form.amount'), exact: true })
      await expect(payAmount).toHaveValue(String(detail.balance.totalMinor / 100))
      await shot('repay-detail')

      // The cashier: the whole balance, pushed to the phone; the sandbox confirms it.
      await tap(page, lang, 'repay.form.pay')
      await expect(page).toHaveURL(/#\/repay\/cashier$/)
      await expect(heading('repay.cashier.title')).toBeVisible()
      await expect(page.getByText(money(detail.balance.totalMinor), { exact: true })).toBeVisible()
      await shot('cashier')
      await settle(kopa)
      await expect.poll(async () => (await latest()).status).toBe(4)
      await tap(page, lang, 'repay.wait.paid')

      // Payment received (issue 13): the loan is repaid in full, with what was paid; Continue goes home.
      await passOutcome(page, shot, lang, 'repaidInFull', [money(detail.balance.totalMinor)])

      // Repaid: home offers a new loan, Records lists the loan under Finished, the shell's review card is asked for.
      await expect(page).toHaveURL(/\/#\/$/)
      await expect(
        page.getByRole('button', { name: t(lang, 'home.button.apply'), exact: true }),
      ).toBeEnabled()
      await shot('home-repaid')
      await expect.poll(() => shellActions(page)).toContain('requestReview')
      const finished = await ok<ApiPage<OrderSummary>>(kopa, b, '/loan/loan-order/list-market', {
        tab: 'finished',
      })
      expect(finished.items.map((o) => [o.orderNo, o.status, o.listState])).toEqual([
        [order.orderNo, 4, 'finished'],
      ])
      await page
        .getByRole('navigation')
        .last()
        .getByRole('button', { name: t(lang, 'ui.tabs.records'), exact: true })
        .click()
      await expect(page).toHaveURL(/#\/records$/)
      await page.getByRole('tab', { name: t(lang, 'records.tab.finished'), exact: true }).click()
      await expect(
        page.getByRole('tab', { name: t(lang, 'records.tab.finished'), exact: true }),
      ).toHaveAttribute('aria-selected', 'true')
      const panel = page.getByRole('tabpanel', { name: t(lang, 'records.tab.finished'), exact: true })
      await expect(panel).toContainText(order.orderNo)
      await expect(panel).toContainText(t(lang, 'records.state.finished'))
      await shot('records-finished')

      // Nothing was collected through the shell: Tanzania requires no data set, so every flag reads set.
      const flags = await ok<UploadStatusFlags>(kopa, b, '/time/upload/uploadStatus', {
        orderNo: order.orderNo,
      })
      expect(Object.values(flags).every(Boolean)).toBe(true)
      expect(await shellActions(page)).not.toContain('timeSDK')
    })
  })
}
