//! A puzzle played out: the rest of the round after its answer, and the
//! world in which a wrong action fails. Both ask the engine and the prover;
//! nothing here knows the page.

use super::{prove, Verdict};
use crate::ai::solver;
use crate::engine::{Action, Card, Hand, Observation, Round, Side};

/// The rest of the round after `answer` in `round` (the puzzle's own
/// world), `side` to act: the opponent's most stubborn defence (the reply
/// after which the round lasts longest), the solver's sure win at each of
/// its own later decisions, within `depth` decisions in all. The actions in
/// order, the answer first; after them the round is won by `side`. `None`
/// if `answer` does not win for sure within `depth`.
///
/// # Examples
/// ```
/// use engarde::puzzle::{file::PuzzleRecord, play::play_out};
/// let set: Vec<PuzzleRecord> =
///     serde_json::from_str(include_str!("../../web/puzzles.json")).unwrap();
/// let (game, side, answer) = set[0].position().unwrap();
/// let line = play_out(game.round(), side, answer, set[0].depth).unwrap();
/// let mut round = *game.round();
/// for &a in &line {
///     round.play(a).unwrap();
/// }
/// assert_eq!(round.result().unwrap().winner, Some(side));
/// ```
pub fn play_out(round: &Round, side: Side, answer: Action, depth: u8) -> Option<Vec<Action>> {
    let mut next = *round;
    next.play(answer).ok()?;
    let mut line = vec![answer];
    line.extend(rest(&next, side, depth.checked_sub(1)?)?);
    Some(line)
}

/// The actions from `state` to the round's end, as [`play_out`] plays them.
fn rest(state: &Round, side: Side, depth: u8) -> Option<Vec<Action>> {
    if let Some(result) = state.result() {
        return (result.winner == Some(side)).then(Vec::new);
    }
    let then = |action: Action, depth: u8| {
        let mut next = *state;
        next.play(action).ok()?;
        let mut line = vec![action];
        line.extend(rest(&next, side, depth)?);
        Some(line)
    };
    if state.to_act() == side {
        let action = match prove(&state.observation(side), depth) {
            Verdict::Puzzle { answer, .. } => answer,
            Verdict::ManyWins(wins) => *wins.first()?,
            Verdict::NoWin | Verdict::TooHard => return None,
        };
        return then(action, depth.checked_sub(1)?);
    }
    let replies: Vec<Vec<Action>> = state
        .legal_actions()
        .into_iter()
        .map(|reply| then(reply, depth))
        .collect::<Option<_>>()?;
    replies.into_iter().max_by_key(Vec::len)
}

/// The world a refutation names: the round `obs` sees with the opponent
/// holding `hand` and the draw pile `pile` (top first), if consistent with
/// what `obs` sees.
pub fn world(obs: &Observation, hand: Hand, pile: &[Card]) -> Option<Round> {
    let opponent = obs.side().opponent();
    solver::worlds(obs)?
        .into_iter()
        .map(|(w, _)| w)
        .find(|w| w.hand(opponent) == hand && w.pile().cards().eq(pile.iter().copied()))
}
