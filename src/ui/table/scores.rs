//! Both score tracks (R6), 0 to the points to win.

use yew::prelude::*;

use crate::engine::{BySide, Side};

use crate::ui::i18n::use_texts;
use crate::ui::play::seats::Seats;

#[derive(Properties, PartialEq)]
pub(crate) struct ScoreProps {
    pub score: BySide<u8>,
    pub to_win: u8,
    pub human: Side,
    /// Two people on one device: their names.
    #[prop_or_default]
    pub names: Option<BySide<String>>,
}

#[function_component]
pub(crate) fn ScoreTracks(props: &ScoreProps) -> Html {
    let t = use_texts();
    let seats = Seats::of(props.names.as_ref(), props.human);
    let track = |side: Side| {
        let points = props.score[side];
        let pips = (1..=props.to_win.max(points)).map(|i| {
            html! { <li class={classes!("pip", (i <= points).then_some("won"))}></li> }
        });
        html! {
            <div class={classes!("track", side.name())}>
                <span class="who">{ t.score_line(seats, side, points, props.to_win) }</span>
                <ol class="pips" aria-hidden="true">{ for pips }</ol>
            </div>
        }
    };
    let s = props.score;
    html! {
        <section class="scores">
            <p class="visually-hidden">
                <span>{ t.score }{ ": " }</span>
                <span aria-label={t.score}>{ t.score_text(s.white, s.black) }</span>
            </p>
            { track(Side::White) }
            { track(Side::Black) }
        </section>
    }
}
