/**
 * The floor of `npm run bench` (docs/performance.md): a bare React 19 page, built by the same Vite and served by
 * the same reference server as Kopa, so the Kopa figures can be read against what React alone costs.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

function Hello() {
  return (
    <main>
      <h1>Hello</h1>
      <p>A plain React page: the floor Kopa is measured against.</p>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing')
createRoot(root).render(
  <StrictMode>
    <Hello />
  </StrictMode>,
)
