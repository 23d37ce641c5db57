/** Builds the app when dist/ (or KOPA_DIST_DIR) has no index.html; `npm test` builds before Playwright runs. */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

export default function globalSetup(): void {
  const dist = path.resolve(process.env.KOPA_DIST_DIR ?? 'dist')
  if (existsSync(path.join(dist, 'index.html'))) return
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', dist], { stdio: 'inherit' })
  if (res.status !== 0) throw new Error('vite build failed: the browser journeys need the built app')
}
