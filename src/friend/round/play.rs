//! What one side has of a round apart from its deck: the start, the
//! positions and cards it holds and has seen opened, and the actions.

use serde::{Deserialize, Serialize};

use crate::engine::{Action, Hand, PublicState, Side};

/// One side's round as plain data (a snapshot keeps it as it is).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Play {
    /// The round's public start at the deal.
    pub(super) start: PublicState,
    pub(super) me: Side,
    /// The positions this side holds, in the order it got them, with the
    /// card index once opened.
    pub(super) mine: Vec<(usize, Option<u8>)>,
    /// Under Open hands (S7), the other side's positions and cards too.
    pub(super) open: Vec<(usize, Option<u8>)>,
    /// The other side's hand as it showed it when its hand ended the round
    /// (no answer, I6; no legal action, E2).
    pub(super) shown: Option<Hand>,
    pub(super) actions: Vec<(Side, Action)>,
    /// The other side resigned in this round.
    pub(super) given_up: bool,
    /// This side's positions whose cards it played.
    pub(super) spent: Vec<usize>,
    /// The other side's positions whose cards it played, opened by its
    /// tokens as they came.
    pub(super) their_played: Vec<usize>,
}

impl Play {
    /// A round dealt as `start`, nothing held, opened or played yet.
    pub(super) fn new(start: PublicState, me: Side) -> Play {
        Play {
            start,
            me,
            mine: Vec::new(),
            open: Vec::new(),
            shown: None,
            actions: Vec::new(),
            given_up: false,
            spent: Vec::new(),
            their_played: Vec::new(),
        }
    }
}
