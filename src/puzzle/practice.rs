//! A person's practice with puzzles: their rating (Glicko-2, Glickman 2012,
//! from the `skillratings` crate), streak and recent attempts, and which
//! puzzle comes next: one near their rating, not solved yet, of the theme
//! they chose. Kept in the browser's storage by the page.

use rand::Rng;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::file::PuzzleRecord;
use super::{prove, Found, Verdict};
use crate::engine::{Match, Side};

/// How many attempts are kept.
pub const KEEP: usize = 200;
/// A puzzle's rating deviation: its starting rating is an estimate.
const PUZZLE_DEVIATION: f64 = 120.0;
/// How many puzzles nearest the person's rating the next is drawn from.
const NEAREST: usize = 8;

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub id: String,
    pub solved: bool,
    /// The person's rating after it.
    pub rating: f64,
}

/// A person's practice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Practice {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Puzzles solved in a row, and the longest such run.
    pub streak: u32,
    pub best_streak: u32,
    /// The latest attempts, oldest first (at most [`KEEP`]).
    pub attempts: Vec<Attempt>,
}

/// Above this deviation a person's rating is provisional (shown with a
/// "?"): each attempt still moves it much.
pub const PROVISIONAL: f64 = 110.0;

impl Practice {
    /// Whether the rating is still provisional ([`PROVISIONAL`]).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL
    }
}

impl Default for Practice {
    fn default() -> Self {
        let start = Glicko2Rating::new();
        Practice {
            rating: start.rating,
            deviation: start.deviation,
            volatility: start.volatility,
            streak: 0,
            best_streak: 0,
            attempts: Vec::new(),
        }
    }
}

impl Practice {
    /// The person tried puzzle `id`, rated `puzzle_rating`, and solved it or
    /// not: their rating moves (a solved hard puzzle most), the streak too.
    /// Returns the change of rating.
    pub fn record(&mut self, id: &str, puzzle_rating: u32, solved: bool) -> f64 {
        let me = Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        let puzzle = Glicko2Rating {
            rating: f64::from(puzzle_rating),
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        };
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (after, _) = glicko2(&me, &puzzle, &outcome, &Glicko2Config::new());
        let change = after.rating - self.rating;
        self.rating = after.rating;
        self.deviation = after.deviation;
        self.volatility = after.volatility;
        if solved {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.attempts.push(Attempt {
            id: id.to_string(),
            solved,
            rating: self.rating,
        });
        if self.attempts.len() > KEEP {
            self.attempts.remove(0);
        }
        change
    }

    /// Whether the person has solved puzzle `id` before.
    pub fn solved(&self, id: &str) -> bool {
        self.attempts.iter().any(|a| a.solved && a.id == id)
    }

    /// The next puzzle: of `theme` if given, not solved yet and not the last
    /// one tried, drawn from the few rated nearest the person's rating.
    pub fn next<'a, R: Rng + ?Sized>(
        &self,
        puzzles: &'a [PuzzleRecord],
        theme: Option<&str>,
        rng: &mut R,
    ) -> Option<&'a PuzzleRecord> {
        let last = self.attempts.last().map(|a| a.id.as_str());
        let mut open: Vec<&PuzzleRecord> = puzzles
            .iter()
            .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|x| x == t)))
            .filter(|p| !self.solved(&p.id) && Some(p.id.as_str()) != last)
            .collect();
        open.sort_by(|a, b| {
            let d = |p: &PuzzleRecord| (f64::from(p.rating) - self.rating).abs();
            d(a).total_cmp(&d(b)).then_with(|| a.id.cmp(&b.id))
        });
        open.truncate(NEAREST);
        if open.is_empty() {
            return None;
        }
        Some(open[rng.random_range(0..open.len())])
    }
}

/// "Practise this": the position of a person's decision in `game` (which
/// stands just before it, `side` to act) as a puzzle, when it is one.
pub fn practise(game: &Match, side: Side, depth: u8) -> Option<Found> {
    match prove(&game.observation(side), depth) {
        Verdict::Puzzle {
            answer,
            refutations,
            ends,
        } => Some(Found {
            game: game.clone(),
            side,
            answer,
            refutations,
            ends,
            depth,
        }),
        _ => None,
    }
}
