//! How to play, illustrated: each edition in plain words, from the simplest
//! (each adds to the one before), with piste diagrams of the rulebooks' worked
//! examples (docs/RULES.md §10), each drawn from a position the engine sets up and
//! linked to the lesson that practises it. Opened from the menu in one tap.

pub(crate) mod diagram;

use yew::prelude::*;

use super::i18n::{use_extra_texts, use_texts};
use super::lessons::Lesson;
use crate::engine::{Preset, Special};
use diagram::Diagram;

/// A worked example: its position (a lesson's deal, without steps) and the
/// lesson that practises it.
struct Example {
    position: Lesson,
    lesson: usize,
}

const fn at(
    preset: Preset,
    white: u8,
    black: u8,
    hands: [[u8; 5]; 2],
    deck: &'static [u8],
) -> Lesson {
    Lesson {
        preset,
        special: None,
        white,
        black,
        hands,
        deck,
        steps: &[],
    }
}

/// X3, X2, X1, X4, X6, X5 of docs/RULES.md §10, in the order of the captions.
const EXAMPLES: [Example; 6] = [
    // X3: White on 8, Black on 13: one or two 5s attack.
    Example {
        position: at(
            Preset::Standard,
            8,
            13,
            [[5, 5, 1, 2, 3], [1, 2, 3, 4, 4]],
            &[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5],
        ),
        lesson: 1,
    },
    // X2: distance 4, two 4s parried, the last 4 unparryable.
    Example {
        position: at(
            Preset::Standard,
            8,
            12,
            [[4, 4, 4, 1, 2], [4, 4, 3, 5, 1]],
            &[1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 5, 5, 5, 5],
        ),
        lesson: 2,
    },
    // X1: distance 8, a 3 and two 5s: lunge 3, then two 5s.
    Example {
        position: at(
            Preset::Advanced,
            5,
            13,
            [[3, 5, 5, 1, 2], [1, 2, 3, 4, 4]],
            &[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5],
        ),
        lesson: 3,
    },
    // X4: the last card taken at distance 2.
    Example {
        position: at(
            Preset::Advanced,
            11,
            13,
            [[2, 2, 1, 3, 4], [2, 5, 5, 4, 3]],
            &[1],
        ),
        lesson: 4,
    },
    // X6: White on 2, Black on 3, only 2s, 3s and 4s: no legal action.
    Example {
        position: at(
            Preset::Standard,
            2,
            3,
            [[2, 2, 3, 3, 4], [1, 5, 5, 4, 4]],
            &[1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 1],
        ),
        lesson: 0,
    },
    // X5: a final lunge (the last card) escaped by a retreat: no card count.
    Example {
        position: at(
            Preset::Advanced,
            9,
            15,
            [[2, 4, 4, 1, 3], [2, 5, 5, 1, 3]],
            &[1, 2],
        ),
        lesson: 3,
    },
];

#[derive(Properties, PartialEq)]
pub(crate) struct RulesGuideProps {
    /// A match is in progress: the way out says "Back to the match", else "Close".
    pub in_progress: bool,
    /// Opens a lesson (its index).
    pub on_lesson: Callback<usize>,
    pub on_close: Callback<()>,
}

#[function_component]
pub(crate) fn RulesGuide(props: &RulesGuideProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let example = |i: usize| {
        let e = &EXAMPLES[i];
        let round = e.position.after(0);
        let on_lesson = props.on_lesson.clone();
        let lesson = e.lesson;
        let onclick = Callback::from(move |_| on_lesson.emit(lesson));
        html! {
            <figure class="example">
                if let Some(round) = round { <Diagram {round} /> }
                <figcaption>{ x.guide_examples[i] }</figcaption>
                <button class="link" {onclick}>{ x.practise(lesson) }</button>
            </figure>
        }
    };
    let paragraphs =
        |list: &[&'static str]| -> Html { list.iter().map(|p| html! { <p>{ *p }</p> }).collect() };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_| on_close.emit(()))
    };
    html! {
        <main class="table guide" data-moment="guide">
            <h2>{ t.how_to_play }</h2>
            <p>{ x.guide_intro }</p>
            <section>
                <h3>{ t.preset(Some(Preset::Basic)) }</h3>
                { paragraphs(&x.guide_basic) }
                { example(4) }
            </section>
            <section>
                <h3>{ t.preset(Some(Preset::Standard)) }</h3>
                { paragraphs(&x.guide_standard) }
                { example(0) }
                { example(1) }
            </section>
            <section>
                <h3>{ t.preset(Some(Preset::Advanced)) }</h3>
                { paragraphs(&x.guide_advanced) }
                { example(2) }
                { example(3) }
                { example(5) }
            </section>
            <section>
                <h3>{ t.preset(Some(Preset::Duel)) }</h3>
                <p>{ x.guide_duel }</p>
                <dl class="specials">
                    { for Special::ALL.into_iter().map(|s| html! {
                        <><dt>{ t.special(s) }</dt><dd>{ t.special_help(s) }</dd></>
                    }) }
                </dl>
            </section>
            <section>
                <h3>{ x.guide_table_heading }</h3>
                <p>{ x.guide_table }</p>
                <p>{ x.guide_take_back }</p>
            </section>
            <button onclick={close}>{ if props.in_progress { x.back_to_match } else { t.close } }</button>
        </main>
    }
}

/// The examples' positions, for the tests: each must be one the engine sets up.
pub fn example_positions() -> impl Iterator<Item = &'static Lesson> {
    EXAMPLES.iter().map(|e| &e.position)
}
