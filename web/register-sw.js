// Registers the service worker (offline play). A new version never reloads
// the page on its own: its worker waits, and the page is told
// (window.engardeUpdateReady, the event `engarde-update`), which shows "A
// new version is ready" and "Reload" (<html data-update>, src/ui/update/).
// The files of one build come from one cache, so they never mix while a tab
// keeps its version.
// window.engardeApplyUpdate(): the person's "Reload": the waiting worker takes
// over and this tab reloads onto it (the match, settings and language are in
// storage); other tabs are told and reload when their person asks.
(() => {
  // window.engardeAnnounceUpdate(): a new version is ready (also when a file
  // of another build came: src/ui/update/, web/loading.js).
  const ready = window.engardeAnnounceUpdate = () => {
    window.engardeUpdateReady = true;
    document.documentElement.dataset.update = '';
    window.dispatchEvent(new Event('engarde-update'));
  };
  const sw = navigator.serviceWorker;
  let applying = false;
  window.engardeApplyUpdate = async () => {
    const waiting = (await sw?.getRegistration().catch(() => null))?.waiting;
    if (!waiting) return location.reload();
    applying = true;
    // Should it fail (another build replaced it meanwhile), reload anyway.
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'redundant') location.reload();
    });
    waiting.postMessage('skip-waiting');
  };
  if (!sw) return;
  // A page controlled from the start (or once claimed) has a version: any
  // later controller is another.
  let controlled = Boolean(sw.controller);
  sw.addEventListener('controllerchange', () => {
    if (applying) location.reload();
    else if (controlled) ready();
    controlled = true;
  });
  // The precache waits for the first screen (the app mounted: the loading
  // note gone), so that nothing competes with the files the screen needs;
  // at the latest 20 s after the load (an app that did not start).
  let started = false;
  const register = () => {
    if (started) return;
    started = true;
    sw.register('sw.js').then((reg) => {
      if (!reg) return;
      // A worker installed while this page is controlled waits: a new version.
      const watch = (w) => w?.addEventListener('statechange', () => {
        if (w.state === 'installed' && sw.controller) ready();
      });
      if (reg.waiting && sw.controller) ready();
      watch(reg.installing);
      reg.addEventListener('updatefound', () => watch(reg.installing));
      // Looks for a new version now and then, and when the tab is shown again.
      let asked = 0;
      const look = () => {
        if (Date.now() - asked < 60000) return;
        asked = Date.now();
        reg.update().catch(() => {});
      };
      setInterval(look, 30 * 60000);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') look();
      });
    }, () => {});
  };
  const mounted = () => !document.getElementById('loading');
  window.addEventListener('load', () => {
    if (mounted()) return register();
    const seen = new MutationObserver(() => {
      if (!mounted()) return;
      seen.disconnect();
      register();
    });
    seen.observe(document.body, { childList: true });
    setTimeout(() => { seen.disconnect(); register(); }, 20000);
  });
})();
