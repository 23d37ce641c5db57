/**
 * Page steps of the money path shared by journeys 6, 8 and 13 (confirm borrow, the pay-out, its screens):
 * - `look(page, shot)`: a screenshot that first checks the screen's title is not cut off at 360 px;
 * - `routeLog(page)`: every hash route the page showed, in order;
 * - `openConfirmBorrow(page, lang)`: from home's "Get money" to confirm borrow, agreement not ticked yet;
 * - `passTransient(…)`: a screen shown only until the server moves on (lending, review tips), photographed when
 *   it shows, then left with its Refresh;
 * - `holdNextCall(page, apiPath)`: hold one of the app's calls on its way to the server, to see the screen shown
 *   while it runs and check the server's state before it lands.
 */
import { tsImport } from 'tsx/esm/api'
import type { OutcomeKind } from '../../../machines/loan-outcome'
import type { ApiPath } from '../../../domain/api'
import { expect, t, type Lang, type Page } from '../fixtures'

type Wire = typeof import('../../../protocol/protocol')
const wire: Promise<Wire> = tsImport('../../../protocol/protocol.ts', import.meta.url) as Promise<Wire>

export type Shot = (name: string) => Promise<void>

/**
 * The screen's title (its h1) is shown whole: the header wraps a long title to a second line and cuts what does
 * not fit in two, which would lose words in the longer Kiswahili texts. Then the screenshot.
 */
export async function look(page: Page, shot: Shot, name: string): Promise<void> {
  const title = page.getByRole('heading', { level: 1 }).first()
  if (await title.count()) {
    const fits = await title.evaluate(
      (el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1,
    )
    expect(fits, `the title "${await title.textContent()}" of ${name} is cut off at 360 px`).toBe(true)
  }
  await shot(name)
}

/** Every hash the page showed, in order (hash changes are same-document navigations). */
export function routeLog(page: Page): string[] {
  const seen: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    const hash = new URL(frame.url()).hash || '#/'
    if (seen[seen.length - 1] !== hash) seen.push(hash)
  })
  return seen
}

/**
 * Home's "Get money" (an approved order, 14) opens confirm borrow with the server's price; the agreement is not
 * ticked and the confirm button reads as unavailable until it is.
 */
export async function openConfirmBorrow(page: Page, lang: Lang) {
  await expect(page.getByRole('heading', { name: t(lang, 'home.state.approved.title'), exact: true })).toBeVisible()
  await page.getByRole('button', { name: t(lang, 'home.button.getMoney'), exact: true }).click()
  return confirmBorrowScreen(page, lang)
}

/** Confirm borrow as it opens: the price is shown, the agreement not ticked, confirming unavailable. */
export async function confirmBorrowScreen(page: Page, lang: Lang) {
  await expect(page).toHaveURL(/#\/borrow\/confirm_borrow$/)
  const confirm = page.getByRole('button', { name: t(lang, 'borrow.confirm.submit'), exact: true })
  const tick = page.getByRole('checkbox', { name: t(lang, 'borrow.confirm.agree'), exact: true })
  await expect(page.getByRole('heading', { name: t(lang, 'borrow.breakdown.title'), exact: true })).toBeVisible()
  await expect(tick).not.toBeChecked()
  await expect(confirm).toBeDisabled()
  await expectKeyFiguresAboveTheFold(page, lang)
  return { confirm, tick }
}

/**
 * Issue 13 — on confirm borrow, what the borrower decides on is seen without scrolling on a 360×740 phone: what
 * reaches the wallet, what is repaid and by when sit above the button bar; and the unavailable Confirm says why.
 */
export async function expectKeyFiguresAboveTheFold(page: Page, lang: Lang): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0))
  const bar = (await page.locator('.k-actions').last().boundingBox())!
  for (const key of ['borrow.breakdown.disbursal', 'borrow.breakdown.totalRepayable', 'borrow.breakdown.dueDate']) {
    const box = (await valueOf(page, t(lang, key)).boundingBox())!
    expect(box.y + box.height, `${key} is above the fold`).toBeLessThanOrEqual(bar.y)
  }
  const confirm = page.getByRole('button', { name: t(lang, 'borrow.confirm.submit'), exact: true })
  await expect(confirm).toHaveAccessibleDescription(t(lang, 'borrow.confirm.tickFirst'))
}

/** One line of a key–value list (`<dt>label</dt><dd>value</dd>`): its value. */
export function valueOf(page: Page, label: string) {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]')
}

/**
 * A screen the borrower sees only while the server has not moved on yet — lending (7) until the sandbox answers
 * the pay-out, review tips (1) until the assessment — which the app shows when it read the order first (both
 * answer within one job poll in the test server, 250 ms): photographed when it shows (its order watch's readings
 * held meanwhile, so it stays still for the picture), then it moves on by itself to the screen the server's status
 * names, with no tap (docs/decisions.md "Live order status"). Call it once the server has moved on; install it
 * (`holdOrderReadsOn`) before the step that leads there with `held`, when that step may already reach the screen.
 */
export async function passTransient(
  page: Page,
  shot: Shot,
  screen: { url: RegExp; refresh: string; name: string },
  next: RegExp,
  held?: HeldReads,
): Promise<void> {
  const reads = held ?? (await holdOrderReadsOn(page, screen.url))
  try {
    await expect(page).toHaveURL(new RegExp(`${screen.url.source}|${next.source}`))
    if (screen.url.test(page.url())) {
      // The screen's first read may have gone out before the hold was in place and already found the server moved
      // on: then the app leaves at once, which is the behaviour under test, and there is nothing to photograph.
      const refresh = page.getByRole('button', { name: screen.refresh, exact: true })
      const shown = () => refresh.isEnabled({ timeout: 100 }).catch(() => false)
      await expect.poll(async () => (await shown()) || !screen.url.test(page.url())).toBe(true)
      if (screen.url.test(page.url())) await look(page, shot, screen.name)
    }
  } finally {
    await reads.release()
  }
  await expect(page).toHaveURL(next)
}

export interface HeldReads {
  /** Lets the held reads (and every later one) through: the waiting screen then follows the order by itself. */
  release(): Promise<void>
}

/**
 * Holds the app's reads of its latest order (/loan/loan-order/latest) made while the page is on `url` — a waiting
 * screen's order watch — so the screen stays put while the journey checks and photographs it; `release()` sends
 * them on to the server unchanged. Reads made on any other screen, and every other call, pass untouched.
 */
export async function holdOrderReadsOn(page: Page, url: RegExp): Promise<HeldReads> {
  let letGo!: () => void
  const released = new Promise<void>((resolve) => (letGo = resolve))
  let open = true
  const waiting: Promise<void>[] = []
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    if (open && url.test(page.url()) && (await specPathOf(route.request().url())) === '/loan/loan-order/latest') {
      const sent = released.then(() => route.fallback())
      waiting.push(sent)
      return sent
    }
    await route.fallback()
  }
  await page.route(/\/api\//, handler)
  return {
    async release() {
      open = false
      letGo()
      await Promise.all(waiting)
      await page.unroute(/\/api\//, handler)
    },
  }
}

export interface HeldCall {
  /** Resolves when the app has made the call (it is then waiting in the test's hand). */
  readonly reached: Promise<void>
  /** Lets the call go on to the server, unchanged. */
  release(): Promise<void>
}

/** The spec path of one of the app's requests (`/api/<token>` or `/cou/<token>`), or null for anything else. */
async function specPathOf(url: string): Promise<string | null> {
  const match = /^\/(?:api|cou)\/([A-Za-z0-9_-]+)$/.exec(new URL(url).pathname)
  if (!match) return null
  return (await wire).decryptText('com.kopa.app', match[1]!)
}

/**
 * Holds the app's next call of `apiPath` until `release()`; every other call passes untouched. The call is
 * recognised by its spec path, which the wire protocol carries encrypted in the URL (docs/wire-protocol.md), read
 * with the app's own decoder. Nothing is answered by the test: the released call reaches the real server.
 */
export async function holdNextCall(page: Page, apiPath: ApiPath): Promise<HeldCall> {
  let reach!: () => void
  let letGo!: () => void
  const reached = new Promise<void>((resolve) => (reach = resolve))
  const released = new Promise<void>((resolve) => (letGo = resolve))
  let taken = false
  let sent: Promise<void> = Promise.resolve()
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    if (!taken && (await specPathOf(route.request().url())) === apiPath) {
      taken = true
      reach()
      sent = released.then(() => route.continue())
      return sent
    }
    await route.continue()
  }
  await page.route(/\/(api|cou)\//, handler)
  return {
    reached,
    async release() {
      letGo()
      await sent
      await page.unroute(/\/(api|cou)\//, handler)
    },
  }
}

export interface HeldDecision {
  /** How many of the app's reads of the latest order were answered so far (held or not). */
  readonly reads: () => number
  /** Lets the server's decision through: from now on the app reads the order as the server has it. */
  release(): void
}

/**
 * The server under test decides an application within one job poll (250 ms), too soon for a browser journey to
 * see the app wait on it. Until `release()`, the app's reads of its latest order (/loan/loan-order/latest, and
 * only those) are answered as the order stood before the decision: the server's own answer, with an approved
 * order (14/18) or a rejected one (9) shown as still assessed (1) and the decision's fields empty. Every other call
 * reaches the server untouched, and after the release every read gets the server's answer as it is.
 */
export async function holdDecision(page: Page): Promise<HeldDecision> {
  let held = true
  let reads = 0
  await page.route(/\/api\//, async (route) => {
    if ((await specPathOf(route.request().url())) !== '/loan/loan-order/latest') return route.fallback()
    reads += 1
    // Whether this read is held is decided when the app asks, not when the server answers: a read in flight when
    // the test releases the decision still shows the order as assessed, so only a read after the release opens it.
    const hold = held
    try {
      const response = await route.fetch()
      const body = (await response.json()) as { code: number; data: Record<string, unknown> | null }
      if (hold && body.code === 0 && body.data && [9, 14, 18].includes(body.data.status as number)) {
        body.data = { ...body.data, status: 1, approvedAt: null, confirmBy: null, disbursalMinor: null, retryAt: null }
      }
      const headers = { ...response.headers() }
      delete headers['content-encoding']
      delete headers['content-length']
      await route.fulfill({ status: response.status(), headers, json: body })
    } catch (err) {
      // The test ended while the app's last read was in flight: its page is closing and the fetched answer was
      // disposed (once in a clean run: "apiResponse.json: Response has been disposed"). Nothing waits for it.
      if (page.isClosed() || /disposed|has been closed/i.test(String(err))) return
      throw err
    }
  })
  return {
    reads: () => reads,
    release() {
      held = false
    },
  }
}

/**
 * Issue 13 — the outcome screen after a money event (docs/decisions.md "Outcome screens"): it says what happened,
 * with the server's figures (`figures`: a text each that must be on it, e.g. the amount paid), and what happens
 * next; photographed (axe-checked by `shot`), then left with Continue. The caller checks where Continue leads.
 */
export async function passOutcome(
  page: Page,
  shot: Shot,
  lang: Lang,
  kind: OutcomeKind,
  figures: readonly string[] = [],
  name = `outcome-${kind}`,
): Promise<void> {
  await expect(page).toHaveURL(/#\/outcome$/)
  const news = page.getByRole('status', { name: t(lang, `outcome.${kind}.heading`), exact: true })
  await expect(news).toBeVisible()
  const screen = page.getByRole('main')
  for (const figure of figures) await expect(screen).toContainText(figure)
  await expect(page.getByRole('region', { name: t(lang, 'outcome.nextTitle'), exact: true })).toBeVisible()
  await look(page, shot, name)
  await page.getByRole('button', { name: t(lang, 'outcome.continue'), exact: true }).click()
}
