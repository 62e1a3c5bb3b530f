// Screenshots of the table in each engine (e2e/engines.mjs), for looking at:
// a turn of a Standard match at phone and desktop sizes.
// Usage: node e2e/shoot-engines.mjs URL OUTDIR   (ENGINES picks the engines)
import { ENGINES, launch } from './engines.mjs';
import { settle, clickOn } from './engine-steps.mjs';
import { words } from './words.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp/shots'] = process.argv.slice(2);
const EN = words('en');
for (const engine of ENGINES) {
  const browser = await launch(engine);
  for (const [name, size] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]]) {
    const page = await browser.newPage(size);
    await page.goto(url);
    await settle(page);
    await page.screenshot(`${out}/${engine}-${name}-start.png`);
    await clickOn(page, 'nav button', EN.t.new_game);
    await page.waitFor(() => !!document.querySelector('form.settings'));
    await page.screenshot(`${out}/${engine}-${name}-form.png`);
    await clickOn(page, 'form.settings button', EN.t.start);
    await settle(page);
    await clickOn(page, '.action-bar button.action');
    await page.waitFor(() => document.querySelector('main')?.dataset.moment === 'turn' && document.querySelectorAll('.log li').length > 1);
    // (After the move's animation.)
    await new Promise((r) => setTimeout(r, 1500));
    await page.screenshot(`${out}/${engine}-${name}-turn.png`);
    await page.close();
  }
  await browser.close();
}
