//! The browser app (feature `web`): a Yew component tree around the engine
//! (DESIGN.md §7). The engine is the only judge of legality; the opponent
//! thinks in a Web Worker and sees only its observation.
//!
//! Pure logic (testable natively): `selection`, `summary`, `save`, `catalog`,
//! `state`. Components, one per file: `game` (the page), `piste`, `hand`,
//! `scores`, `pile`, `tracker`, `action_bar`, `log`, `round_summary`, `menu`,
//! `settings`, `guide`. Browser glue: `storage`, `think`, and the page's effects as hooks in
//! `hooks`.

pub mod action_bar;
pub mod catalog;
pub mod game;
pub mod guide;
pub mod hand;
pub mod hooks;
pub mod log;
pub mod menu;
pub mod pile;
pub mod piste;
pub mod round_summary;
pub mod save;
pub mod scores;
pub mod selection;
pub mod settings;
pub mod state;
pub mod storage;
pub mod summary;
pub mod think;
pub mod tracker;

use yew::prelude::*;
use yew_agent::oneshot::OneshotProvider;

use think::Think;

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

#[function_component]
pub fn App() -> Html {
    html! {
        <OneshotProvider<Think> path={worker_path()}>
            <game::Game />
        </OneshotProvider<Think>>
    }
}
