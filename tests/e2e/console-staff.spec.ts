/**
 * Journey 25 (issue 20): the lender's staff console, against the real server. The first admin was made by the
 * operator's command before the server started (tests/e2e/console-fixtures.ts); they sign in at /console on a desktop
 * with their password and the code of their authenticator (computed here from the secret the command printed), add a
 * support member, who signs in on a 320 px phone with the secret the console showed and sees only support's pages;
 * the admin then reads both in the audit log, by days, and exports it. A session that ends while the admin types
 * loses nothing.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { t } from './fixtures'
import { field, fill, navOf, openConsole, signIn } from './steps/console'
import { DESKTOP, PHONE, expect, secretOf, test } from './console-fixtures'

for (const lang of ['en', 'sw'] as const) {
  test.describe(`(25) the lender's staff console [${lang}]`, () => {
    test.use({ lang })
    const T = (key: string) => t(lang, key)

    test('an admin signs in with an authenticator, adds a support member who sees only support’s pages, and reads both in the audit log', async ({
      consoleKopa,
      desk,
      codeFor,
      snap,
    }) => {
      const admin = consoleKopa.admin
      const desktop = await desk(DESKTOP)
      await openConsole(desktop, lang)
      await snap(desktop, 'sign-in')
      await signIn(desktop, lang, admin.username, admin.password, await codeFor(secretOf(admin.otpauthUri)))
      await expect(
        desktop.getByRole('heading', {
          level: 1,
          name: fill(T('console.overview.title'), { name: admin.displayName }),
        }),
      ).toBeVisible()
      await expect(navOf(desktop, lang).getByRole('button')).toHaveText([
        T('console.nav.overview'),
        T('console.nav.staff'),
        T('console.nav.audit'),
        T('console.nav.inbox'),
        T('console.nav.loans'),
        T('console.nav.products'),
        T('console.nav.books'),
        T('console.nav.proofs'),
        T('console.nav.password'),
      ])
      await snap(desktop, 'admin-overview')

      // A support member, added by the admin.
      const member = {
        username: `amina.${lang}`,
        displayName: 'Amina Okello',
        password: `first password ${lang} 2026`,
      }
      await navOf(desktop, lang)
        .getByRole('button', { name: T('console.nav.staff') })
        .click()
      await expect(desktop).toHaveURL(/\/console#\/staff$/)
      await field(desktop, T('console.staff.username')).fill(member.username)
      await field(desktop, T('console.staff.displayName')).fill(member.displayName)
      await desktop.getByRole('radio', { name: T('console.role.support') }).check()
      await field(desktop, T('console.staff.password')).fill(member.password)
      await snap(desktop, 'new-member-form')
      await desktop.getByRole('button', { name: T('console.staff.submit'), exact: true }).click()
      const added = desktop.getByRole('region', {
        name: fill(T('console.staff.created'), { name: member.displayName }),
      })
      await expect(added).toBeVisible()
      await expect(added.getByTestId('first-password')).toHaveText(member.password)
      const uri = (await added.getByTestId('otpauth-uri').textContent()) ?? ''
      expect(uri).toMatch(
        new RegExp(`^otpauth://totp/Kopa%20console%3A${member.username}\\?secret=[A-Z2-7]+`),
      )
      await expect(added.getByTestId('setup-key')).toHaveText(secretOf(uri).replace(/(.{4})(?=.)/g, '$1 '))
      await snap(desktop, 'member-added-with-authenticator')

      // The member signs in on a phone 320 px wide, with the secret the console showed.
      const phone = await desk(PHONE)
      await openConsole(phone, lang)
      await signIn(phone, lang, member.username, member.password, await codeFor(secretOf(uri)))
      await expect(
        phone.getByRole('heading', {
          level: 1,
          name: fill(T('console.overview.title'), { name: member.displayName }),
        }),
      ).toBeVisible()
      await expect(navOf(phone, lang).getByRole('button')).toHaveText([
        T('console.nav.overview'),
        T('console.nav.inbox'),
        T('console.nav.loans'),
        T('console.nav.password'),
      ])
      await expect(phone.getByText(T('console.permission.tickets.answer'))).toBeVisible()
      await expect(phone.getByText(T('console.permission.staff.manage'))).toHaveCount(0)
      // Nothing is wider than the phone.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      )
      await snap(phone, 'support-overview-on-a-phone')
      // An admin's page, asked for by its address, is refused: back to the overview.
      await phone.goto('/console#/staff')
      await expect(phone).toHaveURL(/\/console#\/$/)
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
        fill(T('console.overview.title'), { name: member.displayName }),
      )

      // The admin reads both in the audit log, by days (the server's clock has moved a little ahead of this one).
      await navOf(desktop, lang)
        .getByRole('button', { name: T('console.nav.audit') })
        .click()
      await expect(desktop).toHaveURL(/\/console#\/audit$/)
      const clock = (await (await fetch(`${consoleKopa.url}/dev/clock`)).json()) as { now: string }
      const day = (offset: number) =>
        new Date(Date.parse(clock.now) + offset * 86_400_000).toISOString().slice(0, 10)
      await field(desktop, T('console.audit.from')).fill(day(-1))
      await field(desktop, T('console.audit.to')).fill(day(1))
      await desktop.getByRole('button', { name: T('console.audit.apply'), exact: true }).click()
      const rows = desktop.locator('ol.c-log > li')
      const memberId = /staff:(\d+)/
      const created = rows
        .filter({ hasText: `(${member.username})` })
        .filter({ hasText: T('console.action.staff.created') })
      await expect(created).toHaveCount(1)
      await expect(created).toContainText(admin.username)
      expect(memberId.test((await created.textContent()) ?? '')).toBe(true)
      const signedIn = rows
        .filter({ hasText: member.username })
        .filter({ hasText: T('console.action.session.signedIn') })
      await expect(signedIn).toHaveCount(1)
      await snap(desktop, 'audit-log-with-both')

      const download = desktop.waitForEvent('download')
      await desktop.getByRole('button', { name: T('console.audit.export'), exact: true }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe(`kopa-audit-${day(-1)}.csv`)
      const csv = await (
        await file.createReadStream()
      )
        .toArray()
        .then((parts) => Buffer.concat(parts).toString())
      expect(csv.split('\r\n')[0]).toBe('id,at,staff_id,action,subject,before,after')
      expect(csv).toContain('staff.created')
      expect(csv).toContain(member.username)
      expect(csv).toContain('session.signedIn')
      await expect(desktop.getByText(T('console.audit.exported'))).toBeVisible()

      // The same log on the admin's phone: one column, nothing wider than 320 px.
      await desktop.setViewportSize(PHONE)
      await expect(created).toBeVisible()
      expect(await desktop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      )
      await snap(desktop, 'audit-log-on-a-phone')
    })

    test('an admin whose session ends while adding a member signs in again and finds the form as typed', async ({
      consoleKopa,
      desk,
      codeFor,
      snap,
    }) => {
      const admin = consoleKopa.admin
      const secret = secretOf(admin.otpauthUri)
      const desktop = await desk(DESKTOP)
      await openConsole(desktop, lang)
      await signIn(desktop, lang, admin.username, admin.password, await codeFor(secret))
      await navOf(desktop, lang)
        .getByRole('button', { name: T('console.nav.staff') })
        .click()
      const username = field(desktop, T('console.staff.username'))
      await username.fill(`baraka.${lang}`)
      await field(desktop, T('console.staff.displayName')).fill('Baraka Said')
      await desktop.getByRole('radio', { name: T('console.role.finance') }).check()
      await field(desktop, T('console.staff.password')).fill('finance first password')

      // 31 minutes without a call: the server ends the session.
      await consoleKopa.advanceClock(31 * 60 * 1000)
      await desktop.getByRole('button', { name: T('console.staff.submit'), exact: true }).click()
      await expect(desktop).toHaveURL(/\/console#\/sign-in$/)
      await expect(
        desktop.getByRole('status').filter({ hasText: T('console.signIn.notice.sessionEnded') }),
      ).toBeVisible()
      await expect(field(desktop, T('console.signIn.username'))).toHaveValue(admin.username)
      await snap(desktop, 'session-ended')

      await field(desktop, T('console.signIn.password')).fill(admin.password)
      const boxes = desktop.getByRole('group', { name: T('console.signIn.code') }).getByRole('textbox')
      await boxes.first().click()
      await desktop.keyboard.insertText(await codeFor(secret))
      await desktop.getByRole('button', { name: T('console.signIn.submit'), exact: true }).click()
      await expect(desktop).toHaveURL(/\/console#\/staff$/)
      await expect(username).toHaveValue(`baraka.${lang}`)
      await expect(desktop.getByRole('radio', { name: T('console.role.finance') })).toBeChecked()
      await snap(desktop, 'form-kept-after-signing-in-again')
      await desktop.getByRole('button', { name: T('console.staff.submit'), exact: true }).click()
      await expect(
        desktop.getByRole('region', { name: fill(T('console.staff.created'), { name: 'Baraka Said' }) }),
      ).toBeVisible()
    })
  })
}

test.describe("(25) the lender's staff console, apart from the borrower's app [en]", () => {
  test.use({ lang: 'en' })

  test('a borrower’s phone loads nothing of the console, and the service worker would keep none of it', async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await page.goto('/')
    await expect(page.getByRole('navigation').last()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(asked.length).toBeGreaterThan(5)
    expect(asked.filter((p) => /console/.test(p))).toEqual([])
    // The precache list the build wrote into the borrower's service worker.
    const worker = readFileSync(path.resolve(process.env.KOPA_DIST_DIR ?? 'dist', 'sw.js'), 'utf8')
    const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!)
    expect(precached).toContain('index.html')
    expect(precached.filter((u) => /console/.test(u))).toEqual([])
  })
})
