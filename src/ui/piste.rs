//! The piste (R3, R11): 23 squares, the centre mark, both fencers and the
//! distance. Squares a picked card can reach are buttons ("Square 9").

use yew::prelude::*;

use crate::engine::{BySide, Side};

use super::i18n::use_texts;
use super::selection::Target;

#[derive(Properties, PartialEq)]
pub struct PisteProps {
    pub position: BySide<u8>,
    pub human: Side,
    /// Squares a click can go to now.
    pub squares: Vec<u8>,
    /// Whether the opponent's fencer is a target (attack, lunge, parry).
    pub opponent_target: Option<String>,
    /// Where the person's fencer would stand during a lunge.
    pub ghost: Option<u8>,
    /// The fencer that moved last, to draw the eye.
    pub moved: Option<Side>,
    /// Cards are picked: the squares and the opponent that are not targets
    /// are clickable too (marked `aria-disabled`), to be told why not.
    pub explain: bool,
    /// The square a hint suggests moving to (outlined).
    #[prop_or_default]
    pub suggested: Option<u8>,
    pub on_target: Callback<Target>,
}

#[function_component]
pub fn Piste(props: &PisteProps) -> Html {
    let t = use_texts();
    let p = props.position;
    let squares = (1..=23u8).map(|sq| {
        let centre = sq == 12;
        let class = classes!(
            "square",
            centre.then_some("centre"),
            (props.suggested == Some(sq)).then_some("suggested")
        );
        let label = t.square(sq);
        let target = props.squares.contains(&sq);
        if target || props.explain {
            let on_target = props.on_target.clone();
            let onclick = Callback::from(move |_| on_target.emit(Target::Square(sq)));
            html! {
                <li class={classes!(class, target.then_some("target"))}>
                    <button class="square-button" aria-label={label} aria-disabled={(!target).to_string()} {onclick}>{ sq }</button>
                </li>
            }
        } else {
            html! { <li {class} aria-label={label}><span class="number" aria-hidden="true">{ sq }</span></li> }
        }
    });
    let fencer = |side: Side| {
        let mine = side == props.human;
        let class = classes!(
            "fencer",
            side.name(),
            (props.moved == Some(side)).then_some("moved")
        );
        let style = format!("--square: {}", p[side]);
        let label = t.fencer(side, props.human, p[side]);
        let on_target = props.on_target.clone();
        let onclick = Callback::from(move |_| on_target.emit(Target::Opponent));
        match (&props.opponent_target, mine) {
            (Some(name), false) => html! {
                <button {class} {style} aria-label={name.clone()} title={label} {onclick}>
                    <span class="blade" aria-hidden="true"></span>
                </button>
            },
            (None, false) if props.explain => html! {
                <button {class} {style} aria-label={label} aria-disabled="true" {onclick}>
                    <span class="blade" aria-hidden="true"></span>
                </button>
            },
            _ => html! {
                <div {class} {style} role="img" aria-label={label}>
                    <span class="blade" aria-hidden="true"></span>
                </div>
            },
        }
    };
    let ghost = props.ghost.map(|sq| {
        let style = format!("--square: {sq}");
        html! { <div class={classes!("fencer", "ghost", props.human.name())} {style} aria-hidden="true"></div> }
    });
    html! {
        <section class="piste-area">
            <div class="piste-frame">
                <ol class="piste" aria-label={t.piste}>{ for squares }</ol>
                <div class="fencers">
                    { fencer(Side::White) }
                    { fencer(Side::Black) }
                    { for ghost }
                </div>
            </div>
            <p class="distance">
                <span>{ t.distance }</span>
                <strong aria-label={t.distance}>{ p.black - p.white }</strong>
            </p>
        </section>
    }
}
