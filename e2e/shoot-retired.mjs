// Screenshots of the friends' list holding matches kept by an older
// construction (read-only), at desktop and phone sizes.
// Run: node e2e/shoot-retired.mjs URL OUT_DIR
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';

const [url = 'http://127.0.0.1:8099/engarde/', out = '/tmp'] = process.argv.slice(2);
const kept = [];
for (const name of ['locks-finished', 'locks-playing']) {
  kept.push(JSON.parse(await readFile(new URL(`../tests/data/friend_kept/${name}.json`, import.meta.url), 'utf8')));
}
// One with the record the version before kept beside it, one without.
const records = JSON.parse(await readFile(new URL('../tests/data/friend_kept/records.json', import.meta.url), 'utf8'));
kept[0].replayed = records['locks-finished'];
const browser = await chromium.launch(launchOptions);
for (const [w, h] of [[1280, 800], [390, 844]]) {
  const context = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate((all) => {
    localStorage.setItem('engarde.welcomed', '1');
    for (const k of all) localStorage.setItem(`engarde.friend.${k.summary.id}`, JSON.stringify(k));
  }, kept);
  await page.reload();
  await page.locator('.menu-open').click();
  await page.locator('#page-menu').getByRole('button', { name: 'Play a friend', exact: true }).click();
  await page.locator('.friend-list li').first().waitFor();
  await page.screenshot({ path: `${out}/retired-${w}.png`, fullPage: true });
  await context.close();
}
await browser.close();
