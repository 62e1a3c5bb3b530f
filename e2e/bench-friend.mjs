// Play a friend, measured: two browsers play an Advanced match
// to 5 points by links alone, each page's CPU throttled (RATE, default 4);
// for every link opened: its length; the page's own thread rebuilding the
// match from storage (the board then shows, "checking"); the time until
// the message is taken in (its proofs checked in the proofs' worker, the
// steps taken into the page's match and kept: a round's deck or a move);
// the longest task on the page's thread meanwhile (a frozen page); and the
// time from opening the link to the board shown, then checked.
// Run: node e2e/bench-friend.mjs   (BASE_URL, default http://127.0.0.1:8099/engarde/; a built site served)
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { EN } from './helpers.mjs';

const url = process.env.BASE_URL ?? 'http://127.0.0.1:8099/engarde/';
const rate = Number(process.env.RATE ?? 4);
const browser = await chromium.launch(launchOptions);

async function seat() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => { try { localStorage.setItem('engarde.welcomed', '1'); } catch { /* about:blank */ } });
  // By links alone: no live connection (the live times are in e2e/friend.test.mjs).
  await context.addInitScript(() => { delete window.RTCPeerConnection; });
  // The page's long tasks (over 50 ms: the page does not answer meanwhile).
  await context.addInitScript(() => {
    window.__longTasks = [];
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
        .observe({ type: 'longtask', buffered: true });
    } catch { /* not measured */ }
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

const board = (page) => page.locator('.friend-match').waitFor();
const checked = (page) => page.locator('.friend-match:not([data-checking])').waitFor();
/** The link a page shows, or its parts (an array) when the message went in parts. */
const linkOf = async (page) => {
  await page.locator('.friend-link input').first().waitFor();
  const all = await page.locator('.friend-link input').evaluateAll((is) => is.map((i) => i.value));
  return all.length === 1 ? all[0] : all;
};
/** Every link opened, its length; the messages in parts, their parts. */
const linkLengths = [];
const partCounts = [];
const standing = (page) => page.locator('.friend-match').getAttribute('data-standing');
const steps = async (page) => Number(await page.locator('.friend-match').getAttribute('data-steps'));

let seed = 5;
const random = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };

const [host, guest] = [await seat(), await seat()];
await host.goto(url);
await host.locator('.menu-open').click();
await host.locator('#page-menu').getByRole('button', { name: EN.t.play_friend, exact: true }).click();
await host.getByRole('button', { name: EN.t.friend_invite }).click();
await host.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Ann');
let began = performance.now();
await host.getByRole('button', { name: EN.t.friend_make }).click();
await board(host);
const inviteMs = performance.now() - began;
let link = await linkOf(host);
const invitation = link;
await guest.goto(link);
await guest.getByRole('textbox', { name: EN.t.friend_your_name }).fill('Bo');
began = performance.now();
await guest.getByRole('button', { name: EN.t.friend_accept }).click();
await board(guest);
const acceptMs = performance.now() - began;
link = await linkOf(guest);

const opened = [];
const pages = [host, guest];
let who = 0;
for (let n = 0; n < 3000; n++) {
  const page = pages[who];
  // A message in parts: all but the last opened first (each a page load);
  // the time runs from the last.
  const parts = [link].flat();
  if (parts.length > 1) partCounts.push(parts.length);
  linkLengths.push(...parts.map((p) => p.length));
  for (const part of parts.slice(0, -1)) {
    await page.goto('about:blank');
    await page.goto(part);
    await page.locator('.friend-parts').waitFor();
  }
  await page.goto('about:blank');
  began = performance.now();
  await page.goto(parts.at(-1));
  await board(page);
  const shownMs = performance.now() - began;
  const tasksBefore = await page.evaluate(() => window.__longTasks?.length ?? 0);
  await checked(page);
  await page.waitForFunction(() => (window.__engardeFriendMs ?? []).length > 0);
  const checkedMs = performance.now() - began;
  const [[kind, readMs]] = (await page.evaluate(() => window.__engardeFriendMs)).slice(-1);
  const last = async (key) => (await page.evaluate((k) => window[k] ?? [[null, NaN]], key)).slice(-1)[0][1];
  const openMs = await last('__engardeFriendOpenMs');
  // In the worker: the match rebuilt there, then the message (its proofs).
  const workerRebuiltMs = await last('__engardeProofsRebuiltMs');
  const proofsMs = await last('__engardeProofsTakenMs');
  const tasks = await page.evaluate(() => window.__longTasks ?? []);
  const longestTask = Math.max(0, ...tasks);
  const longestWhileChecking = Math.max(0, ...tasks.slice(tasksBefore));
  opened.push({ length: parts.reduce((a, p) => a + p.length, 0), kind, readMs, openMs, workerRebuiltMs, proofsMs, shownMs, checkedMs, longestTask, longestWhileChecking, n });
  while (await standing(page) === 'Yours') {
    const buttons = page.locator('.friend-match .action-bar button[data-action]');
    const before = await steps(page);
    await buttons.nth(Math.floor(random() * await buttons.count())).click();
    await page.waitForFunction((s) => Number(document.querySelector('.friend-match')?.dataset.steps) > s, before);
  }
  const over = ['Won', 'Lost'].includes(await standing(page));
  if (over && await page.locator('.friend-link input').count() === 0) break;
  link = await linkOf(page);
  who = 1 - who;
}
await browser.close();

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const p90 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length * 0.9)]; };
const f = (x) => x.toFixed(0);
console.log(`CPU throttled ×${rate}; an Advanced match to 5 points, ${opened.length} links opened`);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
console.log(`links: ${linkLengths.length} opened, ${sum(linkLengths)} characters in all, the longest ${Math.max(...linkLengths)}; ${partCounts.length} messages in parts (${sum(partCounts)} parts)`);
console.log(`invitation: ${invitation.length} characters, made in ${f(inviteMs)} ms; accepted in ${f(acceptMs)} ms`);
for (const kind of ['move', 'deck']) {
  const xs = opened.filter((o) => o.kind === kind);
  if (!xs.length) continue;
  const stat = (key) => `median ${f(median(xs.map((o) => o[key])))} ms, p90 ${f(p90(xs.map((o) => o[key])))} ms, max ${f(Math.max(...xs.map((o) => o[key])))} ms`;
  console.log(`${kind}: ${xs.length} links, length median ${median(xs.map((o) => o.length))} (max ${Math.max(...xs.map((o) => o.length))})`);
  console.log(`  match rebuilt on the page's thread: ${stat('openMs')}`);
  console.log(`  in the worker: the match rebuilt ${stat('workerRebuiltMs')}; the message taken in (its proofs checked, the next deck proven) ${stat('proofsMs')}`);
  console.log(`  link opened to message taken in and kept: ${stat('readMs')}`);
  console.log(`  longest task on the page's thread, from the link opened: ${stat('longestTask')}; once the board shows (checking, then taking in): ${stat('longestWhileChecking')}`);
  console.log(`  link opened to board shown: ${stat('shownMs')}; to board checked: ${stat('checkedMs')}`);
}
const early = opened.slice(0, 10);
const late = opened.slice(-10);
console.log(`taking a link in (match rebuilt, then the message): first 10 links median ${f(median(early.map((o) => o.readMs)))} ms, last 10 median ${f(median(late.map((o) => o.readMs)))} ms`);
console.log(`the page's thread rebuilding: first 10 median ${f(median(early.map((o) => o.openMs)))} ms, last 10 median ${f(median(late.map((o) => o.openMs)))} ms`);
