// Play a friend: two browser contexts with separate storage play
// whole matches by passing only the links from "Link for your friend",
// through the accessible names; the records both export are identical and
// replay on `engarde replay`. Honesty: neither side's storage holds a card
// of the other's in the clear. Wrong links are refused with their message.
// Every test fails on a console error, a page error or an outside request.
// Run: node --test e2e/friend.test.mjs   (BASE_URL, default http://127.0.0.1:8099/engarde/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { EN, forgive, fromMenu, open as openPage, url } from './helpers.mjs';

let browser;
/** A browser without WebRTC: links only, as before live play. */
const noLive = () => { delete window.RTCPeerConnection; };
/** Live: the page's connections, kept where a test can cut them (`window.__pcs`). */
const keepConnections = () => {
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = function (...args) {
    const pc = new Real(...args);
    (window.__pcs ??= []).push(pc);
    return pc;
  };
  window.RTCPeerConnection.prototype = Real.prototype;
};
/** What the board said while the friend's message was being checked (its proofs, in the worker), once a load. */
const watchChecking = () => {
  window.__checking = [];
  new MutationObserver(() => {
    const m = document.querySelector('.friend-match[data-checking]');
    if (!m || window.__checking.length) return;
    window.__checking.push({
      said: m.querySelector('.lesson-words')?.textContent ?? '',
      progress: m.querySelectorAll('progress').length,
      link: m.querySelectorAll('input, textarea').length,
    });
  }).observe(document, { subtree: true, childList: true, attributes: true });
};
/** A fresh page; without WebRTC unless `live`; on the start screen of a first visit if `welcome`. */
async function open(t, { live = false, options = {}, welcome = false } = {}) {
  const opened = await openPage(browser, t, undefined, options, { welcome });
  await opened.context.addInitScript(live ? keepConnections : noLive);
  await opened.context.addInitScript(watchChecking);
  await opened.page.reload();
  return opened;
}
before(async () => { browser = await chromium.launch(launchOptions); });
after(async () => { await browser?.close(); });

const ENGARDE = new URL('../target/debug/engarde', import.meta.url).pathname;
/** A hostile page's forged message (examples/friend_forge.rs, built by `cargo test`). */
const FORGE = new URL('../target/debug/examples/friend_forge', import.meta.url).pathname;
const OVER = ['Won', 'Lost', 'YouResigned', 'TheyResigned'];

/** Telegram's limit: every link, the page's address included, fits in one message. */
const MAX_LINK = 4096;
/** Every link a test opened, its length; the messages that went in parts, their parts. */
const linkLengths = [];
const partCounts = [];

/** "This message comes in 3 parts. Received: 1. Still missing: 2 and 3.", as the page says it in English. */
function partsSaid(got, total) {
  const list = (ns) => ns.map(String).reduce((a, b, i, all) => (i === all.length - 1
    ? EN.t['friend_parts_and.0'] : EN.t['friend_parts_and.1']).replace('{a}', a).replace('{b}', b));
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((n) => !got.includes(n));
  return EN.t.friend_parts_progress.replace('{got}', list(got)).replace('{total}', total).replace('{missing}', list(missing));
}

/** Opens one link as a person does, in a fresh page load (not a same-page fragment change). */
async function load(page, link) {
  assert.ok(link.length <= MAX_LINK, `a link of ${link.length} characters`);
  linkLengths.push(link.length);
  // A blank page between: the link's load starts afresh.
  await page.goto('about:blank');
  await page.goto(link);
}

/**
 * Opens a link, or a message's parts: out of order (the last first, then
 * the others from the first), each in a fresh page load, the page saying
 * which parts are in and which are still missing until the last.
 */
async function visit(page, link) {
  if (!Array.isArray(link)) return load(page, link);
  partCounts.push(link.length);
  const order = [link.length - 1, ...link.keys()].slice(0, link.length);
  const got = [];
  for (const i of order) {
    await load(page, link[i]);
    got.push(i + 1);
    if (got.length === link.length) return;
    await page.locator('.friend-parts').getByText(partsSaid([...got].sort((a, b) => a - b), link.length), { exact: true }).waitFor();
  }
}

/** Whether a page (or a part of it) shows a link to send. */
const sendingCount = (where) => where.locator('.friend-link input').count();

/** The link a page shows for the friend: one, or the parts of one ("Part 1 of 2 for your friend" …). */
async function linkOf(page) {
  const fields = page.locator('.friend-link input');
  await fields.first().waitFor();
  const n = await fields.count();
  if (n === 1) return page.getByRole('textbox', { name: EN.t.friend_link }).inputValue();
  const parts = [];
  for (let i = 1; i <= n; i++) {
    const name = EN.t.friend_part_link.replace('{n}', i).replace('{total}', n);
    parts.push(await page.getByRole('textbox', { name, exact: true }).inputValue());
  }
  return parts;
}

/** A link's whole text as one link, however it was sent (a part is `~`, a 32-character head, its piece). */
const whole = (link) => (Array.isArray(link)
  ? `${link[0].split('#f=')[0]}#f=${link.map((p) => p.split('#f=')[1].slice(33)).join('')}`
  : link);

/** The match a page shows once the friend's message is checked: where it stands, and how many steps it took. */
async function board(page, { timeout } = {}) {
  const section = page.locator('.friend-match:not([data-checking])');
  await section.waitFor({ timeout });
  return {
    standing: await section.getAttribute('data-standing'),
    steps: Number(await section.getAttribute('data-steps')),
  };
}

/** Host invites (rules by the form's index), guest accepts: both pages, and the first link for the host. */
async function begin(t, preset, points, { live = false, guestInit, hostOptions, guestWelcome = false } = {}) {
  const opened = await open(t, { live, options: hostOptions });
  const host = opened.page;
  host.problems = opened.problems;
  const guestOpened = await open(t, { live, welcome: guestWelcome });
  const guest = guestOpened.page;
  guest.requests = guestOpened.requests;
  // (The guest's browser as a test shapes it: applied from its next page load.)
  if (guestInit) await guest.context().addInitScript(guestInit);
  await fromMenu(host, EN.t.play_friend);
  await host.getByRole('button', { name: EN.t.friend_invite }).click();
  await host.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Ann');
  await host.getByRole('combobox', { name: EN.t.friend_rules }).selectOption(String(preset));
  await host.getByRole('spinbutton', { name: EN.t.friend_points }).fill(String(points));
  // Who starts the first round is drawn by lot (R7), and the forms say so.
  await host.locator('.friend-form').getByText(EN.t.friend_lot, { exact: true }).waitFor();
  await host.getByRole('button', { name: EN.t.friend_make }).click();
  const invitation = await linkOf(host);
  assert.match(invitation, /#f=[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)?$/);
  await visit(guest, invitation);
  await guest.getByText(/^Ann invites you to a match of /).waitFor();
  await guest.getByText(/No take-backs and no hints/).first().waitFor();
  await guest.locator('.friend-form').getByText(EN.t.friend_lot, { exact: true }).waitFor();
  await guest.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Bo');
  await guest.getByRole('button', { name: EN.t.friend_accept }).click();
  await board(guest);
  return { host, guest, link: await linkOf(guest), invitation };
}

/** While it is the page's person's to play: a random legal action, by its button's name. */
async function playTurn(page, rng, { live = false } = {}) {
  let b = await board(page);
  while (b.standing === 'Yours') {
    const buttons = page.locator('.friend-match .action-bar button[data-action]');
    const count = await buttons.count();
    assert.ok(count > 0, 'a legal action is offered');
    const name = await buttons.nth(Math.floor(rng() * count)).textContent();
    await page.getByRole('button', { name, exact: true }).first().click();
    await page.waitForFunction((s) => Number(document.querySelector('.friend-match')?.dataset.steps) > s, b.steps);
    b = await board(page);
    // (Live, the friend's answer changes the table at once: checked by links.)
    if (b.standing === 'Theirs' && !live) await waitingWell(page);
  }
  return b;
}

/**
 * After the person's move, waiting for the friend: the table stays (the
 * piste, the hands), what is awaited is said once, and the friend is named
 * as the friend to a screen reader.
 */
async function waitingWell(page) {
  const match = page.locator('.friend-match');
  // (Before the deal, the Choice card's pick made: the piste alone, no hand.)
  const roundGoesOn = await match.locator('.piste').count() && !(await match.locator('.friend-bare').count());
  const said = await match.locator('.lesson-words').textContent();
  const sending = await sendingCount(match);
  if (sending) assert.ok(!said.includes('Waiting for'), `"waiting" and "send" both said: ${said}`);
  if (!roundGoesOn) return;
  assert.ok(said.trim().length > 0, 'the move just made is said');
  const friend = await page.locator('.friend-match').evaluate((m) => m.closest('main')?.querySelector('h3')?.textContent ?? '');
  const hand = await match.locator('ul.hand.opponent').getAttribute('aria-label');
  assert.ok(!/computer/i.test(hand), `the friend's hand is not the computer's: ${hand}`);
  const fencers = await match.locator('.fencer').evaluateAll((fs) => fs.map((f) => f.getAttribute('aria-label') ?? ''));
  assert.ok(fencers.length >= 2 && fencers.every((f) => !/computer/i.test(f)), `fencers named by the players: ${fencers} (${friend})`);
  waitingTables += 1;
}

/** How many times the table was seen staying after a move. */
let waitingTables = 0;

/** From opening a link to the move on the friend's screen (ms): the page's part, the people's aside. */
const linkMillis = [];
/** What the boards said while a link's message was being checked. */
const checkingSeen = [];

/** Plays the match to its end by links alone: random legal actions by their buttons. */
async function playOut(pages, link, rng) {
  let who = 0;
  const sizes = [];
  for (let n = 0; n < 3000; n++) {
    const page = pages[who];
    sizes.push(whole(link).length);
    const opened = Date.now();
    await visit(page, link);
    await board(page);
    linkMillis.push(Date.now() - opened);
    checkingSeen.push(...await page.evaluate(() => window.__checking ?? []));
    assert.equal(await page.locator('.friend-problem').count(), 0, await page.locator('.friend-problem').allTextContents().then(String));
    const b = await playTurn(page, rng);
    const sending = await sendingCount(page);
    if (OVER.includes(b.standing) && sending === 0) return sizes;
    link = await linkOf(page);
    who = 1 - who;
  }
  throw new Error('the match did not end');
}

/** A small seeded generator (mulberry32). */
function seeded(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The record a page exports. */
async function exported(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: EN.t.export, exact: true }).click(),
  ]);
  return readFile(await download.path(), 'utf8');
}

/**
 * What a page keeps of a friend match holds no card of the other side's in
 * the clear: only its own secret's seed, how it began, the messages (sealed
 * cards and shares), its own decks as sent, its own actions, and the list's
 * line; beside it, a snapshot of its state to rebuild it from (compact
 * bytes as base64 text: its round's masked decks, the cards it holds and
 * the cards played or shown).
 */
async function keepsNoCardOfTheOther(page) {
  const kept = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith('engarde.friend.')).map((k) => JSON.parse(localStorage.getItem(k))));
  assert.ok(kept.length > 0, 'the match is kept');
  for (const { journal, summary, ...rest } of kept) {
    assert.deepEqual(Object.keys(rest), []);
    assert.deepEqual(Object.keys(journal).sort(), ['begun', 'secrets', 'seed', 'steps']);
    assert.deepEqual(Object.keys(summary).sort(), ['friend', 'id', 'last', 'score', 'standing']);
    for (const step of journal.steps) {
      const kind = typeof step === 'string' ? step : Object.keys(step)[0];
      assert.ok(['Received', 'Played', 'Sent', 'Resigned', 'ResignedRevealed', 'Dealt'].includes(kind), kind);
      if (kind === 'Received') assert.match(step.Received, /^[A-Za-z0-9_-]+$/, 'a message as it came: sealed');
      // A proven deck this page made and sent: masked cards and the argument.
      if (kind === 'Dealt') assert.match(step.Dealt, /^[A-Za-z0-9_-]{6140}$/, 'its own deck as sent');
    }
  }
  const snapshots = await page.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith('engarde.snapshot.')).map((k) => [k.slice(17), localStorage.getItem(k)]));
  assert.ok(snapshots.length > 0, 'a snapshot is kept');
  for (const [id, text] of snapshots) {
    assert.ok(kept.some((k) => k.summary.id === id), `the snapshot of a kept match: ${id}`);
    assert.match(text, /^[A-Za-z0-9_-]+$/);
  }
}

/**
 * A whole match by links alone (the form's edition `preset`, to `points`):
 * both seats export the same record, `engarde replay` plays it, and neither
 * keeps a card of the other's in the clear. Returns the record.
 */
async function wholeMatch(t, name, preset, points, seed) {
  const [links0, parts0] = [linkLengths.length, partCounts.length];
  const { host, guest, link } = await begin(t, preset, points);
  const sizes = await playOut([host, guest], link, seeded(seed));
  const [a, b] = [await exported(host), await exported(guest)];
  assert.equal(a, b, 'both seats export the same record');
  const dir = await mkdtemp(join(tmpdir(), 'engarde-friend-'));
  await writeFile(join(dir, `${name}.json`), a);
  const replayed = execFileSync(ENGARDE, ['replay', join(dir, `${name}.json`)], { encoding: 'utf8' });
  assert.match(replayed, /"winner"/);
  for (const page of [host, guest]) await keepsNoCardOfTheOther(page);
  // The end as any match's: who wins the match, and the score.
  const record0 = JSON.parse(a);
  const ends = [];
  for (const page of [host, guest]) ends.push(await page.locator('.friend-match .lesson-words').textContent());
  if (!record0.resigned) {
    assert.ok(ends.some((e) => /You win the match \d–\d\./.test(e)), `the winner's end: ${ends}`);
    assert.ok(ends.some((e) => /(Ann|Bo) wins the match \d–\d\./.test(e)), `the loser's end: ${ends}`);
  }
  assert.ok(waitingTables > 10, `the table stayed after moves: ${waitingTables}`);
  // While a link's message is checked (in the worker), the board says so with
  // a progress bar, and shows no link to send.
  assert.ok(checkingSeen.length > sizes.length / 2, `"checking" seen at ${checkingSeen.length} of ${sizes.length} links`);
  for (const seen of checkingSeen) {
    assert.match(seen.said, /Checking (Ann's|Bo's|your friend's) message: every shuffle and every card in it is proven…/);
    assert.equal(seen.progress, 1);
    assert.equal(seen.link, 0);
  }
  // The review is open to both once the match is over, every card shown.
  await guest.getByRole('button', { name: EN.t.review, exact: true }).click();
  await guest.locator('main[data-moment=review]').waitFor();
  const record = JSON.parse(a);
  sizes.sort((x, y) => x - y);
  const picked = record.rounds.filter((r) => r.setup.choice).length;
  const opening = [...linkMillis].sort((x, y) => x - y);
  console.log(`${name}: opening a link to the move on screen: median ${opening[opening.length >> 1]} ms`);
  console.log(`${name}: ${record.rounds.length} rounds (${picked} picked from the Choice card), ${sizes.length} messages, median ${sizes[sizes.length >> 1]} characters, longest ${sizes.at(-1)}`);
  // As links: every one within Telegram's 4,096 characters, the address included.
  const opened = linkLengths.slice(links0);
  const parted = partCounts.slice(parts0);
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const rounds = record.rounds.length;
  console.log(`${name}: ${opened.length} links opened (${parted.length} messages in parts: ${sum(parted)} parts, ${Math.min(...parted)}–${Math.max(...parted)} a message), ${sum(opened)} characters in all, the longest link ${Math.max(...opened)}; a round: ${(opened.length / rounds).toFixed(1)} links, ${(parted.length / rounds).toFixed(1)} messages in parts`);
  assert.ok(parted.length >= rounds, 'each round has a message in parts');
  return record;
}

test('an Advanced match by links alone: both records identical, and they replay', async (t) => {
  await wholeMatch(t, 'advanced', 2, 2, 7);
});

test('a Duel by links alone, with its special cards: identical records that replay', async (t) => {
  const record = await wholeMatch(t, 'duel', 3, 3, 11);
  assert.ok(record.rounds.some((r) => r.setup.special), 'special cards were turned');
});

test('wrong links are refused with their own message and change nothing; a resignation travels; the list, a reload and a backup keep the match', async (t) => {
  const { host, guest, link, invitation } = await begin(t, 2, 1);
  const alert = (page, text) => page.getByRole('alert').filter({ hasText: text }).waitFor();
  // A link cut short when copied (a part of one, if it went in parts).
  if (Array.isArray(link)) {
    await load(host, link[0].slice(0, -3));
    await alert(host, EN.t['friend_part_errors.0']);
  } else {
    await visit(host, link.slice(0, -3));
    await alert(host, EN.t.friend_damaged);
  }
  // One's own link, meant for the friend.
  await visit(host, invitation);
  await alert(host, EN.t.friend_own);
  // The right one goes through; opened again, it is old.
  await visit(host, link);
  const before = await board(host);
  assert.equal(await host.getByRole('alert').count(), 0);
  const hostLink = await linkOf(host);
  await visit(host, link);
  await alert(host, EN.t.friend_old);
  assert.equal((await board(host)).steps, before.steps, 'nothing changed');
  // The invitation opened again by the friend who accepted it.
  await visit(guest, invitation);
  await alert(guest, EN.t.friend_old);
  // A browser that does not hold the match says how to go on.
  const other = (await open(t)).page;
  await visit(other, hostLink);
  await alert(other, EN.t.friend_not_held);
  // The guest resigns (asked first) once dealt: before, there is nothing
  // to give up. The host learns it from the next link.
  await visit(guest, hostLink);
  await board(guest);
  assert.equal(await guest.getByRole('button', { name: EN.t.friend_resign }).count(), 0, 'no Resign before the deal');
  await visit(host, await linkOf(guest));
  await playTurn(host, seeded(99));
  await visit(guest, await linkOf(host));
  await board(guest);
  await guest.getByRole('button', { name: EN.t.friend_resign }).click();
  await guest.getByText(EN.t.friend_resign_sure).waitFor();
  await guest.getByRole('button', { name: EN.t.friend_resign }).click();
  assert.equal((await board(guest)).standing, 'YouResigned');
  // It goes with the guest's next message: links pass until it has.
  const pages = [host, guest];
  for (let turn = 0; (await board(host)).standing !== 'TheyResigned'; turn++) {
    assert.ok(turn < 6, 'the resignation arrives');
    await visit(pages[turn % 2], await linkOf(pages[(turn + 1) % 2]));
    await playTurn(pages[turn % 2], seeded(turn));
  }
  // After a reload, the list shows the friend, the score and where it stands.
  await host.goto(new URL('./', host.url()).href);
  await fromMenu(host, EN.t.play_friend);
  const row = EN.t.friend_row.replace('{friend}', 'Bo').replace('{you}', '0').replace('{them}', '0')
    .replace('{standing}', EN.t['friend_standing.5']);
  await host.getByText(row).waitFor();
  // A backup file moves the match to another browser.
  const [download] = await Promise.all([
    host.waitForEvent('download'),
    host.getByRole('button', { name: EN.t.friend_backup }).click(),
  ]);
  await fromMenu(other, EN.t.play_friend);
  await other.getByText(EN.t.friend_none).waitFor();
  const [chooser] = await Promise.all([
    other.waitForEvent('filechooser'),
    other.getByRole('button', { name: EN.t.friend_restore }).click(),
  ]);
  await chooser.setFiles(await download.path());
  await other.getByText(EN.t['friend_restored.0'].replace('{n}', '1')).waitFor();
  await other.getByText(row).waitFor();
});

test('a proofs worker that cannot start: the page checks the friend\'s messages itself, and the match goes on', async (t) => {
  // No service worker, so that every request of the host's meets the route.
  const { host, guest, link } = await begin(t, 2, 1, { hostOptions: { serviceWorkers: 'block' } });
  // (The worker asks for the friend screens' script under its own query.)
  await host.context().route(/friends\.js\?serve_proofs$/, (route) => route.abort());
  // The acceptance (the host then proves its first deck), and the guest's
  // second deck: both read on the host's own thread.
  await visit(host, link);
  let b = await board(host);
  assert.equal(await host.locator('.friend-problem').count(), 0);
  await visit(guest, await linkOf(host));
  await playTurn(guest, seeded(3));
  await visit(host, await linkOf(guest));
  b = await board(host);
  assert.ok(['Yours', 'Theirs'].includes(b.standing), b.standing);
  assert.equal(await host.locator('.friend-problem').count(), 0);
  await playTurn(host, seeded(4));
  assert.match([await linkOf(host)].flat()[0], /#f=~?[A-Za-z0-9_-]+/, 'the next link is shown');
  assert.ok(host.notes.some((n) => /proofs worker failed/.test(n)), `a warning says why: ${host.notes}`);
  // The aborted requests are this test's doing, not problems of the page.
  forgive(host.problems, /friends\.js\?serve_proofs|Failed to load resource|net::ERR_FAILED/);
});

test('a proofs worker that never answers: the page waits for it 10 s, then checks the friend\'s messages itself, and the match goes on', async (t) => {
  const { host, guest, link } = await begin(t, 2, 1, { hostOptions: { serviceWorkers: 'block' } });
  // The worker loads but never starts its WebAssembly: it never says ready.
  await host.context().route(/friends\.js\?serve_proofs$/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\nself.engardeFriendsGlue = function () { return new Promise(() => {}); };` });
  });
  // The acceptance, then the guest's deck: each waited for, then read here.
  for (const [from, seed] of [[link, 0], [null, 3]]) {
    if (seed) {
      await visit(guest, await linkOf(host));
      await playTurn(guest, seeded(seed));
    }
    await visit(host, from ?? await linkOf(guest));
    await host.locator('.friend-match[data-checking]').waitFor();
    const b = await board(host, { timeout: 60_000 });
    assert.ok(['Yours', 'Theirs'].includes(b.standing), b.standing);
    assert.equal(await host.locator('.friend-problem').count(), 0);
  }
  assert.equal(host.notes.filter((n) => /proofs worker did not answer in time/.test(n)).length, 2, `a warning says why, once a load: ${host.notes}`);
  await playTurn(host, seeded(4));
  assert.match([await linkOf(host)].flat()[0], /#f=~?[A-Za-z0-9_-]+/, 'the next link is shown');
});

test('"Copy link" puts the link on the clipboard; "Share" hands it to the device where it can', async (t) => {
  const { page, context } = await open(t);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A device with a share sheet (Web Share API): what it is handed is kept.
  await context.addInitScript(() => {
    navigator.share = async (data) => { window.__shared = data.url; };
  });
  await page.reload();
  await fromMenu(page, EN.t.play_friend);
  await page.getByRole('button', { name: EN.t.friend_invite }).click();
  await page.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Ann');
  await page.getByRole('button', { name: EN.t.friend_make }).click();
  const link = await linkOf(page);
  await page.getByRole('button', { name: EN.t.friend_copy }).click();
  await page.getByText(EN.t.friend_copied).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
  await page.getByRole('button', { name: EN.t.friend_share, exact: true }).click();
  await page.waitForFunction(() => window.__shared !== undefined);
  assert.equal(await page.evaluate(() => window.__shared), link);
});

test('offline after one visit: an invitation made, accepted and answered with both browsers offline', async (t) => {
  const seats = [await open(t), await open(t)];
  for (const { page, context } of seats) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30000 });
    await context.setOffline(true);
    await page.reload();
  }
  const [host, guest] = seats.map((s) => s.page);
  await fromMenu(host, EN.t.play_friend);
  await host.getByRole('button', { name: EN.t.friend_invite }).click();
  await host.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Ann');
  await host.getByRole('button', { name: EN.t.friend_make }).click();
  await visit(guest, await linkOf(host));
  await guest.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Bo');
  await guest.getByRole('button', { name: EN.t.friend_accept }).click();
  await visit(host, await linkOf(guest));
  const b = await board(host);
  assert.ok(['Yours', 'Theirs'].includes(b.standing), b.standing);
  assert.equal(await host.getByRole('alert').count(), 0);
  for (const { context } of seats) await context.setOffline(false);
});

test('no link goes out that is not kept: a storage that refuses the match shows no link to send', async (t) => {
  const host = (await open(t)).page;
  await fromMenu(host, EN.t.play_friend);
  await host.getByRole('button', { name: EN.t.friend_invite }).click();
  await host.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Ann');
  await host.getByRole('button', { name: EN.t.friend_make }).click();
  const invitation = await linkOf(host);
  // The friend's browser refuses to keep matches with friends.
  const { page: guest, context, problems } = await open(t);
  await context.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (String(key).startsWith('engarde.friend.')) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, key, value);
    };
  });
  await visit(guest, invitation);
  await guest.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Bo');
  await guest.getByRole('button', { name: EN.t.friend_accept }).click();
  await guest.getByRole('alert').filter({ hasText: EN.t.friend_storage_refused }).waitFor();
  assert.equal(await sendingCount(guest), 0, 'no link to send');
  assert.equal(await guest.locator('.friend-match').count(), 0);
  forgive(problems, /full|Quota/);
});

test('a tampered link from the friend\'s page shows the void verdict, and no later link is taken', async (t) => {
  const { host, guest, link } = await begin(t, 2, 3);
  await visit(host, link);
  await visit(guest, await linkOf(host));
  await board(guest);
  // The guest's reply carries the round's deck and shares; a modified copy
  // of the guest's page sends it with one share twice, signed as its own.
  const reply = await linkOf(guest);
  const journal = await guest.evaluate(() => Object.keys(localStorage)
    .filter((k) => k.startsWith('engarde.friend.')).map((k) => JSON.parse(localStorage.getItem(k)).journal)[0]);
  // (The message's code, without the connection part riding on it.)
  const [base, fragment] = whole(reply).split('#f=');
  const [code] = fragment.split('.');
  const forged = execFileSync(FORGE, [JSON.stringify(journal), code], { encoding: 'utf8' }).trim();
  assert.notEqual(forged, code);
  // (One long link, as a page made before links in parts sends it.)
  await host.goto('about:blank');
  await host.goto(`${base}#f=${forged}`);
  await host.locator('.friend-match .lesson-words').getByText(EN.t['friend_void.1']).waitFor();
  assert.equal((await board(host)).standing, 'Void');
  await host.getByRole('button', { name: EN.t.friend_export_messages }).waitFor();
  assert.equal(await sendingCount(host), 0, 'nothing more is sent');
  // The honest reply, opened after: not taken, the match stays void.
  await visit(host, reply);
  assert.equal((await board(host)).standing, 'Void');
  // The list says so.
  await host.getByRole('button', { name: EN.t.friend_back }).click();
  await host.getByText(new RegExp(EN.t['friend_standing.6'])).first().waitFor();
});

test('a message too long for one link goes in parts: opened in any order, the missing parts said, a damaged part refused, another message\'s part collected on its own, every link within 4,096 characters', async (t) => {
  const { host, guest, link } = await begin(t, 2, 2);
  const [rng, pages] = [seeded(23), [host, guest]];
  const alert = (page, text) => page.getByRole('alert').filter({ hasText: text }).waitFor();
  const missing = (page) => page.locator('.friend-parts').getAttribute('data-missing');
  let [who, next, earlier] = [0, link, null];
  for (let n = 0; ; n++) {
    assert.ok(n < 40, 'two messages in parts come');
    const page = pages[who];
    if (Array.isArray(next) && earlier) break;
    if (Array.isArray(next)) earlier = next;
    await visit(page, next);
    await board(page);
    assert.equal(await page.locator('.friend-problem').count(), 0);
    await playTurn(page, rng);
    next = await linkOf(page);
    who = 1 - who;
  }
  // The second message in parts: each part its own field and copy button.
  const sender = pages[1 - who];
  const total = next.length;
  await sender.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const copy = EN.t.friend_part_copy.replace('{n}', '2').replace('{total}', total);
  await sender.getByRole('button', { name: copy, exact: true }).focus();
  await sender.keyboard.press('Enter');
  await sender.getByText(EN.t.friend_part_copied.replace('{n}', '2').replace('{total}', total)).waitFor();
  assert.equal(await sender.evaluate(() => navigator.clipboard.readText()), next[1]);
  const page = pages[who];
  // The last part first: the rest said missing.
  await load(page, next[total - 1]);
  const rest = Array.from({ length: total - 1 }, (_, i) => i + 1);
  await page.getByRole('status').filter({ hasText: partsSaid([total], total) }).waitFor();
  // The same part again changes nothing.
  await load(page, next[total - 1]);
  await page.getByRole('status').filter({ hasText: partsSaid([total], total) }).waitFor();
  assert.equal(await page.getByRole('alert').count(), 0, 'a doubled part is harmless');
  // A damaged part: refused, the parts kept.
  await load(page, `${next[0].slice(0, -1)}${next[0].endsWith('A') ? 'B' : 'A'}`);
  await alert(page, EN.t['friend_part_errors.0']);
  assert.equal(await missing(page), rest.join(' '));
  // A part of another message (one taken already): collected on its own,
  // this message's parts kept.
  await load(page, earlier[0]);
  await page.getByRole('status').filter({ hasText: partsSaid([1], earlier.length) }).waitFor();
  assert.equal(await page.getByRole('alert').count(), 0, 'another message\'s part is not refused');
  // The others, in order, each in a fresh page load: the message is taken.
  for (const i of rest) await load(page, next[i - 1]);
  const b = await board(page);
  assert.equal(await page.locator('.friend-problem').count(), 0);
  assert.ok(['Yours', 'Theirs'].includes(b.standing), b.standing);
  const keptLines = () => page.evaluate(() => localStorage.getItem('engarde.friends.parts')?.split('\n').length ?? 0);
  assert.equal(await keptLines(), 1, 'once taken, only the other message\'s part is kept');
  // That message's part again: still collected; discarding starts afresh.
  await load(page, earlier[0]);
  await page.getByRole('button', { name: EN.t.friend_parts_discard }).click();
  await page.getByRole('button', { name: EN.t.friend_invite }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('engarde.friends.parts')), null, 'discarded');
  assert.ok(linkLengths.every((n) => n <= MAX_LINK), `every link within ${MAX_LINK}: ${Math.max(...linkLengths)}`);
  console.log(`parts: ${partCounts.length} messages in parts (${partCounts.join(', ')} parts), the longest link ${Math.max(...linkLengths)} characters`);
});

test('matches kept by an older construction open read-only: why, the record kept beside one and messages to export, and "Remove"', async (t) => {
  const { page, problems } = await open(t);
  const kept = [];
  for (const name of ['locks-finished', 'locks-playing']) {
    kept.push(JSON.parse(await readFile(new URL(`../tests/data/friend_kept/${name}.json`, import.meta.url), 'utf8')));
  }
  // The record the version before replayed and kept beside the finished
  // one (`Kept::replayed`); the other was never opened there: no record.
  const records = JSON.parse(await readFile(new URL('../tests/data/friend_kept/records.json', import.meta.url), 'utf8'));
  kept[0].replayed = records['locks-finished'];
  await page.evaluate((all) => {
    for (const k of all) localStorage.setItem(`engarde.friend.${k.summary.id}`, JSON.stringify(k));
  }, kept);
  await page.reload();
  await fromMenu(page, EN.t.play_friend);
  const rows = page.locator('.friend-list li[data-standing="Retired"]');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 2);
  for (let i = 0; i < 2; i += 1) {
    const row = rows.nth(i);
    await row.getByText(EN.t.friend_retired_note).waitFor();
    assert.equal(await row.getByRole('button', { name: EN.t.friend_continue }).count(), 0, 'never played on');
  }
  // The record kept beside one (as far as its rounds were audited): the
  // same that `engarde replay` plays; none for the other.
  const exportRecord = { name: EN.t.export, exact: true };
  const withRecord = rows.filter({ has: page.getByRole('button', exportRecord) });
  assert.equal(await withRecord.count(), 1, 'a record only where one was kept');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    withRecord.getByRole('button', exportRecord).click(),
  ]);
  const record = await readFile(await download.path(), 'utf8');
  assert.equal(record, kept[0].replayed.record);
  const replayed = JSON.parse(execFileSync(ENGARDE, ['replay', '-'], { input: record, encoding: 'utf8' }));
  assert.equal(replayed.ok, true);
  // The messages of each, from its journal.
  for (let i = 0; i < 2; i += 1) {
    const [messages] = await Promise.all([
      page.waitForEvent('download'),
      rows.nth(i).getByRole('button', { name: EN.t.friend_export_messages }).click(),
    ]);
    assert.match(await readFile(await messages.path(), 'utf8'), /Received/);
  }
  // A link of such a match says why it is not played on.
  const id = kept[1].summary.id;
  const code = kept[1].journal.steps.find((s) => s.Received)?.Received;
  assert.ok(code, 'a message it received');
  await visit(page, `${new URL(page.url()).origin}${new URL(page.url()).pathname}#f=${code}`);
  await page.getByRole('alert').filter({ hasText: EN.t.friend_retired }).waitFor();
  assert.equal(await page.locator('.friend-match').count(), 0);
  // Removed: gone from the list and from storage.
  const before = await rows.count();
  await rows.first().getByRole('button', { name: EN.t.friend_remove }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.friend-list li[data-standing="Retired"]').length === n - 1, before);
  const left = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('engarde.friend.')).length);
  assert.equal(left, before - 1);
  assert.ok(id);
  assert.deepEqual(problems, []);
});

// Live play: both pages open, moves over a direct connection.

/** Where the page's connection to the friend stands (data-presence). */
const presence = (page) => page.locator('.friend-match').getAttribute('data-presence');

/**
 * Opens a link in a new tab of the page's browser, as a chat app does: the
 * tab that holds the match takes it, and the new tab says so.
 */
async function deliver(page, link) {
  // A message in parts: each but the last collected in a tab of its own.
  const parts = [link].flat();
  for (const part of parts.slice(0, -1)) {
    const tab = await page.context().newPage();
    await tab.goto(part);
    await tab.locator('.friend-parts').waitFor();
    await tab.close();
  }
  const tab = await page.context().newPage();
  await tab.goto(parts.at(-1));
  await tab.getByText(EN.t.friend_live_elsewhere).waitFor();
  await tab.close();
}

/**
 * Plays on while both pages are live: whoever is to play plays; the other's
 * move arrives over the channel, no link shown. Stops when the match is
 * over, or (if `until`) when it says so. Returns the turns played.
 */
async function playLive(pages, rng, until = () => false) {
  let turns = 0;
  let stalled = Date.now();
  for (;;) {
    const bs = await Promise.all(pages.map(board));
    if (bs.every((b) => OVER.includes(b.standing)) || until(turns)) return turns;
    const i = bs.findIndex((b) => b.standing === 'Yours');
    if (i < 0) {
      await Promise.any(pages.map((p) => p.waitForFunction((over) => ['Yours', ...over].includes(document.querySelector('.friend-match:not([data-checking])')?.dataset.standing), OVER))).catch(() => assert.fail(`a move arrives: ${JSON.stringify(bs)}`));
      await pages[0].waitForTimeout(20);
      continue;
    }
    for (const page of pages) assert.equal(await presence(page), 'Here');
    const other = pages[1 - i];
    const seen = (await board(other)).steps;
    const clicked = Date.now();
    await playTurn(pages[i], rng, { live: true });
    assert.equal(await sendingCount(pages[i]), 0, 'no link while live');
    // The move on the friend's screen: measured from the click.
    await other.waitForFunction((s) => Number(document.querySelector('.friend-match')?.dataset.steps) > s, seen);
    liveMillis.push(Date.now() - clicked);
    turns += 1;
    stalled = Date.now();
  }
}

/** Both seats export the same record, and `engarde replay` plays it. */
async function sameRecords(one, other, name) {
  const [a, b] = [await exported(one), await exported(other)];
  assert.equal(a, b, 'both seats export the same record');
  const dir = await mkdtemp(join(tmpdir(), 'engarde-live-'));
  await writeFile(join(dir, `${name}.json`), a);
  const replayed = execFileSync(ENGARDE, ['replay', join(dir, `${name}.json`)], { encoding: 'utf8' });
  assert.match(replayed, /"winner"/);
}

/** From a click to the move on the friend's screen, live (ms). */
const liveMillis = [];

/** Until both pages are live. */
async function bothHere(pages) {
  for (const page of pages) {
    await page.waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence === 'Here', null, { timeout: 15000 });
  }
}

/** Messages sent as the channel went, offered again as links. */
let resent = 0;

/** While not live: whoever is to play plays, and their link goes to the other (a new tab), until both are live again. */
async function linksUntilLive(pages, rng) {
  for (let n = 0; n < 12; n++) {
    if ((await Promise.all(pages.map(presence))).every((p) => p === 'Here')) return n;
    const bs = await Promise.all(pages.map(board));
    assert.ok(!bs.every((b) => OVER.includes(b.standing)), 'the match goes on (it is long enough to test)');
    const i = bs.findIndex((b) => b.standing === 'Yours');
    // Whoever is to play plays and sends their link; if nobody is, a message
    // sent as the channel went was not acknowledged: each page that offers
    // its link again sends it (one of them the friend has already: it says
    // so and changes nothing).
    if (i >= 0) {
      await playTurn(pages[i], rng);
      // The connection may form as the move is made: then it goes live, no link.
      await pages[i].waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence === 'Here'
        || document.querySelector('.friend-link input') !== null);
      if (await presence(pages[i]) === 'Here') continue;
    }
    const links = await Promise.all(pages.map((p) => sendingCount(p)));
    const senders = i >= 0 ? [i] : [0, 1].filter((j) => links[j] > 0);
    assert.ok(senders.length > 0, `someone is to play or has a link to send: ${JSON.stringify(bs)}`);
    if (i < 0) resent += 1;
    for (const j of senders) {
      // (The first link delivered may have answered what the second page waited for.)
      if (await sendingCount(pages[j]) === 0) continue;
      const link = await linkOf(pages[j]);
      assert.match(whole(link), /#f=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'a link carries a connection offer or answer');
      await deliver(pages[1 - j], link);
    }
    // An answer delivered: the connection forms.
    await pages[0].waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence === 'Here', null, { timeout: 2000 }).catch(() => {});
  }
  const at = await Promise.all(pages.map(async (p) => ({ ...(await board(p)), presence: await presence(p) })));
  throw new Error(`live again within 12 links: ${JSON.stringify(at)}`);
}

test('live: only the invitation and its answer pass as links; a page closed and the connection cut mid-round go on by links, then live again; Play again plays a whole match live; identical records that replay', async (t) => {
  const { host, guest, link, invitation } = await begin(t, 2, 4, { live: true });
  assert.match(invitation, /\.[A-Za-z0-9_-]+$/, 'the invitation carries a connection offer');
  assert.match(link, /\.[A-Za-z0-9_-]+$/, 'the acceptance carries the answer');
  console.log(`live: the offer adds ${invitation.length - invitation.lastIndexOf('.')} characters to the invitation, the answer ${link.length - link.lastIndexOf('.')} to the acceptance`);
  const began = Date.now();
  await deliver(host, link);
  await bothHere([host, guest]);
  console.log(`live: connected ${Date.now() - began} ms after the acceptance was opened`);
  await host.locator('.friend-match .lesson-words').getByText('Bo is here: moves arrive at once.').waitFor();
  const rng = seeded(5);
  const first = await playLive([host, guest], rng, (turns) => turns >= 12);
  assert.ok(first >= 12 || (await board(host)).standing !== 'Yours');
  // The guest's page closes mid-round: the host learns it, the match goes on by links.
  const guestContext = guest.context();
  await guest.close();
  await host.waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence !== 'Here', null, { timeout: 15000 });
  await host.locator('.friend-match .lesson-words').getByText('Bo left: moves go by links again.').waitFor();
  // Reopened from the list, then live again after a link each way. This
  // page is out of sight and asked for a chime: the friend's moves ring.
  await guestContext.addInitScript(() => {
    try { localStorage.setItem('engarde.chime', 'on'); } catch { /* about:blank */ }
    Object.defineProperty(Document.prototype, 'hidden', { get: () => true });
    navigator.vibrate = () => { window.__buzzed = (window.__buzzed ?? 0) + 1; return true; };
  });
  const again = await guestContext.newPage();
  await again.goto(host.url().split('#')[0]);
  await fromMenu(again, EN.t.play_friend);
  await again.getByRole('button', { name: EN.t.friend_continue }).first().click();
  const pages = [host, again];
  const links = await linksUntilLive(pages, rng);
  console.log(`live: again after ${links} link(s)`);
  await bothHere(pages);
  await playLive(pages, rng, (n) => n >= 6);
  // The connection cut under the host's page (no page closed): both go on
  // by links, then live again, to the match's end.
  await host.evaluate(() => window.__pcs.forEach((pc) => pc.close()));
  await again.waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence !== 'Here', null, { timeout: 15000 });
  const relinked = await linksUntilLive(pages, rng);
  console.log(`live: again after the cut in ${relinked} link(s); ${resent} message(s) sent as the channel went offered again as links`);
  await bothHere(pages);
  await playLive(pages, rng);
  await sameRecords(host, again, 'live-cut');
  assert.ok(await again.evaluate(() => window.__buzzed ?? 0) > 0, 'the friend\'s move rang while the page was hidden');
  // Play again: the new match's invitation and answer go over the
  // connection, and the whole match is played live, no link at all.
  const firstSteps = (await board(host)).steps;
  await host.getByRole('button', { name: EN.t.friend_again }).click();
  await again.getByText('Ann asks for another match.').waitFor();
  await again.getByRole('button', { name: EN.t.friend_accept }).click();
  await bothHere(pages);
  await host.locator('.friend-match h3').getByText(/Bo/).waitFor();
  assert.ok((await board(host)).steps < firstSteps, 'a new match');
  const turns = await playLive(pages, rng);
  await sameRecords(host, again, 'live-whole');
  liveMillis.sort((x, y) => x - y);
  console.log(`live: a whole match in ${turns} turns with no link; click to the friend's screen: median ${liveMillis[liveMillis.length >> 1]} ms, longest ${liveMillis.at(-1)} ms over ${liveMillis.length} moves`);
  // The list keeps each friend's results.
  await host.getByRole('button', { name: EN.t.friend_back }).click();
  const line = await host.locator('.friend-results li').first().textContent();
  const [, won, lost] = line.match(/^Bo: won (\d+), lost (\d+), last played \S+/) ?? [];
  assert.equal(Number(won) + Number(lost), 2, line);
});

/**
 * A browser whose connection cannot form: its description names ports
 * nothing listens on, and it ignores the other's candidates.
 */
const noRoute = () => {
  const Real = window.RTCPeerConnection;
  const desc = Object.getOwnPropertyDescriptor(Real.prototype, 'localDescription');
  Object.defineProperty(Real.prototype, 'localDescription', {
    get() {
      const d = desc.get.call(this);
      if (!d) return d;
      return { type: d.type, sdp: d.sdp.replace(/^(a=candidate:\S+ \d \S+ \d+ \S+) \d+/gm, '$1 9') };
    },
  });
  const setRemote = Real.prototype.setRemoteDescription;
  Real.prototype.setRemoteDescription = function (d) {
    return setRemote.call(this, { type: d.type, sdp: d.sdp.replace(/^a=candidate:.*\r?\n/gm, '') });
  };
};

test('live: where no direct connection forms, the match goes on by links and says so once', async (t) => {
  const { host, guest, link } = await begin(t, 2, 2, { live: true, guestInit: noRoute });
  await deliver(host, link);
  const said = 'No direct connection to Bo could be made: the match goes on by links.';
  await host.locator('.friend-match .lesson-words').getByText(said).waitFor({ timeout: 30000 });
  assert.notEqual(await presence(host), 'Here');
  // The match goes on by links: the host's link is there to send.
  const next = await linkOf(host);
  assert.match([next].flat()[0], /#f=/);
  await visit(guest, next);
  await board(guest);
  assert.equal(await guest.getByRole('alert').count(), 0);
});

/** A browser on a network that allows no candidate at all (relay only, and no relay). */
const noCandidates = () => {
  const Real = window.RTCPeerConnection;
  window.RTCPeerConnection = function (config = {}) {
    return new Real({ ...config, iceTransportPolicy: 'relay' });
  };
  window.RTCPeerConnection.prototype = Real.prototype;
};

test('live: a page that gathers no candidate plays on by links and says so once', async (t) => {
  const { host, guest } = await begin(t, 2, 2, { live: true, guestInit: noCandidates });
  const said = 'No direct connection to Ann could be made: the match goes on by links.';
  await guest.locator('.friend-match .lesson-words').getByText(said).waitFor();
  // Its link carries no answer but says it cannot connect; the match goes
  // on by links, and the host stops waiting for a connection.
  const answer = await linkOf(guest);
  assert.match(answer, /#f=[A-Za-z0-9_-]+\.-$/, 'the link says this page cannot connect');
  await visit(host, answer);
  await host.locator('.friend-match .lesson-words').getByText('No direct connection to Bo could be made: the match goes on by links.').waitFor();
  await visit(guest, await linkOf(host));
  await board(guest);
  assert.equal(await guest.getByRole('alert').count(), 0);
  // Said once: not again when the next link opens the page.
  assert.equal(await guest.locator('.friend-match .lesson-words').getByText(said).count(), 0);
});

test('live: a whole match where only the invitation and its answer pass as links; a reload keeps what the friend has', async (t) => {
  const { host, guest, link } = await begin(t, 1, 1, { live: true });
  await deliver(host, link);
  await bothHere([host, guest]);
  const rng = seeded(3);
  const turns = await playLive([host, guest], rng);
  assert.ok(turns > 5);
  await sameRecords(host, guest, 'live-only');
  // Play again, then the page that waits is reloaded: its last message,
  // which the friend's page said it has, is not offered again as a link.
  await host.getByRole('button', { name: EN.t.friend_again }).click();
  await guest.getByText('Ann asks for another match.').waitFor();
  await guest.getByRole('button', { name: EN.t.friend_accept }).click();
  await bothHere([host, guest]);
  await playLive([host, guest], rng, (n) => n >= 3);
  const bs = await Promise.all([host, guest].map(board));
  const waiting = [host, guest][bs.findIndex((b) => b.standing === 'Theirs')];
  await waiting.reload();
  await fromMenu(waiting, EN.t.play_friend);
  await waiting.getByRole('button', { name: EN.t.friend_continue }).first().click();
  assert.equal((await board(waiting)).standing, 'Theirs');
  await waiting.locator('.friend-match .lesson-words').getByText(/^Waiting for (Ann|Bo)'s link\.$/).waitFor();
  assert.equal(await sendingCount(waiting), 0, 'no link the friend has');
});

// The friend screens as a person meets them: the table always on screen,
// "Play again" from both sides, a link pasted into the tab that holds the
// match, a friend who leaves.

/**
 * The board's table is on screen: the piste and the person's hand; before
 * the deal the position only (no hand, dealt or empty, and nothing to give up).
 */
async function tableShown(page, when) {
  const match = page.locator('.friend-match');
  assert.equal(await match.locator('.piste').count(), 1, `the piste is on screen ${when}`);
  assert.ok(await match.locator('.piste').isVisible(), `the piste is visible ${when}`);
  const bare = await match.locator('.friend-bare').count();
  assert.equal(await match.locator('ul.hand:not(.opponent)').count(), bare ? 0 : 1, `the hand is on screen ${when} (once dealt)`);
  if (bare) {
    assert.equal(await match.locator('ul.hand').count(), 0, `no empty hand before the deal ${when}`);
  }
  // (The Choice card's pick before the deal is something to play, S4.)
  if (bare && !await match.locator('.action-bar button').count()) {
    for (const name of [EN.t.friend_resign, EN.t.friend_abandon]) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `no "${name}" before the deal ${when}`);
    }
  }
  // No empty action strip while the person waits.
  const strips = await match.locator('.action-bar').evaluateAll((bs) => bs.filter((b) => b.getClientRects().length > 0 && !b.querySelector('button')).length);
  assert.equal(strips, 0, `no empty action strip ${when}`);
}

test('the table is on screen at every point of a friend match: before the deal, waiting, between rounds, at the end', async (t) => {
  const { host, guest, link } = await begin(t, 1, 2);
  await tableShown(guest, 'after accepting');
  await tableShown(host, 'after inviting');
  const rng = seeded(17);
  const pages = [host, guest];
  let [who, next, links, between, toldToMe] = [0, link, 0, 0, 0];
  for (;;) {
    const page = pages[who];
    await visit(page, next);
    let b = await board(page);
    links += 1;
    assert.ok(links < 3000, 'the match ends');
    await tableShown(page, `at a link (${b.standing}, ${b.steps} steps)`);
    // The person's actions are above the fold (the header stays short).
    if (b.standing === 'Yours') {
      const box = await page.locator('.friend-match .action-bar button').first().boundingBox();
      assert.ok(box.y + box.height <= page.viewportSize().height, `the first action in view: ${JSON.stringify(box)}`);
    }
    // Between rounds: the last round's end stands, said as its story.
    if (await page.locator('.friend-match .lesson-words').getByText(/^Last round: /).count()) between += 1;
    const played = b.standing === 'Yours';
    b = await playTurn(page, rng);
    await tableShown(page, `after the move (${b.standing})`);
    // The person's own move is told to them, on the status line and on the discard.
    if (played && b.standing === 'Theirs' && await page.locator('.friend-match .discard .words').count()) {
      const me = who === 0 ? 'Ann' : 'Bo';
      const told = [await page.locator('.friend-match .lesson-words').textContent(), await page.locator('.friend-match .discard .words').textContent()];
      for (const said of told) assert.ok(!said.startsWith(`${me} `), `told to the person: ${said}`);
      assert.match(told[1], /^You /, 'the last action played, told to the person');
      toldToMe += 1;
    }
    const sending = await sendingCount(page);
    if (OVER.includes(b.standing) && sending === 0) break;
    next = await linkOf(page);
    who = 1 - who;
  }
  // The end: the final position on both sides, after the last link too.
  const other = pages[1 - who];
  if (!OVER.includes((await board(other)).standing)) await visit(other, await linkOf(pages[who]));
  for (const page of pages) {
    assert.ok(OVER.includes((await board(page)).standing));
    await tableShown(page, 'at the end');
    assert.ok(await page.locator('.friend-match .fencer').count() >= 2, 'the fencers stand where the match ended');
  }
  assert.ok(between > 0, `a round's end was shown between rounds (${between})`);
  assert.ok(toldToMe > 5, `the person's own moves were told to them (${toldToMe})`);
  console.log(`table: on screen at ${links} links, ${between} between rounds`);
});

/** What the board says on its status line. */
const said = (page) => page.locator('.friend-match .lesson-words').textContent();

test('before the deal the position only; round 1 names whom the lot drew on both pages; the start screen says a friend waits and opens the list', async (t) => {
  const { host, guest, link } = await begin(t, 1, 2, { guestWelcome: true });
  // Before acceptance and before the deal: the piste, no hand, no Resign.
  await tableShown(guest, 'after accepting');
  await tableShown(host, 'after inviting');
  assert.equal(await host.locator('.friend-bare').count(), 1, 'the bare piste before acceptance');
  assert.equal(await guest.locator('.friend-bare').count(), 1, 'the bare piste after accepting');
  // The host takes the answer: the lot is drawn from both pages' values.
  await visit(host, link);
  await board(host);
  await tableShown(host, 'at the acceptance');
  const onHost = (await said(host)).match(/Drawn by lot: (you start|Bo starts) the first round\./);
  assert.ok(onHost, `the host says whom the lot drew: ${await said(host)}`);
  await visit(guest, await linkOf(host));
  await board(guest);
  const onGuest = (await said(guest)).match(/Drawn by lot: (you start|Ann starts) the first round\./);
  assert.ok(onGuest, `the guest says whom the lot drew: ${await said(guest)}`);
  assert.equal(onHost[1] === 'you start', onGuest[1] === 'Ann starts', `the same starter on both pages: ${onHost[0]} / ${onGuest[0]}`);
  // Until it is the guest's to play: then the hand and Resign.
  const rng = seeded(5);
  for (let n = 0; (await board(guest)).standing !== 'Yours'; n++) {
    assert.ok(n < 4, 'the guest comes to play');
    await visit(host, await linkOf(guest));
    await playTurn(host, rng);
    await visit(guest, await linkOf(host));
  }
  assert.equal(await guest.locator('.friend-match ul.hand:not(.opponent)').count(), 1, 'the hand once dealt');
  assert.equal(await guest.getByRole('button', { name: EN.t.friend_resign }).count(), 1, 'Resign once dealt');
  // The guest's page loaded again: its start screen says Ann waits, without
  // fetching friend play's code, and its button opens the list.
  const before = guest.requests.length;
  await visit(guest, url);
  const welcome = guest.locator('main[data-moment=welcome]');
  await welcome.getByText(EN.t['friend_waits.0'].replace('{friend}', 'Ann'), { exact: true }).waitFor();
  const friends = /\/friends(_bg)?\.(js|wasm)(\?\w+)?$/;
  assert.deepEqual(guest.requests.slice(before).filter((u) => friends.test(u)), [], 'no friend play on the start screen');
  await welcome.locator('.welcome-friend').getByRole('button', { name: EN.t.play_friend }).click();
  await guest.getByRole('button', { name: EN.t.friend_continue_with.replace('{friend}', 'Ann') }).waitFor();
  // Garbage in the start screen's line is ignored: the start screen as ever.
  await guest.evaluate(() => localStorage.setItem('engarde.friends.waiting', '{"n": oops'));
  await visit(guest, url);
  await guest.locator('main[data-moment=welcome] .welcome-about').waitFor();
  assert.equal(await guest.locator('.welcome-friend').count(), 0, 'garbage says nothing');
});

test('the forms refuse an empty name and points to win of 0, with a message, and suggest Standard', async (t) => {
  const { page } = await open(t);
  await fromMenu(page, EN.t.play_friend);
  await page.getByRole('button', { name: EN.t.friend_invite }).click();
  const rules = page.getByRole('combobox', { name: EN.t.friend_rules });
  assert.equal(await rules.locator('option:checked').textContent(), EN.preset(1), 'Standard is suggested');
  await page.getByRole('textbox', { name: EN.t.friend_your_name }).fill('  ');
  await page.getByRole('button', { name: EN.t.friend_make }).click();
  await page.getByRole('alert').filter({ hasText: EN.t.friend_name_needed }).waitFor();
  await page.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Ann');
  await page.getByRole('spinbutton', { name: EN.t.friend_points }).fill('0');
  await page.getByRole('button', { name: EN.t.friend_make }).click();
  await page.getByRole('alert').filter({ hasText: EN.t.friend_points_range }).waitFor();
  assert.equal(await sendingCount(page), 0, 'no invitation made');
  await page.getByRole('spinbutton', { name: EN.t.friend_points }).fill('2');
  await page.getByRole('button', { name: EN.t.friend_make }).click();
  const invitation = await linkOf(page);
  // The friend's form refuses an empty name too.
  const guest = (await open(t)).page;
  await visit(guest, invitation);
  await guest.getByRole('textbox', { name: EN.t.friend_your_name }).fill('');
  await guest.getByRole('button', { name: EN.t.friend_accept }).click();
  await guest.getByRole('alert').filter({ hasText: EN.t.friend_name_needed }).waitFor();
  assert.equal(await guest.locator('.friend-match').count(), 0, 'not accepted');
});

/** What the page sends on its channels is held until `__release()`. */
const holdChannel = () => {
  const send = RTCDataChannel.prototype.send;
  const held = [];
  RTCDataChannel.prototype.send = function (data) {
    if (held) { held.push([this, data]); return; }
    return send.call(this, data);
  };
  window.__release = () => {
    RTCDataChannel.prototype.send = send;
    for (const [channel, data] of held.splice(0)) send.call(channel, data);
  };
};

/** The list's rows, as their text. */
async function listRows(page) {
  await page.getByRole('button', { name: EN.t.friend_back }).click();
  return page.locator('.friend-list li').allTextContents();
}

test('live: Play again keeps both names; pressed on both sides at once, one match is played and no nameless one stays', async (t) => {
  const { host, guest, link } = await begin(t, 1, 1, { live: true });
  await deliver(host, link);
  await bothHere([host, guest]);
  const rng = seeded(23);
  await playLive([host, guest], rng);
  // One side asks: both names stay while the friend has not answered.
  await host.getByRole('button', { name: EN.t.friend_again }).click();
  await host.locator('.friend-match h3').getByText('Ann (White) against Bo (Black)').waitFor();
  const said = await host.locator('.friend-match .lesson-words').textContent();
  assert.ok(!/(^|\.)\s*is here/.test(said), `the friend is named: ${said}`);
  await guest.getByText('Ann asks for another match.').waitFor();
  // The friend sees one primary button: accepting the invitation.
  const primaries = await guest.locator('.friend-match button.primary').allTextContents();
  assert.deepEqual(primaries, [EN.t.friend_accept]);
  await guest.getByRole('button', { name: EN.t.friend_accept }).click();
  await bothHere([host, guest]);
  await guest.locator('.friend-match h3').getByText('Ann (White) against Bo (Black)').waitFor();
  await playLive([host, guest], rng);
  // Both ask at once (each page's invitation held on its way until both
  // asked): one invitation wins, the other page accepts it.
  await Promise.all([host, guest].map((p) => p.evaluate(holdChannel)));
  await Promise.all([host, guest].map((p) => p.getByRole('button', { name: EN.t.friend_again }).click()));
  await Promise.all([host, guest].map((p) => p.evaluate(() => window.__release())));
  await bothHere([host, guest]);
  for (const page of [host, guest]) {
    await page.locator('.friend-match[data-steps]').filter({ has: page.locator('h3') }).waitFor();
    const heading = await page.locator('.friend-match h3').textContent();
    assert.match(heading, /^(Ann \(White\) against Bo \(Black\)|Bo \(White\) against Ann \(Black\))$/, heading);
  }
  const third = await playLive([host, guest], rng);
  assert.ok(third > 0, 'the third match is played');
  await sameRecords(host, guest, 'again-both');
  // Three matches on each side, each named by its friend.
  for (const [page, friend] of [[host, 'Bo'], [guest, 'Ann']]) {
    const rows = await listRows(page);
    assert.equal(rows.length, 3, rows.join(' | '));
    for (const row of rows) assert.ok(row.startsWith(`${friend}: `), `named: ${row}`);
    const buttons = await page.locator('.friend-list li button').allTextContents();
    assert.ok(buttons.every((b) => !/^Continue/.test(b)), `finished matches are seen, not continued: ${buttons}`);
    await page.getByRole('button', { name: `See the match with ${friend}` }).first().waitFor();
  }
});

test('live: the answer link pasted into the tab that holds the match is taken there, without a reload: live after two links', async (t) => {
  const { host, guest, link, invitation } = await begin(t, 1, 2, { live: true });
  await host.evaluate(() => { window.__sameLoad = true; });
  const began = Date.now();
  // As a person does on a desktop: the link pasted into the match's own tab.
  await host.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  await bothHere([host, guest]);
  console.log(`live: pasted into the holding tab, connected in ${Date.now() - began} ms`);
  assert.equal(await host.evaluate(() => window.__sameLoad), true, 'the page was not reloaded');
  assert.ok(!host.url().includes('#f='), 'the link is cleared from the address');
  assert.equal(await sendingCount(host), 0, 'no third link');
  assert.match(invitation, /\./);
  // And it plays on live.
  await playLive([host, guest], seeded(29), (n) => n >= 4);
});

test('live: a friend who closes the page is noticed within 2 s, twice, and said until they return', async (t) => {
  const { host, guest, link } = await begin(t, 1, 3, { live: true });
  await deliver(host, link);
  await bothHere([host, guest]);
  const rng = seeded(31);
  await playLive([host, guest], rng, (n) => n >= 2);
  const context = guest.context();
  let friend = guest;
  const noticed = [];
  for (let time = 0; time < 2; time++) {
    const closed = Date.now();
    await friend.close();
    await host.waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence !== 'Here', null, { timeout: 5000 });
    noticed.push(Date.now() - closed);
    const left = host.locator('.friend-match .lesson-words').getByText('Bo left: moves go by links again.');
    await left.waitFor();
    // Said until they return: past the time a new offer takes to be made
    // (it was replaced after 0.2–0.5 s), and once a link is there to send.
    await host.waitForTimeout(800);
    assert.equal(await left.count(), 1, 'still said');
    // The friend comes back: from the list, live again by a link each way.
    friend = await context.newPage();
    await friend.goto(host.url().split('#')[0]);
    await fromMenu(friend, EN.t.play_friend);
    await friend.getByRole('button', { name: 'Continue with Ann' }).click();
    await linksUntilLive([host, friend], rng);
    await bothHere([host, friend]);
    assert.equal(await left.count(), 0, 'no longer said once they are here');
    await playLive([host, friend], rng, (n) => n >= 1);
  }
  console.log(`live: a closed page noticed after ${noticed.join(', ')} ms`);
  for (const ms of noticed) assert.ok(ms < 2000, `noticed within 2 s: ${noticed}`);
});

test('live: a friend\'s page that dies without closing its channel (a crash) is noticed by its silence within 2 s', async (t) => {
  const { host, guest, link } = await begin(t, 1, 3, { live: true });
  await deliver(host, link);
  await bothHere([host, guest]);
  await playLive([host, guest], seeded(37), (n) => n >= 1);
  const cdp = await guest.context().newCDPSession(guest);
  const crashed = Date.now();
  cdp.send('Page.crash').catch(() => {});
  await host.waitForFunction(() => document.querySelector('.friend-match')?.dataset.presence !== 'Here', null, { timeout: 10000 });
  const ms = Date.now() - crashed;
  console.log(`live: a crashed page noticed after ${ms} ms`);
  await host.locator('.friend-match .lesson-words').getByText('Bo left: moves go by links again.').waitFor();
  assert.ok(ms < 2000, `noticed within 2 s: ${ms} ms`);
  forgive(guest.problems ?? [], /crash/i);
});
