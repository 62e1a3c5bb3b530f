// Runs before the first paint, below index.html's loading note.
// 1. The page speaks the person's language from the start: the language
//    chosen before (localStorage `engarde.lang`), else the first of the
//    browser's languages that the game has, else English. The note, the title,
//    <html lang> and the manifest follow it (words from shell-texts.js, made
//    from the app's catalog), and the app's texts for that language are asked
//    for now, while the WebAssembly loads.
// 5. The colour theme chosen in the settings (`engarde.theme`: light or
//    dark; else the device's, prefers-color-scheme) is set before the first
//    paint, so the page never flashes the other one.
// 3. A shared link (#r=…) opened in a tab already on the page reloads it.
// 4. window.engardeExtras(): fetches and starts the page's extras (extras.js,
//    a WebAssembly of their own: lessons, guide, history, review, the
//    new-game form) once, on
//    first use; resolves to their exports (open, close).
// 2. Should the app fail to start (its WebAssembly could not be fetched,
//    compiled or run), the note says so instead of "Setting up the piste…"
//    for ever. Once the app has mounted, the note is gone and this does nothing.
(() => {
  const shell = self.ENGARDE_SHELL ?? {};
  let stored = null;
  let theme = null;
  try {
    stored = localStorage.getItem('engarde.lang');
    theme = localStorage.getItem('engarde.theme');
  } catch { /* storage may be off */ }
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  const code = [stored, ...(navigator.languages ?? [])]
    .map((tag) => (tag ?? '').split(/[-_]/)[0].toLowerCase())
    .find((c) => c in shell) ?? 'en';
  const words = shell[code] ?? shell.en;
  if (!words) return;
  document.documentElement.lang = code;
  document.title = words.title;
  const note = (sel) => document.querySelector(`#loading ${sel}`);
  if (note('.loading-about')) note('.loading-about').textContent = words.about;
  if (note('.loading-status')) note('.loading-status').textContent = words.loading;
  if (code !== 'en') {
    document.querySelector('link[rel=manifest]')?.setAttribute('href', `lang/${code}.webmanifest`);
  }
  const early = document.createElement('link');
  early.rel = 'preload';
  early.as = 'fetch';
  early.href = `lang/${code}.json`;
  early.crossOrigin = 'anonymous';
  document.head.append(early);
  function cannotStart() {
    const status = note('.loading-status');
    if (!status) return;
    status.textContent = words.cannotStart;
    status.setAttribute('role', 'alert');
  }
  window.addEventListener('error', cannotStart);
  window.addEventListener('unhandledrejection', cannotStart);
})();

// A shared link pasted into a tab already on the page changes only the
// fragment: the page starts afresh to open it.
window.addEventListener('hashchange', () => {
  if (location.hash.startsWith('#r=')) location.reload();
});

let engardeExtrasStarted = null;
/** The extras' stylesheets (styles/extras/, one per component). */
const EXTRAS_STYLES = ['guide', 'lessons', 'review', 'history', 'settings'];
window.engardeExtras = () => {
  const fetched = (element) => new Promise((resolve, reject) => {
    element.onload = resolve;
    element.onerror = () => reject(new Error(`${element.src ?? element.href} could not be fetched`));
    document.head.append(element);
  });
  engardeExtrasStarted ??= Promise.all([
    ...EXTRAS_STYLES.map((name) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = `extras/${name}.css`;
      return fetched(link);
    }),
    (() => {
      const script = document.createElement('script');
      script.src = 'extras.js';
      // extras.js (wasm-bindgen, no-modules) declares the global `wasm_bindgen`.
      // eslint-disable-next-line no-undef
      return fetched(script).then(() => wasm_bindgen({ module_or_path: 'extras_bg.wasm' }));
    })(),
  ]).then(() => wasm_bindgen, (e) => {
    engardeExtrasStarted = null;
    throw e;
  });
  return engardeExtrasStarted;
};
