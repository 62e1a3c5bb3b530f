//! The opponent's thinking, run in a Web Worker so the page never blocks.

use serde::{Deserialize, Serialize};
use yew_agent::prelude::*;

use crate::ai::{Difficulty, Opponent};
use crate::engine::{Action, Observation};
use crate::GameRng;

/// What the worker is given: only the opponent's observation (R9, R10).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThinkRequest {
    pub observation: Observation,
    pub level: Difficulty,
    pub seed: u64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThinkReply {
    pub action: Action,
    pub iterations: u32,
    pub millis: f64,
}

/// Decides one action.
pub fn think(request: &ThinkRequest) -> ThinkReply {
    use rand::SeedableRng;
    let start = web_time::Instant::now();
    let mut rng = GameRng::seed_from_u64(request.seed);
    let mut opponent = request.level.opponent();
    let decision = opponent.decide(&request.observation, request.level.budget(), &mut rng);
    ThinkReply {
        action: decision.action,
        iterations: decision.iterations,
        millis: start.elapsed().as_secs_f64() * 1000.0,
    }
}

#[oneshot]
pub async fn Think(request: ThinkRequest) -> ThinkReply {
    think(&request)
}
