/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// The Go server serves the build (web/dist, embedded with -tags embed).
// `make dev` runs this dev server and proxies /api and /sandbox to Go.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/sandbox': 'http://localhost:8080',
      '/healthz': 'http://localhost:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Fewer, larger files for the first page: everything the entry needs is
    // one chunk, and tiny shared chunks are inlined, so the first paint
    // waits on fewer requests.
    rolldownOptions: {
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 16384 },
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Sized for a loaded two-core machine (CI runs the Go race suite beside
    // this one): a role query over a long form took 7.6 s there against
    // Vitest's default 5 s limit. Tests wait for conditions, never for time.
    testTimeout: 30_000,
    // Worker threads rather than forks: the forks pool once wedged after
    // every test had passed (scripts/vitest-guarded.sh says more); threads
    // run the suite as fast (78.6 s against 81.9 s on 2 quiet cores).
    pool: 'threads',
    // The files of a worker share one jsdom window and one module graph
    // (isolate: false): 126 s → 35 s on 2 quiet cores, most of it jsdom and
    // the app's modules set up again for each of the 70 files. Each file
    // starts from a fresh window's state (src/test/setup.ts), and nothing
    // may register itself globally for the files after it (a test i18n
    // instance reaches components through its provider). Eight shuffled
    // file orders passed (docs/PERFORMANCE.md, CI time); a failure that
    // comes and goes with the order is state left behind by another file:
    // `npx vitest run --sequence.shuffle.files --sequence.seed=N` finds it.
    isolate: false,
  },
});
