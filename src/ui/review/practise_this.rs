//! "Practise this": a marked mistake of the person's own near a round's
//! end, proven a puzzle and kept in "Your mistakes" (the puzzles), or why not.

use std::rc::Rc;

use yew::prelude::*;

use super::Reviewed;
use crate::engine::Point;
use crate::ui::i18n::use_extra_texts;
use crate::ui::puzzles::store;
use crate::ui::puzzles::{practise, Practised};

#[derive(Properties, PartialEq)]
pub(crate) struct PractiseProps {
    pub reviewed: Rc<Reviewed>,
    /// The decision.
    pub at: Point,
}

/// What became of the decision: kept (or already), not a puzzle, or the
/// browser's storage refused it.
#[derive(Copy, Clone, PartialEq)]
enum Said {
    Practised(Practised),
    Refused,
}

#[function_component]
pub(crate) fn PractiseThis(props: &PractiseProps) -> Html {
    let x = use_extra_texts();
    let said = use_state(|| None::<Said>);
    let onclick = {
        let (said, reviewed, at) = (said.clone(), props.reviewed.clone(), props.at);
        Callback::from(move |_| {
            let mut mistakes = store::mistakes();
            let done = practise(&reviewed.the_match, at, reviewed.human, &mut mistakes);
            let kept = done != Practised::Kept || store::save_mistakes(&mistakes).is_ok();
            said.set(Some(if kept {
                Said::Practised(done)
            } else {
                Said::Refused
            }));
        })
    };
    let words = said.map(|s| match s {
        Said::Practised(Practised::Kept) => x.practise_kept,
        Said::Practised(Practised::AlreadyKept) => x.practise_already,
        Said::Practised(Practised::NotAPuzzle) => x.practise_not_a_puzzle,
        Said::Refused => x.practise_refused,
    });
    html! {
        <div class="practise">
            <button onclick={onclick} disabled={said.is_some()}>{ x.practise_this }</button>
            if let Some(w) = words { <p role="status">{ w }</p> }
        </div>
    }
}
