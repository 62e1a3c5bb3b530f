// Steps on a page of any engine (e2e/engines.mjs): where it stands, clicks
// by a control's name, the focused control, the menu.
import assert from 'node:assert/strict';

export const moment = (page) => page.evaluate(() => document.querySelector('main')?.dataset.moment ?? null);

/** Waits until the page can be acted on (not loading, not the computer's turn). */
export const settle = (page) => page.waitFor(() => {
  const m = document.querySelector('main')?.dataset.moment;
  return m && !['wait', 'loading'].includes(m) && m;
});

/**
 * Clicks the first element matching `css` whose text or accessible name is
 * `name` (a string, or any when null).
 */
export async function clickOn(page, css, name = null) {
  const found = await page.waitFor(([css, name]) => {
    const e = [...document.querySelectorAll(css)].find((e) => !e.disabled && e.getClientRects().length
      && (name === null || (e.getAttribute('aria-label') ?? e.textContent).trim() === name));
    if (!e) return false;
    document.querySelectorAll('[data-engine-click]').forEach((o) => o.removeAttribute('data-engine-click'));
    e.setAttribute('data-engine-click', '');
    // In the middle of the screen: nothing sticky (a form's buttons) over it.
    e.scrollIntoView({ block: 'center' });
    return true;
  }, [css, name]);
  assert.ok(found);
  await page.click('[data-engine-click]');
}

/** The focused control's name ('' when it is not a button). */
export const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return e?.tagName === 'BUTTON' ? (e.getAttribute('aria-label') ?? e.textContent).trim() : '';
});

export async function fromMenu(page, name) {
  await clickOn(page, 'nav .menu-open');
  await clickOn(page, '#page-menu button', name);
}


/** Marks the field (input, select, textarea) labelled `name`; false when none. */
const markField = (page, name) => page.waitFor((name) => {
  for (const label of document.querySelectorAll('label')) {
    const own = [...label.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    const field = label.control ?? label.querySelector('input, select, textarea');
    if (own === name && field && field.getClientRects().length) {
      document.querySelectorAll('[data-engine-field]').forEach((o) => o.removeAttribute('data-engine-field'));
      field.setAttribute('data-engine-field', '');
      return true;
    }
  }
  return false;
}, name);

/** Types `text` into the field labelled `name`, in place of what it held. */
export async function fill(page, name, text) {
  await markField(page, name);
  await page.fill('[data-engine-field]', text);
}

/** Picks `value` in the list labelled `name`, as a person's choice (a change event). */
export async function choose(page, name, value) {
  await markField(page, name);
  await page.evaluate((value) => {
    const select = document.querySelector('[data-engine-field]');
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** The value of the field labelled `name`. */
export async function valueOf(page, name) {
  await markField(page, name);
  return page.evaluate(() => document.querySelector('[data-engine-field]').value);
}
