import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const binary = process.env.CREBIT_BIN ?? path.resolve(here, '../../bin/crebit');
export const screenshotDir = path.resolve(here, '../test-results/screenshots');
/** shotsOn: screenshots of the screens are taken (not with E2E_SHOTS=0, see shot). */
export const shotsOn = process.env.E2E_SHOTS !== '0';

export interface Server {
  baseURL: string;
  dataDir: string;
  logs: () => string;
}

/** startServer runs bin/crebit on a free port with a fresh data directory. */
export async function startServer(env: Record<string, string> = {}): Promise<{ server: Server; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crebit-e2e-'));
  let out = '';
  const child: ChildProcess = spawn(binary, ['serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      CREBIT_ADDR: '127.0.0.1:0',
      CREBIT_DATA_DIR: dataDir,
      CREBIT_LOG_LEVEL: 'warn',
      CREBIT_SANDBOX_AUTO_ADVANCE: '1s',
      // Every test's browser comes from 127.0.0.1, so one worker's whole run
      // counts against one IP's hourly limits; the limits have Go tests.
      CREBIT_RATE_LIMIT_SCALE: '20',
      // The payment partner is the embedded BlindPay-compatible sandbox,
      // driven through the real BlindPay adapter (issue 28's switch-over);
      // E2E_PARTNER=<name> runs every server on another one.
      CREBIT_PARTNER: process.env.E2E_PARTNER || 'blindpay-sandbox',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`crebit did not start:\n${out}`)), 30_000);
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const m = out.match(/listening on (http:\/\/[\d.:]+)/);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr?.on('data', (b: Buffer) => {
      out += b.toString();
    });
    child.on('exit', (code) => reject(new Error(`crebit exited with ${code}:\n${out}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server: { baseURL, dataDir, logs: () => out }, stop };
}

/**
 * crebit runs one of the binary's commands (e.g. `operator add EMAIL --role
 * admin`) against a running server's data directory, as an operator would on
 * its host, and returns what it printed; it fails on a non-zero exit.
 */
export function crebit(server: Server, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { env: { PATH: process.env.PATH ?? '', CREBIT_DATA_DIR: server.dataDir } }, (err, stdout, stderr) =>
      err ? reject(new Error(`crebit ${args.join(' ')}: ${err.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

interface Fixtures {
  serverEnv: Record<string, string>;
  server: Server;
}

/**
 * test gives every worker its own server. A spec file can change the
 * server's configuration with test.use({ serverEnv: { CREBIT_QUOTE_TTL: '20s' } }).
 */
export const test = base.extend<{ baseURL: string }, Fixtures>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverEnv }, use) => {
      const { server, stop } = await startServer(serverEnv);
      await use(server);
      await stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/**
 * shot saves a full-page screenshot under web/test-results/screenshots, to
 * look at; E2E_SHOTS=0 (.ci/run) skips them (about 0.8 s each of a worker).
 */
export async function shot(page: Page, name: string) {
  if (!shotsOn) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** expectAccessible fails on any serious or critical axe-core violation. */
export async function expectAccessible(page: Page, context = '') {
  // Colours are judged once they settle: the header fades from navy to white
  // over 300 ms when the page scrolls, and mid-fade its logo has neither
  // colour's contrast. The page must show no running CSS transition for
  // 200 ms (a scroll's re-render starts its transitions a frame later).
  // Polled on a timer, not on animation frames: a starved renderer on a busy
  // machine can hold frames back for a long time (a CI run timed out in a
  // requestAnimationFrame wait).
  await page.evaluate(() => {
    delete (window as { __crebitQuietSince?: number }).__crebitQuietSince;
  });
  await page.waitForFunction(
    () => {
      const w = window as { __crebitQuietSince?: number };
      const running = document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running');
      const now = performance.now();
      if (running || w.__crebitQuietSince === undefined) w.__crebitQuietSince = now;
      return !running && now - w.__crebitQuietSince >= 200;
    },
    undefined,
    { polling: 50 },
  );
  // On a page without frames axe runs in the page itself (legacy mode).
  // The default mode runs it in each frame, then opens a blank page for
  // every check to combine the frames' results: about half a second more a
  // check (0.4-0.75 s against 0.95-1.4 s on the home page and the
  // scholarship search). Both modes were run on the 150 checks of one run
  // of the suite (2026-11-28): the same violations (none) everywhere; passes
  // counted alike but where the page changed between the two runs. A page
  // with a frame (the local mailbox's message) keeps the default mode,
  // which reaches into frames of any origin.
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await axe.setLegacyMode(page.frames().length === 1).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
    `accessibility violations ${context}`,
  ).toEqual([]);
}
