/**
 * The accessibility check every picture of the journeys runs (`accessibilityViolations` in fixtures.ts) finds what
 * axe-core finds: a page with known faults is reported, rule by rule, and a fault added after a first check is found
 * at the next one (axe is put in a page once and must judge the page as it is now, not as it was).
 */
import { accessibilityViolations, expect, test } from './fixtures'

test.describe('the accessibility check of every picture [en]', () => {
  test('reports an image without a text, a nameless button and faint text, then a fault added later', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>check</title></head><body><main>
      <h1>A page with faults</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <button></button>
      <p style="color:#ddd;background:#fff">faint text</p>
    </main></body></html>`)
    const first = await accessibilityViolations(page)
    const rules = new Set(first.map((line) => line.split(' ')[0]))
    expect([...rules].sort()).toEqual(['button-name', 'color-contrast', 'image-alt'])

    await page.evaluate(() => {
      document.querySelector('img')?.setAttribute('alt', 'a dot')
      const input = document.createElement('input')
      input.type = 'text'
      document.querySelector('main')?.append(input)
    })
    const second = await accessibilityViolations(page)
    const later = new Set(second.map((line) => line.split(' ')[0]))
    expect(later.has('image-alt')).toBe(false)
    expect(later.has('label')).toBe(true)
  })

  test('finds nothing on a page without faults', async ({ page }) => {
    await page.setContent(`<!doctype html><html lang="en"><head><title>check</title></head><body><main>
      <h1>A page without faults</h1><button type="button">Borrow</button></main></body></html>`)
    expect(await accessibilityViolations(page)).toEqual([])
  })
})
