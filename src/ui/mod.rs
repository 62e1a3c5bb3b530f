//! The browser app (feature `web`): a Yew component tree around the engine.
//! The engine is the only judge of legality; the opponent thinks in a worker.
//!
//! Work in progress (issue 4): a first playable table. Settings, persistence,
//! the round summary, styles and the end-to-end tests follow.

pub mod catalog;
pub mod state;
pub mod table;
pub mod think;

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
            <table::Table />
        </OneshotProvider<Think>>
    }
}
