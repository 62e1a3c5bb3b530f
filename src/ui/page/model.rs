//! The table in words and values, from the match alone: what the live
//! region says, what is asked, what each side did, the round's summary, the
//! action bar's text and offers. Plain Rust, tested natively (tests/ui);
//! the components only lay it out.

use crate::engine::{Action, Card, Reason, Side};
use crate::ui::i18n::Texts;
use crate::ui::match_state::GameState;
use crate::ui::play::prompt::Prompt;
use crate::ui::play::seats::Seats;
use crate::ui::play::summary;

use super::page_state::Reveal;

impl GameState {
    /// Who plays this match, as sentences name them.
    pub fn seats(&self) -> Seats<'_> {
        Seats::of(self.people.as_ref(), self.human)
    }
}

/// Where the page stands, for tests and styles (`data-moment` on the table),
/// in no language: `turn`, `defend`, `pick`, `wait`, `pass` (two people:
/// the privacy screen), `round-over`, `match-over`.
pub fn moment_name(state: &GameState) -> &'static str {
    let game = &state.the_match;
    if game.is_over() {
        return "match-over";
    }
    if state.privacy && !game.round().is_over() {
        return "pass";
    }
    match Prompt::of(game.round(), state.human) {
        None => "round-over",
        Some(Prompt::Wait) => "wait",
        Some(Prompt::Pick) => "pick",
        Some(Prompt::Defend { .. }) => "defend",
        Some(Prompt::Turn { .. }) => "turn",
    }
}

/// The live region: the end of the match or round; between two people's
/// turns whom to pass the device to; else what happened since the person
/// last acted and what is asked of them, or that the other side thinks.
pub fn status(t: &Texts, state: &GameState) -> String {
    let (game, seats) = (&state.the_match, state.seats());
    let round = game.round();
    let actions = state.actions();
    if let Some(w) = game.winner() {
        return t.match_end(seats, w, game.score());
    }
    if let Some(r) = round.result() {
        return t.round_end(seats, game.round_number(), r.winner, game.score());
    }
    if state.privacy {
        return t.about(t.pass_to, seats.who(round.to_act()));
    }
    let mut said = if state.taken_back && state.human_to_act() {
        vec![t.taken_back.to_string()]
    } else if state.human_to_act() {
        t.did_since(seats, actions, state.human)
    } else {
        actions
            .len()
            .checked_sub(1)
            .map(|i| t.played_at(seats, actions, i))
            .into_iter()
            .collect()
    };
    match Prompt::of(round, state.human).filter(|_| state.human_to_act()) {
        // Two people: the one asked is named (either may be looking).
        Some(asked) if seats.people() => {
            said.push(t.asked_of(seats.who(round.to_act()), &t.prompt(asked)));
        }
        Some(asked) => said.push(t.prompt(asked)),
        None => said.push(t.thinking.into()),
    }
    said.join(" ")
}

/// The round's log, every action in words.
pub fn log(t: &Texts, state: &GameState) -> Vec<String> {
    let actions = state.actions();
    (0..actions.len())
        .map(|i| t.played_at(state.seats(), actions, i))
        .collect()
}

/// How the earlier rounds ended.
pub fn past(t: &Texts, state: &GameState) -> Vec<String> {
    summary::results(&state.the_match)
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.map(|r| t.past_round(state.seats(), i + 1, r.winner, r.reason)))
        .collect()
}

/// The last action in words (beside the cards it played).
pub(crate) fn last_words(t: &Texts, state: &GameState) -> String {
    let actions = state.actions();
    actions
        .len()
        .checked_sub(1)
        .map(|i| t.played_at(state.seats(), actions, i))
        .unwrap_or_default()
}

/// A finished round: its heading, its last steps and why it ended, and at
/// the end of the match a word for the winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundOver {
    pub heading: String,
    pub lines: Vec<String>,
    pub verdict: Option<String>,
    pub match_over: bool,
}

pub fn round_over(t: &Texts, state: &GameState) -> Option<RoundOver> {
    let (game, seats) = (&state.the_match, state.seats());
    let round = game.round();
    round.result()?;
    let actions = state.actions();
    let story = summary::story(round, actions);
    let mut lines: Vec<String> = story
        .as_ref()
        .map(|s| {
            summary::final_steps(actions.len(), s)
                .map(|i| t.played_at(seats, actions, i))
                .collect()
        })
        .unwrap_or_default();
    lines.extend(story.as_ref().map(|s| t.story(seats, s)));
    Some(RoundOver {
        heading: t.round_heading(game.round_number()),
        lines,
        verdict: game.winner().map(|w| t.verdict(seats, w)),
        match_over: game.is_over(),
    })
}

/// The action bar's one sentence: why a pick was refused, what the picked
/// cards can do, or, when this answer ends the round, that it does.
pub fn bar_text(t: &Texts, state: &GameState) -> Option<String> {
    if !state.human_to_act() {
        return None;
    }
    let round = state.the_match.round();
    match &state.why_not {
        Some(refused) => Some(t.refused_pick(refused)),
        None => t
            .hint(state.selection, round)
            .or_else(|| round.public().final_answer.then(|| t.final_answer.into())),
    }
}

/// The actions the picked cards make, each with its control's name.
pub fn offered(t: &Texts, state: &GameState) -> Vec<(Action, String)> {
    if !state.human_to_act() {
        return vec![];
    }
    let round = state.the_match.round();
    let pending = round.public().pending;
    state
        .selection
        .actions(round)
        .into_iter()
        .map(|a| (a, t.action(a, pending)))
        .collect()
}

/// The hint shown now: each suggested action with its name, its chance and
/// its reason in words, best first.
pub fn advice(t: &Texts, state: &GameState) -> Vec<(Action, String, String, String)> {
    let pending = state.the_match.round().public().pending;
    state
        .advice_now()
        .filter(|_| state.human_to_act())
        .map(|list| {
            list.iter()
                .map(|a| {
                    let name = t.action(a.action, pending);
                    (
                        a.action,
                        name,
                        t.chance(a.chance),
                        t.advice_reason(a.reason, a.chance),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// What the picked cards can reach on the piste: the squares, and the
/// opponent's fencer as a target (named by the action it plays).
pub fn targets(t: &Texts, state: &GameState) -> (Vec<u8>, Option<String>) {
    if !state.human_to_act() {
        return (vec![], None);
    }
    let round = state.the_match.round();
    let opponent = state
        .selection
        .at_opponent(round)
        .map(|a| t.target_opponent(a, round.public().pending));
    (state.selection.squares(round), opponent)
}

/// The cards in the person's hand that can be picked now.
pub fn pickable(state: &GameState) -> Vec<Card> {
    if !state.human_to_act() {
        return vec![];
    }
    state.selection.pickable(state.the_match.round())
}

/// Whether "Take back" is offered: against the computer (between two
/// people it would undo the other's move too), once the person has decided,
/// until the match is over.
pub fn can_take_back(state: &GameState) -> bool {
    state.people.is_none() && state.previous_decision().is_some() && !state.the_match.is_over()
}

/// The side hit in the round's last action, if it ended by a hit.
pub fn hit(state: &GameState) -> Option<Side> {
    state
        .the_match
        .round()
        .result()
        .filter(|r| r.reason == Reason::Hit)
        .and_then(|r| r.winner.map(Side::opponent))
}

/// The question before a match in progress's record goes out (it shows
/// hidden cards), and its yes: the people's form between two people.
pub fn reveal_question(t: &Texts, what: Reveal, people: bool) -> (&'static str, &'static str) {
    let form = usize::from(people);
    match what {
        Reveal::Export => (t.export_warning[form], t.export_anyway),
        Reveal::Copy => (t.copy_warning[form], t.copy_anyway),
    }
}
