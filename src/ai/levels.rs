//! The levels offered to people ([`Difficulty`]), each with its
//! [`Strength`]: a budget and a make-up ([`Makeup`]).
//! They differ in search budget and in human-like imperfection, never in what
//! they may see. docs/STRENGTH.md measures them; docs/EXPERT.md says how the
//! expert's make-up was found.

use std::fmt;
use std::str::FromStr;

use web_time::Duration;

use super::opponent::{Makeup, Reading, SearchOpponent};
use super::search::Budget;

/// The level a person picks: the settings' `level`, the command line's
/// `--level` and `ai:hard` (not the rules level, `engine::RulesLevel`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
    Expert,
}

/// A difficulty's strength: how long it thinks and how it plays.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Strength {
    /// Search iterations, and the wall-clock cap on them.
    pub iterations: u32,
    pub cap_ms: u64,
    pub makeup: Makeup,
}

/// Easy forgets 15% of the cards played, reads nothing, solves nothing, and
/// never walks into a loss it could see coming for certain.
const EASY: Strength = Strength {
    iterations: 600,
    cap_ms: 50,
    makeup: Makeup {
        forget: 0.15,
        safety: true,
        ..PLAIN
    },
};

/// Medium: as easy, with more iterations and a perfect memory.
const MEDIUM: Strength = Strength {
    iterations: 1_500,
    cap_ms: 80,
    makeup: Makeup {
        safety: true,
        ..PLAIN
    },
};

/// Hard reads the opponent's last action as a card counter's, plays a sure
/// win whenever one exists near the round's end, and solves exactly once
/// nothing is hidden. Its 12,000 iterations set it midway
/// between medium and expert (docs/STRENGTH.md).
const HARD: Strength = Strength {
    iterations: 12_000,
    cap_ms: 600,
    makeup: HARD_MAKEUP,
};

const HARD_MAKEUP: Makeup = Makeup::HARD;

/// Expert: sixteen times hard's iterations, more exploration, new tree nodes
/// for the replies the playout policy would pick first, playouts that favour
/// advancing (the round's end goes to the fencer farther forward, E3.4), and
/// the opponent's last action read through a model of hard's own search;
/// sure wins and exact solving as hard.
const EXPERT: Strength = Strength {
    iterations: 192_000,
    cap_ms: 3_000,
    makeup: Makeup {
        reading: Reading::Search {
            player: &HARD_MAKEUP,
            iterations: 1_000,
            noise: 0.3,
        },
        solver: true,
        sure_wins: true,
        exploration: 1.4,
        expand_by_policy: true,
        forward: 3.0,
        ..PLAIN
    },
};

/// The search with nothing added: what each level changes.
const PLAIN: Makeup = Makeup::PLAIN;

impl Difficulty {
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// The level's strength: its budget and make-up.
    pub const fn strength(self) -> &'static Strength {
        match self {
            Difficulty::Easy => &EASY,
            Difficulty::Medium => &MEDIUM,
            Difficulty::Hard => &HARD,
            Difficulty::Expert => &EXPERT,
        }
    }

    /// The level's default think budget: iterations, capped by wall-clock time.
    pub const fn budget(self) -> Budget {
        let level = self.strength();
        Budget {
            iterations: Some(level.iterations),
            time: Some(Duration::from_millis(level.cap_ms)),
        }
    }

    /// A fresh opponent of this level.
    pub fn opponent(self) -> SearchOpponent {
        SearchOpponent::new(self.strength().makeup)
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| format!("unknown level {s:?} (expected easy, medium, hard or expert)"))
    }
}
