//! The opponent's thinking, run in a Web Worker so the page never blocks.

use serde::{Deserialize, Serialize};
use yew_agent::prelude::*;

use crate::ai::advice::{self, Advice, Verdict};
use crate::ai::{Difficulty, Opponent};
use crate::engine::{Action, Observation, PastAction};
use crate::GameRng;

/// How the page and the worker pass messages: as JSON text. The page has
/// serde_json already (records); yew-agent's default, bincode, would add
/// its own code to the first load for messages of a few hundred bytes.
pub struct Json;

impl yew_agent::Codec for Json {
    fn encode<I: Serialize>(input: I) -> wasm_bindgen::JsValue {
        // Our messages hold no maps with non-text keys: they always encode.
        wasm_bindgen::JsValue::from_str(&serde_json::to_string(&input).unwrap_or_default())
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: wasm_bindgen::JsValue) -> O {
        let text = input.as_string().unwrap_or_default();
        match serde_json::from_str(&text) {
            Ok(message) => message,
            // Both ends are this build: a message that does not read is a bug.
            Err(_) => wasm_bindgen::throw_str("a worker message did not read"),
        }
    }
}

/// What the page asks the worker. Each request carries one observation
/// only, never more than its player may know (R9, R10).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ThinkRequest {
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

/// The worker's answer, one kind per request.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ThinkReply {
    /// The computer's action, the search's iterations and the time it took.
    Move {
        action: Action,
        iterations: u32,
        millis: f64,
    },
    /// The best actions for the person, best first.
    Hint(Vec<Advice>),
    /// The verdict on the action judged.
    Judge(Verdict),
}

/// Answers one request.
pub fn think(request: &ThinkRequest) -> ThinkReply {
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

#[oneshot]
pub async fn Think(request: ThinkRequest) -> ThinkReply {
    think(&request)
}

/// The worker script's address, absolute, so the app works under any sub-path.
pub(crate) fn worker_path() -> String {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_else(|| "/".into());
    let base = match base.rfind('/') {
        Some(i) => base[..=i].to_string(),
        None => "/".into(),
    };
    format!("{base}worker.js")
}
