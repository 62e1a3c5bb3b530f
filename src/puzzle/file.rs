//! The puzzle set as data (`web/puzzles.json`): each puzzle the match up to
//! its position (as a share link's code, [`crate::record::link`]), the
//! solver's side, the answer, and the proof's refutations, with a starting
//! rating and themes.

use serde::{Deserialize, Serialize};

use super::{Found, Theme};
use crate::engine::{Action, Match, Side};
use crate::record::format::ActionRecord;
use crate::record::{link, parse, write};

/// One puzzle as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    pub id: String,
    /// The preset's name, or "custom".
    pub rules: String,
    /// The match up to the position, as a share link's code.
    pub code: String,
    /// The side the person plays.
    pub side: String,
    pub answer: ActionRecord,
    /// The proof's depth: the solver's decisions in the winning plan.
    pub depth: u8,
    /// The legal actions at the position.
    pub legal: usize,
    pub themes: Vec<String>,
    /// Why the answer wins.
    pub explanation: super::Explanation,
    /// The levels whose search finds the answer with their budget.
    pub found_by: Vec<String>,
    /// The starting rating (Glicko-2 scale, 1500 the middle).
    pub rating: u32,
    /// For each other action, a world in which it does not win for sure.
    pub refutations: Vec<RefutationRecord>,
}

/// Why a wrong action fails: the hidden cards of one world (the opponent's
/// hand, the draw pile top first) and the opponent's replies in it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RefutationRecord {
    pub action: ActionRecord,
    pub opponent_hand: Vec<u8>,
    pub pile: Vec<u8>,
    pub replies: Vec<ActionRecord>,
}

/// The rating a puzzle starts at: harder when fewer levels find its answer
/// and when more actions are open.
pub fn starting_rating(found_by: usize, levels: usize, legal: usize) -> u32 {
    let missed = levels.saturating_sub(found_by) as u32;
    1100 + 150 * missed + 15 * legal.saturating_sub(2).min(20) as u32
}

impl PuzzleRecord {
    /// A found puzzle as stored; `found_by` the levels that find its answer.
    pub fn of(id: String, found: &Found, found_by: Vec<String>, levels: usize) -> PuzzleRecord {
        let obs = found.game.observation(found.side);
        let legal = obs.legal_actions().len();
        let rules = crate::engine::Preset::ALL
            .into_iter()
            .find(|p| p.rules() == found.game.rules())
            .map_or("custom".to_string(), |p| p.name().to_string());
        let cards = |h: crate::engine::Hand| h.cards().map(|c| c.value()).collect();
        PuzzleRecord {
            id,
            rules,
            code: link::encode(&write::record(&found.game)),
            side: found.side.name().to_string(),
            answer: write::action(None, found.answer),
            depth: found.depth,
            legal,
            themes: Theme::of(&obs, found.answer)
                .iter()
                .map(|t| t.name().to_string())
                .collect(),
            explanation: super::Explanation::of(&obs, found.answer, &found.ends),
            rating: starting_rating(found_by.len(), levels, legal),
            found_by,
            refutations: found
                .refutations
                .iter()
                .map(|r| RefutationRecord {
                    action: write::action(None, r.action),
                    opponent_hand: cards(r.world.hand(found.side.opponent())),
                    pile: r.world.pile().cards().map(|c| c.value()).collect(),
                    replies: r.replies.iter().map(|&a| write::action(None, a)).collect(),
                })
                .collect(),
        }
    }

    /// The match at the puzzle's position, the solver's side and the answer.
    ///
    /// # Errors
    /// What is wrong with the stored puzzle.
    pub fn position(&self) -> Result<(Match, Side, Action), String> {
        let text = link::decode(&self.code).map_err(|e| format!("{}: {e}", self.id))?;
        let replay =
            crate::record::replay(&text, false).map_err(|e| format!("{}: {e}", self.id))?;
        let side = parse::side(&self.side).map_err(|e| format!("{}: {e}", self.id))?;
        let (_, answer) = parse::action(&self.answer).map_err(|e| format!("{}: {e}", self.id))?;
        Ok((replay.the_match, side, answer))
    }
}
