//! The finished matches kept in the browser, and statistics over them per
//! opponent level and rules. Pure here; `view` shows them, `storage` keeps
//! them (`engarde.history`, the matches as link codes: compact).

pub(crate) mod store;
pub(crate) mod view;

use serde::{Deserialize, Serialize};

use crate::ai::Difficulty;
use crate::engine::{Match, Rules, Side};

use crate::ui::play::save::Help;

/// How many finished matches are kept; the oldest goes first.
pub const KEEP: usize = 200;

/// One finished match against the computer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The match's record as a link code ([`crate::record::link::encode`]), which also
    /// names it (two equal records are the same match).
    pub code: String,
    /// When it ended, in milliseconds since 1970 (the browser's clock).
    pub date: u64,
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
        date: u64,
    ) -> Option<Entry> {
        let code = crate::ui::play::save::link_code(game, human, level, help);
        Entry::named(code, game, human, level, help, date)
    }

    /// The entry for a finished match whose link code is `code` (the page
    /// has it made by the opponent's worker); `None` while it goes on.
    pub fn named(
        code: String,
        game: &Match,
        human: Side,
        level: Difficulty,
        help: Help,
        date: u64,
    ) -> Option<Entry> {
        let winner = game.winner()?;
        let score = game.score();
        Some(Entry {
            code,
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

/// Adds `entry` to the history's text (JSON Lines, one entry a line,
/// oldest first): once (a match already kept is not added again), dropping
/// the oldest beyond [`KEEP`]. Returns the new text and the codes dropped.
/// Text only: the page appends without reading the entries back.
pub fn append(text: &str, entry: &Entry) -> (String, Vec<String>) {
    // An entry always serializes.
    let line = serde_json::to_string(entry).unwrap_or_default();
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    if lines.iter().any(|l| code_of(l) == Some(&entry.code)) {
        return (text.to_string(), Vec::new());
    }
    lines.push(&line);
    let excess = lines.len().saturating_sub(KEEP);
    let dropped = lines
        .drain(..excess)
        .filter_map(code_of)
        .map(str::to_string)
        .collect();
    (lines.join("\n"), dropped)
}

/// A line's code (its first field), without reading the whole entry.
pub(crate) fn code_of(line: &str) -> Option<&str> {
    line.strip_prefix("{\"code\":\"")?.split('"').next()
}

/// The entries of the history's text, oldest first; a line that does not
/// read is skipped (and kept in the text).
pub fn read(text: &str) -> Vec<Entry> {
    text.lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
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
    /// Per match, in tenths (rounded down).
    pub hints_tenths: u32,
    pub takebacks_tenths: u32,
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
                    hints_tenths: 0,
                    takebacks_tenths: 0,
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
        // Running sums (in tenths), made averages below.
        s.hints_tenths = s
            .hints_tenths
            .saturating_add(e.help.hints.saturating_mul(10));
        s.takebacks_tenths = s
            .takebacks_tenths
            .saturating_add(e.help.takebacks.saturating_mul(10));
    }
    for s in &mut out {
        s.hints_tenths /= s.played;
        s.takebacks_tenths /= s.played;
    }
    out
}
