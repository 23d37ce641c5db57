/**
 * Issue 16: the statecharts product owners open from a file (docs/flows/index.html, written by `npm run flows`),
 * with no server and no network: every machine is listed and drawn, and the page passes axe.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test } from './fixtures'

const FLOWS = path.resolve(import.meta.dirname, '..', '..', 'docs', 'flows')
const MACHINES = readdirSync(FLOWS)
  .filter((f) => f.endsWith('.svg'))
  .map((f) => f.slice(0, -'.svg'.length))

test.describe('(24) the flows viewer, opened from a file [en]', () => {
  // A product owner's screen, not a phone: the page scales each chart to its width.
  test.use({ lang: 'en', viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false })

  test('a product owner opens docs/flows/index.html and sees every machine drawn', async ({ page, shot }) => {
    await page.goto(pathToFileURL(path.join(FLOWS, 'index.html')).href)
    await expect(page.getByRole('heading', { level: 1, name: 'Kopa flows' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Machines' })
    await expect(nav.getByRole('link')).toHaveCount(MACHINES.length)
    for (const name of MACHINES) {
      const chart = page.getByRole('img', { name: `Statechart of the ${name} machine` })
      await chart.scrollIntoViewIfNeeded()
      // Drawn: the image loaded and has a size.
      await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    }
    await nav.getByRole('link', { name: 'order-lifecycle', exact: true }).click()
    await shot('order-lifecycle')
    await nav.getByRole('link', { name: 'journey', exact: true }).click()
    await shot('journey')
  })
})
