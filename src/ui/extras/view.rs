//! The extras' own tree (see [`super`]): the language context and whichever
//! part is open, but friend play ([`super::friends`]); the review's analysis
//! asks the opponent's worker itself.
//! Moving between them (the guide's lesson links, a history row's review)
//! stays here; leaving goes back to the page.

use std::rc::Rc;

use rand::SeedableRng;
use yew::prelude::*;

use super::{Back, Opened, ReviewOf};
use crate::ui::guide::RulesGuide;
use crate::ui::history::view::History;
use crate::ui::i18n::{self, use_texts, Lang};
use crate::ui::lessons::store::save_lesson_progress;
use crate::ui::lessons::view::Lessons;
use crate::ui::play::save::{self, CodeProblem};
use crate::ui::review::{view::Review, Reviewed};
use crate::ui::settings::preferences::Preferences;
use crate::ui::settings::store::settings;
use crate::ui::settings::view::SettingsForm;
use crate::GameRng;

#[derive(Properties, PartialEq)]
pub struct ExtrasProps {
    pub opened: Opened,
    pub lang: Lang,
    /// A match is in progress: the way out says "Back to the match".
    pub in_progress: bool,
    /// What the page hears: the person left, a link does not open, the
    /// form's choices.
    pub on_back: Callback<Back>,
}

/// A match from its link code or its record (the review's input).
pub(super) fn reviewed(of: &ReviewOf) -> Result<Reviewed, CodeProblem> {
    let s = settings();
    let (fallback, rng) = ((s.side, s.level), &mut GameRng::seed_from_u64(0));
    let loaded = match of {
        ReviewOf::Code(code) => save::from_code(code, fallback, rng),
        ReviewOf::Record(text) => save::load(text, fallback, rng).map_err(CodeProblem::Record),
    };
    loaded.map(Reviewed::from)
}

/// A link that does not open goes back to the page, saying why.
#[derive(Properties, PartialEq)]
pub(super) struct BrokenProps {
    pub problem: CodeProblem,
    pub on_back: Callback<Back>,
}

#[function_component]
pub(super) fn Broken(props: &BrokenProps) -> Html {
    let t = use_texts();
    let said = t.code_problem(&props.problem);
    let back = props.on_back.clone();
    use_effect_with((), move |_| back.emit(Back::LinkBroken(said)));
    html! {}
}

/// The lessons are to open at lesson `i`'s start.
fn at_lesson(i: usize) {
    let mut progress = crate::ui::lessons::progress();
    progress.at = Some((i, 0));
    save_lesson_progress(&progress);
}

#[function_component]
pub fn Extras(props: &ExtrasProps) -> Html {
    // Where the person is, and whether the review came from the history.
    let open = use_state(|| match &props.opened {
        // Before the lessons read where the person is.
        Opened::FirstLesson => {
            at_lesson(0);
            (Opened::Lessons, false)
        }
        o => (o.clone(), false),
    });
    // The form may change the language: these texts follow at once.
    let lang = use_state(|| props.lang);
    let leave = props.on_back.reform(|()| Back::Left);
    let in_progress = props.in_progress;
    let to = |o: Opened, from_history: bool| {
        let open = open.clone();
        Callback::from(move |()| open.set((o.clone(), from_history)))
    };
    let body = match &open.0 {
        Opened::Guide => html! {
            <RulesGuide on_close={leave.clone()} {in_progress} on_lesson={ {
                let open = open.clone();
                Callback::from(move |i: usize| {
                    at_lesson(i);
                    open.set((Opened::Lessons, false));
                })
            } } />
        },
        Opened::Lessons | Opened::FirstLesson => html! {
            <Lessons on_close={leave.clone()} {in_progress} on_first_match={props.on_back.reform(|()| Back::FirstMatch)} />
        },
        // The puzzles are a module of their own (`puzzles.rs`), and friend
        // play a WebAssembly of its own (`friends.js`).
        Opened::Puzzles | Opened::Friends { .. } => html! {},
        Opened::History => html! {
            <History on_close={leave.clone()} on_review={ {
                let open = open.clone();
                Callback::from(move |e: crate::ui::history::Entry| {
                    open.set((Opened::Review { of: ReviewOf::Code(e.code), round: None, shared: false }, true));
                })
            } } />
        },
        Opened::Review { of, round, shared } => match reviewed(of) {
            Ok(r) => {
                let r = Reviewed {
                    shared: *shared,
                    ..r
                };
                let close = if open.1 {
                    to(Opened::History, false)
                } else {
                    leave.clone()
                };
                html! { <Review key={format!("{}{round:?}", of.text())} reviewed={Rc::new(r)} round={*round} on_close={close} /> }
            }
            Err(problem) => html! { <Broken {problem} on_back={props.on_back.clone()} /> },
        },
        Opened::Settings {
            initial,
            names,
            in_progress,
        } => html! {
            <SettingsForm initial={*initial} names={names.clone()} in_progress={*in_progress}
                on_start={props.on_back.reform(|(s, n)| Back::Start(s, n))} on_close={leave.clone()} />
        },
        Opened::Preferences => {
            let on_lang = {
                let (lang, back) = (lang.clone(), props.on_back.clone());
                Callback::from(move |l: Lang| {
                    let (lang, back) = (lang.clone(), back.clone());
                    yew::platform::spawn_local(async move {
                        if i18n::fetch(l).await.is_ok() && i18n::fetch_extra(l).await.is_ok() {
                            lang.set(l);
                            back.emit(Back::Lang(l));
                        } else {
                            // As the page says it (`ui/mod.rs`): the page
                            // stays in its language.
                            web_sys::console::warn_1(
                                &format!("the {} texts could not be fetched", l.code()).into(),
                            );
                        }
                    });
                })
            };
            html! { <Preferences lang={*lang} {on_lang} on_close={leave.clone()} /> }
        }
    };
    html! {
        <ContextProvider<Lang> context={*lang}>
            { body }
        </ContextProvider<Lang>>
    }
}
