/**
 * Issue 20: the staff console is a page of its own (console.html) in the same build, and none of it reaches the
 * borrower: the borrower's translations leave console.json out, and the borrower's frame (scripts/vite/app-shell.ts)
 * is written into index.html only.
 */
import { describe, expect, it } from 'vitest'
import { appShell } from '../../scripts/vite/app-shell'
import { NAMESPACES } from '../../src/i18n'

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
})
