// Short import names for a WebAssembly module and its wasm-bindgen glue.
// wasm-bindgen names each import after its function and a 16-digit hash
// (`__wbg_lastChild_d03af7c29f69e2ad`); the names are written twice, in the
// module's import section and as keys of the glue's import object, and
// gzip cannot shrink the hashes (about 5 kB of the first load). This gives
// each import of the glue's module a short name in both places.
//
// Safe by refusal: unless every import of that module appears exactly once
// in the glue as a key (`name:`), nothing is changed (`null`). A module
// already shortened has no long name left and comes back unchanged.

const LONG = /^__wbg|^__wbindgen_/;

/** Reads an unsigned LEB128 at `at`: [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[at++];
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if (b < 0x80) return [value, at];
  }
}

function lebBytes(n) {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    out.push(b);
  } while (n > 0);
  return out;
}

/** The name for the `i`-th import: a, b, …, Z, ba, bb, … */
function short(i) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let s = '';
  do {
    s = letters[i % 52] + s;
    i = Math.floor(i / 52);
  } while (i > 0);
  return `$${s}`;
}

/** Skips an import's description (after its kind byte) at `at`. */
function skipDescription(bytes, kind, at) {
  const limits = (p) => {
    const flags = bytes[p++];
    [, p] = leb(bytes, p);
    if (flags & 1) [, p] = leb(bytes, p);
    return p;
  };
  switch (kind) {
    case 0: return leb(bytes, at)[1]; // a function: its type
    case 1: return limits(at + 1); // a table: its element type, limits
    case 2: return limits(at); // a memory
    case 3: return at + 2; // a global: its type, mutability
    case 4: return leb(bytes, at + 1)[1]; // a tag: attribute, type
    default: throw new Error(`short-imports: unknown import kind ${kind}`);
  }
}

/**
 * `wasm` (bytes) and `glue` (the JS text) with the imports of `module`
 * (e.g. "./app_bg.js") renamed short in both; `null` when not safe.
 */
export function shortenImports(wasm, glue, module) {
  const bytes = new Uint8Array(wasm);
  const decoder = new TextDecoder();
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    const [size, start] = leb(bytes, at + 1);
    const end = start + size;
    if (id !== 2) {
      at = end;
      continue;
    }
    const [count, first] = leb(bytes, start);
    const entries = [];
    let p = first;
    const renames = new Map();
    for (let i = 0; i < count; i++) {
      const [moduleLength, m] = leb(bytes, p);
      const moduleName = decoder.decode(bytes.subarray(m, m + moduleLength));
      const [nameLength, n] = leb(bytes, m + moduleLength);
      const name = decoder.decode(bytes.subarray(n, n + nameLength));
      const kind = bytes[n + nameLength];
      const after = skipDescription(bytes, kind, n + nameLength + 1);
      let newName = name;
      if (moduleName === module && LONG.test(name)) {
        if (!renames.has(name)) renames.set(name, short(renames.size));
        newName = renames.get(name);
      }
      entries.push({ module: bytes.subarray(p, m + moduleLength), name: newName, rest: bytes.subarray(n + nameLength, after) });
      p = after;
    }
    if (p !== end || renames.size === 0) return null;
    let js = glue;
    for (const [name, to] of renames) {
      const key = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}:`, 'g');
      if ((js.match(key) ?? []).length !== 1) return null;
      js = js.replace(key, `${to}:`);
    }
    const encoder = new TextEncoder();
    const section = [...lebBytes(count)];
    for (const e of entries) {
      const name = encoder.encode(e.name);
      section.push(...e.module, ...lebBytes(name.length), ...name, ...e.rest);
    }
    // The module with its import section (id, size, entries) replaced.
    const head = [...bytes.subarray(0, at + 1), ...lebBytes(section.length)];
    const out = new Uint8Array(head.length + section.length + (bytes.length - end));
    out.set(head, 0);
    out.set(section, head.length);
    out.set(bytes.subarray(end), head.length + section.length);
    return { wasm: out, glue: js };
  }
  return null;
}
