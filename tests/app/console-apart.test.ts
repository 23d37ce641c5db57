/**
 * Issue 20: the staff console is a page of its own (console.html) in the same build, and none of it reaches the
 * borrower: the borrower's translations leave console.json out, and the borrower's frame (scripts/vite/app-shell.ts)
 * is written into index.html only. The borrower's service worker leaves the console's page to the network: it never
 * answers /console with the borrower's index.html, nor keeps it (services/offline/pages.ts).
 */
import { describe, expect, it } from 'vitest'
import { appShell } from '../../scripts/vite/app-shell'
import { NAMESPACES } from '../../src/i18n'
import { consolePages } from '../../services/offline/pages'

type Handler = (html: string, ctx: { filename: string; path: string }) => string

describe('the console apart from the borrower’s app', () => {
  it('is no namespace of the borrower’s translations (the phone never downloads its words)', () => {
    expect(NAMESPACES).not.toContain('console')
    expect(NAMESPACES).toContain('ui')
  })

  it('gets no frame of the borrower’s home in its page', () => {
    const plugin = appShell() as unknown as { transformIndexHtml: { handler: Handler } }
    const page = '<!doctype html><html lang="en"><body><div id="console"></div></body></html>'
    expect(
      plugin.transformIndexHtml.handler(page, { filename: '/repo/console.html', path: '/console.html' }),
    ).toBe(page)
    const index = '<!doctype html><html lang="sw"><body><div id="root"></div></body></html>'
    expect(
      plugin.transformIndexHtml.handler(index, { filename: '/repo/index.html', path: '/index.html' }),
    ).toContain('k-boot')
  })

  it('is never answered by the borrower’s service worker, wherever the app is served', () => {
    const atRoot = consolePages('https://kopa.example/')
    for (const page of ['/console', '/console/', '/console?from=mail', '/console/#/staff'])
      expect(atRoot.test(page), page).toBe(true)
    // The borrower's own pages are still the worker's.
    for (const page of ['/', '/index.html', '/?utm=x', '/consoles', '/assets/console-x.js', '/app/console'])
      expect(atRoot.test(page), page).toBe(false)
    // Served under a path (a lender's own host), the console is the one beside the app.
    const underPath = consolePages('https://lender.example/kopa/')
    expect(underPath.test('/kopa/console')).toBe(true)
    expect(underPath.test('/console')).toBe(false)
    expect(underPath.test('/kopa/')).toBe(false)
  })
})
