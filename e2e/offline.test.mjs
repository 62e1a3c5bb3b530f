// Offline play and updates through the service worker, against copies of the
// build served by e2e/serve.mjs from a symlink that the test can repoint:
// "a" is the build, "b" the same site with a visible change, finished again
// (a new build: web/finish.mjs), as a deploy while a page is open.
// Run: node --test e2e/offline.test.mjs   (after a build into dist/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';
import { pressStart } from './helpers.mjs';

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
  // Build "b": the same site with a visible change, finished again (new sw.js
  // version). Its English and German say every sentence otherwise (" [b]"):
  // a page of build "a" that showed them would show wrong text.
  await cp('dist', join(work, 'b'), { recursive: true });
  const index = join(work, 'b', 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace(/<meta charset="?utf-8"?>/, '$&<meta name="build" content="b">'));
  for (const name of ['en.json', 'de.json', 'de.extra.json']) {
    const path = join(work, 'b', 'lang', name);
    const list = JSON.parse(await readFile(path, 'utf8'))
      .map((m) => (m.length > 30 && !m.startsWith('engarde-build:') ? `${m} [b]` : m));
    await writeFile(path, JSON.stringify(list));
  }
  // Build b's split modules are its own (each named by its content, and
  // its loader names them so): a page of build a never finds its own there.
  const bDir = join(work, 'b');
  const loaderName = (await readdir(bDir)).find((f) => /^split-[0-9a-f]+\.js$/.test(f));
  let loader = await readFile(join(bDir, loaderName), 'utf8');
  for (const f of (await readdir(bDir)).filter((n) => /^(split_|chunk_).*-[0-9a-f]+\.wasm$/.test(n))) {
    const renamed = f.replace(/-([0-9a-f]+)\.wasm$/, '-b$1.wasm');
    await rename(join(bDir, f), join(bDir, renamed));
    loader = loader.replaceAll(f, renamed);
  }
  await writeFile(join(bDir, loaderName), loader);
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
const EN = words('en');
/** The announcement of a new version (src/ui/update/). */
const banner = (page, W) => page.getByRole('status').filter({ hasText: W.t.update_ready });
/** Whether the page is still the one marked (a reload forgets the mark). */
const stayed = (page) => page.evaluate(() => window.__stayed === true);
const mark = (page) => page.evaluate(() => { window.__stayed = true; });
/** Waits until the person can act (or go on), then returns the moment. */
async function settle(page) {
  await page.waitForFunction(() => ['turn', 'defend', 'pick', 'round-over', 'match-over'].includes(document.querySelector('main')?.dataset.moment), null, { timeout: 30000 });
  return page.evaluate(() => document.querySelector('main').dataset.moment);
}
/** Plays `n` of the person's steps (the first action offered, or the next round). */
async function play(page, W, n) {
  for (let i = 0; i < n; i++) {
    const m = await settle(page);
    if (m === 'match-over') return;
    const before = await page.locator('main .status').textContent();
    if (m === 'round-over') await page.getByRole('button', { name: W.t.next_round }).click();
    else await page.getByRole('button', { name: W.action }).first().click();
    await page.waitForFunction((b) => document.querySelector('main .status')?.textContent !== b, before, { timeout: 30000 }).catch(() => {});
  }
  await settle(page);
}
/** What a reload must keep: the match, settings and language in storage; what the table shows. */
const kept = (page) => page.evaluate(() => ({
  storage: Object.fromEntries(['save', 'settings', 'lang', 'names', 'theme', 'history'].map((k) => [k, localStorage.getItem(`engarde.${k}`)])),
  lang: document.documentElement.lang,
  moment: document.querySelector('main')?.dataset.moment,
  status: document.querySelector('main .status')?.textContent,
  score: document.querySelector('header.top')?.textContent,
}));

test('a first visit: the precache begins once the first screen is up, and fetches what a match needs before the features', async (t) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  // When the loading note went (the app mounted), by the page's clock.
  await context.addInitScript(() => {
    new MutationObserver(() => {
      if (!document.getElementById('loading') && !window.__mounted) window.__mounted = Date.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await watch(t, context, page);
  let registered = null;
  const precached = [];
  context.on('request', (r) => {
    const path = new URL(r.url()).pathname.slice('/engarde/'.length);
    if (path === 'sw.js' && registered === null) registered = Date.now();
    else if (r.serviceWorker()) precached.push(path);
  });
  await page.goto(url);
  await controlled(page);
  const mounted = await page.evaluate(() => window.__mounted);
  assert.ok(mounted && registered, `the note went (${mounted}) and sw.js was fetched (${registered})`);
  assert.ok(registered >= mounted, `sw.js fetched ${mounted - registered} ms before the first screen`);
  const match = /^(|index\.html|app-.*|split-.*|split_reader-.*|chunk_.*|page-.*|worker.*|loading\.js|register-sw\.js|shell-texts\.js|manifest\.webmanifest|lang\/[a-z]+\.json)$/;
  const firstFeature = precached.findIndex((p) => !match.test(p));
  const lastMatch = precached.findLastIndex((p) => match.test(p));
  assert.ok(precached.some((p) => p.startsWith('worker')) && precached.some((p) => p.startsWith('split_extras-')), precached.join(' '));
  assert.ok(lastMatch < firstFeature, `a feature's file before the match's: ${precached.join(' ')}`);
  await context.close();
});

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
  const failure = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes('ERR_FAILED') });
  const fetched = await page.evaluate(() => fetch(`not-cached-${Date.now()}`).then(() => 'fetched', () => 'failed'));
  assert.equal(fetched, 'failed');
  // Its console error has come (`watch` has it by then: its listener is older).
  await failure;
  // That failure (and only it) is expected.
  assert.deepEqual(problems.splice(0), ['console error: Failed to load resource: net::ERR_FAILED']);
  // The Dutch texts came from the cache too.
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'nl');
  await page.getByRole('button', { name: NL.t.new_game }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(NL.preset(0), { exact: true }).check();
  await dialog.getByLabel(NL.difficulty(0), { exact: true }).check();
  await pressStart(page, NL);
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

test('a deploy while a match is open: no reload, "a new version is ready"; its "Reload" loads it and the match, settings and language go on; other tabs are told, not reloaded', async (t) => {
  await pointTo(join(work, 'a'));
  const context = await browser.newContext({ locale: 'en-GB' });
  await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
  // Another tab on the page (opened first: the match is the later one's).
  const other = await context.newPage();
  await watch(t, context, other);
  await other.goto(url);
  await controlled(other);
  await mark(other);
  const page = await context.newPage();
  await watch(t, context, page);
  await page.goto(url);
  await controlled(page);
  assert.equal(await build(page), 'a');
  // The language chosen in the settings (not the browser's), the rules, a match.
  await page.locator('.menu-open').click();
  await page.locator('#page-menu').getByRole('button', { name: EN.t.preferences, exact: true }).click();
  await page.getByRole('dialog').locator('select#language').selectOption('nl');
  await page.waitForFunction(() => document.documentElement.lang === 'nl');
  await page.getByRole('dialog').getByRole('button', { name: NL.t.close }).click();
  await page.getByRole('button', { name: NL.t.new_game }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(NL.preset(1), { exact: true }).check();
  await dialog.getByLabel(NL.difficulty(0), { exact: true }).check();
  await pressStart(page, NL);
  await dialog.waitFor({ state: 'detached' });
  await play(page, NL, 4);
  await mark(page);

  // Build b is deployed, and the browser looks for a new service worker (as
  // it does on a visit, and now and then).
  await pointTo(join(work, 'b'));
  const reloaded = page.waitForEvent('load', { timeout: 30000 }).catch(() => {});
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await Promise.race([banner(page, NL).waitFor({ timeout: 30000 }), reloaded]);
  assert.equal(await stayed(page), true, 'the tab with the match did not reload');
  await banner(page, NL).waitFor();
  await banner(other, EN).or(banner(other, NL)).waitFor({ timeout: 30000 });
  assert.equal(await stayed(other), true, 'the other tab did not reload');
  assert.equal(await build(page), 'a');
  // The match goes on meanwhile, on build a.
  await play(page, NL, 1);
  assert.equal(await stayed(page), true);

  // "Reload": this tab only, onto build b, where it stood.
  const before = await kept(page);
  await other.evaluate(() => { window.__controller = navigator.serviceWorker.controller; });
  await banner(page, NL).getByRole('button', { name: NL.t.reload }).click();
  await page.waitForFunction(() => document.querySelector('meta[name=build]')?.content === 'b', null, { timeout: 30000 });
  await settle(page);
  assert.deepEqual(await kept(page), before);
  assert.equal(await banner(page, NL).count(), 0);
  // Build b's worker has claimed the other tab too: its `controllerchange`
  // (which reloads only the tab that asked) has been handled.
  await other.waitForFunction(() => navigator.serviceWorker.controller !== window.__controller, null, { timeout: 30000 });
  assert.equal(await stayed(other), true, 'the other tab did not reload');
  assert.equal(await build(other), 'a');
  await other.close();
  const keys = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('engarde-')));
  assert.equal(keys.length, 1, `one cache: ${keys}`);
  // The match plays on, on build b, offline too.
  await play(page, NL, 1);
  await context.setOffline(true);
  await page.reload();
  assert.equal(await build(page), 'b');
  await settle(page);
  await context.setOffline(false);

  // The page looks for a new version when it is shown again: build a comes
  // back (a deploy of its own), and is announced.
  await mark(page);
  await pointTo(join(work, 'a'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await banner(page, NL).waitFor({ timeout: 30000 });
  assert.equal(await stayed(page), true);
  assert.equal(await build(page), 'b');
  await context.close();
});

// Without a service worker (a first visit, or one refused), the server's
// files are whatever build is deployed now. A page of build "a" with the
// server on "b": every later file of b is refused, and the page says that a
// new version is ready; nothing of b is shown or run.
async function withoutWorker(t, welcomed = true) {
  await pointTo(join(work, 'a'));
  const context = await browser.newContext({ locale: 'en-GB', serviceWorkers: 'block' });
  if (welcomed) await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
  const page = await context.newPage();
  const problems = await watch(t, context, page);
  t.after(() => context.close());
  return { context, page, problems };
}
const shown = (page) => page.evaluate(() => document.body.innerText);

test('mixed builds: the worker and the extras of another build are refused; the computer still moves', async (t) => {
  const { page, problems } = await withoutWorker(t);
  await page.goto(url);
  // The person (White) moves first: the computer has not thought yet.
  assert.equal(await settle(page), 'turn');
  await pointTo(join(work, 'b'));
  await mark(page);
  await page.getByRole('button', { name: EN.action }).first().click();
  await banner(page, EN).waitFor({ timeout: 30000 });
  // The computer's move comes without the worker of build b.
  assert.equal(await settle(page), 'turn');
  assert.ok((await page.locator('.log li').count()) >= 2, 'both sides have acted');
  // The extras (here the lessons) of build b are refused too.
  await page.locator('.menu-open').click();
  await page.locator('#page-menu').getByRole('button', { name: EN.t.learn, exact: true }).click();
  await page.locator('main[data-moment=extras-failed]').waitFor({ timeout: 30000 });
  // Build a's extras are not in build b (each split module is named by its
  // content): the browser says each is not found, and the loader that it
  // could not compile one.
  problems.splice(0, problems.length, ...problems.filter((p) => !/status of 404|'compile' on 'WebAssembly'/.test(p)));
  assert.doesNotMatch(await shown(page), /\[b\]/);
  assert.equal(await stayed(page), true);
  // "Reload" (no service worker waits): build b, whole.
  await banner(page, EN).getByRole('button', { name: EN.t.reload }).click();
  await page.waitForFunction(() => document.querySelector('meta[name=build]')?.content === 'b', null, { timeout: 30000 });
  await settle(page);
});

test('mixed builds: a language of another build is refused; the page keeps its words', async (t) => {
  const { page } = await withoutWorker(t);
  await page.goto(url);
  await settle(page);
  // The extras (the settings) of build a are here; then b is deployed.
  await page.locator('.menu-open').click();
  await page.locator('#page-menu').getByRole('button', { name: EN.t.preferences, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('select#language').waitFor();
  await pointTo(join(work, 'b'));
  const refused = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('the de texts could not be fetched'), timeout: 30000 });
  await dialog.locator('select#language').selectOption('de');
  await banner(page, EN).waitFor({ timeout: 30000 });
  // The page has refused the language (it says so in the console).
  await refused;
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.doesNotMatch(await shown(page), /\[b\]/);
  await dialog.getByRole('button', { name: EN.t.close }).click();
  await dialog.waitFor({ state: 'detached' });
  await play(page, EN, 1);
  assert.doesNotMatch(await shown(page), /\[b\]/);
});

test('mixed builds at start: a language file of another build makes the page reload once, onto one build', async (t) => {
  const { page } = await withoutWorker(t);
  // The first visit's English comes from build b (as from a cache of another deploy).
  const b = await readFile(join(work, 'b', 'lang', 'en.json'));
  let loads = 0;
  page.on('request', (r) => { if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads++; });
  await page.route(/\/lang\/en\.json$/, (route) => (loads <= 1
    ? route.fulfill({ body: b, contentType: 'application/json' })
    : route.continue()));
  await page.goto(url);
  await settle(page);
  assert.equal(loads, 2, 'one reload');
  assert.doesNotMatch(await shown(page), /\[b\]/);
  assert.equal(await build(page), 'a');
});
