// Screenshots of the built site at desktop and phone sizes, for looking at:
// a turn with a card picked, the end of a round, the new-game settings.
// Usage: node e2e/shoot.mjs URL OUTDIR
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch(launchOptions);
const settle = (page) => page.waitForFunction(() => /Your turn|wins|drawn/.test(document.querySelector('[role=status]')?.textContent ?? ''), null, { timeout: 30000 });
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await browser.newPage({ viewport });
  await page.goto(url);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.screenshot({ path: `${out}/${name}-settings.png`, animations: 'disabled' });
  await page.getByRole('dialog').getByLabel('Duel').first().check();
  await page.getByRole('dialog').getByRole('button', { name: 'Start the match' }).click();
  for (let i = 0; i < 4; i++) {
    await settle(page);
    const act = page.getByRole('button', { name: /^(Advance|Retreat|Choose) / }).first();
    if (await act.count() === 0) break;
    await act.click();
  }
  await settle(page);
  const card = page.getByRole('button', { name: /^Card / }).and(page.locator(':enabled')).first();
  if (await card.count()) await card.click();
  await page.screenshot({ path: `${out}/${name}-play.png`, fullPage: true, animations: 'disabled' });
  for (let i = 0; i < 60; i++) {
    const s = await settle(page).then(() => page.getByRole('status').textContent());
    if (/wins the round|drawn/.test(s)) break;
    await page.getByRole('button', { name: /^(Advance|Retreat|Attack|Lunge|Choose) |^Parry$/ }).last().click();
    await page.waitForFunction((b) => document.querySelector('[role=status]')?.textContent !== b, s).catch(() => {});
  }
  await page.screenshot({ path: `${out}/${name}-round-over.png`, fullPage: true, animations: 'disabled' });
  await page.close();
}
await browser.close();
