//! A fault is shown, never a dead page: a panic (the hook set here) or an
//! uncaught error (web/loading.js hears those) brings up the shell's fault
//! message, in the person's language, with "Reload" and "Export the match"
//! (the save, which is written on every action). The shell draws it in
//! plain script, as the app may have stopped; the app hands it the words.

use crate::ui::i18n::Texts;

/// Where the shell finds the words (`[message, reload, export, elsewhere,
/// continue here]`): the fault's, and those of a match another tab holds.
const WORDS: &str = "engardeFaultWords";
/// The shell's function that shows the fault (web/loading.js).
const SHOW: &str = "engardeFault";

/// Shows every panic as a fault, after writing it to the console.
pub fn install() {
    // Yew's own hook would replace a std one at the first render.
    yew::set_custom_panic_hook(Box::new(|_| show()));
}

/// Hands the fault's words in `texts` (the language in force) to the shell.
pub fn words(texts: &Texts) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let list = js_sys::Array::of5(
        &texts.fault.into(),
        &texts.reload.into(),
        &texts.export_match.into(),
        &texts.match_elsewhere.into(),
        &texts.continue_here.into(),
    );
    let _ = js_sys::Reflect::set(&window, &WORDS.into(), &list);
}

/// Asks the shell to show the fault.
fn show() {
    crate::ui::shell::call(SHOW, &[]);
}
