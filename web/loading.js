// While the app loads, index.html's note says what the page is. Should the
// app fail to start (its WebAssembly could not be fetched, compiled or run),
// the note says so instead of "Setting up the piste…" for ever. Once the app
// has mounted, the note is gone and this does nothing.
function cannotStart() {
  const status = document.querySelector('#loading .loading-status');
  if (!status) return;
  status.textContent = 'The game could not start. Reload the page to try again; '
    + 'if it still does not start, this browser may lack WebAssembly, which the game needs.';
  status.setAttribute('role', 'alert');
}
window.addEventListener('error', cannotStart);
window.addEventListener('unhandledrejection', cannotStart);
