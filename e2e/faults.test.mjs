// The page under everyday faults: two tabs on one match, the
// opponent's worker blocked, storage at its quota, garbage in every key, a
// panic, a huge shared link, an imported match. Every test fails on a
// console error, a page error or an outside request (e2e/helpers.mjs) unless
// it caused it on purpose and says so.
// Run: node --test e2e/faults.test.mjs   (BASE_URL, default http://127.0.0.1:8099/engarde/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { url, EN, fromMenu, open as openPage, forgive, status, moment, settle, startMatch } from './helpers.mjs';

let browser;
const open = (t, ...rest) => openPage(browser, t, ...rest);
const finished = () => readFile(new URL('./data/finished.json', import.meta.url), 'utf8');

before(async () => { browser = await chromium.launch(launchOptions); });
after(async () => { await browser?.close(); });

/** One step of play: the next round, or the first action offered. */
async function step(page) {
  const m = await settle(page);
  if (m === 'match-over') return m;
  const before = await status(page).textContent();
  if (m === 'round-over') await page.getByRole('button', { name: EN.t.next_round }).click();
  else await page.locator('.action-bar button.action:not([disabled])').first().click();
  await page.waitForFunction((b) => document.querySelector('[role=status]')?.textContent !== b, before, { timeout: 30000 }).catch(() => {});
  return m;
}

const saved = (page) => page.evaluate(() => localStorage.getItem('engarde.save'));

test('two tabs on one match: the newer tab holds it, the older says so and saves nothing, until it continues there', async (t) => {
  const { page: a, context } = await open(t);
  await startMatch(a, { preset: 'Basic' });
  await step(a);
  // The same browser opens the page again (a second window, the installed app).
  const b = await context.newPage();
  await b.goto(url);
  await settle(b);
  const elsewhere = (p) => p.locator('#elsewhere').getByRole('dialog');
  await elsewhere(a).getByText(EN.t.match_elsewhere).waitFor();
  // B starts a new match and plays: its match is the save.
  await startMatch(b, { preset: 'Standard' });
  await step(b);
  await settle(b); // the computer has answered: B waits for the person
  const bSave = await saved(b);
  assert.equal(JSON.parse(bSave).rules, 'standard');
  // A, left open, writes nothing over it. A writes only when its own match
  // moves; settled, its computer has answered and it waits for its person.
  await settle(a);
  assert.equal(await saved(a), bSave, 'the older tab did not write its match over the newer one');
  // A continues here: it takes B's match over, and B now says so.
  await elsewhere(a).getByRole('button', { name: EN.t.continue_here }).click();
  await settle(a);
  assert.equal(await a.locator('.log li').count(), await b.locator('.log li').count(), 'the match continued is the newer one');
  await elsewhere(b).getByText(EN.t.match_elsewhere).waitFor();
  await step(a);
  assert.notEqual(await saved(a), bSave, 'the tab holding the match saves it');
  assert.equal(JSON.parse(await saved(a)).rules, 'standard');
  await b.close();
});

test('the worker blocked: the computer still moves, and a hint gives up with a message and can be asked again, counted once', async (t) => {
  const { page, context, problems } = await open(t, undefined, { serviceWorkers: 'block' });
  await context.route(/worker(_bg)?\.(js|wasm)$/, (route) => route.abort());
  await page.reload();
  await startMatch(page, { preset: 'Standard', side: 'Black' });
  assert.match(await settle(page), /turn|defend/, 'the computer (White) moved first');
  await page.getByRole('button', { name: EN.t.dismiss }).click().catch(() => {});
  await page.getByRole('button', { name: EN.t.hint }).click();
  const late = page.getByRole('alert').filter({ hasText: EN.t.hint_late });
  await late.waitFor({ timeout: 20000 });
  assert.equal(await page.getByText(EN.t.hint_thinking).count(), 0, 'no longer asking');
  await page.getByRole('button', { name: EN.t.hint }).click();
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('engarde.save') ?? '{}').hints === 1);
  assert.equal(JSON.parse(await saved(page)).hints, 1, 'asked twice at one moment, counted once');
  forgive(problems, /worker(_bg)?\.(js|wasm)|Failed to load resource|net::ERR_FAILED/);
});

test('storage at its quota: cached analyses make room, so the match and the history are kept', async (t) => {
  const { page } = await open(t);
  await startMatch(page, { preset: 'Basic' });
  await settle(page);
  // Fill the origin's storage with cached analyses, to the byte.
  const filled = await page.evaluate(() => {
    // Their order of use, as the review keeps it, written first.
    const name = (n) => `engarde.analysis.${String(n).padStart(16, '0')}`;
    localStorage.setItem('engarde.analyses', Array.from({ length: 3000 }, (_, n) => name(n)).join('\n'));
    let n = 0;
    for (let size = 1 << 20; size >= 64; size >>= 1) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try { localStorage.setItem(`engarde.analysis.${String(n).padStart(16, '0')}`, chunk); n += 1; } catch { break; }
      }
    }
    return n;
  });
  assert.ok(filled > 3, `analyses written: ${filled}`);
  const before = await saved(page);
  await step(page);
  await step(page);
  assert.notEqual(await saved(page), before, 'the match was saved');
  assert.equal(await page.getByRole('alert').filter({ hasText: 'would not store' }).count(), 0, 'no refusal said');
  const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('engarde.analysis.')).length);
  assert.ok(left < filled, `analyses dropped to make room: ${filled} → ${left}`);
  // A finished match goes to the history too.
  await page.evaluate((s) => localStorage.setItem('engarde.save', s), await finished());
  await page.reload();
  await page.locator('main[data-moment=match-over]').waitFor();
  await page.waitForFunction(() => (localStorage.getItem('engarde.history') ?? '').length > 0);
});

test('garbage in every engarde.* key: the page starts, every menu entry opens, nothing panics', async (t) => {
  const garbage = ['{', 'null', '[]', '{"at":[99,99],"finished":4294967295}', '"\u0000"', '{"rules":{"points":0},"level":"nope"}', 'x'.repeat(3000)];
  const keys = ['engarde.save', 'engarde.settings', 'engarde.lessons', 'engarde.history', 'engarde.names', 'engarde.lang',
    'engarde.theme', 'engarde.welcomed', 'engarde.analyses', 'engarde.owner', 'engarde.save.imported', 'engarde.analysis.0000000000000000', 'engarde.puzzles'];
  for (const [i, g] of garbage.entries()) {
    const { page, context } = await open(t);
    await context.addInitScript(({ keys, g, i }) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      for (const [k, key] of keys.entries()) localStorage.setItem(key, k % 2 === i % 2 ? g : `{"at":[${k},${1e9}]}`);
    }, { keys, g, i });
    await page.reload();
    await page.locator('main[data-moment]').waitFor();
    for (const [entry, shown] of [[EN.t.learn, 'lessons'], [EN.t.how_to_play, 'guide'], [EN.t.history, 'history'], [EN.t.puzzles, 'puzzles']]) {
      if (await moment(page) === 'welcome') await page.getByRole('button', { name: EN.t.play_computer }).click().catch(() => {});
      await fromMenu(page, entry);
      await page.locator(`main[data-moment^=${shown}]`).first().waitFor();
      // Back to the page as it opens (the garbage is still in storage).
      await page.reload();
      await page.locator('main[data-moment]').waitFor();
    }
    assert.equal(await page.locator('#fault').count(), 0, `no fault shown with ${JSON.stringify(g).slice(0, 40)}`);
  }
});

test('a panic shows a message in the person\'s language with Reload and Export the match, never a dead page', async (t) => {
  const { page, problems } = await open(t, undefined, { locale: 'de-DE' });
  const DE = (await import('./words.mjs')).words('de');
  await settle(page);
  // One action: the match is saved (as on every action; the deal as the
  // page opened it is not written).
  await page.getByRole('button', { name: DE.action }).first().click();
  await page.locator('.log li').first().waitFor();
  await page.waitForFunction(() => localStorage.getItem('engarde.save') !== null);
  // An uncaught error after start (a panic reaches the shell the same way).
  await page.evaluate(() => setTimeout(() => { throw new Error('test fault'); }));
  const fault = page.getByRole('alertdialog');
  await fault.getByText(DE.t.fault).waitFor();
  await fault.getByRole('button', { name: DE.t.reload }).waitFor();
  const download = page.waitForEvent('download');
  await fault.getByRole('button', { name: DE.t.export_match }).click();
  const file = await download;
  assert.equal(file.suggestedFilename(), 'engarde-match.json');
  await fault.getByRole('button', { name: DE.t.reload }).click();
  await page.locator('main[data-moment]').waitFor();
  assert.equal(await page.locator('#fault').count(), 0);
  forgive(problems, /test fault/);
});

test('a 1 MB shared link is refused with its message during the load, its times measured', async (t) => {
  const { page, context } = await open(t);
  await settle(page);
  // In the page, from the moment its document exists (the browser's own
  // navigation to a 1 MB address comes before it, and the browser stays
  // busy with that address a while after: docs/APP.md, "Faults"): the
  // address when the document is parsed, when the first screen is up (the
  // header), when an alert first shows, and every long task.
  await context.addInitScript(() => {
    window.__docAt = performance.now();
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask', buffered: true });
    document.addEventListener('DOMContentLoaded', () => { window.__parsedWith = location.href.length; });
    new MutationObserver(() => {
      window.__upAt ??= document.querySelector('#app header') ? performance.now() : undefined;
      window.__alertAt ??= document.querySelector('[role=alert]') ? performance.now() : undefined;
    }).observe(document, { childList: true, subtree: true });
  });
  // Three loads with the link, each after the same page's start without it
  // (timings on a shared machine are noisy: medians, and the page's own
  // start as the yardstick for its long tasks).
  const link = `${url}#r=${'A'.repeat(1_000_000)}`;
  const tooLong = EN.t['link_too_long.1'].split('(')[0].trim();
  const longest = (tasks) => Math.max(0, ...tasks);
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const runs = [];
  for (let i = 0; i < 3; i++) {
    // Another address than the link's, so that each is a whole load.
    await page.goto(`${url}?plain`);
    await page.locator('#app header').waitFor();
    await page.waitForTimeout(300);
    const plain = await page.evaluate(() => ({ doc: window.__docAt, up: window.__upAt, tasks: window.__longTasks }));
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: tooLong }).waitFor({ timeout: 10000 });
    // Said before the app starts (the loading note), and by the app once up.
    await page.locator('#app [role=alert]').filter({ hasText: tooLong }).waitFor();
    await page.waitForTimeout(300);
    const run = await page.evaluate(() => ({
      doc: window.__docAt, said: window.__alertAt, tasks: window.__longTasks, parsedWith: window.__parsedWith,
    }));
    console.log(`a 1 MB link: the document exists ${Math.round(run.doc)} ms into the load (${Math.round(plain.doc)} without the link); its message ${Math.round(run.said - run.doc)} ms after that (the page without it is up ${Math.round(plain.up - plain.doc)} ms after its document); long tasks ${JSON.stringify(run.tasks)} ms (${JSON.stringify(plain.tasks)} without the link)`);
    assert.equal(run.parsedWith, url.length, 'the link is off the address before the page fetches its files');
    assert.ok(!page.url().includes('AAAA'), 'the address is cleared, so a reload does not meet the link again');
    runs.push({ said: run.said - run.doc, longest: longest(run.tasks), plain: longest(plain.tasks) });
  }
  // The times are measured and reported, not asserted (a busy machine
  // stretches them): the message's delay after the page's start, and the
  // longest tasks with the link against the page's own start.
  const said = median(runs.map((r) => r.said));
  const [withLink, without] = [median(runs.map((r) => r.longest)), median(runs.map((r) => r.plain))];
  console.log(`measured: a 1 MB link's message ${Math.round(said)} ms after the page's start (median); longest tasks ${Math.round(withLink)} ms with the link, ${Math.round(without)} ms without (medians)`);
});

test('an imported match is playable and reviewable but not counted in the history', async (t) => {
  const { page } = await open(t);
  await settle(page);
  const chooser = page.waitForEvent('filechooser');
  await fromMenu(page, EN.t.import);
  await (await chooser).setFiles({ name: 'match.json', mimeType: 'application/json', buffer: Buffer.from(await finished()) });
  await page.locator('main[data-moment=match-over]').waitFor();
  await page.reload();
  await page.locator('main[data-moment=match-over]').waitFor();
  // The history is written, if at all, by the effect of the render that
  // shows the finished match, in that same task: by now it has run.
  assert.equal(await page.evaluate(() => localStorage.getItem('engarde.history')), null, 'not in the history');
});

test('the match reader cannot be fetched: the page says it cannot start and keeps the save; then it resumes the match', async (t) => {
  const { page, problems } = await open(t);
  await settle(page);
  const save = await finished();
  await page.evaluate((s) => localStorage.setItem('engarde.save', s), save);
  // The reader is a module split off the page's own (web/build-app.mjs),
  // fetched only for a save: here it cannot be had.
  const reader = /\/split_reader-[0-9a-f]+\.wasm$/;
  await page.route(reader, (route) => route.abort());
  await page.reload();
  await page.locator('#loading .loading-status[role=alert]').waitFor();
  assert.equal(await page.locator('#app main').count(), 0, 'no match shown in its place');
  assert.equal(await saved(page), save, 'the save is kept as it was');
  forgive(problems, /Failed to load resource|Failed to fetch|NetworkError|net::ERR_FAILED/);
  await page.unroute(reader);
  await page.reload();
  await page.locator('main[data-moment=match-over]').waitFor();
});
