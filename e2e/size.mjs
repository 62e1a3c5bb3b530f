// The built site's weight, counted as a browser fetches it, each file as
// its file in the build gzipped at level 9, HTML and images aside:
// 1. The first load: a first visit in headless Chromium in each language
//    (the browser's language set to it), every file fetched until the
//    network is idle and the start screen is on screen. That includes the
//    service worker's own script (sw.js), not the files it then precaches.
// 2. Each feature's first use, after the first load (the service worker
//    kept out): what opening it fetches (lessons and the guide; the history
//    and the review; the puzzles, puzzles.json included; friend play, with
//    its proofs' worker, which starts on the first message and asks for
//    friends.js again, as friends.js?serve_proofs).
// 3. The first visit in all: the first load and the service worker's
//    precache, once the worker is ready, as the server sent it (a file the
//    precache takes from the HTTP cache is not sent again).
// Fails when any is above its budget (kB of 1000 bytes).
// Usage: node e2e/size.mjs [dist]   (BUDGET_KB overrides the first load's budget)
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';

const dir = process.argv[2] ?? 'dist';
// kB: 1000 bytes.
const BUDGET = Number(process.env.BUDGET_KB ?? 210) * 1000;
const EN = words('en').t;
// Each feature's first use: the menu's item that opens it, its budget, and
// files it fetches later on (friend play's proofs worker, on the first
// message: the same module, its script asked again under its own query).
// The extras and the puzzles, modules split off the page's WebAssembly
// (web/build-app.mjs): 139.7 and 144.5 kB then, with room for a few kB.
const FEATURES = [
  { name: 'lessons', item: EN.learn, budget: 145 },
  { name: 'guide', item: EN.how_to_play, budget: 145 },
  { name: 'history and review', item: EN.history, budget: 145 },
  { name: 'puzzles', item: EN.puzzles, budget: 150 },
  // 418.7 kB when the proofs' worker became friend play's own module (one
  // copy of the curve arithmetic), with room for a few kB.
  { name: 'friend play', item: EN.play_friend, budget: 425, later: ['friends.js?serve_proofs'] },
];
// The first visit with the service worker's precache: 1,007.9 kB when the
// extras became modules split off the page's WebAssembly.
const VISIT_BUDGET = 1015 * 1000;
// What the goals are (the budgets come down to them as the split goes on).
const GOALS = 'first load 210 kB (aim 200); lessons, guide, history, puzzles 200 kB each; friend play 450 kB';
// The opponent's worker: the match's own, not a feature's.
const MATCH_ONLY = new Set(['worker.js', 'worker_bg.wasm']);
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

/** The site's files a context fetches, as paths under the site (the
 * service worker's own script, not its precache). */
function watch(context) {
  const paths = [];
  context.on('request', (req) => {
    const type = req.resourceType();
    if (type === 'document' || type === 'image') return;
    if (req.serviceWorker() && type !== 'script') return;
    const url = new URL(req.url());
    if (url.origin !== new URL(BASE).origin) return;
    const path = decodeURIComponent(url.pathname.slice('/engarde/'.length));
    if (path === '' || /\.(html|png|svg|ico|jpe?g|webp)$/.test(path)) return;
    paths.push(path);
  });
  return paths;
}

const sum = async (paths) => {
  let total = 0;
  for (const path of paths) total += await gz(join(dir, path)).catch(() => 0);
  return total;
};
const failures = [];
const check = (what, size, budget) => {
  const over = size > budget;
  if (over) failures.push(`${what}: ${(size / 1000).toFixed(1)} kB, over its budget of ${budget / 1000} kB`);
  return over ? '  OVER BUDGET' : '';
};

// Another server on the port would be measured in place of this build.
if (await fetch(BASE).then(() => true, () => false)) {
  console.error(`port ${PORT} is already in use: stop what serves it, or set SIZE_PORT`);
  process.exit(1);
}
const server = spawn(process.execPath, ['e2e/serve.mjs', String(PORT), dir], {
  stdio: ['ignore', 'pipe', 'ignore'],
  env: { ...process.env, SERVE_LOG: '1' },
});
// Every file the server sent, in order.
const served = [];
let partLine = '';
server.stdout.on('data', (chunk) => {
  const lines = (partLine + chunk).split('\n');
  partLine = lines.pop();
  for (const line of lines) if (line.startsWith('served ')) served.push(line.slice('served '.length));
});
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
    const seen = watch(context);
    const sentFrom = served.length;
    const page = await context.newPage();
    await page.goto(BASE, { waitUntil: 'networkidle' });
    await page.locator('#app button').first().waitFor({ timeout: 20000 });
    await page.waitForLoadState('networkidle');
    const paths = new Set(seen);
    let total = 0;
    const rows = [];
    for (const path of [...paths].sort()) {
      const size = await gz(join(dir, path.split('?')[0])).catch(() => 0);
      total += size;
      fetched.add(path);
      rows.push(`${kb(size)}  ${path}`);
    }
    worst = Math.max(worst, total);
    console.log(`first load in ${code} (${locale}):\n${rows.join('\n')}\n${kb(total)}  in all, gzipped${check(`first load in ${code}`, total, BUDGET)}\n`);
    if (code === 'en') {
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const sent = served.slice(sentFrom).filter((p) => !/\.(html|png|svg|ico|jpe?g|webp)$/.test(p));
      const visit = await sum(sent);
      console.log(`${kb(visit)}  the first visit in all (en), the service worker's precache included (${sent.length} files sent), budget ${VISIT_BUDGET / 1000} kB${check('the first visit', visit, VISIT_BUDGET)}\n`);
    }
    await context.close();
  }
  for (const feature of FEATURES) {
    const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
    await context.addInitScript(() => { try { localStorage.setItem('engarde.welcomed', '1'); } catch { /* about:blank */ } });
    const seen = watch(context);
    const page = await context.newPage();
    await page.goto(BASE, { waitUntil: 'networkidle' });
    await page.locator('.menu-open').waitFor({ timeout: 20000 });
    await page.waitForLoadState('networkidle');
    const before = new Set(seen);
    await page.locator('.menu-open').click();
    await page.locator('#page-menu').getByRole('button', { name: feature.item, exact: true }).click();
    await page.locator('#extras > *, #dialog > *').first().waitFor({ timeout: 20000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    const paths = new Set(seen.filter((p) => !before.has(p) && !MATCH_ONLY.has(p)));
    for (const p of feature.later ?? []) paths.add(p);
    let total = 0;
    const rows = [];
    for (const path of [...paths].sort()) {
      const size = await gz(join(dir, path.split('?')[0])).catch(() => 0);
      total += size;
      rows.push(`${kb(size)}  ${path}`);
    }
    console.log(`first use of ${feature.name}, after the first load:\n${rows.join('\n')}\n${kb(total)}  in all, budget ${feature.budget} kB${check(`first use of ${feature.name}`, total, feature.budget * 1000)}\n`);
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
console.log(`goals: ${GOALS}`);
if (failures.length) {
  console.log(`over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
