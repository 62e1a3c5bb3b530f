// Screenshots of a match between two people on one device (the privacy
// screen, a turn), in the light and the dark theme, desktop and phone.
// Usage: node e2e/shoot-people.mjs URL OUTDIR
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const W = words('en');
const browser = await chromium.launch(launchOptions);
for (const scheme of ['light', 'dark']) {
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: W.t.new_game }).click();
    await page.getByRole('dialog').getByLabel(W.t.person_option).check();
    await page.getByLabel('Name of White').fill('Anna');
    await page.screenshot({ path: `${out}/people-${scheme}-${name}-settings.png`, animations: 'disabled' });
    await page.getByRole('dialog').getByRole('button', { name: W.t.start }).click();
    await page.locator('main[data-moment=pass]').waitFor();
    await page.screenshot({ path: `${out}/people-${scheme}-${name}-pass.png`, animations: 'disabled' });
    for (let i = 0; i < 5; i++) {
      await page.locator('.pass-screen button').click();
      await page.getByRole('button', { name: W.action }).first().click();
      await page.locator('main[data-moment=pass]').waitFor();
    }
    await page.locator('.pass-screen button').click();
    const card = page.getByRole('button', { name: W.card }).and(page.locator('[aria-disabled=false]')).first();
    if (await card.count()) await card.click();
    await page.screenshot({ path: `${out}/people-${scheme}-${name}-turn.png`, fullPage: true, animations: 'disabled' });
    await context.close();
  }
}
await browser.close();
