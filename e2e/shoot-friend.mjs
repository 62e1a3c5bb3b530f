// Screenshots of a match with a friend while the friend's message is being
// checked (its proofs, in the worker: the page's CPU throttled so that the
// moment lasts), then checked, in the light and the dark theme, desktop and
// phone.
// Usage: node e2e/shoot-friend.mjs URL OUTDIR
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const W = words('en');
const browser = await chromium.launch(launchOptions);
// The link a page shows, as one link even when it is sent in parts
// (a part is `~`, a 32-character head, its piece).
const link = async (page) => {
  const fields = page.locator('.friend-link input');
  await fields.first().waitFor();
  const parts = await fields.evaluateAll((inputs) => inputs.map((i) => i.value));
  if (parts.length === 1) return parts[0];
  return `${parts[0].split('#f=')[0]}#f=${parts.map((p) => p.split('#f=')[1].slice(33)).join('')}`;
};
for (const scheme of ['light', 'dark']) {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const seat = async () => {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      await context.addInitScript(() => { try { localStorage.setItem('engarde.welcomed', '1'); } catch { /* blank */ } });
      await context.addInitScript(() => { delete window.RTCPeerConnection; });
      return context.newPage();
    };
    const [host, guest] = [await seat(), await seat()];
    await host.goto(url);
    await host.locator('.menu-open').click();
    await host.locator('#page-menu').getByRole('button', { name: W.t.play_friend, exact: true }).click();
    await host.getByRole('button', { name: W.t.friend_invite }).click();
    await host.getByRole('textbox', { name: W.t.friend_your_name }).fill('Ann');
    await host.getByRole('button', { name: W.t.friend_make }).click();
    await guest.goto(await link(host));
    await guest.getByRole('textbox', { name: W.t.friend_your_name }).fill('Bo');
    await guest.getByRole('button', { name: W.t.friend_accept }).click();
    const accepted = await link(guest);
    await host.goto(accepted);
    await host.locator('.friend-match:not([data-checking])').waitFor();
    // The guest reads the host's first deck slowly: the board while checking.
    const cdp = await guest.context().newCDPSession(guest);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await guest.goto('about:blank');
    await guest.goto(await link(host));
    await guest.locator('.friend-match[data-checking]').waitFor();
    await guest.screenshot({ path: `${out}/friend-${scheme}-${name}-checking.png`, animations: 'disabled' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await guest.locator('.friend-match:not([data-checking])').waitFor({ timeout: 60000 });
    await guest.screenshot({ path: `${out}/friend-${scheme}-${name}-checked.png`, fullPage: true, animations: 'disabled' });
    await host.context().close();
    await guest.context().close();
  }
}
await browser.close();
