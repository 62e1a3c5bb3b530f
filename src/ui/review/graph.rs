//! The chance to win the round at each of the person's decisions across the
//! match, as an SVG line with its axis (the chance, the rounds) and legend
//! (the marks); each decision is a column a finger can hit, that jumps to
//! it. The geometry is [`GraphLayout`]'s; the graph is never drawn smaller
//! than 1:1 (it scrolls sideways instead).

use yew::prelude::*;

use super::model::{
    mark_class, GraphLayout, GRAPH_AXIS, GRAPH_COLUMN, GRAPH_COLUMN_FINE, GRAPH_HEIGHT,
};
use crate::ai::advice::Mark;
use crate::ui::i18n::use_extra_texts;

#[derive(Properties, PartialEq)]
pub(crate) struct GraphProps {
    /// Each analysed decision: the step showing it, the chance before it,
    /// its mark.
    pub points: Vec<(usize, f32, Option<Mark>)>,
    /// The step shown.
    pub current: usize,
    /// The steps where rounds begin (their deals).
    pub rounds: Vec<usize>,
    pub label: String,
    pub on_pick: Callback<usize>,
}

/// The narrowest column here: a finger's width on a touch screen.
fn narrowest() -> i32 {
    let touch = web_sys::window()
        .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|m| m.matches());
    if touch {
        GRAPH_COLUMN
    } else {
        GRAPH_COLUMN_FINE
    }
}

#[function_component]
pub(crate) fn ChanceGraph(props: &GraphProps) -> Html {
    let x = use_extra_texts();
    let layout = GraphLayout::of(&props.points, &props.rounds, props.current, narrowest());
    let (width, height) = (layout.width, GRAPH_HEIGHT);
    let line: Vec<String> = layout
        .columns
        .iter()
        .map(|c| format!("{},{}", c.x, c.y))
        .collect();
    let ticks = [1.0_f32, 0.5, 0.0].map(|chance| {
        let y = GraphLayout::y(chance).to_string();
        html! {
            <>
            <line class={if chance == 0.5 { "even" } else { "tick" }} x1={GRAPH_AXIS.to_string()}
                x2={width.to_string()} y1={y.clone()} y2={y.clone()} />
            <text class="axis" x={(GRAPH_AXIS - 6).to_string()} {y} dy="4" text-anchor="end">
                { x.graph_percent(chance) }
            </text>
            </>
        }
    });
    let rounds = layout.rounds.iter().map(|&(left, round)| {
        html! {
            <>
            <line class="round" x1={left.to_string()} x2={left.to_string()} y1="0" y2={height.to_string()} />
            <text class="axis" x={(left + 4).to_string()} y="15">{ round }</text>
            </>
        }
    });
    let columns = layout.columns.iter().enumerate().map(|(n, c)| {
        let step = c.step;
        let pick = props.on_pick.clone();
        let said = x.graph_point(n + 1, c.chance, c.mark);
        let on_key = {
            let pick = pick.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    pick.emit(step);
                }
            })
        };
        // The whole column is the button, by finger, mouse and keyboard.
        html! {
            <g class={classes!("point", c.mark.map_or("fine", mark_class), c.current.then_some("now"))}
                role="button" tabindex="0" aria-label={said.clone()} aria-current={c.current.then_some("step")}
                onkeydown={on_key} onclick={Callback::from(move |_| pick.emit(step))}>
                <title>{ said }</title>
                <rect class="hit" x={c.left.to_string()} y="0" width={c.width.to_string()} height={height.to_string()} />
                <circle cx={c.x.to_string()} cy={c.y.to_string()} r={if c.mark.is_some() { "7" } else { "5" }} />
            </g>
        }
    });
    let legend = Mark::ALL
        .into_iter()
        .map(|m| (mark_class(m), x.mark(m)))
        .chain([("fine", x.graph_unmarked)]);
    html! {
        <figure class="graph">
            <div class="graph-frame">
                <svg class="chance-graph" viewBox={format!("0 0 {width} {height}")}
                    style={format!("--graph-width: {width}px")} role="group" aria-label={props.label.clone()}>
                    <title>{ &props.label }</title>
                    { for ticks }
                    { for rounds }
                    <polyline points={line.join(" ")} />
                    { for columns }
                </svg>
            </div>
            <figcaption>
                <ul class="graph-legend">
                    { for legend.map(|(class, name)| html! {
                        <li><span class={classes!("dot", class)}></span>{ name }</li>
                    }) }
                </ul>
                <p class="graph-axes">{ x.graph_axes }</p>
            </figcaption>
        </figure>
    }
}
