#!/usr/bin/env node
// Performance budget of the public site, measured against the real binary:
//  1. the JavaScript that / loads before it is interactive (the load event
//     plus network idle), gzipped, must be at most 150 KB;
//  2. the binary's start-up: time from spawn to the first 200 on /healthz
//     with an existing data directory (the second of two runs is the measure).
// Prints every file and writes the results between the public-site markers
// of docs/PERFORMANCE.md. Exits non-zero above the budget.
//
//   CREBIT_BIN=/tmp/crebit-site/crebit node scripts/budget.mjs
import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, start, writeSection } from './lib.mjs';

const BUDGET_KB = 150;
/** measureJs loads / and sums the JavaScript requested before the page is interactive. */
async function measureJs(base) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts = new Map();
    let interactive = false;
    page.on('response', async (res) => {
      const req = res.request();
      if (interactive || req.resourceType() !== 'script') return;
      scripts.set(req.url(), res);
    });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    interactive = true;
    const files = [];
    for (const [url, res] of scripts) {
      const body = await res.body();
      const sizes = await res.request().sizes();
      files.push({
        file: new URL(url).pathname,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        wire: sizes.responseBodySize,
        encoding: (await res.allHeaders())['content-encoding'] ?? 'identity',
      });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    return files;
  } finally {
    await browser.close();
  }
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crebit-budget-'));
  try {
    // First run creates and migrates the data directory; the second start-up
    // against the existing directory is the figure.
    const first = await start(dataDir);
    await first.stop();
    const second = await start(dataDir);
    let files;
    try {
      files = await measureJs(second.base);
    } finally {
      await second.stop();
    }
    const total = files.reduce((s, f) => s + f.gzip, 0);
    const wire = files.reduce((s, f) => s + f.wire, 0);
    const ok = total <= BUDGET_KB * 1024;

    console.log(`JavaScript loaded by / before interactive: ${kb(total)} KB gzipped (budget ${BUDGET_KB} KB) ${ok ? 'OK' : 'OVER BUDGET'}`);
    console.log(`  (over the wire as served: ${kb(wire)} KB)`);
    for (const f of files) console.log(`  ${kb(f.gzip).padStart(6)} KB gz  ${kb(f.raw).padStart(7)} KB raw  ${f.encoding.padEnd(8)} ${f.file}`);
    console.log(`Start-up to first 200 on /healthz (existing data dir): ${second.startupMs.toFixed(0)} ms (first run, new data dir: ${first.startupMs.toFixed(0)} ms)`);

    const date = new Date().toISOString().slice(0, 10);
    const table = files.map((f) => `| \`${f.file}\` | ${kb(f.gzip)} | ${kb(f.raw)} |`).join('\n');
    writeSection(
      'public-site:budget',
      `### JavaScript budget and start-up (\`node web/scripts/budget.mjs\`, ${date})

JavaScript that \`/\` loads before it is interactive (load event + network idle), gzipped: **${kb(total)} KB** of ${BUDGET_KB} KB ${ok ? '(within budget)' : '(OVER BUDGET)'}.

| File | gzip KB | raw KB |
|---|---:|---:|
${table}

Start-up of \`bin/crebit\` from spawn to the first 200 on \`/healthz\` with an existing data directory: **${second.startupMs.toFixed(0)} ms** (first run on a new directory: ${first.startupMs.toFixed(0)} ms).`,
    );
    if (!ok) process.exit(1);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
