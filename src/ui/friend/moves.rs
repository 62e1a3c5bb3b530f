//! What the person does on a friend match's board, made and kept: a card
//! played or a pick (S4), a resignation, the match marked abandoned. The
//! board only asks for it; the screens make it on the match held
//! ([`super::screen::make_move`]) and hear what came of it
//! ([`super::state::FriendsAction::Moved`]).

use super::arrival::Problem;
use super::standing::settle;
use super::store;
use super::tools::Confirm;
use crate::engine::Action;
use crate::friend::game::FriendMatch;

/// A move of the person's on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Play(Action),
    /// What the bar asked, confirmed.
    Confirmed(Confirm),
}

/// Makes `mv` on `m`, then sends what the seat owes and keeps the match.
/// Not kept (another tab took the match further, or storage refused), `m`
/// becomes the match as stored, so that no link goes out that its journal
/// does not hold.
///
/// # Errors
/// The move's refusal (`m` unchanged), or why the match was not kept
/// ([`store::keep_changed`]).
pub fn make(m: &mut FriendMatch, mv: Move) -> Result<(), Problem> {
    match mv {
        Move::Play(a) => m.play(a).map_err(Problem::from)?,
        Move::Confirmed(Confirm::Resign) => m.resign(),
        Move::Confirmed(Confirm::Abandon) => m.abandon().map_err(Problem::from)?,
    }
    settle(m);
    store::keep_changed(m)
}
