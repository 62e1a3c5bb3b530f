//! The browser app (feature `web`): a Yew component tree around the engine
//! (DESIGN.md §7). The engine is the only judge of legality; the opponent
//! thinks in a Web Worker and sees only its observation.
//!
//! Pure logic (testable natively): `selection`, `summary`, `save`, `state`,
//! and the languages in `i18n` (every word the page shows). Components, one
//! per file: `game` (the page), `piste`, `hand`, `scores`, `pile`, `tracker`,
//! `action_bar`, `log`, `round_summary`, `menu`, `settings`, `welcome`. A folder per
//! feature: `guide`, `lessons`, `review`, `history` (each its logic in
//! `mod.rs`, its components beside).
//! Browser glue: `storage`, `think`, and the page's effects as hooks in `hooks`.

pub mod extras;
pub mod game;
pub mod guide;
pub mod history;
pub mod hooks;
pub mod i18n;
pub mod lessons;
pub mod menu;
pub mod review;
pub mod save;
pub mod selection;
pub mod settings;
pub mod share;
pub mod state;
pub mod storage;
pub mod summary;
pub mod table;
pub mod theme;
pub mod think;
pub mod welcome;

use yew::prelude::*;
use yew_agent::oneshot::OneshotProvider;

use i18n::Lang;
use think::{Json, Think};

/// The worker script's address, absolute, so the app works under any sub-path.
fn worker_path() -> String {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_else(|| "/".into());
    let base = match base.rfind('/') {
        Some(i) => base[..=i].to_string(),
        None => "/".into(),
    };
    format!("{base}worker.js")
}

/// The app: the language in force (a context every component reads), the
/// opponent's worker, and the page.
#[function_component]
pub fn App() -> Html {
    // The person's language if it is here (it may have failed to come).
    let lang = use_state(|| {
        Some(storage::lang())
            .filter(|&l| i18n::is_ready(l))
            .unwrap_or_default()
    });
    use_effect_with(*lang, |&l| storage::show_lang(l));
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
            <OneshotProvider<Think, Json> path={worker_path()}>
                <game::Game lang={*lang} {on_lang} />
            </OneshotProvider<Think, Json>>
        </ContextProvider<Lang>>
    }
}
