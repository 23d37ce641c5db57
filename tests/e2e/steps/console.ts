/** The staff console's steps the browser journeys share (journeys 25 and 29). */
import type { Page } from '@playwright/test'
import { expect, t, type Lang } from '../fixtures'

export const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((out, [k, v]) => out.replace(`{{${k}}}`, v), text)

/** The console in `lang`: English is the browser's; Kiswahili is chosen on the sign-in page, as a member would. */
export async function openConsole(page: Page, lang: Lang): Promise<void> {
  await page.goto('/console')
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'console.signIn.title') })).toBeVisible()
  if (lang !== 'en') await page.getByRole('radio', { name: t(lang, `ui.language.endonym.${lang}`) }).click()
  await expect(page.getByRole('heading', { level: 1, name: t(lang, 'console.signIn.title') })).toBeVisible()
}

export async function signIn(
  page: Page,
  lang: Lang,
  username: string,
  password: string,
  code: string,
): Promise<void> {
  const T = (key: string) => t(lang, key)
  const name = field(page, T('console.signIn.username'))
  await name.fill(username)
  await field(page, T('console.signIn.password')).fill(password)
  const boxes = page.getByRole('group', { name: T('console.signIn.code') }).getByRole('textbox')
  await boxes.first().click()
  await page.keyboard.insertText(code)
  await page.getByRole('button', { name: T('console.signIn.submit'), exact: true }).click()
}

/** The field labelled `label` (its star, for a required field, aside). */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`))

export const navOf = (page: Page, lang: Lang) => page.getByRole('navigation', { name: t(lang, 'console.nav.label') })

