//! The puzzles on the page: the set fetched on first use (the service
//! worker precaches it), the person's rating and streak, the theme filter,
//! and one puzzle at a time on its board ([`super::board`]).

use std::rc::Rc;

use rand::SeedableRng;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::board::Board;
use super::store;
use super::{read_set, Filter, Puzzle, SetProblem, THEMES};
use crate::puzzle::file::PuzzleRecord;
use crate::puzzle::Theme;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::GameRng;

/// The puzzle set, fetched once for the page's life.
async fn fetch_set() -> Result<Vec<PuzzleRecord>, SetProblem> {
    let window = web_sys::window().ok_or(SetProblem::Unavailable)?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str("puzzles.json"))
        .await
        .ok()
        .and_then(|r| r.dyn_into().ok())
        .filter(|r: &web_sys::Response| r.ok())
        .ok_or(SetProblem::Unavailable)?;
    let text = JsFuture::from(response.text().map_err(|_| SetProblem::Unavailable)?)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or(SetProblem::Unavailable)?;
    read_set(&text)
}

/// The set as it stands: coming, here, or not to be had.
#[derive(Clone, PartialEq)]
enum Set {
    Loading,
    Here(Rc<Vec<PuzzleRecord>>),
    Failed(SetProblem),
}

/// The filter's value for the person's own mistakes.
const MISTAKES: &str = "mine";

#[derive(Properties, PartialEq)]
pub(crate) struct PuzzlesProps {
    /// A match is in progress: the way out says "Back to the match", else "Close".
    pub in_progress: bool,
    pub on_close: Callback<()>,
}

/// The next puzzle for the person, of the shipped `set` or of their own
/// mistakes as `filter` says, skipping any that does not read.
fn next(set: &[PuzzleRecord], filter: Filter) -> Option<Puzzle> {
    let practice = store::puzzle_practice();
    let mut rng = GameRng::seed_from_u64(crate::ui::shell::seed());
    let (mut left, theme) = match filter {
        Filter::Theme(theme) => (set.to_vec(), theme),
        Filter::Mistakes => (store::mistakes(), None),
    };
    while let Some(record) = practice.next(&left, theme.map(Theme::name), &mut rng) {
        if let Some(p) = Puzzle::of(record) {
            return Some(p);
        }
        let id = record.id.clone();
        left.retain(|r| r.id != id);
    }
    None
}

#[function_component]
pub(crate) fn Puzzles(props: &PuzzlesProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let set = use_state(|| Set::Loading);
    let filter = use_state(|| Filter::Theme(None));
    let puzzle = use_state(|| None::<Rc<Puzzle>>);
    let practice = use_state(store::puzzle_practice);
    {
        let (set, puzzle) = (set.clone(), puzzle.clone());
        use_effect_with((), move |_| {
            yew::platform::spawn_local(async move {
                match fetch_set().await {
                    Ok(list) => {
                        puzzle.set(next(&list, Filter::Theme(None)).map(Rc::new));
                        set.set(Set::Here(Rc::new(list)));
                    }
                    Err(problem) => set.set(Set::Failed(problem)),
                }
            });
        });
    }
    let on_next = {
        let (set, filter, puzzle) = (set.clone(), filter.clone(), puzzle.clone());
        Callback::from(move |()| {
            if let Set::Here(list) = &*set {
                puzzle.set(next(list, *filter).map(Rc::new));
            }
        })
    };
    let on_theme = {
        let (set, filter, puzzle) = (set.clone(), filter.clone(), puzzle.clone());
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                return;
            };
            let value = select.value();
            let chosen = match value.parse::<usize>() {
                Ok(i) => Filter::Theme(THEMES.get(i).copied()),
                Err(_) if value == MISTAKES => Filter::Mistakes,
                Err(_) => Filter::Theme(None),
            };
            filter.set(chosen);
            if let Set::Here(list) = &*set {
                puzzle.set(next(list, chosen).map(Rc::new));
            }
        })
    };
    let on_tried = {
        let practice = practice.clone();
        Callback::from(move |p| practice.set(p))
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    let options = std::iter::once(None).chain(THEMES.map(Some)).map(|th| {
        let value = th
            .and_then(|th| THEMES.iter().position(|&x| x == th))
            .map_or(String::new(), |i| i.to_string());
        html! { <option {value} selected={*filter == Filter::Theme(th)}>{ x.puzzle_theme_name(th) }</option> }
    });
    let mistakes = *filter == Filter::Mistakes;
    let body = match (&*set, &*puzzle) {
        (Set::Loading, _) => html! { <p role="status">{ x.puzzles_loading }</p> },
        (Set::Failed(SetProblem::Unavailable), _) => {
            html! { <p role="alert">{ x.puzzles_unavailable }</p> }
        }
        (Set::Failed(SetProblem::Unreadable), _) => {
            html! { <p role="alert">{ x.puzzles_unreadable }</p> }
        }
        (Set::Here(_), None) if mistakes && store::mistakes().is_empty() => {
            html! { <p role="status">{ x.mistakes_empty }</p> }
        }
        (Set::Here(_), None) => html! { <p role="status">{ x.puzzles_all_solved }</p> },
        (Set::Here(_), Some(p)) => html! {
            <Board key={p.record.id.clone()} puzzle={p.clone()} on_tried={on_tried} on_next={on_next.clone()} />
        },
    };
    html! {
        <main class="table puzzles" data-moment="puzzles">
            <h2>{ t.puzzles }</h2>
            <p class="puzzle-rating">{ x.puzzle_rating(practice.rating, practice.streak, practice.provisional()) }</p>
            if practice.provisional() { <p class="puzzle-provisional">{ x.puzzle_provisional }</p> }
            <label class="puzzle-theme">{ x.puzzle_theme }{ " " }
                <select onchange={on_theme}>
                    { for options }
                    <option value={MISTAKES} selected={mistakes}>{ x.your_mistakes }</option>
                </select>
            </label>
            { body }
            <div class="bar-tools">
                <button onclick={close}>{ if props.in_progress { x.back_to_match } else { t.close } }</button>
            </div>
        </main>
    }
}
