//! "Analyse my decisions": the hard level's search judges each of the
//! person's decisions in the worker, one at a time (the page stays free),
//! with progress, a stop button and a cache in storage; then the counts of
//! marks and the graph of the chance.

use std::cell::Cell;
use std::rc::Rc;

use yew::platform::spawn_local;
use yew::prelude::*;

use super::graph::ChanceGraph;
use super::model::AnalysisAction;
use super::{Analysis, Decision};
use crate::ai::advice::Mark;
use crate::ui::history::store;
use crate::ui::i18n::use_extra_texts;
use crate::ui::think::{channel, ThinkReply, ThinkRequest};

/// How long a verdict may take before the analysis is given up (a worker
/// that stopped answering): a verdict takes well under a second.
const JUDGE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// The analysis of `decisions` (cached under the match's `code`), and how
/// to start and stop it. Leaving the review stops it.
#[hook]
pub(crate) fn use_analysis(
    code: Rc<String>,
    decisions: Rc<Vec<Decision>>,
) -> (UseReducerHandle<Analysis>, Callback<()>, Callback<()>) {
    let analysis = use_reducer({
        let (code, n) = (code.clone(), decisions.len());
        move || Analysis {
            verdicts: store::analysis(&code)
                .filter(|v| v.len() == n)
                .unwrap_or_else(|| vec![None; n]),
            running: false,
            late: false,
        }
    });
    // Each run has a number; stopping (or leaving) ends the current one.
    let run = use_memo((), |()| Rc::new(Cell::new(0u32)));
    {
        let run = (*run).clone();
        use_effect_with((), move |_| move || run.set(run.get() + 1));
    }
    let on_analyse = {
        let (analysis, run) = (analysis.clone(), (*run).clone());
        Callback::from(move |()| {
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
                    let request = ThinkRequest::Judge {
                        observation: d.seen,
                        chosen: d.chosen,
                        // Reproducible: the same match gets the same verdicts.
                        seed: k as u64,
                    };
                    let reply = channel::ask_within(request, JUDGE_PATIENCE).await;
                    if run.get() != id {
                        // Stopped (or left) while its verdict was on the
                        // way: dropped. Said for the end-to-end tests.
                        crate::ui::shell::note_time("__engardeAnalysisDropped", "verdict", 0.0);
                        return;
                    }
                    let (Some(ThinkReply::Judge(v)), Some(slot)) = (reply, verdicts.get_mut(k))
                    else {
                        // A verdict that does not come (in time) ends the run.
                        run.set(id + 1);
                        analysis.dispatch(AnalysisAction::Late);
                        return;
                    };
                    *slot = Some(v);
                    // The cache follows every verdict: a reload keeps them.
                    let _ = store::save_analysis(&code, &verdicts);
                    analysis.dispatch(AnalysisAction::Verdict(k, v));
                }
            });
        })
    };
    let on_stop = {
        let (analysis, run) = (analysis.clone(), (*run).clone());
        Callback::from(move |()| {
            run.set(run.get() + 1);
            analysis.dispatch(AnalysisAction::Stop);
        })
    };
    (analysis, on_analyse, on_stop)
}

#[derive(Properties, PartialEq)]
pub(crate) struct PanelProps {
    /// Whose decisions, when not the person's own: their name or side.
    pub player: Option<AttrValue>,
    pub running: bool,
    /// The last run was given up: a verdict did not come in time.
    pub late: bool,
    pub done: usize,
    pub total: usize,
    pub complete: bool,
    pub counts: [usize; 3],
    /// The graph: each judged decision's step, chance and mark; the step
    /// shown; where each round is dealt.
    pub points: Vec<(usize, f32, Option<Mark>)>,
    pub current: usize,
    pub deals: Vec<usize>,
    pub on_analyse: Callback<()>,
    pub on_stop: Callback<()>,
    pub on_pick: Callback<usize>,
}

#[function_component]
pub(crate) fn AnalysisPanel(props: &PanelProps) -> Html {
    let x = use_extra_texts();
    let (done, total) = (props.done, props.total);
    let player = props.player.as_deref();
    let analyse = x.analyse(player);
    html! {
        <section class="verdicts" aria-label={analyse.clone()}>
            if props.running {
                <label class="progress">
                    { x.analysing(done, total) }
                    <progress max={total.to_string()} value={done.to_string()}></progress>
                </label>
                <button onclick={props.on_stop.reform(|_| ())}>{ x.stop_analysis }</button>
            } else if !props.complete && total > 0 {
                <button class="primary" onclick={props.on_analyse.reform(|_| ())}>{ analyse }</button>
                if done > 0 { <p>{ x.analysing(done, total) }</p> }
            }
            if props.late && !props.running { <p role="alert">{ x.analysis_late }</p> }
            if done > 0 {
                <p class="analysis-counts">{ x.analysis_done(props.counts) }</p>
                <ChanceGraph points={props.points.clone()} current={props.current}
                    rounds={props.deals.clone()} label={x.graph_label(player)} on_pick={props.on_pick.clone()} />
                <p class="marks-help">{ x.marks_help() }</p>
            }
        </section>
    }
}
