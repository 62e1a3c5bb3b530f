// Screenshots of the friend screens as a person meets them, desktop and
// phone, what is above the fold: the invitation made (the table before the
// deal), accepted, the move awaited, the person's move, between rounds, the
// end with "Play again", the list.
// Usage: node e2e/shoot-friend-screens.mjs URL OUTDIR
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const W = words('en');
const browser = await chromium.launch(launchOptions);
/** The link the page shows for the friend, or its parts (an array of links). */
const link = async (page) => {
  await page.locator('.friend-link input').first().waitFor();
  const all = await page.locator('.friend-link input').evaluateAll((xs) => xs.map((x) => x.value));
  return all.length === 1 ? all[0] : all;
};
/** Opens a link, or its parts one load each (the last first), as a person does. */
const visit = async (page, next, shot) => {
  const parts = [next].flat();
  for (const [i, part] of [parts.at(-1), ...parts.slice(0, -1)].entries()) {
    await page.goto('about:blank');
    await page.goto(part);
    if (i < parts.length - 1) {
      await page.locator('.friend-parts[data-missing]').waitFor();
      if (shot) await shot(page);
    }
  }
};
const board = async (page) => {
  const m = page.locator('.friend-match:not([data-checking])');
  await m.waitFor();
  return m.getAttribute('data-standing');
};
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const seat = async () => {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => { try { localStorage.setItem('engarde.welcomed', '1'); } catch { /* blank */ } });
    await context.addInitScript(() => { delete window.RTCPeerConnection; });
    return context.newPage();
  };
  const shot = (page, what) => page.screenshot({ path: `${out}/friend-${name}-${what}.png`, animations: 'disabled' });
  const [host, guest] = [await seat(), await seat()];
  await host.goto(url);
  await host.locator('.menu-open').click();
  await host.locator('#page-menu').getByRole('button', { name: W.t.play_friend, exact: true }).click();
  await host.getByRole('button', { name: W.t.friend_invite }).click();
  await shot(host, '1-form');
  await host.getByRole('textbox', { name: W.t.friend_your_name }).fill('Ann');
  await host.getByRole('spinbutton', { name: W.t.friend_points }).fill('2');
  await host.getByRole('button', { name: W.t.friend_make }).click();
  await board(host);
  await shot(host, '2-invited');
  await guest.goto(await link(host));
  await guest.getByRole('textbox', { name: W.t.friend_your_name }).fill('Bo');
  await guest.getByRole('button', { name: W.t.friend_accept }).click();
  await board(guest);
  await shot(guest, '3-accepted');
  // Links pass until the match is over; shots at the moments that matter.
  const pages = [host, guest];
  let [who, next, n, between, parts] = [0, await link(guest), 0, false, false];
  for (;;) {
    const page = pages[who];
    const partsShot = parts ? null : async (p) => { parts = true; await shot(p, '3b-parts-received'); };
    await visit(page, next, partsShot);
    let s = await board(page);
    if (n === 2) await shot(page, '4-your-move');
    const words = await page.locator('.friend-match .lesson-words').textContent();
    if (!between && /^Last round/.test(words)) { between = true; await shot(page, '6-between-rounds'); }
    while (s === 'Yours') {
      const buttons = page.locator('.friend-match .action-bar button[data-action]');
      await buttons.nth(Math.floor(Math.random() * await buttons.count())).click();
      await page.waitForTimeout(50);
      s = await board(page);
    }
    if (n === 2) await shot(page, '5-waiting');
    const sending = await page.locator('.friend-link input').count();
    if (sending > 1 && !between) await shot(page, '3a-parts-to-send');
    if (!['Yours', 'Theirs'].includes(s) && sending === 0) { await shot(page, '7-end'); break; }
    next = await link(page);
    who = 1 - who;
    n += 1;
  }
  await host.getByRole('button', { name: W.t.friend_back }).click();
  await shot(host, '8-list');
  await host.context().close();
  await guest.context().close();
}
await browser.close();
