//! `engarde puzzles`: mines the puzzle set (src/puzzle) from matches between
//! hard players in every edition, proves each, rates it by which levels find
//! its answer, and writes it as JSON (web/puzzles.json).

use std::process::ExitCode;

use clap::Args;
use rand::SeedableRng;
use serde_json::json;

use engarde::ai::{Budget, Difficulty, Opponent};
use engarde::puzzle::file::PuzzleRecord;
use engarde::puzzle::{mine, Mined};
use engarde::{GameRng, Preset};

#[derive(Args)]
pub struct PuzzlesArgs {
    /// Puzzles per edition (Basic, Standard, Advanced, Duel) to find at
    /// least: matches are played ten at a time until then.
    #[arg(long, default_value_t = 80)]
    at_least: usize,
    /// The most matches per edition.
    #[arg(long, default_value_t = 400)]
    matches: u32,
    /// Seed of the matches.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The players' search iterations.
    #[arg(long, default_value_t = 4_000)]
    iterations: u32,
    /// The solver's decisions a proof may plan.
    #[arg(long, default_value_t = 2)]
    depth: u8,
    /// Where to write the puzzles (JSON).
    #[arg(long, default_value = "web/puzzles.json")]
    out: String,
}

pub fn run(args: &PuzzlesArgs) -> ExitCode {
    let start = std::time::Instant::now();
    let mut puzzles = Vec::new();
    let mut report = Vec::new();
    for (e, preset) in Preset::ALL.into_iter().enumerate() {
        let mut found = Vec::new();
        let mut mined = Mined::default();
        let mut played = 0;
        while found.len() < args.at_least && played < args.matches {
            let batch = 10.min(args.matches - played);
            let seed = args.seed.wrapping_mul(1_000_003) ^ (e as u64) << 32 ^ u64::from(played);
            let more = mine(
                preset.rules(),
                batch,
                seed,
                args.iterations,
                args.depth,
                |f| found.push(f),
            );
            played += batch;
            mined.examined += more.examined;
            mined.puzzles += more.puzzles;
            mined.no_win += more.no_win;
            mined.many_wins += more.many_wins;
            mined.too_hard += more.too_hard;
            mined.repeated += more.repeated;
        }
        for (i, f) in found.iter().enumerate() {
            let obs = f.game.observation(f.side);
            let past = f.game.round_history();
            let found_by: Vec<String> = Difficulty::ALL
                .into_iter()
                .filter(|level| {
                    let mut rng = GameRng::seed_from_u64(i as u64);
                    let budget = Budget::iterations(level.strength().iterations);
                    level
                        .opponent()
                        .decide(&obs, &past, budget, &mut rng)
                        .action
                        == f.answer
                })
                .map(|level| level.name().to_string())
                .collect();
            let id = format!("{}-{}", preset.name(), i + 1);
            puzzles.push(PuzzleRecord::of(id, f, found_by, Difficulty::ALL.len()));
        }
        report.push(
            json!({"rules": preset.name(), "matches": played, "examined": mined.examined,
            "puzzles": mined.puzzles, "no_win": mined.no_win, "many_wins": mined.many_wins,
            "too_hard": mined.too_hard, "repeated": mined.repeated}),
        );
    }
    let text = match serde_json::to_string(&puzzles) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("engarde puzzles: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::write(&args.out, text + "\n") {
        eprintln!("engarde puzzles: cannot write {}: {e}", args.out);
        return ExitCode::FAILURE;
    }
    println!(
        "{}",
        json!({"puzzles": puzzles.len(), "seconds": start.elapsed().as_secs_f64().round(),
            "editions": report, "out": args.out})
    );
    ExitCode::SUCCESS
}
