//! What the puzzles keep in the browser's storage: the person's practice
//! and the puzzles made of their own mistakes. What does not read is left
//! out, or starts afresh.

use crate::puzzle::file::PuzzleRecord;
use crate::puzzle::practice::Practice;
use crate::ui::storage::{self, StorageRefused};

/// Where the person's puzzle practice is kept (rating, streak, attempts).
const PUZZLES_KEY: &str = "engarde.puzzles";

/// The person's puzzle practice; a fresh one if what is kept does not read.
pub fn puzzle_practice() -> Practice {
    super::checked(storage::get(PUZZLES_KEY).and_then(|t| serde_json::from_str(&t).ok()))
}

pub(crate) fn save_puzzle_practice(practice: &Practice) {
    if let Ok(text) = serde_json::to_string(practice) {
        let _ = storage::set(PUZZLES_KEY, &text);
    }
}

/// Where the puzzles made of the person's own mistakes are kept.
const MISTAKES_KEY: &str = "engarde.puzzles.mine";

/// The puzzles made of the person's own mistakes ("Practise this"); those
/// that do not read are left out.
pub fn mistakes() -> Vec<PuzzleRecord> {
    storage::get(MISTAKES_KEY)
        .and_then(|t| super::read_set(&t).ok())
        .unwrap_or_default()
}

pub(crate) fn save_mistakes(mistakes: &[PuzzleRecord]) -> Result<(), StorageRefused> {
    let text = serde_json::to_string(mistakes).map_err(|_| StorageRefused)?;
    storage::set(MISTAKES_KEY, &text)
}
