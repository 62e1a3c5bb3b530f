//! The lessons on the page: the list (finished ones marked) and a lesson
//! being played. Only the taught action is offered, as one button, as its
//! highlighted square, or as the opponent to attack; its cards are raised.
//! Progress is kept (`store::lesson_progress`), so a lesson left is resumed.

use yew::prelude::*;

use super::store::{self, LessonProgress};
use super::LESSONS;
use crate::engine::{Action, Card, Pending, Side, Special};
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::play::save::Settings;
use crate::ui::play::selection::{landing, Target};
use crate::ui::table::hand::{Hand, OpponentHand};
use crate::ui::table::piste::Piste;
use crate::ui::table::tracker::CardTracker;

#[derive(Properties, PartialEq)]
pub(crate) struct LessonsProps {
    /// Back to the match.
    pub on_close: Callback<()>,
    /// A match is in progress: the way out says "Back to the match", else "Close".
    pub in_progress: bool,
    /// After the last lesson: the recommended first match.
    pub on_first_match: Callback<()>,
}

/// The cards an action plays (the engine's count), by value, to show them
/// raised in the hand.
fn cards_of(action: Action, pending: Option<Pending>) -> Vec<(Card, u8)> {
    let cards = action.cards(pending);
    Card::ALL
        .into_iter()
        .map(|c| (c, cards.count(c)))
        .filter(|&(_, n)| n > 0)
        .collect()
}

#[function_component]
pub(crate) fn Lessons(props: &LessonsProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let progress = use_state(super::progress);
    // The unseen cards, shown: lessons say what the computer has left.
    let tracker = use_state(|| true);
    let save = {
        let progress = progress.clone();
        Callback::from(move |p: LessonProgress| {
            store::save_lesson_progress(&p);
            progress.set(p);
        })
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_| on_close.emit(()))
    };
    let p = *progress;
    let Some((index, step)) = p.at else {
        // The list of lessons.
        let items = LESSONS.iter().enumerate().map(|(i, _)| {
            let save = save.clone();
            let onclick = Callback::from(move |_| {
                save.emit(LessonProgress {
                    at: Some((i, 0)),
                    ..p
                })
            });
            let finished = p.is_finished(i);
            html! {
                <li>
                    <button class="lesson-open" {onclick}>{ x.lesson_titles[i] }</button>
                    if finished { <span class="finished">{ " ✓ " }{ x.lesson_finished }</span> }
                </li>
            }
        });
        return html! {
            <main class="table lessons" data-moment="lessons">
                <h2>{ t.learn }</h2>
                <p>{ x.lessons_intro }</p>
                <ol class="lesson-list">{ for items }</ol>
                <button onclick={close}>{ if props.in_progress { x.back_to_match } else { t.close } }</button>
            </main>
        };
    };
    let Some(lesson) = LESSONS.get(index) else {
        return html! {};
    };
    let Some(round) = lesson.after(step) else {
        // A script the engine refuses (the tests keep this from happening).
        return html! {};
    };
    let texts = x.lesson_steps(index);
    let total = lesson.steps.len();
    let complete = step >= total;
    let taught = lesson
        .steps
        .get(step)
        .and_then(|s| s.play.action())
        .filter(|_| !complete);
    let pending = round.public().pending;
    let play = {
        let save = save.clone();
        Callback::from(move |()| {
            let next = step + 1;
            let mut done = p;
            done.at = Some((index, next));
            if next >= total {
                done.finish(index);
            }
            save.emit(done);
        })
    };
    let on_target = {
        let play = play.clone();
        Callback::from(move |_: Target| play.emit(()))
    };
    let squares: Vec<u8> = taught
        .and_then(|a| match a {
            Action::Advance(_) | Action::Retreat(_) => landing(&round, a),
            _ => None,
        })
        .into_iter()
        .collect();
    let opponent_target = taught
        .filter(|a| {
            matches!(
                a,
                Action::Attack { .. } | Action::Lunge { .. } | Action::Parry
            )
        })
        .map(|a| t.target_opponent(a, pending));
    let goto = |at: Option<(usize, usize)>| {
        let save = save.clone();
        Callback::from(move |_| save.emit(LessonProgress { at, ..p }))
    };
    // The cards to use, raised.
    let picked = taught.map(|a| cards_of(a, pending)).unwrap_or_default();
    let said = step.checked_sub(1).and_then(|s| texts.get(2 * s + 1));
    let asked = (!complete).then(|| texts.get(2 * step)).flatten();
    let open =
        (round.public().special == Some(Special::OpenHands)).then(|| round.hand(Side::Black));
    html! {
        <main class="table lessons lesson" data-moment={if complete { "lesson-complete" } else { "lesson" }}>
            <h2>{ x.lesson_titles[index] }</h2>
            <div class="lesson-words" role="status" aria-live="polite" tabindex="-1">
                if let Some(said) = said { <p class="said">{ *said }</p> }
                if let Some(asked) = asked { <p class="asked">{ *asked }</p> }
                if complete { <p class="asked">{ x.lesson_complete }</p> }
            </div>
            <section class="opponent-area">
                <OpponentHand size={round.hand(Side::Black).len()} {open} />
                <CardTracker unseen={round.observation(Side::White).unseen()} shown={*tracker}
                    on_toggle={ { let tracker = tracker.clone(); Callback::from(move |()| tracker.set(!*tracker)) } } />
            </section>
            <Piste position={round.public().position} human={Side::White} {squares} {opponent_target}
                ghost={None::<u8>} {on_target} explain={false} />
            <Hand hand={round.hand(Side::White)} picked={picked.clone()}
                pickable={picked.iter().map(|&(c, _)| c).collect::<Vec<Card>>()} on_pick={Callback::noop()} />
            <section class="action-bar">
                <div class="buttons">
                    if let Some(a) = taught {
                        <button class="action suggested" onclick={ { let play = play.clone(); Callback::from(move |_| play.emit(())) } }>
                            { t.action(a, pending) }
                        </button>
                    }
                    if complete && index + 1 < LESSONS.len() {
                        <button class="action primary" onclick={goto(Some((index + 1, 0)))}>{ x.next_lesson }</button>
                    }
                    if complete && index + 1 == LESSONS.len() {
                        <button class="action primary" onclick={props.on_first_match.reform(|_| ())}>
                            { t.first_match(Settings::default().first_match()) }
                        </button>
                    }
                </div>
                <div class="bar-tools">
                    <button onclick={goto(None)}>{ x.back_to_lessons }</button>
                    <button onclick={close}>{ if props.in_progress { x.back_to_match } else { t.close } }</button>
                </div>
            </section>
        </main>
    }
}
