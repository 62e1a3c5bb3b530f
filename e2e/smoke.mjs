// A first smoke check of the built site (issue 4 will grow this into the
// end-to-end suite): load, play a few moves, the computer answers from its
// worker, no console errors, no outside requests.
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:8099/engarde/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const problems = [];
page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
const origin = new URL(url).origin;
page.on('request', (r) => {
  const u = r.url();
  if (!(u.startsWith(origin) || u.startsWith(`blob:${origin}`) || u.startsWith('data:'))) problems.push(`outside request: ${u}`);
});
await page.goto(url);
const status = page.getByRole('status');
for (let move = 0; move < 4; move++) {
  await status.filter({ hasText: 'Your turn' }).waitFor({ timeout: 20000 });
  const started = Date.now();
  await page.getByRole('button', { name: /^(Advance|Attack|Lunge|Parry|Retreat)/ }).first().click();
  await status.filter({ hasText: /Your turn|wins/ }).waitFor({ timeout: 20000 });
  console.log(`move ${move + 1}: answered in ${Date.now() - started} ms; ${await status.textContent()}`);
}
console.log((await page.locator('.log').textContent()).slice(0, 300));
await browser.close();
if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
