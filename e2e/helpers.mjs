// What the end-to-end tests share: the site's address, a fresh page that
// records problems (console errors, outside requests), where the page
// stands (data-moment), starting a match from the new-game form, the menu.
import assert from 'node:assert/strict';
import { words } from './words.mjs';

export const url = process.env.BASE_URL ?? 'http://127.0.0.1:8099/engarde/';
export const origin = new URL(url).origin;
export const EN = words('en');
/** Think and hint times the pages recorded (printed by app.test.mjs). */
export const thinkTimes = [];
export const hintTimes = [];

/** Chooses an item of the page's menu (a popover behind "Menu"). */
export async function fromMenu(page, name) {
  await page.locator('.menu-open').click();
  await page.locator('#page-menu').getByRole('button', { name, exact: true }).click();
}

/**
 * A fresh page that records problems: console errors, page errors, outside
 * requests. It opens on the match, as on a later visit, unless `welcome`
 * (a first visit's start screen).
 */
export async function open(browser, t, viewport = { width: 1280, height: 800 }, options = {}, { welcome = false } = {}) {
  const context = await browser.newContext({ viewport, acceptDownloads: true, ...options });
  // (A blank page between two of the site's has no storage: nothing to set.)
  if (!welcome) await context.addInitScript(() => { try { localStorage.setItem('engarde.welcomed', '1'); } catch { /* about:blank */ } });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // The opponent's worker: its errors count; its warnings are kept for the report.
  const notes = [];
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('worker', (w) => {
    w.on('console', (m) => { if (m.type() === 'error') problems.push(`worker console error: ${m.text()}`); });
  });
  page.on('console', (m) => { if (m.type() === 'warning') notes.push(m.text()); });
  page.notes = notes;
  context.on('request', (r) => {
    const u = r.url();
    if (!(u.startsWith(origin + '/') || u.startsWith(`blob:${origin}/`) || u.startsWith('data:'))) {
      problems.push(`outside request: ${u}`);
    }
  });
  t.after(async () => {
    const times = await page.evaluate(() => window.__engardeThinkMs ?? []).catch(() => []);
    thinkTimes.push(...times);
    const hints = await page.evaluate(() => window.__engardeHintMs ?? []).catch(() => []);
    hintTimes.push(...hints.map(([, ms]) => ms));
    await context.close();
    assert.deepEqual(problems, [], 'no console errors, no outside requests');
  });
  await page.goto(url);
  return { page, context, problems, requests };
}

/** Drops the problems a test caused on purpose (those matching `own`). */
export function forgive(problems, own) {
  problems.splice(0, problems.length, ...problems.filter((p) => !own.test(p)));
}

export const status = (page) => page.getByRole('status');
/** Where the page stands, in no language (`data-moment`): turn, defend, pick, wait, round-over, match-over. */
export const moment = (page) => page.evaluate(() => document.querySelector('main')?.dataset.moment ?? '');
export const ACTING = ['turn', 'defend', 'pick'];

/** Waits until the person can do something: act, go to the next round, or the match is over; returns the moment. */
export async function settle(page) {
  try {
    await page.waitForFunction(() => {
      const m = document.querySelector('main')?.dataset.moment ?? '';
      return ['turn', 'defend', 'pick', 'round-over', 'match-over'].includes(m);
    }, null, { timeout: 30000 });
  } catch (e) {
    // Say where it stood: the status, the last log lines, the page's warnings.
    const where = await page.evaluate(() => ({
      status: document.querySelector('[role=status]')?.textContent,
      log: [...document.querySelectorAll('.log li')].slice(-3).map((li) => li.textContent),
      save: localStorage.getItem('engarde.save')?.slice(-400),
    })).catch((err) => ({ unreadable: String(err) }));
    throw new Error(`the page did not settle in 30 s: ${JSON.stringify({ ...where, warnings: page.notes })}`, { cause: e });
  }
  return moment(page);
}

export const PRESETS = { Basic: 0, Standard: 1, Advanced: 2, Duel: 3 };
export const LEVELS = { Easy: 0, Medium: 1, Hard: 2, Expert: 3 };

/** Starts a match from the new-game form, by that language's names. */
export async function startMatch(page, { preset, level = 'Easy', side = 'White', points }, W = EN) {
  // The menu's (the end of a match offers one too).
  await page.getByRole('navigation').getByRole('button', { name: W.t.new_game }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(W.preset(PRESETS[preset]), { exact: true }).check();
  await dialog.getByLabel(W.difficulty(LEVELS[level]), { exact: true }).check();
  await dialog.getByLabel(side === 'White' ? W.t.white_note : W.t.black, { exact: true }).check();
  if (points) await dialog.getByLabel(W.t.points).selectOption(String(points));
  await pressStart(page, W);
}

/** The new-game form's Start; over a match in progress the form asks first: yes. */
export async function pressStart(page, W = EN) {
  // The form itself (the privacy screen that may follow is a dialog too).
  const dialog = page.locator('form.settings');
  await dialog.getByRole('button', { name: W.t.start }).click();
  const again = dialog.getByRole('button', { name: W.t.start_over });
  await Promise.race([dialog.waitFor({ state: 'detached' }), again.waitFor()]);
  if (await again.count()) await again.click();
  await dialog.waitFor({ state: 'detached' });
}

