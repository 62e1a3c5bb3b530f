//! `engarde think-bench`: the opponent's decisions on a fixed set of positions
//! from real matches, natively; `e2e/bench-think.mjs` runs the same positions
//! in the page's worker and puts both side by side (docs/STRENGTH.md).

use std::process::ExitCode;

use clap::Args;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use serde_json::json;
use web_time::Instant;

use engarde::ai::{Difficulty, Opponent};
use engarde::referee::arena::{play_match, AiSeat, Player};
use engarde::{BySide, GameRng, Match, Observation, PastAction, Preset, Side};

#[derive(Args)]
pub struct ThinkBenchArgs {
    /// Make the positions instead: play Advanced matches of each level
    /// against itself and keep this many of its decisions that search.
    #[arg(long, value_name = "N")]
    make: Option<usize>,
    /// The positions file (read, or written with --make).
    #[arg(long, default_value = "bench/positions.json")]
    positions: String,
    /// Divide every level's time cap by this (a device this many times slower).
    #[arg(long, default_value_t = 1)]
    slower: u32,
}

/// One position: a decision of `level` in a real match, as it saw it.
#[derive(Serialize, Deserialize)]
struct Position {
    level: Difficulty,
    observation: Observation,
    /// The actions of this round before it, both sides' (public, R9).
    past: Vec<PastAction>,
}

#[derive(Serialize, Deserialize)]
struct Positions {
    about: String,
    positions: Vec<Position>,
}

pub fn run(args: &ThinkBenchArgs) -> ExitCode {
    let done = match args.make {
        Some(n) => make(n, &args.positions),
        None => measure(&args.positions, args.slower),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("engarde think-bench: {e}");
            ExitCode::from(1)
        }
    }
}

/// A seat that keeps what its side saw at every decision that searched.
struct Recorder {
    seat: AiSeat<dyn Opponent + Send>,
    seen: Vec<(Observation, Vec<PastAction>)>,
}

impl Player for Recorder {
    fn act(
        &mut self,
        game: &Match,
        side: Side,
        rng: &mut GameRng,
    ) -> Result<engarde::Action, String> {
        let action = self.seat.act(game, side, rng)?;
        if self.seat.last_iterations() > 0 {
            self.seen
                .push((game.observation(side), game.round_history()));
        }
        Ok(action)
    }

    fn last_iterations(&self) -> u32 {
        self.seat.last_iterations()
    }
}

fn make(per_level: usize, path: &str) -> Result<(), String> {
    let mut positions = Vec::new();
    for level in Difficulty::ALL {
        let mut kept = Vec::new();
        let mut seed = 0u64;
        while kept.len() < per_level {
            let seat = || Recorder {
                seat: AiSeat::new(Box::new(level.opponent()), level.budget()),
                seen: Vec::new(),
            };
            let (mut white, mut black) = (seat(), seat());
            let mut rng = GameRng::seed_from_u64(seed);
            let seats: BySide<&mut dyn Player> = BySide::new(&mut white, &mut black);
            play_match(Preset::Advanced.rules(), seats, Side::White, &mut rng);
            // Every third decision, so that positions come from several matches.
            for obs in white.seen.into_iter().chain(black.seen).step_by(3) {
                if kept.len() < per_level {
                    kept.push(obs);
                }
            }
            seed += 1;
        }
        positions.extend(kept.into_iter().map(|(observation, past)| Position {
            level,
            observation,
            past,
        }));
    }
    let file = Positions {
        about: format!(
            "engarde think-bench --make {per_level}: decisions that searched, every third, \
             from Advanced matches of each level against itself (seeds 0, 1, ...)"
        ),
        positions,
    };
    let text = serde_json::to_string(&file).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {path}: {e}"))
}

/// Prints, for every position, the level, its iteration budget, the iterations
/// searched and the think time in milliseconds, as a JSON array.
fn measure(path: &str, slower: u32) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let file: Positions =
        serde_json::from_str(&text).map_err(|e| format!("{path} is no positions file: {e}"))?;
    let mut rows = Vec::new();
    for (i, p) in file.positions.iter().enumerate() {
        let budget = p.level.budget().cap_divided(slower);
        let mut rng = GameRng::seed_from_u64(i as u64);
        let start = Instant::now();
        let decision = p
            .level
            .opponent()
            .decide(&p.observation, &p.past, budget, &mut rng);
        let millis = start.elapsed().as_secs_f64() * 1000.0;
        rows.push(json!({
            "level": p.level,
            "budget": budget.iterations,
            "iterations": decision.iterations,
            "millis": millis,
        }));
    }
    println!("{}", serde_json::Value::Array(rows));
    Ok(())
}
