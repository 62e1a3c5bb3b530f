//! The review in words and numbers, pure: what the page shows at a step
//! (where it is, what was played, the verdict on the decision there) and the
//! analysis as a reducer. The components (`super::view`) lay it out.

use std::rc::Rc;

use yew::Reducible;

use super::{Analysis, Decision, ReviewStep, Reviewed};
use crate::ai::advice::{reason, Mark, Verdict};
use crate::engine::Card;
use crate::ui::i18n::{ExtraTexts, Texts};
use crate::ui::play::summary;

/// A change of the analysis.
pub enum AnalysisAction {
    Start,
    /// The verdict on decision `k`.
    Verdict(usize, Verdict),
    Stop,
    /// The worker did not judge within its time: stopped, and said.
    Late,
}

impl Reducible for Analysis {
    type Action = AnalysisAction;

    fn reduce(self: Rc<Self>, action: AnalysisAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AnalysisAction::Start => {
                next.running = true;
                next.late = false;
            }
            AnalysisAction::Verdict(i, v) => {
                if let Some(slot) = next.verdicts.get_mut(i) {
                    *slot = Some(v);
                }
                next.running = next.running && !next.complete();
            }
            AnalysisAction::Stop => next.running = false,
            AnalysisAction::Late => {
                next.running = false;
                next.late = true;
            }
        }
        Rc::new(next)
    }
}

impl Analysis {
    /// The verdicts' points for the graph: each judged decision's step, the
    /// chance before it, its mark.
    pub fn points(&self, decisions: &[Decision]) -> Vec<(usize, f32, Option<Mark>)> {
        decisions
            .iter()
            .zip(&self.verdicts)
            .filter_map(|(d, v)| v.map(|v| (d.step, v.before, v.mark())))
            .collect()
    }

    /// How many decisions earned each mark.
    pub fn counts(&self) -> [usize; 3] {
        Mark::ALL.map(|m| {
            self.verdicts
                .iter()
                .flatten()
                .filter(|v| v.mark() == Some(m))
                .count()
        })
    }
}

/// What the review says at one step.
#[derive(Clone, Debug, PartialEq)]
pub struct StepWords {
    /// Where in the round (none at a deal, which `said` names).
    pub place: Option<String>,
    /// What was just played, or the deal.
    pub said: String,
    /// The cards last played, those words, and whether the person played them.
    pub last: Option<(Vec<Card>, String, bool)>,
    /// The decision there and its verdict, if judged: its mark and lines.
    pub verdict: Option<(Option<Mark>, Vec<String>)>,
}

/// The words at step `step` (number `i`) of `reviewed`.
pub fn step_words(
    t: &Texts,
    x: &ExtraTexts,
    reviewed: &Reviewed,
    step: &ReviewStep,
    i: usize,
    decisions: &[Decision],
    analysis: &Analysis,
) -> StepWords {
    let human = reviewed.human;
    let seats = reviewed.seats();
    let log = &reviewed.the_match.rounds()[step.round].actions;
    let shown = &log[..step.actions.min(log.len())];
    let said = step
        .played
        .map(|(by, a)| t.played(seats.who(by), a, step.before))
        .unwrap_or_else(|| x.review_deal(step.round + 1));
    let last = summary::last_cards(shown).map(|(by, _, cards)| (cards, said.clone(), by == human));
    let place = (step.actions > 0).then(|| x.review_step(step.round + 1, step.actions, log.len()));
    let verdict = decisions.iter().position(|d| d.step == i).and_then(|k| {
        let v = analysis.verdicts.get(k).copied()??;
        let d = &decisions[k];
        let player = reviewed.player(t);
        let mut lines = x.judged(t, &v, d.chosen, d.seen.public().pending, player);
        // Why the better action: what it gains, in the hint's words (said
        // to the person: their own match only).
        if v.best != d.chosen && player.is_none() {
            lines.push(t.advice_reason(reason(&d.seen, v.best), v.before));
        }
        Some((v.mark(), lines))
    });
    StepWords {
        place,
        said,
        last,
        verdict,
    }
}

/// The steps where a round is dealt.
pub fn deals(steps: &[ReviewStep]) -> Vec<usize> {
    steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.actions == 0)
        .map(|(k, _)| k)
        .collect()
}

/// The chance graph's height, in SVG units (drawn 1:1 on a touch screen).
pub const GRAPH_HEIGHT: i32 = 150;
/// Room on the left for the chance's axis ("100%").
pub const GRAPH_AXIS: i32 = 48;
/// Room above the line for the rounds' numbers, and below it.
const GRAPH_TOP: i32 = 22;
const GRAPH_BOTTOM: i32 = 10;
/// The narrowest column on a touch screen: a finger's width (44 CSS px; the
/// graph is never drawn smaller than 1:1).
pub const GRAPH_COLUMN: i32 = 44;
/// The narrowest column for a mouse.
pub const GRAPH_COLUMN_FINE: i32 = 16;
/// The graph fills this width when its columns need no more.
const GRAPH_MIN_WIDTH: i32 = 800;

/// One judged decision in the graph: a column the whole height of the
/// graph (what a finger hits), its point at the chance before it.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphColumn {
    /// The step that shows the decision.
    pub step: usize,
    /// The column's left edge and width, and its point.
    pub left: i32,
    pub width: i32,
    pub x: i32,
    pub y: i32,
    pub chance: f32,
    pub mark: Option<Mark>,
    /// The step shown is this decision's.
    pub current: bool,
}

/// The chance graph's geometry, in SVG units: one column per judged
/// decision, at least [`GRAPH_COLUMN`] wide, the chance as height; a line
/// and its number where each round begins.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphLayout {
    pub width: i32,
    pub columns: Vec<GraphColumn>,
    /// Where a round's first column begins, and the round's number.
    pub rounds: Vec<(i32, usize)>,
}

impl GraphLayout {
    /// The height of `chance` (0 to 1) in the graph.
    pub fn y(chance: f32) -> i32 {
        let span = (GRAPH_HEIGHT - GRAPH_TOP - GRAPH_BOTTOM) as f32;
        GRAPH_TOP + ((1.0 - chance.clamp(0.0, 1.0)) * span).round() as i32
    }

    /// Lays out `points` (each judged decision's step, chance before it and
    /// mark), the rounds dealt at the steps `deals`, and the step `current`,
    /// each column at least `narrowest` wide.
    pub fn of(
        points: &[(usize, f32, Option<Mark>)],
        deals: &[usize],
        current: usize,
        narrowest: i32,
    ) -> Self {
        let n = points.len().max(1) as i32;
        let column = narrowest.max((GRAPH_MIN_WIDTH - GRAPH_AXIS) / n);
        let round_of = |step: usize| deals.iter().filter(|&&d| d <= step).count();
        let mut rounds: Vec<(i32, usize)> = Vec::new();
        let columns = points
            .iter()
            .enumerate()
            .map(|(i, &(step, chance, mark))| {
                let left = GRAPH_AXIS + i as i32 * column;
                let round = round_of(step);
                if rounds.last().is_none_or(|&(_, r)| r != round) {
                    rounds.push((left, round));
                }
                GraphColumn {
                    step,
                    left,
                    width: column,
                    x: left + column / 2,
                    y: Self::y(chance),
                    chance,
                    mark,
                    current: step == current,
                }
            })
            .collect();
        GraphLayout {
            width: GRAPH_AXIS + n * column,
            columns,
            rounds,
        }
    }
}

/// A mark's class name.
pub(crate) fn mark_class(m: Mark) -> &'static str {
    match m {
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
        Mark::Blunder => "blunder",
    }
}
