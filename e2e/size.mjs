// The first load of the built site, counted as a browser fetches it: a
// first visit in headless Chromium in each language (the browser's language
// set to it), every file fetched until the network is idle and the start
// screen is on screen, HTML and images aside, each counted as its file in the
// build gzipped at level 9. That includes the service worker's own script
// (sw.js), not the files it then precaches for offline play: what comes on
// first use (the opponent's worker, the extras, ...) is summed apart. Fails
// when a language's first load is above the budget.
// Usage: node e2e/size.mjs [dist]   (BUDGET_KB overrides the budget)
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { launchOptions } from './browser.mjs';

const dir = process.argv[2] ?? 'dist';
// kB: 1000 bytes.
const BUDGET = Number(process.env.BUDGET_KB ?? 225) * 1000;
const PORT = Number(process.env.SIZE_PORT ?? 8096);
const BASE = `http://127.0.0.1:${PORT}/engarde/`;
const LANGS = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE', fr: 'fr-FR' };
const kb = (n) => `${(n / 1000).toFixed(1).padStart(7)} kB`;
const gz = async (path) => gzipSync(await readFile(path), { level: 9 }).length;

async function files(root, sub = '') {
  const out = [];
  for (const name of await readdir(join(root, sub))) {
    const rel = sub ? `${sub}/${name}` : name;
    if ((await stat(join(root, rel))).isDirectory()) out.push(...await files(root, rel));
    else out.push(rel);
  }
  return out;
}

const server = spawn(process.execPath, ['e2e/serve.mjs', String(PORT), dir], { stdio: 'ignore' });
const browser = await chromium.launch(launchOptions);
let worst = 0;
const fetched = new Set();
try {
  for (let i = 0; i < 50; i++) {
    if (await fetch(BASE).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const [code, locale] of Object.entries(LANGS)) {
    const context = await browser.newContext({ locale, serviceWorkers: 'allow' });
    const paths = new Set();
    context.on('request', (req) => {
      const type = req.resourceType();
      if (type === 'document' || type === 'image') return;
      // The service worker's precache (its fetches), not its own script.
      if (req.serviceWorker() && type !== 'script') return;
      const url = new URL(req.url());
      if (url.origin !== new URL(BASE).origin) return;
      const path = decodeURIComponent(url.pathname.slice('/engarde/'.length));
      if (/\.(png|svg|ico|jpe?g|webp)$/.test(path)) return;
      paths.add(path);
    });
    const page = await context.newPage();
    await page.goto(BASE, { waitUntil: 'networkidle' });
    await page.locator('#app button').first().waitFor({ timeout: 20000 });
    await page.waitForLoadState('networkidle');
    let total = 0;
    const rows = [];
    for (const path of [...paths].sort()) {
      const size = await gz(join(dir, path)).catch(() => 0);
      total += size;
      fetched.add(path);
      rows.push(`${kb(size)}  ${path}`);
    }
    worst = Math.max(worst, total);
    console.log(`first load in ${code} (${locale}):\n${rows.join('\n')}\n${kb(total)}  in all, gzipped\n`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill();
}
let later = 0;
for (const path of await files(dir)) {
  if (fetched.has(path) || /\.(html|png|svg|ico)$/.test(path)) continue;
  later += await gz(join(dir, path));
}
console.log(`${kb(later)}  every other file but HTML and images, fetched on first use or precached`);
console.log(`budget ${BUDGET / 1000} kB for the first load in every language; the largest is ${(worst / 1000).toFixed(1)} kB`);
if (worst > BUDGET) process.exit(1);
