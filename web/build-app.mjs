// Builds the page's own WebAssembly (src/bin/app.rs) into the staging
// directory, split in two: the first screen's module and the extras'
// (the lessons, guide, history, review, puzzles and forms: their entry is
// a `#[wasm_split(extras)]` function, src/ui/extras/host.rs), which the
// first module fetches when they are first opened and which shares its
// memory, its table and every function both use (Yew, the table, the
// engine), so nothing is carried twice.
//
// 1. cargo links app.wasm keeping its relocations (--emit-relocs): from them
//    wasm-split-cli (wasm_split_cli_support, scripts/tools.sh) knows which
//    function and which data each part reaches, and writes the main module,
//    one module per split (and one per set of functions several splits
//    share), and their loader, __wasm_split.js.
// 2. wasm-bindgen makes the main module's glue (app.js), keeping the
//    exports the split modules import (--keep-lld-exports); wasm-opt
//    shrinks each module (release builds).
// 3. Every file gets its content's hash in its name (a split module of
//    another build must never meet this one's memory), the loader and the
//    glue name them so, and index.html's <meta name="engarde-app"> becomes
//    what Trunk writes for an app: the glue's modulepreload, the module's
//    preload (both with their integrity, which web/finish.mjs updates) and
//    the module script that starts it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const WASM_OPT_FEATURES = [
  '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext',
  '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
];

const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);
const integrity = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });

/**
 * Builds the app into `dir` (Trunk's staging directory) and writes its
 * loader into `html`, which it returns.
 */
export async function buildApp(dir, html) {
  // A site already finished (run again on it: a new build, e2e/offline.test.mjs).
  const placeholder = html.match(/<meta name="?engarde-app"?\s*\/?>/);
  if (!placeholder && /<script type="?module"?>import init from /.test(html)) return html;
  if (!placeholder) throw new Error('build-app.mjs: no <meta name="engarde-app"> in index.html for the app\'s loader');
  const release = (process.env.TRUNK_PROFILE ?? 'release') === 'release';
  const profile = release ? 'wasm-release' : 'dev';
  const publicUrl = process.env.TRUNK_PUBLIC_URL ?? './';
  const targetDir = process.env.CARGO_TARGET_DIR ?? 'target';
  run('cargo', [
    'rustc', '--quiet', '--offline', '--profile', profile, '--target', 'wasm32-unknown-unknown',
    '--no-default-features', '--features', 'split', '--bin', 'app', '--', '-Clink-arg=--emit-relocs',
  ]);
  const linked = join(targetDir, 'wasm32-unknown-unknown', release ? profile : 'debug', 'app.wasm');
  const work = join(targetDir, 'app-split');
  await rm(work, { recursive: true, force: true });
  run('wasm-split-cli', ['--out-name', 'app', linked, join(work, 'split')]);
  run('wasm-bindgen', [
    '--target', 'web', '--keep-lld-exports', '--no-typescript',
    '--out-dir', join(work, 'bound'), '--out-name', 'app', join(work, 'split', 'app.wasm'),
  ]);
  // [file in work, its name without the hash, its extension]
  const modules = [[join(work, 'bound', 'app_bg.wasm'), 'app', '_bg.wasm']];
  for (const f of (await readdir(join(work, 'split'))).filter((n) => n.endsWith('.wasm') && n !== 'app.wasm')) {
    modules.push([join(work, 'split', f), f.replace(/\.wasm$/, ''), '.wasm']);
  }
  if (release) {
    for (const [path, name] of modules) {
      const params = name === 'app' ? ['--low-memory-unused', '--converge'] : [];
      run('wasm-opt', ['-Oz', ...params, ...WASM_OPT_FEATURES, path, '-o', path]);
    }
  }
  let loader = await readFile(join(work, 'split', '__wasm_split.js'), 'utf8');
  let glue = await readFile(join(work, 'bound', 'app.js'), 'utf8');
  await mkdir(dir, { recursive: true });
  for (const [path, name, ext] of modules.slice(1)) {
    const bytes = await readFile(path);
    const hashed = `${name}-${hash(bytes)}${ext}`;
    if (!loader.includes(`"./${name}${ext}"`)) throw new Error(`build-app.mjs: __wasm_split.js does not load ${name}${ext}`);
    loader = loader.replaceAll(`"./${name}${ext}"`, `"./${hashed}"`);
    await writeFile(join(dir, hashed), bytes);
  }
  const wasm = await readFile(modules[0][0]);
  // Named after what makes them: the module, the glue and loader as made, and this script.
  const self = await readFile(new URL(import.meta.url));
  const app = `app-${hash(Buffer.concat([wasm, Buffer.from(glue), Buffer.from(loader), self]))}`;
  const loaderName = `split-${app.slice(4)}.js`;
  loader = loader.replace('from "./app.js"', `from "./${app}.js"`);
  // (The module's imports keep the loader's first name: only the glue's import changes.)
  if (!/from "\.\/__wasm_split\.js"/.test(glue)) throw new Error('build-app.mjs: app.js does not import __wasm_split.js');
  glue = glue.replace(/from "\.\/__wasm_split\.js"/g, `from "./${loaderName}"`);
  await writeFile(join(dir, loaderName), loader);
  await writeFile(join(dir, `${app}.js`), glue);
  await writeFile(join(dir, `${app}_bg.wasm`), wasm);
  const start = `import init from '${publicUrl}${app}.js';\nawait init({ module_or_path: '${publicUrl}${app}_bg.wasm' });`;
  const tags = [
    `<script type="module">${start}</script>`,
    `<link rel="modulepreload" href="${publicUrl}${app}.js" crossorigin integrity="${integrity(glue)}">`,
    `<link rel="preload" href="${publicUrl}${app}_bg.wasm" as="fetch" type="application/wasm" crossorigin integrity="${integrity(wasm)}">`,
  ].join('');
  // Trunk's skipped app pipeline leaves its <link> behind.
  return html.replace(placeholder[0], tags).replace(/<link\b[^>]*\bdata-trunk-skip\b[^>]*>\s*/, '');
}
