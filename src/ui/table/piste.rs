//! The piste (R3, R11): 23 squares, the centre mark, both fencers and the
//! distance. Squares a picked card can reach are buttons ("Square 9"); the
//! fencers are figures that step, lunge and parry ([`super::fencer`]).

use yew::prelude::*;

use crate::engine::{BySide, Side};

use super::fencer::{Figure, Pose};
use crate::ui::i18n::use_texts;
use crate::ui::play::seats::Seats;
use crate::ui::play::selection::Target;

#[derive(Properties, PartialEq)]
pub struct PisteProps {
    pub position: BySide<u8>,
    pub human: Side,
    /// Squares a click can go to now.
    pub squares: Vec<u8>,
    /// Whether the opponent's fencer is a target (attack, lunge, parry).
    pub opponent_target: Option<String>,
    /// Where the person's fencer would stand: during a lunge, or where the
    /// action under the pointer or focus leads.
    pub ghost: Option<u8>,
    /// What each fencer is doing now (the last action, or a hit).
    #[prop_or_default]
    pub poses: BySide<Pose>,
    /// Counts actions, so that the same pose twice in a row moves again.
    #[prop_or_default]
    pub beat: usize,
    /// Cards are picked: a tap on another square or on the opponent says
    /// why it is no target.
    pub explain: bool,
    /// The square a hint suggests moving to (outlined).
    #[prop_or_default]
    pub suggested: Option<u8>,
    pub on_target: Callback<Target>,
    /// Two people on one device: their names, for the fencers' labels.
    #[prop_or_default]
    pub names: Option<BySide<String>>,
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
        if props.squares.contains(&sq) {
            let on_target = props.on_target.clone();
            let onclick = Callback::from(move |_| on_target.emit(Target::Square(sq)));
            html! {
                <li class={classes!(class, "target")}>
                    <button class="square-button" aria-label={label} {onclick}>{ sq }</button>
                </li>
            }
        } else {
            html! {
                <li {class} aria-label={label} data-square={sq.to_string()}>
                    <span class="number" aria-hidden="true">{ sq }</span>
                </li>
            }
        }
    });
    // While cards are picked, a tap on a square that is no target says why:
    // the piste as a whole takes the tap (a square alone is too small a
    // target for a thumb, WCAG 2.5.8), and finds the square tapped.
    let on_piste = props.explain.then(|| {
        let on_target = props.on_target.clone();
        Callback::from(move |e: MouseEvent| {
            let square = e
                .target_dyn_into::<web_sys::Element>()
                .and_then(|el| el.closest("li[data-square]").ok().flatten())
                .and_then(|li| li.get_attribute("data-square"))
                .and_then(|v| v.parse::<u8>().ok());
            if let Some(sq) = square {
                on_target.emit(Target::Square(sq));
            }
        })
    });
    let fencer = |side: Side| {
        let mine = side == props.human;
        let label = t.fencer(Seats::of(props.names.as_ref(), props.human), side, p[side]);
        let target = match (&props.opponent_target, mine) {
            (Some(name), false) => Some(name.clone()),
            _ => None,
        };
        let explain = !mine && props.explain && target.is_none();
        html! {
            <Figure {side} square={p[side]} pose={props.poses[side]} beat={props.beat}
                {label} {target} {explain} on_target={props.on_target.clone()} />
        }
    };
    let ghost = props.ghost.map(|sq| {
        let side = props.human;
        let style = format!("--square: {sq}");
        html! {
            <div class={classes!("fencer", "ghost", side.name())} {style} aria-hidden="true">
                { super::fencer::drawing(side) }
            </div>
        }
    });
    html! {
        <section class="piste-area">
            <div class="piste-frame">
                // Focusable by a tap only (tabindex -1): after a tap on a square
                // that is no target, the table's keys (Escape) still work.
                <ol class={classes!("piste", props.explain.then_some("explains"))} aria-label={t.piste}
                    tabindex="-1" onclick={on_piste}>{ for squares }</ol>
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
