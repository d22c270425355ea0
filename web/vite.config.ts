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
  },
});
