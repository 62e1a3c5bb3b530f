// The page in every engine a player uses: Chromium, Firefox and WebKit
// (Safari's engine), through one thin driver (e2e/engines.mjs). In each: a
// whole match against the computer by clicks and its review by keyboard,
// the keyboard moving freely round the table, a lesson, a puzzle, and, after
// one visit with the site's server stopped, a match, a lesson and a puzzle
// offline. No page error or console error in any. The long, detailed suites
// (app, table, faults, puzzles, friend, offline) run in Chromium; this one
// keeps every feature covered in the other two.
// Run: ENGINES=firefox,webkit node --test e2e/engines.test.mjs   (BASE_URL, after a build into dist/)
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINES, launch } from './engines.mjs';
import { moment, settle, clickOn, focused, fromMenu, choose } from './engine-steps.mjs';
import { words } from './words.mjs';

const url = process.env.BASE_URL ?? 'http://127.0.0.1:8099/engarde/';
const EN = words('en');
const DIST = process.env.DIST ?? 'dist';

async function newMatch(page, preset) {
  await newMatchIn(page, EN, preset);
}

/** A new match against the easy computer, by the form's words in language `W`. */
async function newMatchIn(page, W, preset) {
  await clickOn(page, 'nav button', W.t.new_game);
  await page.waitFor(() => !!document.querySelector('form.settings'));
  await clickOn(page, `form.settings input[name=preset][value=${preset}]`);
  await clickOn(page, 'form.settings input[name=opponent][value=easy]');
  await clickOn(page, 'form.settings button', W.t.start);
  // Over a match in progress the form asks first: yes.
  const asked = await page.waitFor((yes) => !document.querySelector('form.settings') && 'started'
    || [...document.querySelectorAll('form.settings button')].some((b) => b.textContent.trim() === yes) && 'asked', W.t.start_over);
  if (asked === 'asked') await clickOn(page, 'form.settings button', W.t.start_over);
  await page.waitFor(() => !document.querySelector('form.settings'));
}

/** Plays the match on to its end by clicks; how many actions it took. */
async function playToTheEnd(page) {
  for (let step = 0; step < 800; step++) {
    const m = await settle(page);
    if (m === 'match-over') return step;
    if (m === 'round-over') await clickOn(page, 'button', EN.t.next_round);
    else await clickOn(page, '.action-bar button.action');
    await page.waitFor((m) => document.querySelector('main')?.dataset.moment !== m
      || document.querySelectorAll('.log li').length !== 0, m, { timeout: 30000 });
  }
  throw new Error('the match did not end');
}

// Two builds to deploy one over the other: "a" the build, "b" the same
// site marked and finished again (a new service worker version).
let work;
before(async () => {
  work = await mkdtemp(join(tmpdir(), 'engarde-engines-'));
  await cp(DIST, join(work, 'a'), { recursive: true });
  await cp(DIST, join(work, 'b'), { recursive: true });
  const index = join(work, 'b', 'index.html');
  await writeFile(index, (await readFile(index, 'utf8')).replace(/<meta charset="?utf-8"?>/, '$&<meta name="build" content="b">'));
  execFileSync('node', ['web/finish.mjs', join(work, 'b')], { stdio: 'ignore' });
});
after(async () => { await rm(work, { recursive: true, force: true }); });

/** Deploys build `name` ("a" or "b") at `site`. */
async function deploy(site, name) {
  const tmp = `${site}-${Date.now()}`;
  await symlink(join(work, name), tmp);
  await rename(tmp, site);
}

/** Starts a copy of the site's server on its own port (stopped to cut the network). */
async function ownServer(port, dir = DIST) {
  const server = spawn('node', ['e2e/serve.mjs', String(port), dir], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(`http://127.0.0.1:${port}/engarde/`)).ok) return server; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the site server did not start');
}

for (const [n, engine] of ENGINES.entries()) {
  describe(`in ${engine}`, () => {
    let browser;
    const pages = [];
    before(async () => {
      browser = await launch(engine);
      console.log(`engine: ${engine} ${browser.version}`);
    });
    after(async () => { await browser?.close(); });
    const open = async (t, viewport, at = url) => {
      const page = await browser.newPage(viewport);
      pages.push(page);
      t.after(async () => {
        await page.close();
        assert.deepEqual(page.problems, [], `${engine}: no page or console error`);
      });
      await page.goto(at);
      await settle(page);
      return page;
    };

    test(`${engine}: a whole Basic match against the computer by clicks, then its review stepped by keyboard`, async (t) => {
      const page = await open(t, { width: 1280, height: 800 });
      await newMatch(page, 'basic');
      const steps = await playToTheEnd(page);
      assert.ok(steps > 3, `a whole match: ${steps} steps`);
      assert.match(await page.evaluate(() => document.querySelector('[role=status]').textContent), /wins? the match/);
      await clickOn(page, 'button', EN.t.review);
      await page.waitFor(() => document.querySelector('main')?.dataset.moment === 'review');
      const at = () => page.evaluate(() => Number(document.querySelector('.review-moves input[type=range]').value));
      await clickOn(page, '.review-moves button', EN.t['review_moves.3']);
      const last = await at();
      assert.ok(last > 0);
      await page.press('ArrowLeft');
      await page.waitFor((l) => Number(document.querySelector('.review-moves input[type=range]').value) === l - 1, last);
      await page.press('Home');
      await page.waitFor(() => Number(document.querySelector('.review-moves input[type=range]').value) === 0);
    });

    test(`${engine}: the keyboard moves freely round the table: Tab and Shift+Tab reach Hint, the cards and the Menu, and Enter plays`, async (t) => {
      const page = await open(t, { width: 390, height: 844 });
      await newMatch(page, 'standard');
      for (let turn = 0; turn < 3; turn++) {
        assert.equal(await settle(page), 'turn');
        // Focus is on the first action (the page put it there once).
        await page.waitFor(() => document.activeElement?.matches('.action-bar .action'));
        await page.evaluate(() => document.activeElement.setAttribute('data-start', ''));
        const atStart = () => page.evaluate(() => document.activeElement?.hasAttribute('data-start') ?? false);
        /** Presses `key` until `done()`; the names met on the way. */
        const until = async (key, done, what) => {
          const met = [];
          for (let i = 0; i < 30; i++) {
            await page.press(key);
            if (await done()) return met;
            met.push(await focused(page));
          }
          throw new Error(`${engine}: ${key} never reached ${what}: ${met.join(' | ')}`);
        };
        // Back through the cards to the Menu and New game, forward again
        // past the action to Hint, and back to the action: nothing snaps
        // back, and the page is never left (a browser's own controls differ).
        const back = await until('Shift+Tab', async () => await focused(page) === EN.t.new_game, EN.t.new_game);
        assert.ok(back.includes(EN.t.menu), `${engine}: Shift+Tab reaches the Menu: ${back.join(' | ')}`);
        assert.ok(back.some((m) => /^Card [1-5]$/.test(m)), `${engine}: Shift+Tab reaches the cards: ${back.join(' | ')}`);
        await until('Tab', atStart, 'the action');
        await until('Tab', async () => await focused(page) === EN.t.hint, EN.t.hint);
        await until('Shift+Tab', atStart, 'the action');
        await page.evaluate(() => document.activeElement.removeAttribute('data-start'));
        const before = await page.evaluate(() => document.querySelectorAll('.log li').length);
        await page.press('Enter');
        await page.waitFor((b) => document.querySelectorAll('.log li').length > b, before);
      }
    });

    test(`${engine}: a hint, a take back, the guide, the history, and two people on one device`, async (t) => {
      const page = await open(t, { width: 1280, height: 800 });
      await newMatch(page, 'standard');
      assert.equal(await settle(page), 'turn');
      await clickOn(page, '.action-bar .hint-ask', EN.t.hint);
      await page.waitFor(() => document.querySelectorAll('.action-bar .advice li').length > 0);
      await clickOn(page, '.action-bar button.action');
      await page.waitFor(() => document.querySelector('main')?.dataset.moment === 'turn' && document.querySelectorAll('.log li').length > 1);
      await clickOn(page, 'button', EN.t.take_back);
      await page.waitFor((said) => document.querySelector('[role=status]')?.textContent.startsWith(said), EN.t.taken_back);
      assert.equal(await page.evaluate(() => document.querySelectorAll('.log li').length), 0);
      await fromMenu(page, EN.t.how_to_play);
      await page.waitFor(() => document.querySelector('main')?.dataset.moment === 'guide' && document.querySelectorAll('main svg').length > 0);
      await clickOn(page, 'main > button');
      await fromMenu(page, EN.t.history);
      await page.waitFor(() => document.querySelector('main')?.dataset.moment === 'history');
      await clickOn(page, 'main.history .buttons button', EN.t.close);
      // Two people: the device handed over, then the first player's hand.
      await clickOn(page, 'nav button', EN.t.new_game);
      await clickOn(page, 'form.settings input[name=opponent][value=person]');
      await clickOn(page, 'form.settings button', EN.t.start);
      const asked = await page.waitFor((yes) => !document.querySelector('form.settings') && 'started'
        || [...document.querySelectorAll('form.settings button')].some((b) => b.textContent.trim() === yes) && 'asked', EN.t.start_over);
      if (asked === 'asked') await clickOn(page, 'form.settings button', EN.t.start_over);
      await page.waitFor(() => !!document.querySelector('.pass-screen[role=dialog]'));
      await clickOn(page, '.pass-screen button.primary');
      assert.equal(await settle(page), 'turn');
      assert.equal(await page.evaluate(() => document.querySelectorAll('.hand-area .card').length), 5);
    });

    test(`${engine}: a save of garbage is set aside with a message and play goes on; the page in Dutch, chosen in the settings, kept after a reload`, async (t) => {
      const page = await open(t, { width: 1280, height: 800 });
      await page.evaluate(() => localStorage.setItem('engarde.save', '{"rounds": [garbage'));
      await page.goto(url);
      assert.ok(['turn', 'welcome'].includes(await settle(page)));
      const notice = await page.waitFor(() => document.querySelector('.notice[role=alert] p')?.textContent);
      assert.ok(notice.length > 10, `the person is told: ${notice}`);
      await clickOn(page, '.notice[role=alert] button', EN.t.dismiss);
      await fromMenu(page, EN.t.preferences);
      await choose(page, EN.t.language, 'nl');
      await page.waitFor(() => document.documentElement.lang === 'nl');
      await page.press('Escape');
      await page.goto(url);
      await settle(page);
      const NL = words('nl');
      await page.waitFor((name) => [...document.querySelectorAll('nav button')].some((b) => b.textContent.trim() === name), NL.t.new_game);
      await newMatchIn(page, NL, 'basic');
      assert.equal(await settle(page), 'turn');
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'nl');
    });

    test(`${engine}: a lesson played to its end, and a puzzle answered`, async (t) => {
      const page = await open(t, { width: 390, height: 844 });
      await fromMenu(page, EN.t.learn);
      await clickOn(page, '.lesson-open');
      for (let i = 0; i < 20 && await moment(page) !== 'lesson-complete'; i++) {
        await clickOn(page, '.action-bar .action.suggested');
      }
      assert.equal(await moment(page), 'lesson-complete');
      await clickOn(page, 'main .bar-tools button', EN.t.close);
      await fromMenu(page, EN.t.puzzles);
      await clickOn(page, '.puzzle[data-state=asked] .action-bar button[data-action]');
      await page.waitFor(() => document.querySelector('.puzzle')?.dataset.state === 'done');
      const verdict = await page.evaluate(() => document.querySelector('.puzzle-verdict')?.textContent ?? '');
      assert.ok(verdict.length > 0, 'the answer is judged');
    });

    test(`${engine}: after one visit, with the server stopped, a match, a lesson and a puzzle work offline`, async (t) => {
      const port = 8180 + n;
      const server = await ownServer(port);
      t.after(() => server.kill());
      const at = `http://127.0.0.1:${port}/engarde/`;
      const page = await open(t, { width: 1280, height: 800 }, at);
      // The first visit's worker installs with the whole build cached, then
      // takes the page over.
      await page.waitFor(async () => (await navigator.serviceWorker?.ready)?.active?.state === 'activated'
        && !!navigator.serviceWorker.controller, null, { timeout: 60000 });
      assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-update')), false, 'a first visit announces no new version');
      server.kill();
      await new Promise((r) => server.once('exit', r));
      await page.goto(at);
      await settle(page);
      await newMatch(page, 'basic');
      assert.equal(await settle(page), 'turn');
      await clickOn(page, '.action-bar button.action');
      await page.waitFor(() => document.querySelectorAll('.log li').length > 0);
      await fromMenu(page, EN.t.learn);
      await clickOn(page, '.lesson-open');
      await clickOn(page, '.action-bar .action.suggested');
      await clickOn(page, 'main .bar-tools button', EN.t.back_to_match);
      await fromMenu(page, EN.t.puzzles);
      await clickOn(page, '.puzzle[data-state=asked] .action-bar button[data-action]');
      await page.waitFor(() => document.querySelector('.puzzle')?.dataset.state === 'done');
    });

    test(`${engine}: a deploy while a match is open: no reload, "a new version is ready", and its Reload loads it with the match kept`, async (t) => {
      const site = join(work, `site-${engine}`);
      await deploy(site, 'a');
      const port = 8190 + n;
      const server = await ownServer(port, site);
      t.after(() => server.kill());
      const at = `http://127.0.0.1:${port}/engarde/`;
      const page = await open(t, { width: 1280, height: 800 }, at);
      await page.waitFor(async () => (await navigator.serviceWorker?.ready)?.active?.state === 'activated'
        && !!navigator.serviceWorker.controller, null, { timeout: 60000 });
      await newMatch(page, 'basic');
      assert.equal(await settle(page), 'turn');
      await clickOn(page, '.action-bar button.action');
      await page.waitFor(() => document.querySelectorAll('.log li').length > 0);
      await settle(page);
      const before = await page.evaluate(() => document.querySelector('.log').textContent);
      await page.evaluate(() => { window.__stayed = true; });
      await deploy(site, 'b');
      // The page looks for a new version when it is shown again.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      // (The banner is on the page, shown once a version is announced.)
      await page.waitFor((said) => document.documentElement.hasAttribute('data-update')
        && document.querySelector('.update[role=status]')?.textContent.includes(said), EN.t.update_ready, { timeout: 60000 });
      assert.equal(await page.evaluate(() => window.__stayed === true), true, 'no reload by itself');
      assert.equal(await page.evaluate(() => document.querySelector('meta[name=build]')?.content ?? 'a'), 'a');
      await clickOn(page, '.update button', EN.t.reload);
      await page.waitFor(() => document.querySelector('meta[name=build]')?.content === 'b', null, { timeout: 60000 });
      await settle(page);
      assert.equal(await page.evaluate(() => document.querySelector('.log')?.textContent), before, 'the match is kept');
    });
  });
}
