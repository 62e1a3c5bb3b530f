//! The match reader on its own: [`read`] is [`load`] in a module split off
//! the page's WebAssembly (`split_point!`), fetched for a save to resume or
//! a file to import; the first screen does without it.

use super::save::{load, Loaded};
use crate::ai::Difficulty;
use crate::engine::Side;
use crate::record::RecordError;
use crate::GameRng;

/// The match reader's module could not be fetched: [`read`] runs in a part
/// of the page's WebAssembly fetched on first use (web/build-app.mjs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unfetched;

#[cfg(feature = "split")]
impl From<wasm_split_helpers::SplitLoaderError> for Unfetched {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        Unfetched
    }
}

split_point!(
    reader,
    /// [`load`], in a module of its own that the first screen does without:
    /// it is fetched for a save to resume or a file to import.
    ///
    /// # Errors
    /// [`Unfetched`] when that module could not be fetched; within, what
    /// [`load`] finds wrong.
    pub fn read(
        text: String,
        fallback: (Side, Difficulty),
        seed: u64,
    ) -> Result<Result<Loaded, RecordError>, Unfetched> {
        use rand::SeedableRng;
        Ok(load(&text, fallback, &mut GameRng::seed_from_u64(seed)))
    }
);
