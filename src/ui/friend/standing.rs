//! Where a friend match stands for its person, its score as the board
//! says it, and what the seat sends once it owes something.

use serde::{Deserialize, Serialize};

use crate::engine::{BySide, Side};
use crate::friend::game::FriendMatch;

/// Where a match stands for the person.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Standing {
    /// The person is to play.
    Yours,
    /// The link is sent: the friend's answer is awaited.
    Theirs,
    Won,
    Lost,
    YouResigned,
    TheyResigned,
    /// The friend's page cheated: the match is void.
    Void,
    /// The person marked it abandoned: the friend stopped answering.
    Abandoned,
}

impl Standing {
    /// Its index in the catalog's list (`friend_standing`).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn is_over(self) -> bool {
        !matches!(self, Standing::Yours | Standing::Theirs)
    }
}

/// Sends what the seat owes now, if anything (tokens, its hand and round
/// value, its person's actions): the link to show is then its `last_code`. True if a
/// message was made.
pub fn settle(m: &mut FriendMatch) -> bool {
    let owes = m.must_send() && m.to_play().is_none();
    if owes {
        m.send();
    }
    owes
}

/// The last message sent is to be shown as a link, until the friend
/// answers it (never for a void or abandoned match: nothing more goes out).
pub fn link_owed(m: &FriendMatch) -> bool {
    !m.sends_next() && !m.last_code().is_empty() && m.void().is_none() && !m.is_abandoned()
}

/// The score: the audited rounds, and the round just over once its result
/// is public though its audit waits for the friend's hand and value.
pub fn score(m: &FriendMatch) -> BySide<u8> {
    let mut score = m.played().map(|p| p.score()).unwrap_or_default();
    if let Some(winner) = m.unaudited_result().and_then(|r| r.winner) {
        score[winner] += 1;
    }
    score
}

/// Who won the match, by [`score`]: a page that withholds its last hand
/// and value does not hide the win its actions made public.
pub fn winner(m: &FriendMatch) -> Option<Side> {
    let to_win = m.rules().points_to_win;
    let score = score(m);
    Side::BOTH.into_iter().find(|&s| score[s] >= to_win)
}

/// Where `m` stands for its person.
pub fn standing(m: &FriendMatch) -> Standing {
    let me = m.side();
    if m.void().is_some() {
        return Standing::Void;
    }
    if m.is_abandoned() {
        return Standing::Abandoned;
    }
    match m.resigned() {
        Some(side) if side == me => return Standing::YouResigned,
        Some(_) => return Standing::TheyResigned,
        None => {}
    }
    if let Some(winner) = winner(m) {
        return if winner == me {
            Standing::Won
        } else {
            Standing::Lost
        };
    }
    if m.choice().is_some() || m.to_play().is_some() {
        Standing::Yours
    } else {
        Standing::Theirs
    }
}
