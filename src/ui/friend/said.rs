//! What a match with a friend says on its status line, pure: who the lot
//! drew to start round 1, what the friend did since the person's last
//! action (or the person's own move while the answer is awaited, or how
//! the last round ended), where the live
//! connection stands, and what is awaited (or the friend's message being
//! checked) — said once: a link to send says
//! so itself, so "waiting" and "send" are never both said.

use super::live::frame::Presence;
use super::shown::last_round;
use super::standing::{score, winner, Standing};
use crate::engine::BySide;
use crate::friend::game::FriendMatch;
use crate::ui::i18n::{ExtraTexts, Texts};
use crate::ui::play::seats::Seats;
use crate::ui::play::summary::story;

/// What the board shows besides the match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub standing: Standing,
    pub presence: Presence,
    /// "No direct connection" is to be said (once, until the person acts).
    pub no_route: bool,
    /// A link to send is shown.
    pub link: bool,
    /// A table is shown (none at a round's deal, until the cards come).
    pub table: bool,
    /// A message of the friend's is being checked (its proofs).
    pub checking: bool,
}

/// The status line's sentences for `m` at `at`.
pub fn lines(t: &Texts, x: &ExtraTexts, m: &FriendMatch, at: Moment) -> Vec<String> {
    let names = m.names().clone();
    lines_named(t, x, m, at, &names)
}

/// As [`lines`], the players called by `names` (the friend's name known
/// from the match before, until they accept: [`super::names_shown`]).
pub fn lines_named(
    t: &Texts,
    x: &ExtraTexts,
    m: &FriendMatch,
    at: Moment,
    names: &BySide<String>,
) -> Vec<String> {
    let me = m.side();
    let seats = Seats::People(names);
    let actions = m.actions().to_vec();
    let mut said: Vec<String> = Vec::new();
    // Round 1's starter, drawn by lot (R7): said until the person acts.
    let first = m.played().is_none() && !actions.iter().any(|&(by, _)| by == me);
    if let Some(start) = m.round_start().filter(|_| first && !at.standing.is_over()) {
        let starter = start.starter();
        said.push(x.friend_drawn_starter(starter == me, &names[starter]));
    }
    if actions.is_empty() {
        if let Some((end, line)) = last_round(m) {
            if let Some(s) = story(&end, &line) {
                said.push(x.friend_last_round(&t.story(seats, &s)));
            }
        }
    } else if actions.last().is_some_and(|&(by, _)| by == me) {
        // The person's own move, shown while the friend's answer is
        // awaited: told to them ("You advance 3.").
        said.extend(t.did_since(Seats::Computer { human: me }, &actions, me.opponent()));
    } else {
        said.extend(t.did_since(seats, &actions, me));
    }
    let friend = &names[me.opponent()];
    // Before the friend accepts, the link's own words say it all.
    let accepted = !m.names()[me.opponent()].is_empty() || m.played().is_some();
    // Where the connection stands ("no direct connection": said once).
    said.extend(match (at.standing.is_over(), at.no_route) {
        (true, _) => None,
        (false, true) => x.friend_presence(Presence::NoRoute, friend),
        (false, false) if at.presence == Presence::NoRoute => None,
        (false, false) => x.friend_presence(at.presence, friend),
    });
    // What is awaited (at the deal, with why there is no table yet).
    said.extend(match at.standing {
        _ if at.checking => Some(x.friend_checking_from(friend)),
        Standing::Theirs if !accepted => None,
        Standing::Theirs if !at.table && at.link => Some(x.friend_dealing.to_string()),
        Standing::Theirs if at.link => None,
        Standing::Theirs if at.presence == Presence::Preparing => None,
        Standing::Yours => Some(x.friend_your_move.to_string()),
        Standing::Theirs if at.presence == Presence::Here => {
            Some(x.friend_live_waiting_for(friend))
        }
        Standing::Theirs => Some(x.friend_waiting_for(friend)),
        Standing::Won | Standing::Lost => {
            winner(m).map(|w| x.friend_match_end(t, names, me, w, score(m)))
        }
        Standing::Void => m.void().map(|c| x.friend_void_said(c).to_string()),
        Standing::Abandoned => Some(x.friend_abandoned.to_string()),
        over => Some(x.friend_standing[over.index()].to_string()),
    });
    // The last round's result stands; its audit waits for the friend's key.
    if m.unaudited_result().is_some() && matches!(at.standing, Standing::Won | Standing::Lost) {
        said.push(x.friend_unaudited_by(friend));
    }
    said
}
