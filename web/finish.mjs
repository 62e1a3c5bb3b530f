// Trunk post-build hook (Trunk.toml): finishes the site in Trunk's staging
// directory.
// 0a. The app, its extras split off (web/build-app.mjs), and its loader in
//    index.html.
// 1. A Content-Security-Policy <meta>: scripts only from the page's origin,
//    plus the hash of Trunk's one inline loader; wasm via 'wasm-unsafe-eval'.
// 0. The page's stylesheets (one per component in styles/, each a <link>
//    from Trunk) become one file, page-<hash>.css, in the same order: one
//    request and one compressed stream instead of eleven (about 3 KB less
//    to fetch, gzipped).
// 1b. The wasm-bindgen JS glue (app, friends, worker), the app's split
//    modules' loader and the
//    page's own scripts are minified (esbuild; Trunk leaves them as written),
//    each glue and its module with short import names (web/short-imports.mjs),
//    and their integrity in index.html follows.
// 1c. The build's identity, BUILD: a hash of the site as it came (so a run
//    on a site already finished gives a new one). The page says it
//    (<meta name="engarde-build">) and so does every file it loads later:
//    worker.js and friends.js begin with self.ENGARDE_BUILD="BUILD", each
//    lang/*.json list with "engarde-build:BUILD". The page refuses another
//    build's file and says that a new version is ready (src/ui/update/).
// 2. sw.js (minified): a service worker that precaches every file of this
//    build, in a cache named after a hash of all their contents, so a new
//    deploy replaces the old cache whole (see web/sw-template.js).
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { shortenImports } from './short-imports.mjs';
import { buildApp } from './build-app.mjs';

// esbuild is one of e2e/'s npm tools (scripts/tools.sh installs them).
const { transform } = createRequire(new URL('../e2e/package.json', import.meta.url))('esbuild');

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? 'dist';
const sha256 = (data, enc = 'base64') => createHash('sha256').update(data).digest(enc);

const indexPath = join(dir, 'index.html');
await writeFile(indexPath, await buildApp(dir, await readFile(indexPath, 'utf8')));

const site = async () => (await files(dir)).map((p) => relative(dir, p).split('\\').join('/')).filter((f) => f !== 'sw.js').sort();
const identity = createHash('sha256');
for (const f of await site()) identity.update(f).update(await readFile(join(dir, f)));
const build = identity.digest('hex').slice(0, 16);
const mark = `self.ENGARDE_BUILD="${build}";`;

let html = await readFile(indexPath, 'utf8');

// Trunk's <link>s, minified or not: [tag, directory, file name].
const sheets = [...html.matchAll(/<link\b[^>]*>\s*/g)]
  .filter(([tag]) => /\brel="?stylesheet/.test(tag))
  .map(([tag]) => [tag, ...tag.match(/\bhref="?([^"\s>]*\/)([^"\s>/]+\.css)/).slice(1)]);
if (sheets.length > 1) {
  const parts = [];
  for (const [, , name] of sheets) parts.push(await readFile(join(dir, name), 'utf8'));
  const css = parts.join('\n');
  const name = `page-${sha256(css, 'hex').slice(0, 16)}.css`;
  await writeFile(join(dir, name), css);
  for (const [, , old] of sheets) await rm(join(dir, old));
  const integrity = `sha384-${createHash('sha384').update(css).digest('base64')}`;
  html = html.replace(sheets[0][0], `<link rel="stylesheet" href="${sheets[0][1]}${name}" integrity="${integrity}"/>\n`);
  for (const [tag] of sheets.slice(1)) html = html.replace(tag, '');
}
for (const name of (await readdir(dir)).filter((f) => /^(app-[0-9a-f]+|split-[0-9a-f]+|friends|worker|loading|register-sw|shell-texts)\.js$/.test(f))) {
  const path = join(dir, name);
  const marked = /^(friends|worker)\.js$/.test(name);
  let source = (await readFile(path, 'utf8')).replace(/^self\.ENGARDE_BUILD="[^"]*";/, '');
  // Its module's imports named short in both (web/short-imports.mjs).
  const wasmName = name.replace(/\.js$/, '_bg.wasm');
  const module = source.match(/"(\.\/[\w-]+_bg\.js)"\s*:/)?.[1];
  const wasmPath = join(dir, wasmName);
  const shortened = module && shortenImports(await readFile(wasmPath).catch(() => new Uint8Array()), source, module);
  if (shortened) {
    source = shortened.glue;
    await writeFile(wasmPath, shortened.wasm);
    const integrity = `sha384-${createHash('sha384').update(shortened.wasm).digest('base64')}`;
    html = html.replace(new RegExp(`(href="?[^"\\s>]*/${wasmName.replace('.', '\\.')}"?[^>]*integrity=)"?sha384-[^"\\s>]+"?`), `$1"${integrity}"`);
  }
  // friends.js on the page: its glue under a name of its own.
  if (name === 'friends.js') source = source.replace(/^let wasm_bindgen\s*=\s*/m, 'self.engardeFriendsGlue=');
  const { code: minified } = await transform(source, { minify: true, legalComments: 'none' });
  const code = marked ? mark + minified : minified;
  await writeFile(path, code);
  const integrity = `sha384-${createHash('sha384').update(code).digest('base64')}`;
  html = html.replace(new RegExp(`(href="?[^"\\s>]*/${name.replace('.', '\\.')}"?[^>]*integrity=)"?sha384-[^"\\s>]+"?`), `$1"${integrity}"`);
}
for (const name of (await readdir(join(dir, 'lang'))).filter((f) => f.endsWith('.json'))) {
  const path = join(dir, 'lang', name);
  const list = (await readFile(path, 'utf8')).replace(/^\[("engarde-build:[^"]*",)?/, `["engarde-build:${build}",`);
  await writeFile(path, list);
}
const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${sha256(m[1])}'`);
const csp = [
  "default-src 'self'",
  `script-src 'self' ${inline.join(' ')} 'wasm-unsafe-eval'`,
  "worker-src 'self' blob:",
  "style-src 'self'",
  // Yew writes the fencers' squares as style attributes (--square: N).
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
// Trunk's minified HTML writes attributes unquoted: match either form.
html = html.replace(/<meta[^>]*http-equiv="?Content-Security-Policy"?[^>]*>\s*/, '');
html = html.replace(/<meta[^>]*name="?engarde-build"?[^>]*>\s*/, '');
const charset = html.match(/<meta charset="?utf-8"?>/i);
if (!charset) throw new Error('finish.mjs: no <meta charset=utf-8> in index.html to put the CSP after');
html = html.replace(charset[0], `${charset[0]}\n    <meta http-equiv="Content-Security-Policy" content="${csp}">\n    <meta name="engarde-build" content="${build}">`);
await writeFile(indexPath, html);

async function files(d) {
  const out = [];
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) out.push(...await files(p));
    else out.push(p);
  }
  return out;
}
const all = await site();
const version = createHash('sha256');
for (const f of all) version.update(f).update(await readFile(join(dir, f)));
const template = await readFile(new URL('./sw-template.js', import.meta.url), 'utf8');
const sw = template
  .replace('__VERSION__', version.digest('hex').slice(0, 16))
  .replace('__FILES__', JSON.stringify(['./', ...all.map((f) => `./${f}`)]));
// Minified too: the page fetches it on the first visit.
await writeFile(join(dir, 'sw.js'), (await transform(sw, { minify: true, legalComments: 'none' })).code);
console.log(`finish.mjs: build ${build}; ${sheets.length} stylesheets in one; CSP with ${inline.length} inline script hash(es); sw.js precaches ${all.length + 1} files`);
