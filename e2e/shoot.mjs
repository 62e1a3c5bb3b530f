// Screenshots of the built site at desktop and phone sizes, for looking at.
// Usage: node e2e/shoot.mjs URL OUTDIR [moves]
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots', moves = '3'] = process.argv.slice(2);
const browser = await chromium.launch(launchOptions);
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  const status = page.getByRole('status');
  for (let i = 0; i < Number(moves); i++) {
    await status.filter({ hasText: /Your turn|wins|drawn/ }).waitFor({ timeout: 20000 });
    const act = page.getByRole('button', { name: /^(Advance|Attack|Lunge|Parry|Retreat|Next round)/ }).first();
    if (await act.count() === 0) break;
    await act.click();
  }
  await status.filter({ hasText: /Your turn|wins|drawn/ }).waitFor({ timeout: 20000 });
  const card = page.getByRole('button', { name: /^Card / }).and(page.locator(':enabled')).first();
  if (await card.count()) await card.click();
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
