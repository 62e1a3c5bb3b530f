//! A new version of the page: announced, never loaded on its own.
//!
//! The service worker of a new deploy waits (web/register-sw.js), and every
//! file the page loads later says its build (web/finish.mjs: the worker, the
//! extras, the language data); a file of another build is refused
//! ([`same_build`]) and the page is told the same way ([`announce`]:
//! `window.engardeUpdateReady`, the event `engarde-update`). The page then
//! shows its banner (`crate::ui::page::update`): "A new version is ready", "Reload"
//! (`window.engardeApplyUpdate`: the waiting worker takes over, this tab
//! reloads; without one, a plain reload). The match, the settings and the
//! language are in storage, so a reload keeps them.
//!
//! The banner is always in the page and shown by its stylesheet once
//! web/register-sw.js, which announces, marks `<html data-update>`: no
//! component, state or listener of its own in the app, which would cost the
//! first load about a kilobyte.

/// The page's build (`<meta name="engarde-build">`), if it says one: a build
/// without web/finish.mjs does not.
pub fn build() -> Option<String> {
    web_sys::window()?
        .document()?
        .query_selector("meta[name=engarde-build]")
        .ok()??
        .get_attribute("content")
}

/// Whether a file of build `theirs` (`None`: it says none) belongs with
/// the page; if not, a new version is announced.
pub fn same_build(theirs: Option<&str>) -> bool {
    let same = build().as_deref() == theirs;
    if !same {
        announce();
    }
    same
}

/// Calls the window's function `name` (web/register-sw.js); false if there
/// is none.
fn call(name: &str) -> bool {
    crate::ui::shell::call(name, &[])
}

/// Says that a new version is ready (`window.engardeAnnounceUpdate`).
pub fn announce() {
    call("engardeAnnounceUpdate");
}

/// The person's "Reload": onto the new version (web/register-sw.js), or a
/// plain reload where no service worker waits.
pub(crate) fn reload() {
    if !call("engardeApplyUpdate") {
        if let Some(w) = web_sys::window() {
            let _ = w.location().reload();
        }
    }
}
