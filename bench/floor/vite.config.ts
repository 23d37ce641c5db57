/**
 * The floor page of `npm run bench`: the same Vite, React plugin and precompression as the app (vite.config.ts),
 * nothing else. The output directory is given on the command line (`--outDir <tmp>/floor --emptyOutDir`).
 */
import path from 'node:path'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from '../../scripts/vite/precompress.ts'

export default defineConfig({
  root: path.resolve(import.meta.dirname),
  base: './',
  plugins: [react(), precompress()],
  build: { target: 'es2020', sourcemap: false },
})
