// Screenshots of the expert level as a person meets it: its description in
// the new-game settings, and the table while it thinks (the filling bar), at
// desktop and phone sizes. Usage: node e2e/shoot-expert.mjs URL OUTDIR [LANG]
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots', code = 'en'] = process.argv.slice(2);
const W = words(code);
const browser = await chromium.launch(launchOptions);
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
for (const [name, viewport] of Object.entries(sizes)) {
  const context = await browser.newContext({ viewport, locale: code });
  await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: W.t.new_game }).click();
  const dialog = page.getByRole('dialog');
  const expert = dialog.getByLabel(W.difficulty(3), { exact: true });
  await expert.scrollIntoViewIfNeeded();
  await expert.check();
  await page.screenshot({ path: `${out}/${code}-${name}-expert-settings.png`, animations: 'disabled' });
  // Black: the expert (White) moves first, and its bar fills while it thinks.
  await dialog.getByLabel(W.t.black, { exact: true }).check();
  await dialog.getByRole('button', { name: W.t.start }).click();
  const bar = page.getByRole('progressbar', { name: W.t.thinking });
  await bar.waitFor({ timeout: 10_000 }).catch(() => {});
  await page.screenshot({ path: `${out}/${code}-${name}-expert-thinking.png` });
  await context.close();
}
await browser.close();
