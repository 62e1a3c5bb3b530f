//! The puzzles' own root (a module split off the page's WebAssembly apart
//! from the other extras: `host.rs`), so that their first use fetches
//! neither the lessons nor the review.

use yew::prelude::*;

use super::view::ExtrasProps;
use super::{Back, Opened};
use crate::ui::i18n::Lang;
use crate::ui::puzzles::view::Puzzles;

#[function_component]
pub fn PuzzlesExtras(props: &ExtrasProps) -> Html {
    let leave = props.on_back.reform(|()| Back::Left);
    let body = match &props.opened {
        Opened::Puzzles => html! { <Puzzles on_close={leave} in_progress={props.in_progress} /> },
        // The other extras are not here (`view.rs`).
        _ => html! {},
    };
    html! {
        <ContextProvider<Lang> context={props.lang}>
            { body }
        </ContextProvider<Lang>>
    }
}
