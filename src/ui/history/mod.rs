//! The finished matches kept in the browser, and statistics over them per
//! opponent level and rules. Pure here; `view` shows them, `storage` keeps
//! them (`engarde.history`, the matches as link codes: compact).

pub mod view;

use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::engine::{Match, Rules, Side};
use crate::record::link;

use super::save::Help;

/// How many finished matches are kept; the oldest goes first.
pub const KEEP: usize = 200;

/// One finished match against the computer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The match's record as a link code ([`link::encode`]), which also
    /// names it (two equal records are the same match).
    pub code: String,
    /// When it ended, in milliseconds since 1970 (the browser's clock).
    pub date: f64,
    pub rules: Rules,
    pub level: Difficulty,
    pub human: Side,
    pub won: bool,
    /// The final score: the person's, the computer's.
    pub score: (u8, u8),
    pub help: Help,
}

impl Entry {
    /// The entry for a finished match; `None` while it goes on.
    pub fn of(
        game: &Match,
        human: Side,
        level: Difficulty,
        help: Help,
        date: f64,
    ) -> Option<Entry> {
        let winner = game.winner()?;
        let score = game.score();
        Some(Entry {
            code: code(game, human, level, help),
            date,
            rules: game.rules(),
            level,
            human,
            won: winner == human,
            score: (score[human], score[human.opponent()]),
            help,
        })
    }
}

/// The link code of a match with its seats and the help used.
pub fn code(game: &Match, human: Side, level: Difficulty, help: Help) -> String {
    link::encode(&super::save::record(game, human, level, help))
}

/// Adds `entry` (once: a match already kept is not added again), dropping
/// the oldest beyond [`KEEP`]. Returns the codes dropped.
pub fn add(list: &mut Vec<Entry>, entry: Entry) -> Vec<String> {
    if list.iter().any(|e| e.code == entry.code) {
        return Vec::new();
    }
    list.push(entry);
    let excess = list.len().saturating_sub(KEEP);
    list.drain(..excess).map(|e| e.code).collect()
}

/// Statistics of the matches against one level under one set of rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub level: Difficulty,
    pub rules: Rules,
    pub played: u32,
    pub won: u32,
    pub lost: u32,
    /// Matches won in a row up to the latest.
    pub streak: u32,
    pub best_streak: u32,
    /// Per match.
    pub hints: f32,
    pub takebacks: f32,
}

/// Statistics per level and rules, in the order first played.
pub fn stats(list: &[Entry]) -> Vec<Stats> {
    let mut out: Vec<Stats> = Vec::new();
    for e in list {
        let i = match out
            .iter()
            .position(|s| s.level == e.level && s.rules == e.rules)
        {
            Some(i) => i,
            None => {
                out.push(Stats {
                    level: e.level,
                    rules: e.rules,
                    played: 0,
                    won: 0,
                    lost: 0,
                    streak: 0,
                    best_streak: 0,
                    hints: 0.0,
                    takebacks: 0.0,
                });
                out.len() - 1
            }
        };
        let s = &mut out[i];
        s.played += 1;
        if e.won {
            s.won += 1;
            s.streak += 1;
            s.best_streak = s.best_streak.max(s.streak);
        } else {
            s.lost += 1;
            s.streak = 0;
        }
        // Running sums, made averages below.
        s.hints += e.help.hints as f32;
        s.takebacks += e.help.takebacks as f32;
    }
    for s in &mut out {
        s.hints /= s.played as f32;
        s.takebacks /= s.played as f32;
    }
    out
}
