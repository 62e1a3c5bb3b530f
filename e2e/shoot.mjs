// Screenshots of the built site at desktop and phone sizes, in each language,
// for looking at: the start screen of a first visit, the new-game settings, a
// turn with a card picked, the end of a round. Usage: node e2e/shoot.mjs URL OUTDIR [LANG…]
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { words, LANGS } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots', ...only] = process.argv.slice(2);
const browser = await chromium.launch(launchOptions);
const moment = (page) => page.evaluate(() => document.querySelector('main')?.dataset.moment);
const settle = (page) => page.waitForFunction(() => document.querySelector('main')?.dataset.moment !== 'wait', null, { timeout: 30000 });
for (const code of only.length ? only : LANGS) {
  const W = words(code);
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const first = await browser.newContext({ viewport, locale: code });
    const start = await first.newPage();
    await start.goto(url);
    await start.locator('main[data-moment=welcome]').waitFor();
    await start.screenshot({ path: `${out}/${code}-${name}-start.png`, animations: 'disabled' });
    await first.close();
    const context = await browser.newContext({ viewport, locale: code });
    await context.addInitScript(() => localStorage.setItem('engarde.welcomed', '1'));
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: W.t.new_game }).click();
    // The form comes with the extras (fetched on first use).
    await page.getByRole('dialog').getByRole('button', { name: W.t.start }).waitFor();
    await page.screenshot({ path: `${out}/${code}-${name}-settings.png`, animations: 'disabled' });
    await page.getByRole('dialog').getByLabel(W.preset(3), { exact: true }).check();
    await page.getByRole('dialog').getByRole('button', { name: W.t.start }).click();
    for (let i = 0; i < 4; i++) {
      await settle(page);
      const act = page.getByRole('button', { name: W.action }).first();
      if (await act.count() === 0) break;
      await act.click();
    }
    await settle(page);
    const card = page.getByRole('button', { name: W.card }).and(page.locator('[aria-disabled=false]')).first();
    if (await card.count()) await card.click();
    await page.screenshot({ path: `${out}/${code}-${name}-play.png`, fullPage: true, animations: 'disabled' });
    for (let i = 0; i < 60; i++) {
      await settle(page);
      if (['round-over', 'match-over'].includes(await moment(page))) break;
      const s = await page.getByRole('status').textContent();
      await page.getByRole('button', { name: W.action }).last().click();
      await page.waitForFunction((b) => document.querySelector('[role=status]')?.textContent !== b, s).catch(() => {});
    }
    await page.screenshot({ path: `${out}/${code}-${name}-round-over.png`, fullPage: true, animations: 'disabled' });
    await context.close();
  }
}
await browser.close();
