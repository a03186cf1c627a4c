// Opens Eragate's migration dashboard in real headless Chromium (Debian's chromium driven by playwright-core;
// no browser download) and reports what the page shows, for Eragate's dashboard test.
//
//   node dashboard-check.mjs URL SCREENSHOT MIN_TRAFFIC_ROWS [OTHER_URL]
//
// Loads URL (the admin port's "/"), waits until the page has refreshed with at least MIN_TRAFFIC_ROWS traffic
// rows and a bridge-cost row, saves a full-page PNG to SCREENSHOT, then loads OTHER_URL (the same page under
// another host name, e.g. localhost) and waits for its first refresh. Prints ONE JSON line on stdout:
//   {"ok":true,"readiness":"ready","upstreams":[[cells...]],"routes":[[...]],"catalogue":[[...]],
//    "eraMatrix":[[...]],"traffic":[[...]],
//    "bridgeCost":[[...]],"rejections":[[...]],"reload":"...","other":{"readiness":"ready","upstreams":N},
//    "consoleErrors":[...]}                                                                  exit 0
//   {"ok":false,"error":"..."}                                                               exit 1
// Env: CHROMIUM (default: chromium on PATH), TIMEOUT_MS (default 60000).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [url, screenshot, minRowsArg, otherUrl] = process.argv.slice(2);
const minRows = Number(minRowsArg);
if (!url || !screenshot || !Number.isInteger(minRows)) {
  const usage = 'usage: dashboard-check.mjs URL SCREENSHOT MIN_TRAFFIC_ROWS [OTHER_URL]';
  console.log(JSON.stringify({ ok: false, error: usage }));
  process.exit(1);
}
const timeout = Number(process.env.TIMEOUT_MS || 60000);
const executablePath = process.env.CHROMIUM || execFileSync('which', ['chromium']).toString().trim();
const profile = mkdtempSync(join(tmpdir(), 'eragate-chromium-'));

function tableRows(page, id) {
  return page.$$eval(`#${id} tbody tr`, rows => rows.map(r => [...r.cells].map(c => c.textContent.trim())));
}

let context;
try {
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 1400, height: 1000 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const consoleErrors = [];
  const page = await context.newPage();
  page.on('console', message => { if (message.type() === 'error') consoleErrors.push(message.text()); });
  page.on('pageerror', error => consoleErrors.push(String(error)));
  await page.goto(url, { timeout });
  await page.waitForFunction(min => {
    const traffic = document.querySelectorAll('#traffic tbody tr:not(:has(.empty))').length;
    const cost = document.querySelectorAll('#bridge-cost tbody tr:not(:has(.empty))').length;
    return traffic >= min && cost >= 1;
  }, minRows, { timeout, polling: 200 });
  await page.screenshot({ path: screenshot, fullPage: true });
  const report = {
    ok: true,
    readiness: (await page.textContent('#readiness')).trim(),
    upstreams: await tableRows(page, 'upstreams'),
    routes: await tableRows(page, 'routes'),
    catalogue: await tableRows(page, 'catalogue'),
    eraMatrix: await tableRows(page, 'era-matrix'),
    traffic: await tableRows(page, 'traffic'),
    bridgeCost: await tableRows(page, 'bridge-cost'),
    rejections: await tableRows(page, 'rejections'),
    reload: (await page.textContent('#reload')).trim(),
    consoleErrors,
  };
  if (otherUrl) {
    const other = await context.newPage();
    await other.goto(otherUrl, { timeout });
    await other.waitForFunction(() => document.getElementById('updated').textContent !== 'never',
      null, { timeout, polling: 200 });
    report.other = {
      readiness: (await other.textContent('#readiness')).trim(),
      upstreams: (await tableRows(other, 'upstreams')).length,
      error: (await other.textContent('#error')).trim(),
    };
  }
  console.log(JSON.stringify(report));
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  process.exit(0);
} catch (error) {
  console.log(JSON.stringify({ ok: false, error: String(error && error.stack || error) }));
  if (context) await context.close().catch(() => {});
  rmSync(profile, { recursive: true, force: true });
  process.exit(1);
}
