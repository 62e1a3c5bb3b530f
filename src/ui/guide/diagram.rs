//! A piste diagram drawn from a position the engine set up (never by hand):
//! the 23 squares, the centre mark and both fencers, as SVG.

use yew::prelude::*;

use crate::engine::{Round, Side};
use crate::ui::i18n::use_extra_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct DiagramProps {
    /// The position shown.
    pub round: Round,
}

/// One square's width in the drawing's units.
const SQUARE: u32 = 10;

#[function_component]
pub(crate) fn Diagram(props: &DiagramProps) -> Html {
    let x = use_extra_texts();
    let p = props.round.public();
    let label = x.diagram_label(p.position.white, p.position.black, p.distance());
    let squares = (1..=23u32).map(|n| {
        let class = classes!("sq", (n == 12).then_some("centre"), (n % 2 == 0).then_some("alt"));
        html! { <rect {class} x={((n - 1) * SQUARE).to_string()} y="14" width={SQUARE.to_string()} height="10" /> }
    });
    let fencer = |side: Side| {
        let x = (u32::from(p.position[side]) - 1) * SQUARE + SQUARE / 2;
        html! { <circle class={classes!("fencer-dot", side.name())} cx={x.to_string()} cy="8" r="4" /> }
    };
    html! {
        <svg class="diagram" viewBox="0 0 230 26" role="img" aria-label={label}>
            { for squares }
            <line class="centre-mark" x1="115" y1="12" x2="115" y2="26" />
            { fencer(Side::White) }
            { fencer(Side::Black) }
        </svg>
    }
}
