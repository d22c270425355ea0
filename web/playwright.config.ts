import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (never a downloaded browser) against
// the real binary, which each worker starts on a free port with a temporary
// data directory (see e2e/fixtures.ts).
//
// Workers: one per core this process may use (sched_getaffinity, so
// `taskset -c 0` gives one), at most two — a worker is a Chromium and a
// server, and measured on two cores two workers kept them busy about 56% of
// the time (the rest is the tests' waiting on the sandbox's timed stages).
// E2E_WORKERS overrides it.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  // A guard against a hung test, not a speed check (speed has its own
  // measurements in docs/PERFORMANCE.md): the longest journeys (Make a
  // Payment, the wizard's steps 6 to 9, Quick Match) take 60-90 s on two
  // busy cores and timed out at 90 s in a fresh-clone run at load 14.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || Math.min(2, availableParallelism()),
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    viewport: { width: 1280, height: 900 },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
