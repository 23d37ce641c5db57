import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy* and waitFor give up after 1 s by default. On CI's 2 cores a server file runs beside the screens, and a
// lazy screen's first render there can take longer than that: a test waiting for something that does appear
// failed once (stop 26). Five seconds still fails a test whose screen never shows what it waits for.
configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
