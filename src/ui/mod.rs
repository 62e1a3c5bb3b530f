//! The browser app (feature `web`): a Yew component tree around the engine
//! (docs/APP.md, accessible names). The engine is the only judge of legality; the opponent
//! thinks in a Web Worker and sees only its observation.
//!
//! In floors, each importing only from itself and the floors below
//! (docs/ARCHITECTURE.md, checked by tests/architecture.rs): the shell and
//! the browser (`shell`), the catalog (`i18n`: every word the page shows),
//! the match's values, pure (`play`: seats, prompt, selection, summary,
//! notice, save, and their words), shared pieces (`match_state`: the
//! match's reducer; `storage`; `table`: the table's components; `think`:
//! the opponent's worker), the features (`friend`, `history`, `lessons`,
//! `puzzles`, `settings`; then `guide`, `review`: each its logic in
//! `mod.rs`, its components, storage and words beside), the `extras`, and
//! the `page` (its reducer `page::page_state`, its view model
//! `page::model`, its components, effects and hooks).

/// A function that the page's own WebAssembly leaves to a module of its own,
/// fetched when it is first called (feature `split`: `#[wasm_split]`, the
/// module `$module`, web/build-app.mjs); in every other build, the same
/// body as a plain `async fn`. Its error type takes the module's failure to
/// load (`From<wasm_split_helpers::SplitLoaderError>`, with `split`).
macro_rules! split_point {
    ($module:ident, $(#[$meta:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty $body:block) => {
        #[cfg(feature = "split")]
        $(#[$meta])*
        #[wasm_split_helpers::wasm_split($module, fallible)]
        $vis fn $name($($arg: $ty),*) -> $ret $body

        #[cfg(not(feature = "split"))]
        $(#[$meta])*
        $vis async fn $name($($arg: $ty),*) -> $ret $body
    };
}

// The floors, lowest first (docs/ARCHITECTURE.md; tests/architecture.rs
// checks that no module imports from a floor above its own).
// 0: the shell and the browser
pub mod shell;
pub mod worker;
// 1: the catalog
pub mod i18n;
// 2: the match's values, pure
pub mod play;
// 3: shared pieces
pub mod match_state;
pub mod storage;
pub mod table;
pub mod think;
// 4: features
pub mod friend;
pub mod history;
pub mod lessons;
pub mod puzzles;
pub mod settings;
// 5: features built on features
pub mod guide;
pub mod review;
// 6: the extras (the features fetched on first use)
pub mod extras;
// 7: the page
pub mod page;

use yew::prelude::*;

use i18n::Lang;

/// The app: the language in force (a context every component reads) and
/// the page.
#[function_component]
pub fn App() -> Html {
    // The person's language if it is here (it may have failed to come).
    let lang = use_state(|| {
        Some(storage::lang())
            .filter(|&l| i18n::is_ready(l))
            .unwrap_or_default()
    });
    use_effect_with(*lang, |&l| {
        storage::show_lang(l);
        page::fault::words(l.texts());
    });
    // Started in English while the person's language was slow to come:
    // switched to it once it is here.
    {
        let lang = lang.clone();
        use_effect_with((), move |()| {
            let wanted = storage::lang();
            if *lang != wanted {
                yew::platform::spawn_local(async move {
                    if i18n::fetch(wanted).await.is_ok() {
                        lang.set(wanted);
                    }
                });
            }
        });
    }
    // A language is fetched first (English is always here); should that
    // fail, the page stays as it is.
    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |l: Lang| {
            let lang = lang.clone();
            yew::platform::spawn_local(async move {
                match i18n::fetch(l).await {
                    Ok(()) => {
                        storage::save_lang(l);
                        lang.set(l);
                    }
                    Err(e) => web_sys::console::warn_1(
                        &format!("the {} texts could not be fetched: {e:?}", l.code()).into(),
                    ),
                }
            });
        })
    };
    html! {
        <ContextProvider<Lang> context={*lang}>
            <page::Game lang={*lang} {on_lang} />
        </ContextProvider<Lang>>
    }
}
