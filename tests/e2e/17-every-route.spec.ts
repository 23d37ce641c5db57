/**
 * Issue 7, "the gallery shows every route of spec §2": a tour of the routes journeys 1–16 do not pass, each
 * opened the way a borrower reaches it (the me menu, settings, links, or a landing page's address), each asserted
 * by its title and one real piece of what it shows — the server's text in the borrower's language (FAQ, legal
 * documents, the loan agreement, the questions before a ticket, coupons) or the country profile (lender, customer
 * service) — and each saved to the gallery.
 *
 * Signed out: me and its agreement list (privacy_policy, terms_of_service, borrow/agreement), /privacy and
 * /agreements, /pop and /permission (the permission disclosure for Tanzania), register with /user/nation, the
 * landing pages /yx1, /yx2 (Apply leads to login first), /yx3 (the number typed there fills in register),
 * feedback_faq, language and open_app (inside the app: nothing to download).
 * Signed in: me, customer_services, about_us, faq (search), settings → language (switched and back), coupons.
 * Approved: /yx2ConfirmBorrow (the promotion's confirm page; confirming needs the agreement tick). The static
 * cashier is on journey 11 (Mexico pays by CLABE transfer).
 *
 * Rules it crosses: spec §2 route guard (protected routes open with a session, /yx2's Apply asks for login without
 * one); decisions.md "User centre": FAQ search on the phone over the server's text (every word must match), the
 * language list names each language in itself and switching changes every text at once, open_app inside the
 * shell offers no download.
 */
import { approvedBorrower, freshMobile, registered } from './borrower-api'
import { expect, t, test, type Lang, type Page } from './fixtures'
import {
  expectReadableRows,
  heading,
  legalDocument,
  okIn,
  openTab,
  signedInByShell,
  tapBack,
} from './steps/content'
import { COUNTRIES } from '../../domain/countries'
import { DISCLOSED_PERMISSIONS } from '../../domain/permissions'
import type { AgreementDocument, CouponQuantity, FaqContent, FaqItem } from '../../domain/api-types'

const OTHER: Record<'en' | 'sw', 'en' | 'sw'> = { en: 'sw', sw: 'en' }
const TZ = COUNTRIES.TZ

/** A counted text as i18next picks it in English and Kiswahili (one / other). */
function tc(lang: Lang, key: string, count: number): string {
  return t(lang, `${key}_${count === 1 ? 'one' : 'other'}`).replace('{{count}}', String(count))
}

const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${escape(name)}`) })
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A legal or loan document as the app shows it: its title (h2) from the server and its version line. */
async function expectDocument(page: Page, lang: Lang, doc: { title: string; version: string }) {
  await expect(page.getByRole('heading', { level: 2, name: doc.title, exact: true })).toBeVisible()
  await expect(
    page.getByText(t(lang, 'borrow.agreement.version').replace('{{version}}', doc.version), { exact: true }),
  ).toBeVisible()
}

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(17) every route of spec §2 [${lang}]`, () => {
    test.use({ lang })

    test('signed out: me, agreements, permissions, register, nation, landing pages, language, open app', async ({
      page,
      kopa,
      shot,
    }) => {
      const privacy = await legalDocument(kopa, 'privacy-policy', lang)
      const terms = await legalDocument(kopa, 'terms-of-service', lang)
      const loanAgreement = await okIn<AgreementDocument>(kopa, lang, '/loan/loan-order/loanAgreement', {})
      const questions = await okIn<{ items: FaqItem[] }>(kopa, lang, '/feedback/list/question_answer', {})

      // me, signed out: log in first, the menu, and the agreement list.
      await page.goto('/')
      await expect(page.getByRole('navigation').last()).toBeVisible()
      await openTab(page, lang, 'me')
      await expect(page).toHaveURL(/#\/me$/)
      await expect(heading(page, t(lang, 'me.title'))).toBeVisible()
      await expect(row(page, t(lang, 'me.login'))).toBeVisible()
      const agreements = page.getByRole('region', { name: t(lang, 'me.agreements') })
      for (const item of ['privacyPolicy', 'termsOfService', 'agreement'])
        await expect(
          agreements.getByRole('button', { name: t(lang, `me.item.${item}`), exact: true }),
        ).toBeVisible()
      await shot('me-signed-out')

      await agreements.getByRole('button', { name: t(lang, 'me.item.privacyPolicy'), exact: true }).click()
      await expect(page).toHaveURL(/#\/privacy_policy$/)
      await expect(heading(page, t(lang, 'standalone.privacy.title'))).toBeVisible()
      await expectDocument(page, lang, privacy)
      await shot('privacy-policy')
      await tapBack(page, lang)
      await expect(page).toHaveURL(/#\/me$/)

      await agreements.getByRole('button', { name: t(lang, 'me.item.termsOfService'), exact: true }).click()
      await expect(page).toHaveURL(/#\/terms_of_service$/)
      await expect(heading(page, t(lang, 'standalone.terms.title'))).toBeVisible()
      await expectDocument(page, lang, terms)
      await shot('terms-of-service')
      await tapBack(page, lang)
      await expect(page).toHaveURL(/#\/me$/)

      await agreements.getByRole('button', { name: t(lang, 'me.item.agreement'), exact: true }).click()
      await expect(page).toHaveURL(/#\/borrow\/agreement$/)
      await expect(heading(page, t(lang, 'borrow.agreement.title'))).toBeVisible()
      await expectDocument(page, lang, loanAgreement)
      await shot('loan-agreement')
      await tapBack(page, lang)
      await expect(page).toHaveURL(/#\/me$/)

      // The second address of each legal text shows the same document.
      await page.goto('/#/privacy')
      await expect(heading(page, t(lang, 'standalone.privacy.title'))).toBeVisible()
      await expectDocument(page, lang, privacy)
      await shot('privacy')
      await page.goto('/#/agreements')
      await expect(heading(page, t(lang, 'standalone.terms.title'))).toBeVisible()
      await expectDocument(page, lang, terms)
      await shot('agreements')

      // The permission disclosure (both addresses): each permission, its purpose, and what refusing it means in
      // Tanzania — the camera is needed for the ID, contacts are not used at all.
      for (const [route, path] of [
        ['pop', '/#/pop'],
        ['permission', '/#/permission'],
      ] as const) {
        await page.goto(path)
        await expect(heading(page, t(lang, 'standalone.permission.title'))).toBeVisible()
        const item = (name: string) =>
          page.getByRole('listitem').filter({ hasText: t(lang, `standalone.permission.name.${name}`) })
        await expect(
          page.getByRole('listitem').filter({ hasText: t(lang, 'standalone.permission.purpose.camera') }),
        ).toHaveCount(1)
        expect(await page.locator('main li').count()).toBe(DISCLOSED_PERMISSIONS.length)
        await expect(item('camera')).toContainText(t(lang, 'standalone.permission.use.identity'))
        await expect(item('contacts')).toContainText(t(lang, 'standalone.permission.refusing.notUsed'))
        await expect(
          page.getByRole('button', { name: t(lang, 'standalone.permission.accept'), exact: true }),
        ).toBeEnabled()
        await expectReadableRows(page)
        await shot(route)
      }

      // Register, and the country it is for (/user/nation): Kenya chosen, the form follows; then Tanzania again.
      await page.goto('/#/user/register')
      await expect(heading(page, t(lang, 'user.register.title'))).toBeVisible()
      await expect(page.getByRole('textbox', { name: t(lang, 'user.form.mobile') })).toBeVisible()
      await shot('register')
      const countryButton = (code: 'TZ' | 'KE') =>
        page.getByRole('button', {
          name: t(lang, 'user.form.country')
            .replace('{{country}}', t(lang, COUNTRIES[code].nameKey))
            .replace('{{dialCode}}', COUNTRIES[code].dialCode),
          exact: true,
        })
      await countryButton('TZ').click()
      await expect(page).toHaveURL(/#\/user\/nation$/)
      await expect(heading(page, t(lang, 'user.nation.title'))).toBeVisible()
      const countries = page.getByRole('radiogroup', { name: t(lang, 'user.nation.title') })
      await expect(countries.getByRole('radio')).toHaveCount(3)
      await expect(countries.getByRole('radio', { checked: true })).toContainText(`+${TZ.dialCode}`)
      await expectReadableRows(page)
      await shot('nation')
      await countries
        .getByRole('radio', { name: new RegExp(`^${escape(t(lang, COUNTRIES.KE.nameKey))}`) })
        .click()
      await expect(page).toHaveURL(/#\/user\/register$/)
      await countryButton('KE').click()
      await countries.getByRole('radio', { name: new RegExp(`^${escape(t(lang, TZ.nameKey))}`) }).click()
      await expect(countryButton('TZ')).toBeVisible()

      // /yx1: the promotion, and its button into registration.
      await page.goto('/#/yx1')
      await expect(heading(page, t(lang, 'standalone.yx1.title'))).toBeVisible()
      await expect(
        page.getByRole('heading', { name: t(lang, 'standalone.yx1.headline'), exact: true }),
      ).toBeVisible()
      await expect(page.getByText(t(lang, 'standalone.yx1.step.register'), { exact: true })).toBeVisible()
      await shot('yx1')
      await page.getByRole('button', { name: t(lang, 'standalone.yx1.start'), exact: true }).click()
      await expect(page).toHaveURL(/#\/user\/register$/)

      // /yx2: the offer; Apply asks a signed-out borrower to log in first (route guard).
      await page.goto('/#/yx2')
      await expect(heading(page, t(lang, 'standalone.yx2.title'))).toBeVisible()
      await expect(page.getByText(t(lang, 'standalone.yx2.benefit.repeat'), { exact: true })).toBeVisible()
      await shot('yx2')
      await page.getByRole('button', { name: t(lang, 'standalone.yx2.apply'), exact: true }).click()
      await expect(page).toHaveURL(/#\/user\/login$/)

      // /yx3: the phone-number landing; a wrong number is refused there, a right one opens register with it.
      await page.goto('/#/yx3')
      await expect(heading(page, t(lang, 'standalone.yx3.title'))).toBeVisible()
      const mobile = page.getByRole('textbox', {
        name: t(lang, 'standalone.yx3.mobile').replace('{{dialCode}}', TZ.dialCode),
      })
      const next = page.getByRole('button', { name: t(lang, 'standalone.yx3.continue'), exact: true })
      await next.click()
      await expect(mobile).toHaveAttribute('aria-invalid', 'true')
      await mobile.fill('0754 12')
      await next.click()
      await expect(page).toHaveURL(/#\/yx3$/)
      await expect(mobile).toHaveAttribute('aria-invalid', 'true')
      await mobile.fill('0754 123 456')
      await shot('yx3')
      await next.click()
      await expect(page).toHaveURL(/#\/user\/register$/)
      await expect(page.getByRole('textbox', { name: t(lang, 'user.form.mobile') })).toHaveValue(
        /754\s?123\s?456/,
      )
      await shot('register-from-yx3')

      // feedback_faq is open to anyone: the server's questions in the borrower's language.
      await page.goto('/#/feedback/feedback_faq')
      await expect(heading(page, t(lang, 'feedback.faq.title'))).toBeVisible()
      for (const question of questions.items)
        await expect(page.getByText(question.question, { exact: true })).toBeVisible()
      await shot('feedback-faq-signed-out')

      // language and open_app need no session either.
      await page.goto('/#/user_center/language')
      await expect(heading(page, t(lang, 'user-center.language.title'))).toBeVisible()
      await expect(page.getByRole('radio', { checked: true })).toContainText(
        t(lang, `ui.language.endonym.${lang}`),
      )
      await shot('language-signed-out')
      await page.goto('/#/user_center/open_app')
      await expect(heading(page, t(lang, 'user-center.openApp.title'))).toBeVisible()
      await expect(page.getByText(t(lang, 'user-center.openApp.inApp'), { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: t(lang, 'user-center.openApp.download') })).toHaveCount(0)
      await shot('open-app')
    })

    test('approved: the promotion confirm page yx2ConfirmBorrow, its agreement tick required', async ({
      page,
      kopa,
      shot,
    }) => {
      // 14 and 18 wait for confirmation alike (the lifecycle's canConfirm), so an approval opens the promotion's
      // confirm page too; it is the confirm borrow view with the server's figures.
      const { b } = await approvedBorrower(kopa)
      await signedInByShell(page, b.token)
      // Home shows the approval once the login has read the order; the deep link comes after, as a person's would.
      await expect(page.getByRole('heading', { name: t(lang, 'home.state.approved.title'), exact: true })).toBeVisible()
      await page.goto('/#/yx2ConfirmBorrow')
      await expect(page).toHaveURL(/#\/yx2ConfirmBorrow$/)
      const confirm = page.getByRole('button', { name: t(lang, 'borrow.confirm.submit'), exact: true })
      const agree = page.getByRole('checkbox', { name: t(lang, 'borrow.confirm.agree'), exact: true })
      await expect(agree).toBeVisible()
      await expect(confirm).toBeDisabled()
      await shot('yx2-confirm-borrow')
      await agree.check()
      await expect(confirm).toBeEnabled()
    })

    test('signed in: me, customer service, about us, FAQ search, settings, language switch, coupons', async ({
      page,
      kopa,
      shot,
    }) => {
      const b = await registered(kopa, freshMobile())
      const faq = await okIn<FaqContent>(kopa, lang, '/app/faq', {}, b.token)
      const coupons = await okIn<CouponQuantity>(kopa, lang, '/lottery-draw/coupon/quantity', {}, b.token)
      await signedInByShell(page, b.token)

      await openTab(page, lang, 'me')
      await expect(heading(page, t(lang, 'me.title'))).toBeVisible()
      await expect(page.getByText(t(lang, 'me.signedInAs'), { exact: true })).toBeVisible()
      await expect(row(page, t(lang, 'me.login'))).toHaveCount(0)
      await expectReadableRows(page)
      await shot('me-signed-in')

      // Customer service: the country profile's contacts and opening hours.
      await row(page, t(lang, 'me.item.customerServices')).click()
      await expect(page).toHaveURL(/#\/user_center\/customer_services$/)
      await expect(heading(page, t(lang, 'user-center.service.title'))).toBeVisible()
      await expect(page.getByText(TZ.customerService.email, { exact: true })).toBeVisible()
      await expect(
        page.getByRole('link', { name: t(lang, 'user-center.contact.call'), exact: true }),
      ).toHaveAttribute('href', `tel:+${TZ.customerService.phone}`)
      await expectReadableRows(page)
      await shot('customer-services')
      await tapBack(page, lang)

      // About us: the licensed lender, its licence and regulator.
      await row(page, t(lang, 'me.item.aboutUs')).click()
      await expect(page).toHaveURL(/#\/user_center\/about_us$/)
      await expect(heading(page, t(lang, 'user-center.about.title'))).toBeVisible()
      await expect(page.getByText(TZ.lender.licenceNumber, { exact: true })).toBeVisible()
      await expect(page.getByText(t(lang, TZ.lender.regulatorKey), { exact: true })).toBeVisible()
      await expectReadableRows(page)
      await shot('about-us')
      await tapBack(page, lang)

      // FAQ: the server's sections in the borrower's language, searched on the phone.
      await row(page, t(lang, 'me.item.faq')).click()
      await expect(page).toHaveURL(/#\/user_center\/faq$/)
      await expect(heading(page, t(lang, 'user-center.faq.title'))).toBeVisible()
      for (const section of faq.sections)
        await expect(page.getByRole('heading', { level: 2, name: section.title, exact: true })).toBeVisible()
      const all = faq.sections.flatMap((s) => s.items)
      const questions = page.locator('summary')
      await expect(questions).toHaveCount(all.length)
      await shot('faq')
      const wanted = faq.sections[1]!.items[0]!
      const search = page.getByRole('searchbox', { name: t(lang, 'user-center.faq.search') })
      await search.fill(wanted.question)
      await expect(questions.filter({ hasText: wanted.question })).toHaveCount(1)
      await expect.poll(() => questions.count()).toBeLessThan(all.length)
      await questions.filter({ hasText: wanted.question }).click()
      await expect(page.getByText(wanted.answer, { exact: true })).toBeVisible()
      await shot('faq-search')
      await search.fill('zzqxw')
      await expect(
        page.getByText(t(lang, 'user-center.faq.noMatch').replace('{{query}}', 'zzqxw'), { exact: true }),
      ).toBeVisible()
      await expect(questions).toHaveCount(0)
      await search.fill('')
      await expect(questions).toHaveCount(all.length)
      await tapBack(page, lang)

      // Settings → language: the other language changes every text at once; then back.
      await row(page, t(lang, 'me.item.settings')).click()
      await expect(page).toHaveURL(/#\/user_center\/settings$/)
      await row(page, t(lang, 'user-center.settings.language')).click()
      await expect(page).toHaveURL(/#\/user_center\/language$/)
      const other = OTHER[lang]
      const choice = (language: 'en' | 'sw', shownIn: Lang) =>
        page.getByRole('radio', {
          name: new RegExp(`^${t(shownIn, `ui.language.endonym.${language}`)}`),
        })
      await expect(choice(lang, lang)).toHaveAttribute('aria-checked', 'true')
      await expect(
        page.getByText(t(lang, `user-center.language.name.${other}`), { exact: true }),
      ).toBeVisible()
      await shot('language')
      await choice(other, lang).click()
      await expect(heading(page, t(other, 'user-center.language.title'))).toBeVisible()
      await expect(choice(other, other)).toHaveAttribute('aria-checked', 'true')
      await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(other)
      await shot('language-switched')
      await choice(lang, other).click()
      await expect(heading(page, t(lang, 'user-center.language.title'))).toBeVisible()
      await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe(lang)
      await tapBack(page, lang)
      await expect(page).toHaveURL(/#\/user_center\/settings$/)
      await expect(row(page, t(lang, 'user-center.settings.language'))).toContainText(
        t(lang, `ui.language.endonym.${lang}`),
      )
      await tapBack(page, lang)

      // Coupons: how many the server says the borrower can use, and the tabs.
      await row(page, t(lang, 'me.item.coupons')).click()
      await expect(page).toHaveURL(/#\/user_center\/coupons$/)
      await expect(heading(page, t(lang, 'coupons.title'))).toBeVisible()
      await expect(
        page.getByText(tc(lang, 'coupons.available', coupons.available), { exact: true }),
      ).toBeVisible()
      await expect(
        page.getByRole('tab', { name: t(lang, 'coupons.tab.available'), exact: true }),
      ).toHaveAttribute('aria-selected', 'true')
      await shot('coupons')
    })
  })
}
