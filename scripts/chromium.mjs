/**
 * Debian's Chromium as the browser journeys (playwright.config.ts) and the benchmark (scripts/bench.mjs) start it:
 * its path (KOPA_CHROMIUM overrides it) and the flags that keep it quiet and alike in both — no sandbox (root in a
 * container), no GPU, no QUIC, and none of the background traffic that would count in a page's bytes.
 */
export const CHROMIUM = process.env.KOPA_CHROMIUM ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
