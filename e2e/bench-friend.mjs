// Play a friend, measured (issue 33): two browsers play an Advanced match
// to 5 points by links alone, each page's CPU throttled (RATE, default 4);
// for every link opened: its length, the time the page spent reading it
// (rebuilding the match from storage, then the message: a round's deck or
// a move), and the time from opening the link to the board shown.
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
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

const board = (page) => page.locator('.friend-match').waitFor();
const linkOf = (page) => page.getByRole('textbox', { name: EN.t.friend_link }).inputValue();
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
  await page.goto('about:blank');
  began = performance.now();
  await page.goto(link);
  await board(page);
  const shownMs = performance.now() - began;
  const [[kind, readMs]] = (await page.evaluate(() => window.__engardeFriendMs ?? [])).slice(-1);
  opened.push({ length: link.length, kind, readMs, shownMs, n });
  while (await standing(page) === 'Yours') {
    const buttons = page.locator('.friend-match .action-bar button[data-action]');
    const before = await steps(page);
    await buttons.nth(Math.floor(random() * await buttons.count())).click();
    await page.waitForFunction((s) => Number(document.querySelector('.friend-match')?.dataset.steps) > s, before);
  }
  const over = ['Won', 'Lost'].includes(await standing(page));
  if (over && await page.getByRole('textbox', { name: EN.t.friend_link }).count() === 0) break;
  link = await linkOf(page);
  who = 1 - who;
}
await browser.close();

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
const p90 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length * 0.9)]; };
const f = (x) => x.toFixed(0);
console.log(`CPU throttled ×${rate}; an Advanced match to 5 points, ${opened.length} links opened`);
console.log(`invitation: ${invitation.length} characters, made in ${f(inviteMs)} ms; accepted in ${f(acceptMs)} ms`);
for (const kind of ['move', 'deck']) {
  const xs = opened.filter((o) => o.kind === kind);
  if (!xs.length) continue;
  console.log(`${kind}: ${xs.length} links, length median ${median(xs.map((o) => o.length))} (max ${Math.max(...xs.map((o) => o.length))}); read median ${f(median(xs.map((o) => o.readMs)))} ms, p90 ${f(p90(xs.map((o) => o.readMs)))} ms; link opened to board shown median ${f(median(xs.map((o) => o.shownMs)))} ms, p90 ${f(p90(xs.map((o) => o.shownMs)))} ms`);
}
const early = opened.slice(0, 10);
const late = opened.slice(-10);
console.log(`reading (match rebuilt, then the message): first 10 links median ${f(median(early.map((o) => o.readMs)))} ms, last 10 median ${f(median(late.map((o) => o.readMs)))} ms`);
