// web/short-imports.mjs on a module made here: its imports renamed short in
// the module and the glue alike, the module still valid; refused (nothing
// changed) when the glue does not name each import exactly once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shortenImports } from '../web/short-imports.mjs';

const text = (s) => [s.length, ...new TextEncoder().encode(s)];
const section = (id, body) => [id, body.length, ...body];
const LONG = ['__wbg_now_0123456789abcdef', '__wbg_log_fedcba9876543210'];
/** A module importing two functions from "./x_bg.js", a memory from "env",
 * and exporting one function that calls both. */
const module = () => new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [1, 0x60, 0, 0]),
  ...section(2, [3,
    ...text('./x_bg.js'), ...text(LONG[0]), 0, 0,
    ...text('env'), ...text('memory'), 2, 0, 1,
    ...text('./x_bg.js'), ...text(LONG[1]), 0, 0]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...text('run'), 0, 2]),
  ...section(10, [1, 6, 0, 0x10, 0, 0x10, 1, 0x0b]),
]);
const glue = `const i={"./x_bg.js":{${LONG[0]}:()=>Date.now(),${LONG[1]}:(x)=>console.log(x)}};`;

test('the imports of the glue\'s module are named short in both, and the module still runs', () => {
  const out = shortenImports(module(), glue, './x_bg.js');
  assert.ok(out);
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(out.wasm));
  assert.deepEqual(imports.map((i) => [i.module, i.name, i.kind]), [
    ['./x_bg.js', '$a', 'function'], ['env', 'memory', 'memory'], ['./x_bg.js', '$b', 'function'],
  ]);
  assert.equal(out.glue, 'const i={"./x_bg.js":{$a:()=>Date.now(),$b:(x)=>console.log(x)}};');
  const called = [];
  const instance = new WebAssembly.Instance(new WebAssembly.Module(out.wasm), {
    './x_bg.js': { $a: () => called.push('a'), $b: () => called.push('b') },
    env: { memory: new WebAssembly.Memory({ initial: 1 }) },
  });
  instance.exports.run();
  assert.deepEqual(called, ['a', 'b']);
  assert.ok(out.wasm.length < module().length);
});

test('nothing changes when the glue names an import twice, or not at all, or the module is shortened already', () => {
  assert.equal(shortenImports(module(), glue + `${LONG[0]}:1`, './x_bg.js'), null);
  assert.equal(shortenImports(module(), glue.replace(LONG[1], 'other'), './x_bg.js'), null);
  const once = shortenImports(module(), glue, './x_bg.js');
  assert.equal(shortenImports(once.wasm, once.glue, './x_bg.js'), null);
  assert.equal(shortenImports(new Uint8Array(), glue, './x_bg.js'), null);
});
