// Shared by the measuring scripts: start the real binary on a free port,
// the Chromium flags this machine needs, and rewriting one block of
// docs/PERFORMANCE.md.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const binary = process.env.CREBIT_BIN ?? path.resolve(here, '../../bin/crebit');
export const docPath = path.resolve(here, '../../docs/PERFORMANCE.md');

/** chromiumArgs are the flags Debian's Chromium needs here (no sandbox as root, no background network). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** start spawns the binary on a fixed free port and resolves once /healthz answers 200. */
export async function start(dataDir) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  const t0 = performance.now();
  const child = spawn(binary, ['serve'], {
    env: {
      PATH: process.env.PATH ?? '',
      CREBIT_ADDR: `127.0.0.1:${port}`,
      CREBIT_DATA_DIR: dataDir,
      CREBIT_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b) => (out += b));
  child.stderr.on('data', (b) => (out += b));
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`crebit exited during start-up:\n${out}`);
    if (performance.now() - t0 > 30_000) throw new Error(`crebit did not answer /healthz within 30 s:\n${out}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - t0;
  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { base, startupMs, stop };
}

/** writeSection replaces one named block inside the public-site markers of docs/PERFORMANCE.md. */
export function writeSection(name, body) {
  const start = '<!-- public-site:start -->';
  const end = '<!-- public-site:end -->';
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : '# Performance\n';
  if (!doc.includes(start) || !doc.includes(end)) doc = `${doc.trimEnd()}\n\n${start}\n${end}\n`;
  const [before, rest] = doc.split(start);
  const [inside, after] = rest.split(end);
  const open = `<!-- ${name}:start -->`;
  const close = `<!-- ${name}:end -->`;
  const block = `${open}\n${body.trim()}\n${close}`;
  let next;
  if (inside.includes(open) && inside.includes(close)) {
    next = inside.slice(0, inside.indexOf(open)) + block + inside.slice(inside.indexOf(close) + close.length);
  } else {
    next = `${inside.trimEnd()}\n${block}\n`;
  }
  if (!next.includes('## Public site')) next = `\n## Public site (measured by web/scripts)\n${next}`;
  writeFileSync(docPath, `${before}${start}${next.endsWith('\n') ? next : `${next}\n`}${end}${after}`);
}

