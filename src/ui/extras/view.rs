//! The extras' own tree (see [`super`]): the language context, the
//! opponent's worker for the review's analysis, and whichever part is open.
//! Moving between them (the guide's lesson links, a history row's review)
//! stays here; leaving goes back to the page.

use std::rc::Rc;

use rand::SeedableRng;
use yew::prelude::*;
use yew_agent::oneshot::OneshotProvider;

use super::Opened;
use crate::ui::guide::RulesGuide;
use crate::ui::history::view::History;
use crate::ui::i18n::Lang;
use crate::ui::lessons::view::Lessons;
use crate::ui::review::{view::Review, Reviewed};
use crate::ui::think::worker_path;
use crate::ui::think::{Json, Think};
use crate::ui::{save, storage};
use crate::GameRng;

#[derive(Properties, PartialEq)]
pub struct ExtrasProps {
    pub opened: Opened,
    pub lang: Lang,
    /// The person leaves the extras (back to the match).
    pub on_leave: Callback<()>,
}

/// A match from its link code (the review's input).
fn reviewed(code: &str) -> Option<Reviewed> {
    let s = storage::settings();
    let loaded = save::from_code(code, (s.side, s.level), &mut GameRng::seed_from_u64(0));
    loaded.ok().map(Reviewed::from)
}

#[function_component]
pub fn Extras(props: &ExtrasProps) -> Html {
    // Where the person is, and whether the review came from the history.
    let open = use_state(|| (props.opened.clone(), false));
    let leave = {
        let cb = props.on_leave.clone();
        Callback::from(move |()| cb.emit(()))
    };
    let to = |o: Opened, from_history: bool| {
        let open = open.clone();
        Callback::from(move |()| open.set((o.clone(), from_history)))
    };
    let body = match &open.0 {
        Opened::Guide => html! {
            <RulesGuide on_close={leave.clone()} on_lesson={ {
                let open = open.clone();
                Callback::from(move |i: usize| {
                    let mut progress = storage::lessons();
                    progress.at = Some((i, 0));
                    storage::save_lessons(&progress);
                    open.set((Opened::Lessons, false));
                })
            } } />
        },
        Opened::Lessons => html! { <Lessons on_close={leave.clone()} /> },
        Opened::History => html! {
            <History on_close={leave.clone()} on_review={ {
                let open = open.clone();
                Callback::from(move |e: crate::ui::history::Entry| {
                    open.set((Opened::Review { code: e.code, round: None }, true));
                })
            } } />
        },
        Opened::Review { code, round } => match reviewed(code) {
            Some(r) => {
                let close = if open.1 {
                    to(Opened::History, false)
                } else {
                    leave.clone()
                };
                html! { <Review key={format!("{code}{round:?}")} reviewed={Rc::new(r)} round={*round} on_close={close} /> }
            }
            None => html! {},
        },
    };
    html! {
        <ContextProvider<Lang> context={props.lang}>
            <OneshotProvider<Think, Json> path={worker_path()}>
                { body }
            </OneshotProvider<Think, Json>>
        </ContextProvider<Lang>>
    }
}
