// Offline play and updates through the service worker, against copies of the
// build served by e2e/serve.mjs from a symlink that the test can repoint.
// Run: node --test e2e/offline.test.mjs   (after a build into dist/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const port = Number(process.env.OFFLINE_PORT ?? 8098);
const url = `http://127.0.0.1:${port}/engarde/`;
let browser, server, work;

async function pointTo(dir) {
  const link = join(work, 'site');
  const tmp = join(work, `site-${Date.now()}`);
  await symlink(dir, tmp);
  await rename(tmp, link);
}

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'engarde-offline-'));
  await cp('dist', join(work, 'a'), { recursive: true });
  // Build "b": the same site with a visible change, finished again (new sw.js version).
  await cp('dist', join(work, 'b'), { recursive: true });
  const index = join(work, 'b', 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace('<title>En Garde</title>', '<title>En Garde (b)</title>'));
  execFileSync('node', ['web/finish.mjs', join(work, 'b')], { stdio: 'ignore' });
  await pointTo(join(work, 'a'));
  server = spawn('node', ['e2e/serve.mjs', String(port), join(work, 'site')], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    try { if ((await fetch(url)).ok) break; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  browser = await chromium.launch(launchOptions);
});

after(async () => {
  await browser?.close();
  server?.kill();
  await rm(work, { recursive: true, force: true });
});

async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30000 });
}

async function watch(t, context, page) {
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  context.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1:' + port + '/') && !r.url().startsWith('blob:')) problems.push(`outside request: ${r.url()}`); });
  t.after(() => assert.deepEqual(problems, []));
  return problems;
}

test('after one visit, the game reloads and a whole match plays with the network off', async (t) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = await watch(t, context, page);
  await page.goto(url);
  await controlled(page);
  // Installable: Chromium finds nothing missing (manifest, icons, worker).
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // (Playwright's contexts are incognito, which alone blocks installing.)
  assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), []);
  await cdp.detach();
  await context.setOffline(true);
  await page.reload();
  // The network is really off: anything not in the cache fails.
  const fetched = await page.evaluate(() => fetch(`not-cached-${Date.now()}`).then(() => 'fetched', () => 'failed'));
  assert.equal(fetched, 'failed');
  await page.waitForTimeout(100);
  // That failure (and only it) is expected.
  assert.deepEqual(problems.splice(0), ['console error: Failed to load resource: net::ERR_FAILED']);
  await page.getByRole('button', { name: 'New game' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Basic').first().check();
  await dialog.getByLabel('Easy', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Start the match' }).click();
  let end = '';
  for (let step = 0; step < 1500 && !end; step++) {
    await page.waitForFunction(() => /Your turn|wins the round|round is drawn|wins the match/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 30000 });
    const s = await page.getByRole('status').textContent();
    if (/wins the match/.test(s)) end = s;
    else if (/wins the round|round is drawn/.test(s)) await page.getByRole('button', { name: 'Next round' }).click();
    else await page.getByRole('button', { name: /^(Advance|Retreat|Attack|Lunge|Choose) |^Parry$/ }).first().click();
    if (!end) await page.waitForFunction((b) => document.querySelector('[role=status]')?.textContent !== b, s, { timeout: 30000 }).catch(() => {});
  }
  assert.match(end, /wins the match 5–\d/);
  await context.close();
});

test('a new build replaces the cached one after reload, and only one version stays cached', async (t) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await watch(t, context, page);
  await page.goto(url);
  await controlled(page);
  assert.equal(await page.title(), 'En Garde');
  await pointTo(join(work, 'b'));
  await page.reload();
  // The new worker installs, takes over and the page reloads onto it.
  await page.waitForFunction(() => document.title === 'En Garde (b)', null, { timeout: 30000 });
  const keys = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('engarde-')));
  assert.equal(keys.length, 1, `one cache: ${keys}`);
  // Offline now, it is still the new version.
  await context.setOffline(true);
  await page.reload();
  assert.equal(await page.title(), 'En Garde (b)');
  await page.getByRole('status').filter({ hasText: 'Your turn' }).waitFor();
  await context.close();
});
