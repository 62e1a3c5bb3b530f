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
import { words } from './words.mjs';

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
  await writeFile(index, (await readFile(index, 'utf8')).replace(/<meta charset="?utf-8"?>/, '$&<meta name="build" content="b">'));
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

const build = (page) => page.evaluate(() => document.querySelector('meta[name=build]')?.content ?? 'a');
const NL = words('nl');

test('after one visit, the game reloads and a whole match plays with the network off, in Dutch', async (t) => {
  const context = await browser.newContext({ locale: 'nl-NL' });
  await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
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
  // The Dutch texts came from the cache too.
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'nl');
  await page.getByRole('button', { name: NL.t.new_game }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(NL.preset(0), { exact: true }).check();
  await dialog.getByLabel(NL.difficulty(0), { exact: true }).check();
  await dialog.getByRole('button', { name: NL.t.start }).click();
  let end = '';
  for (let step = 0; step < 1500 && !end; step++) {
    await page.waitForFunction(() => ['turn', 'defend', 'pick', 'round-over', 'match-over'].includes(document.querySelector('main')?.dataset.moment), null, { timeout: 30000 });
    const m = await page.evaluate(() => document.querySelector('main').dataset.moment);
    const s = await page.getByRole('status').textContent();
    if (m === 'match-over') end = s;
    else if (m === 'round-over') await page.getByRole('button', { name: NL.t.next_round }).click();
    else await page.getByRole('button', { name: NL.action }).first().click();
    if (!end) await page.waitForFunction((b) => document.querySelector('[role=status]')?.textContent !== b, s, { timeout: 30000 }).catch(() => {});
  }
  assert.match(end, /5–\d/);
  // The review (the page's extras, precached) works offline too, and so
  // does a shared link to the match.
  await page.getByRole('button', { name: NL.t.review }).click();
  await page.locator('main[data-moment=review]').waitFor();
  await page.getByRole('button', { name: NL.t.share_link }).click();
  const link = await page.getByRole('textbox', { name: NL.t.link_label }).inputValue();
  const other = await context.newPage();
  await other.goto(link);
  await other.locator('main[data-moment=review]').waitFor();
  assert.equal(await other.locator('#review-title').textContent(), NL.t.review_heading);
  await context.close();
});

test('a new build replaces the cached one after reload, and only one version stays cached', async (t) => {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
  const page = await context.newPage();
  await watch(t, context, page);
  await page.goto(url);
  await controlled(page);
  assert.equal(await build(page), 'a');
  await pointTo(join(work, 'b'));
  await page.reload();
  // The new worker installs, takes over and the page reloads onto it.
  await page.waitForFunction(() => document.querySelector('meta[name=build]')?.content === 'b', null, { timeout: 30000 });
  const keys = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('engarde-')));
  assert.equal(keys.length, 1, `one cache: ${keys}`);
  // Offline now, it is still the new version.
  await context.setOffline(true);
  await page.reload();
  assert.equal(await build(page), 'b');
  await page.waitForFunction(() => document.querySelector('main')?.dataset.moment === 'turn', null, { timeout: 30000 });
  await context.close();
});
