//! One puzzle on the page: the table as the person sees it, and the
//! person's action chosen as in a match (cards picked from the hand, then a
//! square or the opponent; or a button for each legal action agreeing with
//! what is picked); once one is chosen, the round played out (the
//! answer) or the world that refutes it, why the answer wins, the rating's
//! change, and "Next puzzle".

use std::rc::Rc;

use yew::prelude::*;

use super::store;
use super::{Line, Puzzle, Tried};
use crate::engine::{Action, Hand as Cards, Round};
use crate::puzzle::practice::Practice;
use crate::puzzle::Need;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::play::seats::Seats;
use crate::ui::play::summary::story;
use crate::ui::table::picker::Picker;
use crate::ui::table::tracker::CardTracker;

#[derive(Properties, PartialEq)]
pub(crate) struct BoardProps {
    pub puzzle: Rc<Puzzle>,
    /// The person's practice after an attempt.
    pub on_tried: Callback<Practice>,
    pub on_next: Callback<()>,
}

/// An attempt: the action chosen, how it went (`None`: the puzzle's proof
/// data does not hold), and the rating's change.
type Attempt = (Action, Option<Tried>, f64);

#[function_component]
pub(crate) fn Board(props: &BoardProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let attempt = use_state(|| None::<Attempt>);
    // The unseen cards, counted as on the match's table (R9).
    let tracker = use_state(|| true);
    let next_ref = use_node_ref();
    {
        // Keyboard focus goes to "Next puzzle" once the attempt is told.
        let next_ref = next_ref.clone();
        use_effect_with(attempt.is_some(), move |&done| {
            if let Some(e) = next_ref.cast::<web_sys::HtmlElement>().filter(|_| done) {
                let _ = e.focus();
            }
        });
    }
    let p = &props.puzzle;
    let seats = Seats::of(None, p.side);
    let before = p.before();
    // Sentences for `line`, played after the position's own actions.
    let told = |line: &Line| -> Vec<String> {
        let all: Line = before.iter().chain(line).copied().collect();
        (before.len()..all.len())
            .map(|i| t.played_at(seats, &all, i))
            .collect()
    };
    let ending = |end: &Round, line: &Line| -> Option<String> {
        story(end, line).map(|s| t.story(seats, &s))
    };
    // The table: at the position, or at the end of what was shown, with the
    // opponent's hand of that world open.
    let (round, open): (Round, Option<Cards>) = match &*attempt {
        Some((_, Some(Tried::Right { end, .. }), _)) => (*end, Some(end.hand(p.side.opponent()))),
        Some((_, Some(Tried::Wrong(w)), _)) => (w.end, Some(w.hand)),
        _ => (*p.round(), None),
    };
    let done = attempt.is_some();
    // The person's action, judged and told; the practice kept.
    let choose = {
        let (attempt, puzzle, on_tried) = (attempt.clone(), p.clone(), props.on_tried.clone());
        Callback::from(move |a: Action| {
            if attempt.is_some() {
                return;
            }
            let tried = puzzle.try_action(a);
            let mut practice = store::puzzle_practice();
            let solved = matches!(tried, Some(Tried::Right { .. }));
            let change = practice.record(&puzzle.record.id, puzzle.record.rating, solved);
            store::save_puzzle_practice(&practice);
            on_tried.emit(practice);
            attempt.set(Some((a, tried, change)));
        })
    };
    let said: Html = match &*attempt {
        None => html! {
            <>
                { for told(&Vec::new()).into_iter().map(|s| html! { <p>{ s }</p> }) }
                <p class="asked">{ x.puzzle_task(t, p.preset(), p.side) }</p>
            </>
        },
        Some((a, tried, change)) => {
            let pending = p.round().public().pending;
            let named = t.action(*a, pending);
            let observation = p.round().observation(p.side);
            let why = x.explanation(t, p.record.explanation);
            let need = x.puzzle_need(Need::after(&observation, p.answer));
            let lines = |line: &Line| {
                html! { <ol class="puzzle-line">{ for told(line).into_iter().map(|s| html! { <li>{ s }</li> }) }</ol> }
            };
            let body = match tried {
                Some(Tried::Right { line, end }) => html! {
                    <>
                        <p class="puzzle-verdict right">{ x.puzzle_verdict(true, &named) }</p>
                        <p class="puzzle-why">{ why }</p>
                        if let Some(need) = need { <p class="puzzle-need">{ need }</p> }
                        { lines(line) }
                        if let Some(s) = ending(end, line) { <p>{ s }</p> }
                    </>
                },
                Some(Tried::Wrong(w)) => {
                    let hand: Vec<_> = w.hand.cards().collect();
                    let answer = t.action(p.answer, pending);
                    html! {
                        <>
                            <p class="puzzle-verdict wrong">{ x.puzzle_verdict(false, &named) }</p>
                            <p>{ x.puzzle_world(&hand, &w.pile) }</p>
                            { lines(&w.line) }
                            <p>{ ending(&w.end, &w.line).unwrap_or_else(|| x.puzzle_not_sure.to_string()) }</p>
                            <p>{ x.puzzle_answer_is(&answer) }</p>
                            <p class="puzzle-why">{ why }</p>
                            if let Some(need) = need { <p class="puzzle-need">{ need }</p> }
                        </>
                    }
                }
                None => html! { <p role="alert">{ x.puzzles_unreadable }</p> },
            };
            html! {
                <>
                    { body }
                    <p class="puzzle-change">{ x.puzzle_change(*change) }</p>
                </>
            }
        }
    };
    html! {
        <div class="puzzle" data-puzzle={p.record.id.clone()} data-state={if attempt.is_some() { "done" } else { "asked" }}>
            <div class="lesson-words" role="status" aria-live="polite" tabindex="-1">{ said }</div>
            <CardTracker unseen={round.observation(p.side).unseen()} shown={*tracker}
                on_toggle={ { let tracker = tracker.clone(); Callback::from(move |()| tracker.set(!*tracker)) } } />
            <Picker at={*p.round()} shown={round} {open} side={p.side} active={!done} on_choose={choose}>
                <button ref={next_ref} class="action primary" onclick={props.on_next.reform(|_| ())}>{ x.next_puzzle }</button>
            </Picker>
        </div>
    }
}
