// Registers the service worker (offline play). When a new build takes over,
// the page reloads onto it so old and new files never mix; the match itself
// is saved on every action and resumes.
if ('serviceWorker' in navigator) {
  const updating = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (updating) window.location.reload();
  });
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch(() => {});
  });
}
