// Screenshots of what comes after a match, for looking at: the final round's
// summary, the review (analysed: the time it took is printed), the history,
// at desktop and phone sizes, from e2e/data/finished.json. Usage:
// node e2e/shoot-after.mjs URL OUTDIR
import { chromium } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { launchOptions } from './browser.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const finished = await readFile(new URL('./data/finished.json', import.meta.url), 'utf8');
const browser = await chromium.launch(launchOptions);
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((save) => {
    if (!localStorage.getItem('engarde.save')) localStorage.setItem('engarde.save', save);
    localStorage.setItem('engarde.welcomed', '1');
  }, finished);
  const page = await context.newPage();
  page.on('console', (m) => console.log(name, m.type(), m.text()));
  page.on('pageerror', (e) => console.log(name, 'pageerror', e.message));
  await page.goto(url);
  await page.locator('main[data-moment=match-over]').waitFor();
  await page.screenshot({ path: `${out}/after-${name}-over.png`, fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Review the match' }).click();
  await page.locator('main[data-moment=review]').waitFor();
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await page.screenshot({ path: `${out}/after-${name}-review.png`, fullPage: true, animations: 'disabled' });
  const started = Date.now();
  await page.getByRole('button', { name: 'Analyse my decisions' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/after-${name}-analysing.png`, fullPage: true, animations: 'disabled' });
  await page.locator('.analysis-counts').waitFor();
  await page.getByRole('button', { name: 'Stop the analysis' }).waitFor({ state: 'detached', timeout: 120000 });
  const decisions = await page.locator('.chance-graph circle').count();
  console.log(`${name}: ${decisions} decisions analysed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.keyboard.press('End');
  await page.screenshot({ path: `${out}/after-${name}-analysed.png`, fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Share link' }).click();
  await page.screenshot({ path: `${out}/after-${name}-shared.png`, fullPage: true, animations: 'disabled' });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.locator('.menu-open').click();
  await page.locator('#page-menu').getByRole('button', { name: 'History' }).click();
  await page.locator('main[data-moment=history]').waitFor();
  await page.screenshot({ path: `${out}/after-${name}-history.png`, fullPage: true, animations: 'disabled' });
  await context.close();
}
await browser.close();
