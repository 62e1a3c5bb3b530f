//! The opponent's thinking, run in a Web Worker so the page never blocks.
//!
//! The page and the worker speak through a channel of our own
//! ([`channel`]): the page posts a [`ThinkRequest`] (its observation and no
//! more, R9, R10), the worker answers a [`ThinkReply`], both as JSON
//! ([`wire`]); the page checks the reply against the observation it asked
//! from. The page carries no agent framework.

pub mod channel;
pub mod wire;

use serde::{Deserialize, Serialize};

use crate::ai::advice::{self, Advice, Verdict};
use crate::ai::{Difficulty, Opponent};
use crate::engine::{Action, Observation, PastAction};
use crate::GameRng;

/// What the page asks the worker. Each request carries one observation
/// only, never more than its player may know (R9, R10).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) enum ThinkRequest {
    /// The computer's move at `level`.
    Move {
        observation: Observation,
        /// The actions of this round, both sides', as public as the
        /// observation (R9): what the expert level reads.
        #[serde(default)]
        past: Vec<PastAction>,
        level: Difficulty,
        seed: u64,
        /// The browser benchmark (e2e/bench-think.mjs): divide the level's
        /// time cap by this, as on a device this many times slower. The page
        /// sends 1.
        #[serde(default = "one")]
        slower: u32,
    },
    /// A hint for the person whose observation it is.
    Hint { observation: Observation, seed: u64 },
    /// The review: a verdict on `chosen`, the action taken at `observation`.
    Judge {
        observation: Observation,
        chosen: Action,
        seed: u64,
    },
}

fn one() -> u32 {
    1
}

impl ThinkRequest {
    /// The observation it is asked from (the reply's actions are its).
    pub fn observation(&self) -> &Observation {
        match self {
            ThinkRequest::Move { observation, .. }
            | ThinkRequest::Hint { observation, .. }
            | ThinkRequest::Judge { observation, .. } => observation,
        }
    }
}

/// The worker's answer, one kind per request.
#[derive(Clone, Debug, PartialEq)]
pub enum ThinkReply {
    /// The computer's action, the search's iterations and the time it took.
    Move {
        action: Action,
        iterations: u32,
        millis: f64,
    },
    /// The best actions for the person, best first, each with its reason.
    Hint(Vec<Advice>),
    /// The verdict on the action judged.
    Judge(Verdict),
}

/// Answers one request (in the worker).
pub(crate) fn think(request: &ThinkRequest) -> ThinkReply {
    use rand::SeedableRng;
    match *request {
        ThinkRequest::Move {
            ref observation,
            ref past,
            level,
            seed,
            slower,
        } => {
            let start = web_time::Instant::now();
            let mut rng = GameRng::seed_from_u64(seed);
            let mut opponent = level.opponent();
            let budget = level.budget().cap_divided(slower);
            let decision = opponent.decide(observation, past, budget, &mut rng);
            ThinkReply::Move {
                action: decision.action,
                iterations: decision.iterations,
                millis: start.elapsed().as_secs_f64() * 1000.0,
            }
        }
        ThinkRequest::Hint {
            ref observation,
            seed,
        } => {
            let mut rng = GameRng::seed_from_u64(seed);
            ThinkReply::Hint(advice::advise(observation, advice::budget(), &mut rng))
        }
        ThinkRequest::Judge {
            ref observation,
            chosen,
            seed,
        } => {
            let mut rng = GameRng::seed_from_u64(seed);
            ThinkReply::Judge(advice::judge(
                observation,
                chosen,
                advice::budget(),
                &mut rng,
            ))
        }
    }
}
