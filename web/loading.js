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
//    A link over the cap (taken off the address by index.html's first
//    script) is said in the note at once.
// 3. A shared link (#r=…) opened in a tab already on the page reloads it.
// 4. window.engardeExtras(part): fetches the extras' stylesheets once, on
//    first use, and for 'friends' friend play's own WebAssembly (friends.js),
//    resolving to its exports (open, close). (The lessons, guide, history,
//    review, puzzles and forms, 'extras', are a module split off the page's
//    own WebAssembly, which fetches it: web/build-app.mjs.) A friends.js of
//    another build (self.ENGARDE_BUILD, web/finish.mjs) is refused for the
//    page's life, and a new version is said to be ready (src/ui/update/).
// 2. Should the app fail to start (its WebAssembly could not be fetched,
//    compiled or run), the note says so instead of "Setting up the piste…"
//    for ever; if a new version is ready (a file of it came instead of this
//    build's), the page reloads onto it instead (at most once a minute).
//    Once the app has mounted, the note is gone and this does nothing.
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
  // A link too long to be a match, already off the address (index.html):
  // said at once, before the app starts (which says it again).
  if (self.engardeLinkTooLong && note('.loading-status')) {
    note('.loading-status').textContent = words.linkTooLong;
    note('.loading-status').setAttribute('role', 'alert');
  }
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
    try {
      const last = Number(sessionStorage.getItem('engarde.reloaded'));
      if (window.engardeUpdateReady && !(Date.now() - last < 60000)) {
        sessionStorage.setItem('engarde.reloaded', String(Date.now()));
        (window.engardeApplyUpdate ?? (() => location.reload()))();
        return;
      }
    } catch { /* storage may be off */ }
    status.textContent = words.cannotStart;
    status.setAttribute('role', 'alert');
  }
  window.addEventListener('error', cannotStart);
  window.addEventListener('unhandledrejection', cannotStart);
})();

// A shared link or a friend's link pasted into a tab already on the page changes only the
// fragment: the page starts afresh to open it, but for a friend's link while the friend
// screens are open (they read it in place and keep the connection being made).
window.addEventListener('hashchange', () => {
  if (location.hash.startsWith('#f=') && window.engardeFriendsOpen) return;
  if (location.hash.startsWith('#r=') || location.hash.startsWith('#f=')) location.reload();
});

const engardeExtrasStarted = {};
let engardeExtrasForeign = false;
/** The extras' stylesheets (styles/extras/, one per component). */
const EXTRAS_STYLES = ['guide', 'lessons', 'review', 'history', 'settings', 'puzzles', 'friend'];
window.engardeExtras = (part = 'extras') => {
  const fetched = (element) => new Promise((resolve, reject) => {
    element.onload = resolve;
    element.onerror = () => reject(new Error(`${element.src ?? element.href} could not be fetched`));
    document.head.append(element);
  });
  engardeExtrasStarted.styles ??= Promise.all(EXTRAS_STYLES.map((name) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `extras/${name}.css`;
    return fetched(link);
  })).catch((e) => {
    engardeExtrasStarted.styles = null;
    throw e;
  });
  if (part !== 'friends') return engardeExtrasStarted.styles.then(() => null);
  engardeExtrasStarted[part] ??= Promise.all([
    engardeExtrasStarted.styles,
    (() => {
      if (engardeExtrasForeign) return Promise.reject(new Error('the extras are of another build'));
      const script = document.createElement('script');
      script.src = `${part}.js`;
      return fetched(script).then(() => {
        const page = document.querySelector('meta[name=engarde-build]')?.content;
        if (self.ENGARDE_BUILD !== page) {
          engardeExtrasForeign = true;
          window.engardeAnnounceUpdate?.();
          throw new Error(`${part}.js is of another build`);
        }
        // Its glue, under a name of its own (web/finish.mjs).
        const glue = self.engardeFriendsGlue;
        return glue({ module_or_path: `${part}_bg.wasm` }).then(() => glue);
      });
    })(),
  ]).then(([, glue]) => glue, (e) => {
    // Fetched again on the next use, unless of another build: a reload is
    // needed then (and the script declares its glue: it runs once).
    if (!engardeExtrasForeign) engardeExtrasStarted[part] = null;
    throw e;
  });
  return engardeExtrasStarted[part];
};

// A message over everything, on a veil: its words and its buttons
// ([label, action], the first the primary one, focused).
function engardeVeil(id, role, said, buttons) {
  const veil = document.createElement('div');
  veil.id = id;
  veil.className = 'veil';
  const box = document.createElement('div');
  box.setAttribute('role', role);
  box.setAttribute('aria-modal', 'true');
  box.setAttribute('aria-labelledby', `${id}-said`);
  const message = document.createElement('p');
  message.id = `${id}-said`;
  message.textContent = said;
  box.append(message);
  for (const [label, action] of buttons) {
    const button = document.createElement('button');
    button.textContent = label;
    button.onclick = action;
    box.append(button);
  }
  box.querySelector('button').className = 'primary';
  veil.append(box);
  document.body.append(veil);
  box.querySelector('button').focus();
}

// 6. Once the app has mounted, a fault (an uncaught error, or a panic, which
//    src/ui/fault.rs brings here) shows a message in the person's language
//    (the words the app handed over) with Reload and Export the match (the
//    save, written on every action): never a dead page.
window.engardeFault = () => {
  const said = window.engardeFaultWords;
  if (!said || document.getElementById('loading') || document.getElementById('fault')) return;
  let save = null;
  try { save = localStorage.getItem('engarde.save'); } catch { /* storage may be off */ }
  const exported = () => {
    const url = URL.createObjectURL(new Blob([save], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'engarde-match.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  };
  engardeVeil('fault', 'alertdialog', said[0], [[said[1], () => location.reload()], ...(save ? [[said[2], exported]] : [])]);
};
window.addEventListener('error', () => window.engardeFault());
window.addEventListener('unhandledrejection', () => window.engardeFault());

// 7. One owner per match (src/ui/tabs.rs): this tab gets a name and claims
//    the match as it opens; when another tab claims it, this one says the
//    match goes on there ("Continue here" claims it back and reloads onto
//    the save, which the other tab kept) and the app saves nothing. History
//    lines this tab wrote are written again should another tab's write drop
//    them (a deletion stays a deletion).
(() => {
  const tab = Math.random().toString(36).slice(2);
  const claim = () => { try { localStorage.setItem('engarde.owner', tab); } catch { /* storage may be off */ } };
  window.engardeTab = tab;
  // A friend's link opened in a new tab claims nothing yet: it may go to the
  // tab that holds its match (src/ui/friend/live/tabs.rs), which stays.
  window.engardeClaim = claim;
  if (!location.hash.startsWith('#f=')) claim();
  const ours = [];
  window.engardeWroteHistory = (line) => ours.push(line);
  const code = (line) => line.slice(9, line.indexOf('"', 9));
  window.addEventListener('storage', (e) => {
    if (e.key === 'engarde.owner' && e.newValue && e.newValue !== tab) elsewhere();
    if (e.key === 'engarde.history') {
      if (e.newValue === null) { ours.length = 0; return; }
      const kept = e.newValue.split('\n').map(code);
      const lost = ours.filter((l) => !kept.includes(code(l)));
      if (lost.length) try { localStorage.setItem('engarde.history', [e.newValue, ...lost].join('\n')); } catch { /* full */ }
    }
  });
  function elsewhere() {
    const said = window.engardeFaultWords;
    if (!said || document.getElementById('elsewhere')) return;
    engardeVeil('elsewhere', 'dialog', said[3], [[said[4], () => { claim(); location.reload(); }]]);
  }
})();
// 8. The keyboard keeps its place: when the page removes the focused
//    element (an action played, a new moment), focus goes to the first
//    action on screen (or the next step marked data-next, such as a friend's
//    "Copy link"), else parks on the status line (tabindex="-1") until an
//    action comes, without scrolling; never on the body. Focus the person
//    moved (Tab, a click) is never taken back. A preview shows only for the
//    keyboard's focus (engardeKeyboardFocus, src/ui/table/action_bar.rs).
(() => {
  let held = null;
  document.addEventListener('focusin', (e) => { held = e.target; });
  const keep = () => {
    const now = document.activeElement;
    const main = document.querySelector('#extras main') ?? document.querySelector('#app main');
    const parked = main?.querySelector('[role=status][tabindex]');
    if (!main) return;
    const lost = !now || now === document.body;
    // On the body with its element still on the page: the person put it
    // there (a click on the background), or focus is between two elements.
    if (lost ? held?.isConnected : now !== parked) return;
    const first = main.querySelector('.action-bar .action:not([disabled]), [data-next]') ?? parked;
    if (first && first !== now) first.focus({ preventScroll: true });
  };
  new MutationObserver(keep).observe(document.body, { childList: true, subtree: true });
})();
window.engardeKeyboardFocus = (e) => e.matches(':focus-visible');
