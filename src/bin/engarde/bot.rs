//! `engarde bot`: one of our opponents as a bot-protocol v1 program.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use rand::SeedableRng;
use serde_json::{json, Value};

use engarde::ai::{Budget, Difficulty, Opponent};
use engarde::record::write;
use engarde::referee::protocol;
use engarde::GameRng;

/// Reads `act` messages from stdin and answers each with one action line.
/// Anything it cannot read is reported on stderr and answered with nothing, so
/// the referee's own timeout rules apply.
pub fn run(level: Difficulty, budget: Budget, seed: u64) -> ExitCode {
    let mut opponent = level.opponent();
    let mut rng = GameRng::seed_from_u64(seed);
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let message: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("engarde bot: not JSON: {e}");
                continue;
            }
        };
        match message.get("type").and_then(Value::as_str) {
            Some("act") => {}
            Some(_) => continue, // results and anything newer: nothing to answer
            None => {
                eprintln!("engarde bot: message without \"type\"");
                continue;
            }
        }
        let (obs, past) = match message.get("view").map(protocol::read_view) {
            Some(Ok(view)) => {
                if let Some(problem) = view.problem {
                    eprintln!("engarde bot: {problem}");
                }
                (view.observation, view.history)
            }
            Some(Err(e)) => {
                eprintln!("engarde bot: {e}");
                continue;
            }
            None => {
                eprintln!("engarde bot: act without \"view\"");
                continue;
            }
        };
        if obs.legal_actions().is_empty() {
            eprintln!("engarde bot: asked to act, but the view has nothing to do");
            continue;
        }
        let decision = opponent.decide(&obs, &past, budget, &mut rng);
        let answer = json!(write::action(None, decision.action));
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    ExitCode::SUCCESS
}
