//! A match's line in the list, each friend's results, and what the page
//! keeps of a match (its journal and its line).

use serde::{Deserialize, Serialize};

use super::standing::{score, standing, Standing};
use crate::friend::game::{FriendMatch, Journal};

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

/// The list's line for `m`.
pub fn summary(m: &FriendMatch) -> Summary {
    let me = m.side();
    let score = score(m);
    Summary {
        id: m.id().to_string(),
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
    /// Taken from a backup file: this seat must be the only copy in play
    /// (two copies answering different moves could open a card it drew).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub restored: bool,
    /// A match of a retired construction: what its replay gave, kept by
    /// the version before (no code replays such matches now).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replayed: Option<Replayed>,
}

/// What a retired match's replay gave the version before: its record as
/// far as its rounds were audited (none before the first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replayed {
    pub record: Option<String>,
}

impl Kept {
    pub fn of(m: &FriendMatch) -> Kept {
        Kept {
            summary: summary(m),
            journal: m.journal().clone(),
            restored: false,
            replayed: None,
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
