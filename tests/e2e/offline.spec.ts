/**
 * Issue 12: the service worker. After one visit the next open downloads only the page's revalidation and the
 * API's answers, and with no connection at all the app still opens, in the borrower's language, and says it is
 * offline.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** Bytes received by the page (every response it saw, from the network or the service worker). */
async function bytesOf(page: Page, open: () => Promise<void>): Promise<{ bytes: number; urls: string[] }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  let bytes = 0
  const urls: string[] = []
  cdp.on('Network.responseReceived', (e) => {
    if (!e.response.fromServiceWorker && !e.response.fromDiskCache) urls.push(new URL(e.response.url).pathname)
  })
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength))
  await open()
  await page.waitForLoadState('networkidle')
  return { bytes, urls }
}

const serviceWorkerActive = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state === 'activated')

test.describe('(22) the next open is instant, and works offline [en]', () => {
  test.use({ lang: 'en', serviceWorkers: 'allow' })

  test('a warm open fetches only the page and the API; offline, the app opens and says so', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation').last()).toBeVisible()
    await expect.poll(() => serviceWorkerActive(page), { timeout: 30_000 }).toBe(true)

    const warm = await page.context().newPage()
    const { bytes, urls } = await bytesOf(warm, async () => {
      await warm.goto('/')
      await expect(warm.getByRole('heading', { level: 1 })).toBeVisible()
    })
    // No script, style or translation from the network: they all come from the service worker's caches.
    expect(urls.filter((u) => u.startsWith('/assets/'))).toEqual([])
    expect(bytes).toBeLessThan(10 * 1024)

    await page.context().setOffline(true)
    const offline = await page.context().newPage()
    await offline.goto('/')
    await expect(offline.getByRole('navigation').last()).toBeVisible()
    await expect(offline.getByText('No internet connection', { exact: false }).first()).toBeVisible()
    await expect(offline.locator('html')).toHaveAttribute('lang', 'en')
    await page.context().setOffline(false)
  })
})

test.describe('(22) a start that never finishes offers to try again [en]', () => {
  test.use({ lang: 'en' })

  test('when a file of the app never arrives, the frame says so after 30 seconds and its button reloads', async ({ page }) => {
    await page.clock.install()
    // The journey's machines never arrive: the download hangs, as on a dropped line that never says so.
    let hold = true
    let asked!: () => void
    const held = new Promise<void>((resolve) => (asked = resolve))
    await page.route(/\/assets\/machines-journey-[^/]+\.js$/, async (route) => {
      if (hold) return asked() // never answered
      await route.continue()
    })
    await page.goto('/')
    await held // the start is under way, and stuck
    const notice = page.getByRole('alert').filter({ hasText: 'No internet connection' })
    await expect(notice).toBeHidden()
    await page.clock.fastForward(29_000)
    await expect(notice).toBeHidden()
    await page.clock.fastForward(2_000)
    await expect(notice).toBeVisible()
    hold = false
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('navigation').last()).toBeVisible()
    await expect(notice).toHaveCount(0)
  })
})
