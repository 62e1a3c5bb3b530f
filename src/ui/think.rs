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

/// What the worker is given: only the opponent's observation (R9, R10).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThinkRequest {
    pub observation: Observation,
    /// The actions of this round, both sides', as public as the observation
    /// (R9): what the expert level reads.
    #[serde(default)]
    pub past: Vec<PastAction>,
    pub level: Difficulty,
    pub seed: u64,
    /// A hint for the person (whose observation it is) rather than a move.
    pub hint: bool,
    /// The review: judge this action, chosen at the observation.
    pub judge: Option<Action>,
    /// The browser benchmark (e2e/bench-think.mjs): divide the level's time
    /// cap by this, as on a device this many times slower. The page sends 1.
    #[serde(default = "one")]
    pub slower: u32,
}

fn one() -> u32 {
    1
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ThinkReply {
    pub action: Action,
    pub iterations: u32,
    pub millis: f64,
    /// For a hint: the best actions, best first (`action` is the first).
    pub advice: Vec<Advice>,
    /// For the review: the verdict on the action judged.
    pub verdict: Option<Verdict>,
}

/// Decides one action.
pub fn think(request: &ThinkRequest) -> ThinkReply {
    use rand::SeedableRng;
    let start = web_time::Instant::now();
    let mut rng = GameRng::seed_from_u64(request.seed);
    if let Some(chosen) = request.judge {
        let verdict = advice::judge(&request.observation, chosen, advice::budget(), &mut rng);
        return ThinkReply {
            action: verdict.best,
            iterations: 0,
            millis: start.elapsed().as_secs_f64() * 1000.0,
            advice: Vec::new(),
            verdict: Some(verdict),
        };
    }
    if request.hint {
        let advice = advice::advise(&request.observation, advice::budget(), &mut rng);
        return ThinkReply {
            action: advice.first().map_or(Action::Forfeit, |a| a.action),
            iterations: 0,
            millis: start.elapsed().as_secs_f64() * 1000.0,
            advice,
            verdict: None,
        };
    }
    let mut opponent = request.level.opponent();
    let budget = request.level.budget().cap_divided(request.slower);
    let decision = opponent.decide_after(&request.observation, &request.past, budget, &mut rng);
    ThinkReply {
        action: decision.action,
        iterations: decision.iterations,
        millis: start.elapsed().as_secs_f64() * 1000.0,
        advice: Vec::new(),
        verdict: None,
    }
}

#[oneshot]
pub async fn Think(request: ThinkRequest) -> ThinkReply {
    think(&request)
}
