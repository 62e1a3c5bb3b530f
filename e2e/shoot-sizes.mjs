// Screenshots of the table in a turn with a card picked, at landscape phone
// and tablet sizes, light and dark. Usage: node e2e/shoot-sizes.mjs URL OUTDIR
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const W = words('en');
const browser = await chromium.launch(launchOptions);
const sizes = { landscape: { width: 844, height: 390 }, tablet: { width: 820, height: 1180 }, small: { width: 320, height: 568 } };
for (const scheme of ['light', 'dark']) {
  for (const [name, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, colorScheme: scheme });
    await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => ['turn', 'defend'].includes(document.querySelector('main')?.dataset.moment));
    const card = page.getByRole('button', { name: W.card }).and(page.locator('[aria-disabled=false]')).first();
    if (await card.count()) await card.click();
    await page.screenshot({ path: `${out}/${scheme}-${name}.png`, animations: 'disabled' });
    await context.close();
  }
}
await browser.close();
