// End-to-end tests of the table as a phone user meets it: every
// control thumb-sized at 390×844 and 320×568, two people on one device to
// the end of a match through the privacy screens, no motion under reduced
// motion, both colour themes (the switch, AA contrast of the table's text),
// deals from the platform's cryptographic source.
// Run: node --test e2e/table.test.mjs   (BASE_URL, default http://127.0.0.1:8099/engarde/)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.mjs';
import { EN, fromMenu, open as openPage, settle, startMatch, pressStart } from './helpers.mjs';
import { LANGS, words } from './words.mjs';

let browser;
before(async () => { browser = await chromium.launch(launchOptions); });
after(async () => { await browser?.close(); });
const open = (t, ...rest) => openPage(browser, t, ...rest);
const PHONE = { width: 390, height: 844 };

/**
 * Every visible control's box, against WCAG 2.5.8 (at least 24 × 24 CSS px)
 * and the phone guideline for the cards in hand and the actions (44 px
 * tall). A radio or checkbox counts with its label (a tap on either works).
 */
function undersized(page, where) {
  return page.evaluate((where) => {
    const selector = 'button, select, input:not([type=radio]):not([type=checkbox]), a[href], summary, label.choice, [role=button]';
    const out = [];
    for (const e of document.querySelectorAll(selector)) {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || e.closest('.visually-hidden')) continue;
      const name = `${where}: ${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.getAttribute('aria-label') ?? e.textContent).trim().slice(0, 30)}"`;
      if (r.width < 24 || r.height < 24) out.push(`${name} is ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      const tall = e.matches('.hand button.card, .action-bar button.action');
      if (tall && r.height < 44) out.push(`${name} is ${r.height.toFixed(1)} px tall`);
    }
    return out;
  }, where);
}

/** Picks the first card that can be played now (the squares it reaches become targets). */
async function pickACard(page) {
  const card = page.getByRole('button', { name: EN.card }).and(page.locator('[aria-disabled=false]')).first();
  if (await card.count()) await card.click();
}

for (const viewport of [PHONE, { width: 320, height: 568 }]) {
  test(`every control is thumb-sized at ${viewport.width}×${viewport.height}: table, menu, new-game form, privacy screen`, async (t) => {
    const { page } = await open(t, viewport);
    await startMatch(page, { preset: 'Advanced' });
    let checked = 0;
    for (let i = 0; i < 6; i++) {
      const m = await settle(page);
      if (m !== 'turn' && m !== 'defend') break;
      assert.deepEqual(await undersized(page, `turn ${i}`), []);
      await pickACard(page);
      assert.deepEqual(await undersized(page, `turn ${i}, a card picked`), []);
      checked += await page.locator('.square-button').count();
      // The page never scrolls sideways.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scrolling');
      await page.getByRole('button', { name: EN.action }).first().click();
    }
    assert.ok(checked > 0, 'square targets were measured');
    await page.locator('.menu-open').click();
    await page.locator('#page-menu').waitFor();
    assert.deepEqual(await undersized(page, 'menu'), []);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: EN.t.new_game }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('summary').click();
    await dialog.getByLabel(EN.t.person_option).check();
    assert.deepEqual(await undersized(page, 'new-game form'), []);
    await pressStart(page, EN);
    await page.locator('main[data-moment=pass]').waitFor();
    assert.deepEqual(await undersized(page, 'privacy screen'), []);
  });
}

/**
 * Elements wider than the window: anything whose box reaches past its right
 * edge, unless inside a box that scrolls sideways (a table, the chance
 * graph: they visibly scroll).
 */
function tooWide(page, where) {
  return page.evaluate((where) => {
    const out = [];
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.right <= innerWidth + 1) continue;
      let scroller = e.parentElement;
      while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller && scroller !== document.documentElement && scroller !== document.body) continue;
      out.push(`${where}: ${e.tagName.toLowerCase()}.${[...e.classList].join('.')} reaches ${Math.round(r.right)} px`);
    }
    if (document.documentElement.scrollWidth > innerWidth) out.push(`${where}: the page scrolls sideways (${document.documentElement.scrollWidth} px)`);
    return out.slice(0, 5);
  }, where);
}

/**
 * Labels that touch or cross their button's edge: a line of text closer
 * than 2 px to the box's inner side, or cut (the text wider than the box).
 */
function tightLabels(page, where) {
  return page.evaluate((where) => {
    const out = [];
    for (const b of document.querySelectorAll('button')) {
      const r = b.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || b.closest('.visually-hidden') || getComputedStyle(b).visibility === 'hidden') continue;
      const range = document.createRange();
      range.selectNodeContents(b);
      const name = `${where}: button.${[...b.classList].join('.')} "${(b.getAttribute('aria-label') ?? b.textContent).trim().slice(0, 30)}"`;
      for (const t of range.getClientRects()) {
        if (t.width === 0) continue;
        if (t.left < r.left + 2 || t.right > r.right - 2) {
          out.push(`${name}: its text (${Math.round(t.left)}–${Math.round(t.right)}) touches its box (${Math.round(r.left)}–${Math.round(r.right)})`);
          break;
        }
      }
      if (b.scrollWidth > b.clientWidth + 1) out.push(`${name}: its text is cut (${b.scrollWidth} > ${b.clientWidth} px)`);
    }
    return out.slice(0, 8);
  }, where);
}

/** Table cells outside the window (a table that would need a sideways swipe). */
function hiddenColumns(page, where) {
  return page.evaluate((where) => [...document.querySelectorAll('td, th')]
    .filter((c) => { const r = c.getBoundingClientRect(); return r.width > 0 && (r.right > innerWidth + 1 || r.left < -1); })
    .slice(0, 3)
    .map((c) => `${where}: the cell "${c.textContent.trim().slice(0, 20)}" is off screen`), where);
}

for (const viewport of [{ width: 320, height: 568 }, PHONE]) {
  test(`nothing is wider than the screen and no label touches its button's edge at ${viewport.width} px in any language: every screen`, async (t) => {
    const finished = await readFile(new URL('./data/finished.json', import.meta.url), 'utf8');
    const wide = [];
    for (const code of LANGS) {
      const W = words(code);
      const locale = { en: 'en-GB', nl: 'nl-NL', de: 'de-DE', fr: 'fr-FR' }[code];
      const { page } = await open(t, viewport, { locale }, { welcome: true });
      const look = async (where) => {
        wide.push(...await tooWide(page, `${code} ${where}`));
        wide.push(...await tightLabels(page, `${code} ${where}`));
        wide.push(...await hiddenColumns(page, `${code} ${where}`));
      };
      await page.locator('main[data-moment=welcome]').waitFor();
      await look('start screen');
      await page.getByRole('button', { name: W.t.first_match.split(':')[0].trim() }).click();
      await settle(page);
      await look('table');
      await pickACard(page);
      await look('table, a card picked');
      await page.locator('.menu-open').click();
      await page.locator('#page-menu').waitFor();
      await look('menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: W.t.new_game }).click();
      const form = page.locator('form.settings');
      await form.waitFor();
      await form.locator('summary').click();
      await form.getByLabel(W.t.person_option).check();
      await look('new-game form, every option open');
      await page.keyboard.press('Escape');
      await form.waitFor({ state: 'detached' });
      await fromMenu(page, W.t.preferences);
      await page.locator('#dialog [role=dialog], #dialog form, #dialog section').first().waitFor();
      await look('settings');
      await page.keyboard.press('Escape');
      const extras = [
        [W.t.how_to_play, 'main.guide'],
        [W.t.learn, 'main.lessons'],
        [W.t.puzzles, '.puzzle'],
        [W.t.play_friend, 'main.friends'],
      ];
      for (const [entry, shown] of extras) {
        await fromMenu(page, entry);
        await page.locator(`#extras ${shown}`).first().waitFor();
        await look(entry);
        if (entry === W.t.learn) {
          await page.getByRole('button', { name: W.t['lesson_titles.0'], exact: true }).click();
          await page.locator('.lesson > h2').waitFor();
          await look(`${entry}, the first lesson`);
        }
        if (entry === W.t.play_friend) {
          await page.getByRole('button', { name: W.t.friend_invite }).click();
          await look(`${entry}, the invitation`);
        }
        await page.reload();
        await settle(page);
      }
      // A finished match: the end, the history with its row, the review.
      await page.evaluate((s) => { localStorage.setItem('engarde.save', s); }, finished);
      await page.reload();
      await page.locator('main[data-moment=match-over]').waitFor();
      await look('match over');
      await fromMenu(page, W.t.history);
      await page.locator('main[data-moment=history] table.matches').waitFor();
      await look('history');
      await page.locator('main[data-moment=history] table.matches button').first().click();
      await page.locator('main[data-moment=review]').waitFor();
      await look('review');
    }
    assert.deepEqual(wide, []);
  });
}

test('two people on one device play a whole Duel match at 390×844: a privacy screen at every hand-over, no hand seen behind it, both names in the record', async (t) => {
  const { page } = await open(t, PHONE);
  await settle(page);
  await page.getByRole('button', { name: EN.t.new_game }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(EN.preset(3), { exact: true }).check();
  await dialog.getByLabel(EN.t.points).selectOption('3');
  await dialog.getByLabel(EN.t.person_option).check();
  await dialog.getByLabel('Name of White').fill('Anna');
  await dialog.getByLabel('Name of Black').fill('Ben');
  await pressStart(page, EN);
  let seed = 17;
  const rng = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  let passes = 0;
  let reloaded = false;
  let holder = null;
  for (let step = 0; step < 600; step++) {
    await page.waitForFunction(() => ['pass', 'turn', 'defend', 'pick', 'round-over', 'match-over'].includes(document.querySelector('main')?.dataset.moment));
    const m = await page.evaluate(() => document.querySelector('main').dataset.moment);
    if (m === 'match-over') break;
    if (m === 'pass') {
      passes += 1;
      // Nothing of either hand behind the privacy screen: no card at all.
      assert.equal(await page.locator('.card, .hand').count(), 0, 'no hand while the privacy screen is up');
      const said = await page.getByRole('status').textContent();
      const next = said.includes('Anna') ? 'Anna' : 'Ben';
      assert.match(said, /^Pass the device to (Anna \(White\)|Ben \(Black\))\.$/);
      if (passes === 5 && !reloaded) {
        // A reload keeps the match behind the screen.
        reloaded = true;
        await page.reload();
        await page.locator('main[data-moment=pass]').waitFor();
        continue;
      }
      await page.getByRole('button', { name: `I am ${next}: show my hand` }).click();
      holder = next;
      continue;
    }
    if (m === 'round-over') {
      assert.doesNotMatch(await page.locator('.summary').textContent(), /computer|\byou\b/i);
      await page.getByRole('button', { name: EN.t.next_round }).click();
      continue;
    }
    // The holder's turn: their name is not the other's label, the log names both.
    const label = await page.locator('.opponent-area .label').textContent();
    assert.ok(!label.includes(holder), `the other player is shown as the opponent (${label}, ${holder})`);
    const actions = page.locator('.action-bar button.action:not(.cancel)');
    const n = await actions.count();
    assert.ok(n > 0);
    await actions.nth(Math.floor(rng() * n)).click();
  }
  assert.equal(await page.evaluate(() => document.querySelector('main').dataset.moment), 'match-over');
  assert.ok(passes >= 4, `the device changed hands (${passes})`);
  assert.match(await page.getByRole('status').textContent(), /^(Anna|Ben) wins the match \d–\d\.$/);
  const save = JSON.parse(await page.evaluate(() => localStorage.getItem('engarde.save')));
  assert.deepEqual(save.players, { white: 'person:Anna', black: 'person:Ben' });
  // The deal is the platform's random: a special card may settle it in one round.
  assert.ok(save.rounds.length >= 1);
  // Not added to the history (its statistics are by the computer's level).
  assert.equal(await page.evaluate(() => localStorage.getItem('engarde.history')), null);
});

test('under reduced motion nothing moves: no animation, no transition, the poses stay', async (t) => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const { page, context } = await open(t, PHONE, { reducedMotion });
    await startMatch(page, { preset: 'Advanced' });
    let seen = 0;
    for (let i = 0; i < 5; i++) {
      const m = await settle(page);
      if (m !== 'turn' && m !== 'defend') break;
      await pickACard(page);
      seen += await page.evaluate(() => document.getAnimations().length);
      const slide = await page.locator('.fencer').first().evaluate((e) => getComputedStyle(e).transitionDuration);
      if (reducedMotion === 'reduce') assert.equal(slide, '0s');
      await page.getByRole('button', { name: EN.action }).first().click();
      seen += await page.evaluate(() => document.getAnimations().length);
    }
    if (reducedMotion === 'reduce') assert.equal(seen, 0, 'no animation ran');
    else assert.ok(seen > 0, 'with motion allowed, things move (the test can see them)');
    await context.close();
  }
});

/** Text on the table below WCAG AA contrast (4.5:1; 3:1 for large text). */
function lowContrast(page) {
  return page.evaluate(() => {
    const rgba = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (e) => {
      for (let n = e; n; n = n.parentElement) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if (c.length >= 3 && (c[3] ?? 1) > 0.9) return c;
      }
      return rgba(getComputedStyle(document.body).backgroundColor);
    };
    const out = [];
    for (const e of document.querySelectorAll('main *, header *')) {
      const text = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join('');
      if (!text || e.closest('[aria-disabled=true], :disabled, .visually-hidden')) continue;
      const s = getComputedStyle(e);
      if (s.visibility === 'hidden' || e.getBoundingClientRect().width === 0) continue;
      const [fg, bg] = [rgba(s.color), background(e)];
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      const size = parseFloat(s.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) out.push(`"${text.slice(0, 25)}" ${ratio.toFixed(2)}:1`);
    }
    return out;
  });
}

test('two themes: the device\'s by default, a switch in the settings that is kept, AA contrast on the table in both', async (t) => {
  const { page } = await open(t, PHONE, { colorScheme: 'dark' });
  await startMatch(page, { preset: 'Standard' });
  await settle(page);
  const paper = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await paper();
  await pickACard(page);
  assert.deepEqual(await lowContrast(page), [], 'dark theme (the device\'s)');
  // Light by choice (the menu's Settings), kept over a reload (set before
  // the first paint).
  await fromMenu(page, EN.t.preferences);
  await page.getByRole('dialog').getByLabel(EN.t.theme).selectOption('light');
  await page.getByRole('dialog').getByRole('button', { name: EN.t.close }).click();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  const light = await paper();
  assert.notEqual(light, dark);
  await page.reload();
  await settle(page);
  assert.equal(await paper(), light);
  await pickACard(page);
  assert.deepEqual(await lowContrast(page), [], 'light theme');
  // Back to the device's.
  await fromMenu(page, EN.t.preferences);
  await page.getByRole('dialog').getByLabel(EN.t.theme).selectOption('device');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), null);
  assert.equal(await paper(), dark);
});

test('deals come from the platform\'s cryptographic source, not Math.random', async (t) => {
  const { page, context } = await open(t, PHONE);
  await context.addInitScript(() => {
    window.__cryptoCalls = 0;
    const real = crypto.getRandomValues.bind(crypto);
    crypto.getRandomValues = (a) => { window.__cryptoCalls += 1; return real(a); };
  });
  await page.reload();
  await settle(page);
  const before = await page.evaluate(() => window.__cryptoCalls);
  assert.ok(before > 0, 'the first deal was seeded from crypto.getRandomValues');
  await startMatch(page, { preset: 'Basic' });
  assert.ok(await page.evaluate(() => window.__cryptoCalls) > before, 'a new match too');
});

test('on a desktop, pointing at or focusing a move shows where it leads on the piste', async (t) => {
  const { page } = await open(t, { width: 1280, height: 800 });
  await startMatch(page, { preset: 'Standard' });
  await settle(page);
  const advance = page.locator('.action-bar button.action.move').first();
  assert.equal(await page.locator('.fencer.ghost').count(), 0);
  await advance.hover();
  await page.locator('.fencer.ghost').waitFor();
  const square = Number(await page.locator('.fencer.ghost').evaluate((e) => e.style.getPropertyValue('--square')));
  const [verb, n] = (await advance.textContent()).split(' ');
  const white = Number(await page.locator('.fencer.white:not(.ghost)').evaluate((e) => e.style.getPropertyValue('--square')));
  assert.equal(square, verb === 'Advance' ? white + Number(n) : white - Number(n), 'the ghost stands where the move lands');
  await page.mouse.move(0, 0);
  await page.locator('.fencer.ghost').waitFor({ state: 'detached' });
  // The keyboard's focus shows it too (the page's own focus, after a
  // click, shows nothing): Tab away and back.
  await advance.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.matches('.action.move')), true);
  await page.locator('.fencer.ghost').waitFor();
});

/** WCAG contrast of an element's text against the background it shows on. */
function contrast(locator) {
  return locator.evaluate((e) => {
    const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bg = e;
    while (bg && (rgb(getComputedStyle(bg).backgroundColor)[3] === 0 || getComputedStyle(bg).backgroundColor === 'transparent')) bg = bg.parentElement;
    const [a, b] = [lum(rgb(getComputedStyle(e).color)), lum(rgb(getComputedStyle(bg ?? document.body).backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

for (const scheme of ['light', 'dark']) {
  test(`pointing at a primary button keeps its words readable (at least 4.5:1), ${scheme}`, async (t) => {
    const { page } = await open(t, { width: 1280, height: 800 }, { colorScheme: scheme }, { welcome: true });
    await page.locator('main[data-moment=welcome]').waitFor();
    const buttons = page.locator('main button');
    const n = await buttons.count();
    assert.ok(n >= 3);
    for (let i = 0; i < n; i++) {
      const b = buttons.nth(i);
      await b.hover();
      // Past any transition: the button's (and its children's) have finished.
      await b.evaluate((el) => Promise.all(el.getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished)));
      const ratio = await contrast(b);
      assert.ok(ratio >= 4.5, `"${await b.textContent()}" under the pointer: ${ratio.toFixed(2)}:1`);
    }
  });
}

test('the page keeps its Content-Security-Policy (the build minifies index.html)', async (t) => {
  const { page } = await open(t, PHONE);
  const csp = await page.evaluate(() => document.querySelector('meta[http-equiv=Content-Security-Policy]')?.content ?? '');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self'( 'sha256-[^']+')+ 'wasm-unsafe-eval'/);
  // One hash for each inline script (index.html's first, Trunk's start).
  const inline = await page.evaluate(() => document.querySelectorAll('script:not([src])').length);
  assert.equal(csp.match(/'sha256-/g).length, inline);
});
