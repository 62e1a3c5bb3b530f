//! The review on the page: the table as it was at each step (all cards face
//! up), stepped by buttons, the ← → Home End keys and a slider; the
//! computer's verdicts, analysed in the worker one decision at a time (the
//! page stays free), with progress, a stop button, and a cache in storage.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::{closure::Closure, JsCast};
use yew::platform::spawn_local;
use yew::prelude::*;

use super::graph::ChanceGraph;
use super::sharing::Sharing;
use super::{Analysis, Reviewed};
use crate::ai::advice::{Mark, Verdict};
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::seats::Seats;
use crate::ui::summary;
use crate::ui::table::hand::{Hand, OpponentHand};
use crate::ui::table::pile::Piles;
use crate::ui::table::piste::Piste;
use crate::ui::table::scores::ScoreTracks;
use crate::ui::think::{channel, ThinkReply, ThinkRequest};

#[derive(Properties, PartialEq)]
pub struct ReviewProps {
    pub reviewed: Rc<Reviewed>,
    /// The round to begin at (its deal); `None`: the first.
    #[prop_or_default]
    pub round: Option<usize>,
    pub on_close: Callback<()>,
}

pub enum AnalysisAction {
    Start,
    Verdict(usize, Verdict),
    Stop,
}

impl Reducible for Analysis {
    type Action = AnalysisAction;

    fn reduce(self: Rc<Self>, action: AnalysisAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AnalysisAction::Start => next.running = true,
            AnalysisAction::Verdict(i, v) => {
                if let Some(slot) = next.verdicts.get_mut(i) {
                    *slot = Some(v);
                }
                next.running = next.running && !next.complete();
            }
            AnalysisAction::Stop => next.running = false,
        }
        Rc::new(next)
    }
}

#[function_component]
pub fn Review(props: &ReviewProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let reviewed = props.reviewed.clone();
    let steps = use_memo(reviewed.clone(), |r| r.steps());
    let decisions = use_memo(steps.clone(), |s| reviewed.decisions(s));
    let code = use_memo(props.reviewed.clone(), |r| r.code());
    let at = use_state({
        let steps = steps.clone();
        let round = props.round;
        move || round.map_or(0, |r| Reviewed::round_start(&steps, r))
    });
    let analysis = use_reducer({
        let (code, n) = (code.clone(), decisions.len());
        move || Analysis {
            verdicts: crate::ui::history::store::analysis(&code)
                .filter(|v| v.len() == n)
                .unwrap_or_else(|| vec![None; n]),
            running: false,
        }
    });
    // Each run has a number; stopping (or leaving) ends the current one.
    let run = use_mut_ref(|| Rc::new(Cell::new(0u32)));
    {
        let run = run.borrow().clone();
        use_effect_with((), move |_| move || run.set(run.get() + 1));
    }
    let root = use_node_ref();
    {
        // Keyboard users can step at once.
        let root = root.clone();
        use_effect_with((), move |_| {
            if let Some(e) = root.cast::<web_sys::HtmlElement>() {
                let _ = e.focus();
            }
        });
    }

    let last = steps.len().saturating_sub(1);
    let go = {
        let at = at.clone();
        Callback::from(move |i: usize| at.set(i.min(last)))
    };
    let i = (*at).min(last);
    // ← → Home End step through the match wherever the focus is (a button
    // that went away leaves it on the page), except in the slider, which
    // moves by those keys itself.
    {
        let at = at.clone();
        use_effect_with(i, move |&i| {
            let on_key = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                let in_slider = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                    .is_some();
                let to = match e.key().as_str() {
                    _ if in_slider || e.alt_key() || e.ctrl_key() || e.meta_key() => return,
                    "ArrowLeft" => i.saturating_sub(1),
                    "ArrowRight" => (i + 1).min(last),
                    "Home" => 0,
                    "End" => last,
                    _ => return,
                };
                e.prevent_default();
                at.set(to);
            });
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ =
                    w.add_event_listener_with_callback("keydown", on_key.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback(
                        "keydown",
                        on_key.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    let Some(step) = steps.get(i).copied() else {
        return html! {};
    };
    let on_slider = {
        let go = go.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                go.emit(input.value().parse().unwrap_or(0));
            }
        })
    };
    let on_analyse = {
        let (analysis, decisions, code, run) = (
            analysis.clone(),
            decisions.clone(),
            code.clone(),
            run.borrow().clone(),
        );
        Callback::from(move |_| {
            let (analysis, decisions, code, run) = (
                analysis.clone(),
                decisions.clone(),
                code.clone(),
                run.clone(),
            );
            let id = run.get() + 1;
            run.set(id);
            analysis.dispatch(AnalysisAction::Start);
            let mut verdicts = analysis.verdicts.clone();
            spawn_local(async move {
                for (k, d) in decisions.iter().enumerate() {
                    if run.get() != id {
                        return;
                    }
                    if verdicts.get(k).is_some_and(Option::is_some) {
                        continue;
                    }
                    let reply = channel::ask(ThinkRequest::Judge {
                        observation: d.seen,
                        chosen: d.chosen,
                        // Reproducible: the same match gets the same verdicts.
                        seed: k as u64,
                    })
                    .await;
                    if run.get() != id {
                        return;
                    }
                    if let (Some(ThinkReply::Judge(v)), Some(slot)) = (reply, verdicts.get_mut(k)) {
                        *slot = Some(v);
                        // The cache follows every verdict: a reload keeps them.
                        let _ = crate::ui::history::store::save_analysis(&code, &verdicts);
                        analysis.dispatch(AnalysisAction::Verdict(k, v));
                    }
                }
            });
        })
    };
    let on_stop = {
        let (analysis, run) = (analysis.clone(), run.borrow().clone());
        Callback::from(move |_| {
            run.set(run.get() + 1);
            analysis.dispatch(AnalysisAction::Stop);
        })
    };

    let human = reviewed.human;
    let seats = Seats::Computer { human };
    let table = step.table;
    let p = table.public();
    let log = &reviewed.game.rounds()[step.round].actions;
    let shown = &log[..step.actions.min(log.len())];
    let words = step
        .played
        .map(|(by, a)| t.played(seats.who(by), a, step.before))
        .unwrap_or_else(|| x.review_deal(step.round + 1));
    let last_cards =
        summary::last_cards(shown).map(|(by, _, cards)| (cards, words.clone(), by == human));
    let round_total = log.len();
    // At a deal, the words say where (`review_deal`).
    let where_ =
        (step.actions > 0).then(|| x.review_step(step.round + 1, step.actions, round_total));
    let decision = decisions.iter().position(|d| d.step == i);
    let verdict = decision.and_then(|k| Some((k, analysis.verdicts.get(k).copied()??)));
    let points: Vec<(usize, f32, Option<Mark>)> = decisions
        .iter()
        .zip(&analysis.verdicts)
        .filter_map(|(d, v)| v.map(|v| (d.step, v.before, v.mark())))
        .collect();
    // First, previous, next, last: drawn (not every font has ⏮ ⏭).
    let moves = [
        (0, x.review_moves[0], "M5 3v10M13 3 7 8l6 5z"),
        (i.saturating_sub(1), x.review_moves[1], "M11 3 5 8l6 5z"),
        ((i + 1).min(last), x.review_moves[2], "M5 3l6 5-6 5z"),
        (last, x.review_moves[3], "M11 3v10M3 3l6 5-6 5z"),
    ];
    let counts = Mark::ALL.map(|m| {
        analysis
            .verdicts
            .iter()
            .flatten()
            .filter(|v| v.mark() == Some(m))
            .count()
    });

    html! {
        <main class="table review" data-moment="review" tabindex="-1" ref={root}
            aria-labelledby="review-title">
            <h2 id="review-title">{ x.review_heading }</h2>
            <p class="status" role="status" aria-live="polite">
                if let Some(w) = where_ { <span class="where">{ w }</span> }
                <span>{ &words }</span>
            </p>
            // The verdict on the decision shown, right under what it was.
            if let Some((k, v)) = verdict {
                <div class={classes!("verdict", v.mark().map(mark_class))}>
                    if let Some(m) = v.mark() { <strong>{ x.mark(m) }</strong> }
                    { for x.judged(t, &v, decisions[k].chosen, decisions[k].seen.public().pending).into_iter().map(|line| html! { <p>{ line }</p> }) }
                </div>
            }
            <div class="review-moves" role="group" aria-label={x.review_heading}>
                { for moves.iter().map(|&(to, name, path)| {
                    let go = go.clone();
                    html! {
                        <button aria-label={name} title={name} disabled={to == i}
                            onclick={Callback::from(move |_| go.emit(to))}>
                            <svg viewBox="0 0 16 16" aria-hidden="true"><path d={path} /></svg>
                        </button>
                    }
                }) }
                <input type="range" min="0" max={last.to_string()} value={i.to_string()}
                    aria-label={x.review_slider} oninput={on_slider} />
            </div>
            <ScoreTracks score={step.score} to_win={reviewed.game.rules().points_to_win} {human} />
            <section class="opponent-area">
                <span class="label">{ t.opponent_label(seats, human.opponent(), reviewed.level) }</span>
                <OpponentHand size={table.hand(human.opponent()).len()} open={Some(table.hand(human.opponent()))} />
            </section>
            <Piste position={p.position} {human} squares={Vec::<u8>::new()} opponent_target={None::<String>}
                ghost={None::<u8>} poses={crate::ui::table::fencer::Pose::after(step.played, None)} beat={i} on_target={Callback::noop()}
                explain={false} suggested={None::<u8>} />
            <Piles pile={table.pile().len()} last={last_cards} beat={i} special={p.special} pile_low={None::<String>} />
            <Hand hand={table.hand(human)} picked={Vec::new()} pickable={Vec::new()} on_pick={Callback::noop()}
                suggested={Vec::new()} />
            <section class="verdicts" aria-label={x.analyse}>
                if analysis.running {
                    <label class="progress">
                        { x.analysing(analysis.done(), decisions.len()) }
                        <progress max={decisions.len().to_string()} value={analysis.done().to_string()}></progress>
                    </label>
                    <button onclick={on_stop}>{ x.stop_analysis }</button>
                } else if !analysis.complete() && !decisions.is_empty() {
                    <button class="primary" onclick={on_analyse}>{ x.analyse }</button>
                    if analysis.done() > 0 { <p>{ x.analysing(analysis.done(), decisions.len()) }</p> }
                }
                if analysis.done() > 0 {
                    <p class="analysis-counts">{ x.analysis_done(counts) }</p>
                    <ChanceGraph {points} current={i} total={steps.len()}
                        rounds={steps.iter().enumerate().filter(|(_, s)| s.actions == 0).map(|(k, _)| k).collect::<Vec<usize>>()} label={x.graph_label} on_pick={go.clone()} />
                    <p class="marks-help">{ x.marks_help() }</p>
                }
            </section>
            <Sharing reviewed={reviewed.clone()} />
            <div class="buttons">
                <button onclick={ { let c = props.on_close.clone(); Callback::from(move |_| c.emit(())) } }>{ t.close }</button>
            </div>
        </main>
    }
}

fn mark_class(m: Mark) -> &'static str {
    match m {
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
        Mark::Blunder => "blunder",
    }
}
