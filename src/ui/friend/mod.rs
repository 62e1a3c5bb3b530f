//! Play a friend on another device (issue 33): the page's side of
//! [`crate::friend::game`]. Each match is kept under its own key with what
//! rebuilds it (its [`Journal`]) and a summary for the list; a link that
//! comes in (`#f=…`) is an invitation, the next message of a kept match, or
//! for a match this browser does not hold. The logic is here, natively
//! tested; the components beside it only show it.

pub(crate) mod board;
pub(crate) mod forms;
pub(crate) mod link;
pub(crate) mod list;
pub mod live;
pub mod said;
pub mod store;
pub(crate) mod view;
mod words;

use rand::SeedableRng;
use serde::{Deserialize, Serialize};

use crate::engine::{BySide, Round, Rules, Side};
use crate::friend::game::{self, Cheat, FriendError, FriendMatch, Journal};
use crate::friend::wire::{ChainError, WireError};
use crate::GameRng;

/// The fragment's prefix before a friend match's message.
pub const PREFIX: &str = "#f=";

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

/// A match as the list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The match's id, in hex (its key in storage).
    pub id: String,
    pub friend: String,
    /// The person's points and the friend's.
    pub score: (u8, u8),
    pub standing: Standing,
    /// When it last changed (milliseconds since 1970; none in lines kept
    /// before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<u64>,
}

/// A friend's results over the matches kept here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Results {
    pub friend: String,
    pub won: usize,
    pub lost: usize,
    /// When a match with them last changed.
    pub last: Option<u64>,
}

/// Each friend's results (by the name they gave), the latest played first.
/// A void or abandoned match counts neither way.
pub fn results(kept: &[Summary]) -> Vec<Results> {
    let mut all: Vec<Results> = Vec::new();
    for s in kept {
        let friend = s.friend.trim();
        if friend.is_empty() {
            continue;
        }
        let at = match all.iter().position(|r| r.friend == friend) {
            Some(at) => at,
            None => {
                all.push(Results {
                    friend: friend.to_string(),
                    won: 0,
                    lost: 0,
                    last: None,
                });
                all.len() - 1
            }
        };
        let r = &mut all[at];
        match s.standing {
            Standing::Won | Standing::TheyResigned => r.won += 1,
            Standing::Lost | Standing::YouResigned => r.lost += 1,
            _ => {}
        }
        r.last = r.last.max(s.last);
    }
    all.sort_by(|a, b| b.last.cmp(&a.last).then_with(|| a.friend.cmp(&b.friend)));
    all
}

/// A match's id as its key writes it.
pub fn hex(id: [u8; 8]) -> String {
    id.iter().map(|b| format!("{b:02x}")).collect()
}

/// Sends what the seat owes now, if anything (a share, a lock, its
/// person's actions): the link to show is then its `last_code`. True if a
/// message was made.
pub fn settle(m: &mut FriendMatch) -> bool {
    let owes = m.must_send() && m.to_play().is_none();
    if owes {
        m.send();
    }
    owes
}

/// The score: the audited rounds, and the round just over once its result
/// is public though its audit waits for the friend's lock.
pub fn score(m: &mut FriendMatch) -> BySide<u8> {
    let mut score = m.played().map(|p| p.score()).unwrap_or_default();
    if let Some(winner) = m.unaudited_result().and_then(|r| r.winner) {
        score[winner] += 1;
    }
    score
}

/// Who won the match, by [`score`]: a page that withholds its last lock
/// does not hide the win its actions made public.
pub fn winner(m: &mut FriendMatch) -> Option<Side> {
    let to_win = m.rules().points_to_win;
    let score = score(m);
    Side::BOTH.into_iter().find(|&s| score[s] >= to_win)
}

/// Where `m` stands for its person.
pub fn standing(m: &mut FriendMatch) -> Standing {
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

/// The list's line for `m`.
pub fn summary(m: &mut FriendMatch) -> Summary {
    let me = m.side();
    let score = score(m);
    Summary {
        id: hex(m.id()),
        friend: m.names()[me.opponent()].clone(),
        score: (score[me], score[me.opponent()]),
        standing: standing(m),
        last: None,
    }
}

/// A kept match: what rebuilds it, and its line in the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub journal: Journal,
    pub summary: Summary,
}

impl Kept {
    pub fn of(m: &mut FriendMatch) -> Kept {
        Kept {
            summary: summary(m),
            journal: m.journal().clone(),
        }
    }

    /// Whether `stored` (what storage holds for the same match) went where
    /// this did not: another tab or window took steps this one never saw,
    /// and writing this over it would lose them.
    pub fn behind(&self, stored: &Kept) -> bool {
        let (mine, theirs) = (&self.journal, &stored.journal);
        !(mine.seed == theirs.seed
            && mine.begun == theirs.begun
            && mine.steps.starts_with(&theirs.steps))
    }
}

/// What a link that came in is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incoming {
    /// An invitation: its rules and who invites.
    Invitation { rules: Rules, host: String },
    /// The next message of the kept match with this id (or a wrong one:
    /// the match says what is wrong when it receives it).
    Continues(String),
    /// A message of a match this browser does not hold.
    NotHeld,
    /// No message at all.
    Broken(Problem),
}

/// What the link `code` is, given the ids of the matches kept here.
pub fn incoming(code: &str, held: &[String]) -> Incoming {
    let id = match game::match_of(code) {
        Ok(id) => hex(id),
        Err(e) => return Incoming::Broken(Problem::from(e)),
    };
    if held.contains(&id) {
        return Incoming::Continues(id);
    }
    match FriendMatch::read_invitation(code) {
        Ok((rules, host)) => Incoming::Invitation { rules, host },
        Err(FriendError::Unexpected) => Incoming::NotHeld,
        Err(e) => Incoming::Broken(Problem::from(e)),
    }
}

/// Why a link, a kept match or a backup does not go on, as the page says
/// it; nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Damaged,
    /// Made by a newer version of the page.
    Version,
    Old,
    Own,
    Ahead,
    Forked,
    NotHeld,
    Misfit,
    Kept,
    Over,
    /// The friend's page cheated: the match is void.
    Void(Cheat),
    /// Not signed by the friend's page: changed, or made by someone else.
    Forged,
    StorageRefused,
    BackupUnreadable,
    /// The match moved on in another tab or window: this one is behind.
    ElsewhereAhead,
}

impl From<WireError> for Problem {
    fn from(e: WireError) -> Problem {
        match e {
            WireError::Version(_) => Problem::Version,
            _ => Problem::Damaged,
        }
    }
}

impl From<FriendError> for Problem {
    fn from(e: FriendError) -> Problem {
        match e {
            FriendError::Wire(e) => e.into(),
            FriendError::Chain(ChainError::Old) => Problem::Old,
            FriendError::Chain(ChainError::OwnMessage) => Problem::Own,
            FriendError::Chain(ChainError::Ahead) => Problem::Ahead,
            FriendError::Chain(ChainError::Forked) => Problem::Forked,
            FriendError::Chain(ChainError::OtherMatch) => Problem::NotHeld,
            // (`receive` makes every cheat it finds a void match.)
            FriendError::Void(cheat) => Problem::Void(cheat),
            FriendError::Signature => Problem::Forged,
            FriendError::Kept => Problem::Kept,
            FriendError::Over => Problem::Over,
            FriendError::Audit(_)
            | FriendError::Round(_)
            | FriendError::Unexpected
            | FriendError::Rules
            | FriendError::Commitment
            | FriendError::NotYourTurn => Problem::Misfit,
        }
    }
}

/// The person's table: their hand and the public state, the friend's hand
/// stood in for by unseen cards (only their number shows; the page never
/// holds the friend's cards).
///
/// After the person's action, while the cards they drew wait for the
/// friend's answer, the table stays: the position after that action, the
/// hand short of the cards to come.
pub fn table(m: &mut FriendMatch) -> Option<Round> {
    let obs = m.observation().or_else(|| m.observation_so_far())?;
    Some(obs.sample(&mut GameRng::seed_from_u64(0)))
}

/// The rules an invitation offers: the edition's, to `points`.
pub fn rules_of(preset: crate::engine::Preset, points: u8) -> Rules {
    Rules {
        points_to_win: points.clamp(1, 9),
        ..preset.rules()
    }
}

/// The edition of `rules`, whatever its points to win.
pub fn preset_of(rules: Rules) -> Option<crate::engine::Preset> {
    crate::engine::Preset::ALL.into_iter().find(|p| {
        Rules {
            points_to_win: rules.points_to_win,
            ..p.rules()
        } == rules
    })
}

/// The finished match with both names (as a save records two people), for
/// its record and its review: every card, as the audits found them.
fn seated(m: &FriendMatch) -> Option<crate::ui::play::save::Seated<'_>> {
    Some(crate::ui::play::save::Seated {
        the_match: m.played()?,
        human: m.side(),
        level: crate::ai::Difficulty::Medium,
        help: crate::ui::play::save::Help::default(),
        people: Some(m.names()),
    })
}

/// The match's record (JSON), once it is over.
pub fn record_text(m: &FriendMatch) -> Option<String> {
    seated(m).filter(|_| m.is_over()).map(|s| s.text())
}

/// The match's share-link code for its review, once it is over.
pub fn review_code(m: &FriendMatch) -> Option<String> {
    seated(m).filter(|_| m.is_over()).map(|s| s.code())
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
