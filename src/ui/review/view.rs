//! The review on the page: the table as it was at each step (all cards face
//! up), stepped by [`Stepper`]; the words of [`super::model`]; the
//! computer's verdicts ([`AnalysisPanel`]); sharing the match.

use std::rc::Rc;

use yew::prelude::*;

use super::analysis::{use_analysis, AnalysisPanel};
use super::model::{deals, mark_class, step_words};
use super::practise_this::PractiseThis;
use super::sharing::Sharing;
use super::stepper::Stepper;
use super::Reviewed;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::play::seats::Seats;
use crate::ui::table::fencer::Pose;
use crate::ui::table::hand::{Hand, OpponentHand};
use crate::ui::table::pile::Piles;
use crate::ui::table::piste::Piste;
use crate::ui::table::scores::ScoreTracks;

#[derive(Properties, PartialEq)]
pub(crate) struct ReviewProps {
    pub reviewed: Rc<Reviewed>,
    /// The round to begin at (its deal); `None`: the first.
    #[prop_or_default]
    pub round: Option<usize>,
    pub on_close: Callback<()>,
}

#[function_component]
pub(crate) fn Review(props: &ReviewProps) -> Html {
    let (t, x) = (use_texts(), use_extra_texts());
    let reviewed = props.reviewed.clone();
    let steps = use_memo(reviewed.clone(), |r| r.steps());
    let decisions = use_memo(steps.clone(), |s| reviewed.decisions(s));
    let code = use_memo(props.reviewed.clone(), |r| r.code());
    let at = use_state({
        let (steps, round) = (steps.clone(), props.round);
        move || round.map_or(0, |r| Reviewed::round_start(&steps, r))
    });
    let (analysis, on_analyse, on_stop) = use_analysis(code, decisions.clone());
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
    let Some(step) = steps.get(i) else {
        return html! {};
    };
    let words = step_words(t, x, &reviewed, step, i, &decisions, &analysis);
    // "Practise this": a marked mistake of the person's own near the end.
    let practise = decisions.iter().find(|d| d.step == i).filter(|d| {
        let mark = words.verdict.as_ref().and_then(|(m, _)| *m);
        reviewed.player(t).is_none() && crate::ui::puzzles::may_practise(&d.seen, mark)
    });
    let human = reviewed.human;
    let table = &step.table;
    let p = table.public();
    let them = table.hand(human.opponent());
    let names = reviewed.names();
    // Above the computer's hand it is the computer, in a shared match too.
    let opponent = match &reviewed.people {
        Some(names) => Seats::People(names),
        None => Seats::Computer { human },
    };
    html! {
        <main class="table review" data-moment="review" tabindex="-1" ref={root}
            aria-labelledby="review-title">
            <h2 id="review-title">{ x.review_heading }</h2>
            <p class="status" role="status" aria-live="polite">
                if let Some(w) = &words.place { <span class="where">{ w }</span> }
                <span>{ &words.said }</span>
            </p>
            // The verdict on the decision shown, right under what it was.
            if let Some((mark, lines)) = &words.verdict {
                <div class={classes!("verdict", mark.map(mark_class))}>
                    if let Some(m) = mark { <strong>{ x.mark(*m) }</strong> }
                    { for lines.iter().map(|line| html! { <p>{ line }</p> }) }
                    if let Some(d) = practise {
                        <PractiseThis key={i} reviewed={reviewed.clone()} at={d.at} />
                    }
                </div>
            }
            <Stepper at={i} {last} on_go={go.clone()} />
            <ScoreTracks score={step.score} to_win={reviewed.the_match.rules().points_to_win} {human} names={names.clone()} />
            <section class="opponent-area">
                <span class="label">{ t.opponent_label(opponent, human.opponent(), reviewed.level) }</span>
                <OpponentHand size={them.len()} open={Some(them)} />
            </section>
            <Piste position={p.position} {human} {names} squares={Vec::<u8>::new()} opponent_target={None::<String>}
                ghost={None::<u8>} poses={Pose::after(step.played, None)} beat={i} on_target={Callback::noop()}
                explain={false} suggested={None::<u8>} />
            <Piles pile={table.pile().len()} last={words.last.clone()} beat={i} special={p.special} pile_low={None::<String>} />
            <Hand hand={table.hand(human)} title={reviewed.player(t).map(|who| AttrValue::from(x.hand_of(who)))} picked={Vec::new()} pickable={Vec::new()} on_pick={Callback::noop()}
                suggested={Vec::new()} />
            <AnalysisPanel player={reviewed.player(t).map(AttrValue::from)} running={analysis.running} late={analysis.late} done={analysis.done()} total={decisions.len()}
                complete={analysis.complete()} counts={analysis.counts()} points={analysis.points(&decisions)}
                current={i} deals={deals(&steps)} {on_analyse} {on_stop} on_pick={go} />
            <Sharing reviewed={reviewed.clone()} />
            <div class="buttons">
                <button onclick={props.on_close.reform(|_| ())}>{ t.close }</button>
            </div>
        </main>
    }
}
