//! The chance to win the round at each of the person's decisions across the
//! match, as an SVG line; a point clicked jumps to that decision.

use yew::prelude::*;

use crate::ai::advice::Mark;
use crate::ui::i18n::use_extra_texts;

const WIDTH: i32 = 800;
const HEIGHT: i32 = 120;

#[derive(Properties, PartialEq)]
pub(crate) struct GraphProps {
    /// Each analysed decision: the step showing it, the chance before it,
    /// its mark.
    pub points: Vec<(usize, f32, Option<Mark>)>,
    /// The step shown, and how many there are (the x axis).
    pub current: usize,
    pub total: usize,
    /// The steps where rounds begin (their deals), drawn as thin lines.
    pub rounds: Vec<usize>,
    pub label: String,
    pub on_pick: Callback<usize>,
}

#[function_component]
pub(crate) fn ChanceGraph(props: &GraphProps) -> Html {
    let x = use_extra_texts();
    // Whole SVG units: no float formatting.
    let span = props.total.saturating_sub(1).max(1) as i32;
    let at_x = |step: usize| 8 + step as i32 * (WIDTH - 16) / span;
    let y = |chance: f32| 8 + ((1.0 - chance) * (HEIGHT - 16) as f32).round() as i32;
    let line: Vec<String> = props
        .points
        .iter()
        .map(|&(s, c, _)| format!("{},{}", at_x(s), y(c)))
        .collect();
    html! {
        <svg class="chance-graph" viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="group" aria-label={props.label.clone()}>
            <title>{ &props.label }</title>
            <line class="even" x1="0" x2={WIDTH.to_string()} y1={y(0.5).to_string()} y2={y(0.5).to_string()} />
            { for props.rounds.iter().map(|&r| html! {
                <line class="round" x1={at_x(r).to_string()} x2={at_x(r).to_string()} y1="0" y2={HEIGHT.to_string()} />
            }) }
            <line class="now" x1={at_x(props.current).to_string()} x2={at_x(props.current).to_string()} y1="0" y2={HEIGHT.to_string()} />
            <polyline points={line.join(" ")} />
            { for props.points.iter().enumerate().map(|(n, &(step, chance, mark))| {
                let pick = props.on_pick.clone();
                let class = match mark {
                    Some(Mark::Blunder) => "blunder",
                    Some(Mark::Mistake) => "mistake",
                    Some(Mark::Inaccuracy) => "inaccuracy",
                    None => "fine",
                };
                let said = x.graph_point(n + 1, chance);
                let on_key = {
                    let pick = pick.clone();
                    Callback::from(move |e: KeyboardEvent| {
                        if e.key() == "Enter" || e.key() == " " {
                            e.prevent_default();
                            pick.emit(step);
                        }
                    })
                };
                // Each point is a button, by mouse and by keyboard.
                html! {
                    <circle class={class} cx={at_x(step).to_string()} cy={y(chance).to_string()}
                        r={if mark.is_some() { "6" } else { "4" }} role="button" tabindex="0"
                        aria-label={said.clone()} onkeydown={on_key}
                        onclick={Callback::from(move |_| pick.emit(step))}>
                        <title>{ said }</title>
                    </circle>
                }
            }) }
        </svg>
    }
}
