// Puzzles: opened from the menu and the start screen, one solved
// right and one wrong through the accessible names, the rating moving and
// kept, "Next puzzle" offering another, the theme filter, and puzzles
// offline after one visit. Every test fails on a console error, a page error
// or an outside request (e2e/helpers.mjs).
// Run: node --test e2e/puzzles.test.mjs   (BASE_URL, default http://127.0.0.1:8099/engarde/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { url, EN, fromMenu, open as openPage } from './helpers.mjs';
import { words, pattern } from './words.mjs';

let browser;
const open = (t, ...rest) => openPage(browser, t, ...rest);
const set = JSON.parse(await readFile(new URL('../web/puzzles.json', import.meta.url), 'utf8'));
const byId = new Map(set.map((p) => [p.id, p]));

before(async () => { browser = await chromium.launch(launchOptions); });
after(async () => { await browser?.close(); });

/** The puzzle shown: its record, and its answer's button and another's. */
async function shown(page) {
  const board = page.locator('.puzzle[data-state=asked]');
  await board.waitFor();
  const puzzle = byId.get(await board.getAttribute('data-puzzle'));
  assert.ok(puzzle, 'a shipped puzzle');
  const answer = JSON.stringify(puzzle.answer);
  const buttons = board.locator('.action-bar button[data-action]');
  const names = [];
  for (const b of await buttons.all()) names.push([await b.getAttribute('data-action'), await b.textContent()]);
  const right = names.find(([a]) => a === answer)?.[1];
  const wrong = names.find(([a]) => a !== answer)?.[1];
  assert.ok(right && wrong, `the answer and another action are offered: ${JSON.stringify(names)}`);
  return { puzzle, right, wrong };
}

const rating = (page) => page.locator('.puzzle-rating').textContent();

test('Puzzles: one solved right and one wrong, the rating moves and is kept, "Next puzzle" offers another', async (t) => {
  const { page } = await open(t);
  await fromMenu(page, EN.t.puzzles);
  await page.locator('main[data-moment=puzzles]').waitFor();
  await page.getByRole('heading', { name: EN.t.puzzles }).waitFor();
  const first = await shown(page);
  const start = await rating(page);
  assert.match(start, pattern(EN.t.puzzle_rating));
  // The task names the edition and the side.
  await page.getByText(pattern(EN.t.puzzle_task)).waitFor();
  await page.getByRole('button', { name: first.right, exact: true }).click();
  await page.getByText(EN.t.puzzle_right.replace('{action}', first.right)).waitFor();
  await page.locator('.puzzle-change').getByText(pattern(EN.t.puzzle_change)).waitFor();
  const afterRight = await rating(page);
  assert.notEqual(afterRight, start, 'a solved puzzle moves the rating');
  assert.match(afterRight, /solved in a row: 1$/);
  // The round played out ends won, told in words; the opponent's hand open.
  assert.ok(await page.locator('.puzzle-line li').count() >= 1);
  // Next: another puzzle.
  await page.getByRole('button', { name: EN.t.next_puzzle }).click();
  const second = await shown(page);
  assert.notEqual(second.puzzle.id, first.puzzle.id);
  await page.getByRole('button', { name: second.wrong, exact: true }).click();
  await page.getByText(EN.t.puzzle_wrong.replace('{action}', second.wrong)).waitFor();
  // The refuting world, and the answer that wins for sure.
  await page.getByText(pattern(EN.t['puzzle_world.0'])).or(page.getByText(pattern(EN.t['puzzle_world.1']))).waitFor();
  await page.getByText(EN.t.puzzle_answer.replace('{action}', second.right)).waitFor();
  const afterWrong = await rating(page);
  assert.notEqual(afterWrong, afterRight, 'a missed puzzle moves the rating');
  assert.match(afterWrong, /solved in a row: 0$/);
  // Kept: the practice survives a reload.
  const kept = JSON.parse(await page.evaluate(() => localStorage.getItem('engarde.puzzles')));
  assert.deepEqual(kept.attempts.map((a) => [a.id, a.solved]), [[first.puzzle.id, true], [second.puzzle.id, false]]);
  await page.reload();
  await fromMenu(page, EN.t.puzzles);
  await shown(page);
  assert.equal(await rating(page), afterWrong);
  // No match in progress: the way out is "Close", not "Back to the match".
  assert.equal(await page.getByRole('button', { name: EN.t.back_to_match }).count(), 0);
  await page.locator('main[data-moment=puzzles]').getByRole('button', { name: EN.t.close, exact: true }).click();
  await page.locator('main[data-moment]:not([data-moment=puzzles])').waitFor();
});

test('a puzzle answered as in a match: its cards picked from the hand, then the opponent', async (t) => {
  const { page } = await open(t);
  await fromMenu(page, EN.t.puzzles);
  // Until a puzzle whose answer is an attack (others are tried by their
  // button, wrongly, and passed).
  for (let i = 0; i < 30; i++) {
    const { puzzle, wrong } = await shown(page);
    const a = puzzle.answer;
    if (a.do === 'attack') {
      const all = await page.locator('.puzzle .action-bar button[data-action]').count();
      for (let k = 0; k < a.count; k++) {
        await page.getByRole('button', { name: EN.t.card.replace('{card}', a.card), exact: true }).first().click();
      }
      // Fewer choices once cards are picked, and a way back.
      await page.getByRole('button', { name: EN.t.cancel }).waitFor();
      const picked = await page.locator('.puzzle .action-bar button[data-action]').count();
      assert.ok(picked <= all && picked >= 1, `${picked} of ${all} actions agree with the cards picked`);
      console.log(`picked: ${picked} of ${all} actions`);
      await page.getByRole('button', { name: pattern(EN.t.target_opponent) }).click();
      await page.locator('.puzzle-verdict.right').waitFor();
      return;
    }
    await page.getByRole('button', { name: wrong, exact: true }).click();
    await page.getByRole('button', { name: EN.t.next_puzzle }).click();
  }
  assert.fail('no puzzle answered by an attack in 30');
});

test('the theme filter offers only puzzles of that theme; the start screen opens Puzzles, in German', async (t) => {
  const DE = words('de');
  const { page } = await open(t, undefined, { locale: 'de-DE' }, { welcome: true });
  await page.locator('main[data-moment=welcome]').waitFor();
  await page.getByRole('button', { name: DE.t.puzzles, exact: true }).click();
  await shown(page);
  const theme = DE.t['puzzle_themes.4']; // Lunge
  const lunges = set.filter((p) => p.themes.includes('lunge')).map((p) => p.id);
  await page.getByLabel(DE.t.puzzle_theme).selectOption({ label: theme });
  for (let i = 0; i < 3; i++) {
    await page.waitForFunction((ids) => ids.includes(document.querySelector('.puzzle[data-state=asked]')?.dataset.puzzle), lunges);
    const { puzzle, wrong } = await shown(page);
    assert.ok(puzzle.themes.includes('lunge'), `${puzzle.id}: ${puzzle.themes}`);
    await page.getByRole('button', { name: wrong, exact: true }).click();
    await page.getByRole('button', { name: DE.t.next_puzzle }).click();
  }
});

test('puzzles work offline after one visit', async (t) => {
  const { page, context } = await open(t);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30000 });
  await context.setOffline(true);
  await page.reload();
  await fromMenu(page, EN.t.puzzles);
  await shown(page);
  await context.setOffline(false);
});

test('"Practise this" keeps a mistake of the person\'s own; "Your mistakes" offers it again', async (t) => {
  const { page } = await open(t);
  await fromMenu(page, EN.t.puzzles);
  await shown(page);
  // None kept yet: the filter says how to keep one.
  await page.getByLabel(EN.t.puzzle_theme).selectOption({ label: EN.t.your_mistakes });
  await page.getByText(EN.t.mistakes_empty).waitFor();
  // A match whose first round the person lost by a mistake at a puzzle's position.
  const save = await readFile(new URL('./data/mistake.json', import.meta.url), 'utf8');
  await page.evaluate((s) => localStorage.setItem('engarde.save', s), save);
  await page.reload();
  await page.locator('main[data-moment=round-over]').waitFor();
  await page.getByRole('button', { name: EN.t.replay_round, exact: true }).click();
  await page.locator('main[data-moment=review]').waitFor();
  await page.getByRole('button', { name: EN.t['analyse.0'] }).click();
  await page.getByRole('button', { name: EN.t.stop_analysis }).waitFor({ state: 'detached', timeout: 120000 });
  // The last decision: the mistake, marked, with "Practise this".
  await page.locator('main[data-moment=review]').focus();
  await page.keyboard.press('End');
  const practise = page.getByRole('button', { name: EN.t.practise_this });
  await practise.click();
  await page.getByText(EN.t.practise_kept).waitFor();
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('engarde.puzzles.mine'))).length, 1);
  await page.getByRole('button', { name: EN.t.close }).click();
  await fromMenu(page, EN.t.puzzles);
  await shown(page);
  await page.getByLabel(EN.t.puzzle_theme).selectOption({ label: EN.t.your_mistakes });
  await page.waitForFunction(() => document.querySelector('.puzzle[data-state=asked]')?.dataset.puzzle?.startsWith('mine-'));
});
