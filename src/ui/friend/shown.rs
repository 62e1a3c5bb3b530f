//! What the table of a friend match shows: the round in play as this seat
//! sees it, the last round at its end, or the bare piste before the deal.

use rand::SeedableRng;

use crate::engine::{Round, Side};
use crate::friend::game::FriendMatch;
use crate::GameRng;

/// The person's table: their hand and the public state, the friend's hand
/// stood in for by unseen cards (only their number shows; the page never
/// holds the friend's cards).
///
/// After the person's action, while the cards they drew wait for the
/// friend's answer, the table stays: the position after that action, the
/// hand short of the cards to come.
pub fn table(m: &FriendMatch) -> Option<Round> {
    let obs = m.observation().or_else(|| m.observation_so_far())?;
    Some(obs.sample(&mut GameRng::seed_from_u64(0)))
}

/// What the board's table shows of a match, whenever it is open.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The round in play as this seat sees it ([`table`]).
    Playing(Round),
    /// The last audited round at its end: between rounds, and the final
    /// position once the match is over.
    Ended(Round),
    /// Before round 1's deal: the fencers on their starting squares (R3),
    /// no card dealt yet.
    Bare,
}

/// What the table shows now: the round in play, else the last round's end,
/// else the piste before the first deal.
pub fn shown(m: &FriendMatch) -> Shown {
    if let Some(at) = table(m) {
        return Shown::Playing(at);
    }
    match last_round(m) {
        Some((end, _)) => Shown::Ended(end),
        None => Shown::Bare,
    }
}

/// The last audited round at its end, with its actions (to tell how it
/// ended while the next one has not begun).
pub fn last_round(m: &FriendMatch) -> Option<(Round, Vec<(Side, crate::engine::Action)>)> {
    let log = m.played()?.rounds().last()?;
    let mut round = Round::set_up(&log.setup).ok()?;
    for &(_, a) in &log.actions {
        round.play(a).ok()?;
    }
    Some((round, log.actions.clone()))
}
