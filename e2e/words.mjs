// The page's words in each language, for the end-to-end tests: the catalog
// (e2e/catalog.json, made from src/ui/i18n/*.rs by tests/i18n.rs) and the
// accessible names built from it, so a test finds controls the way a person
// using that language's screen reader would.
import { readFileSync } from 'node:fs';

export const catalog = JSON.parse(readFileSync(new URL('./catalog.json', import.meta.url), 'utf8'));
export const LANGS = Object.keys(catalog);

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as a regular expression: each `{placeholder}` matches some text. */
export function pattern(template, { anchored = true } = {}) {
  // Spaces match any space: accessible names may turn a no-break space into one.
  const body = template.split(/\{[a-z]+\}/).map(escape).join('.+?').replace(/[ \u00a0]/g, '[\\s\\u00a0]');
  return new RegExp(anchored ? `^${body}$` : body);
}

/** The names a test needs, in one language. */
export function words(code) {
  const t = catalog[code];
  const any = (...names) => new RegExp(names.map((n) => pattern(t[n]).source).join('|'));
  return {
    code,
    t,
    card: pattern(t.card),
    square: pattern(t.square),
    target: pattern(t.target_opponent),
    squareOrTarget: any('square', 'target_opponent'),
    // Every action control: its verb first, then its values (docs/APP.md, accessible names).
    action: any('act_advance', 'act_retreat', 'act_attack', 'act_lunge', 'act_parry', 'parry', 'act_choose'),
    choose: pattern(t.act_choose),
    preset: (i) => t['presets.' + i],
    difficulty: (i) => t['difficulties.' + i],
  };
}

/**
 * English messages visible on the page (text, accessible names, titles) that
 * the language `code` says otherwise: what a translated page must not show.
 * Messages the same in both (names such as "En Garde", "Standard"), or found
 * within the other language's own messages, are left out.
 */
export async function englishLeft(page, code) {
  if (code === 'en') return [];
  const en = catalog.en;
  const other = catalog[code];
  const shown = await page.evaluate(() => {
    const parts = [document.body.innerText, document.title];
    for (const e of document.querySelectorAll('[aria-label], [title]')) {
      parts.push(e.getAttribute('aria-label') ?? '', e.getAttribute('title') ?? '');
    }
    return parts.join('\n');
  });
  // English words that the other language uses too ("position" in French).
  const theirs = Object.values(other).join('\n');
  const left = [];
  for (const [name, text] of Object.entries(en)) {
    if (other[name] === text || name === 'code' || theirs.includes(text)) continue;
    // Only messages with enough words of their own to be recognised.
    const literal = text.replace(/\{[a-z]+\}/g, '');
    if (literal.replace(/[^A-Za-z]/g, '').length < 4) continue;
    if (pattern(text, { anchored: false }).test(shown)) left.push(`${name}: ${text}`);
  }
  return left;
}
