import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'

// findBy* and waitFor give up after 1 s by default. On CI's 2 cores a server file runs beside the screens, and a
// lazy screen's first render there can take longer than that: a test waiting for something that does appear
// failed once (stop 26). Five seconds still fails a test whose screen never shows what it waits for.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

// The screens' files share their worker's modules and its jsdom document (vitest.config.ts, isolate: false): what
// a file wrote into the page itself (the app shell's markup, its head's links, the root's classes) goes with it.
afterAll(() => {
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  for (const name of [...document.documentElement.getAttributeNames()]) document.documentElement.removeAttribute(name)
  window.location.hash = ''
})
