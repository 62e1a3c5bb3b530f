//! `engarde`: the native command-line referee (docs/FORMATS.md, command line).
#![forbid(unsafe_code)]

use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{CommandFactory, Parser, Subcommand};

mod bot;
mod external;
mod human;
mod play;
mod players;
mod puzzles;
mod sure_wins;
mod think_bench;
use rand::SeedableRng;
use serde_json::{json, Value};

use engarde::record::{self, write, Replay};
use engarde::{BySide, GameRng, Preset, Round, Side};

#[derive(Parser)]
#[command(
    name = "engarde",
    version,
    about = "En Garde: replay records, list legal actions, benchmark"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate and play a game record; print the result of every round as JSON.
    Replay {
        /// Add each round's states (setup, then after each action).
        #[arg(long)]
        trace: bool,
        /// The record file, or - for standard input.
        file: String,
    },
    /// Print the legal actions at the end of a record as a JSON array.
    Legal {
        /// The record file, or - for standard input.
        file: String,
    },
    /// Play matches between computer opponents, external bots or a human.
    Play(play::PlayArgs),
    /// Run one of our opponents as a bot-protocol v1 program on stdin/stdout.
    Bot {
        /// easy, medium, hard or expert.
        #[arg(long, default_value = "hard")]
        level: engarde::ai::Difficulty,
        /// Think budget per decision in milliseconds (default: the level's).
        #[arg(long, conflicts_with = "iterations")]
        budget_ms: Option<u64>,
        /// Search iterations per decision instead (no time cap: the same
        /// views and seed give the same answers).
        #[arg(long)]
        iterations: Option<u32>,
        /// Seed of its random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// The opponent's decisions on fixed positions from real matches: make the
    /// positions, or time every level on them (e2e/bench-think.mjs).
    ThinkBench(think_bench::ThinkBenchArgs),
    /// Mine, prove and rate the puzzle set (web/puzzles.json).
    Puzzles(puzzles::PuzzlesArgs),
    /// How often each level plays a sure win, natively and as a bot, at
    /// positions mined afresh (docs/OPPONENT.md).
    SureWins(sure_wins::SureWinsArgs),
    /// Measure random-playout throughput (single thread).
    Bench {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Seconds to measure each preset.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help, --version
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let _ = e.print();
            let usage = Cli::command().render_usage();
            if !e.to_string().contains("Usage:") {
                eprintln!("\n{usage}");
            }
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Replay { trace, file } => run_replay(&file, trace),
        Command::Legal { file } => run_legal(&file),
        Command::Bench { json, seconds } => bench(json, seconds),
        Command::Play(args) => play::run(args),
        Command::ThinkBench(args) => think_bench::run(&args),
        Command::Puzzles(args) => puzzles::run(&args),
        Command::SureWins(args) => sure_wins::run(&args),
        Command::Bot {
            level,
            budget_ms,
            iterations,
            seed,
        } => {
            let budget = match (budget_ms, iterations) {
                (Some(ms), _) => engarde::ai::Budget::time(Duration::from_millis(ms)),
                (None, Some(n)) => engarde::ai::Budget::iterations(n),
                (None, None) => level.budget(),
            };
            bot::run(level, budget, seed)
        }
    }
}

fn read_input(file: &str) -> Result<String, String> {
    let mut text = String::new();
    if file == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("cannot read standard input: {e}"))?;
    } else {
        text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    }
    Ok(text)
}

/// Reads and replays, or prints the `ok: false` answer.
fn load(file: &str, trace: bool) -> Result<Replay, ExitCode> {
    let fail = |round: Option<usize>, action: Option<usize>, message: String| {
        println!(
            "{}",
            json!({"ok": false, "error": {"round": round, "action": action, "message": message}})
        );
        ExitCode::from(1)
    };
    let text = read_input(file).map_err(|m| fail(None, None, m))?;
    record::replay(&text, trace).map_err(|e| fail(e.round, e.action, e.message))
}

fn run_replay(file: &str, trace: bool) -> ExitCode {
    let replay = match load(file, trace) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let game = &replay.the_match;
    let logs = game.rounds();
    let mut rounds = Vec::new();
    let mut score = BySide::default();
    for (i, log) in logs.iter().enumerate() {
        // Replay each round again from its setup to get its last state.
        let mut round = Round::set_up(&log.setup).expect("replayed setups are valid");
        for &(_, action) in &log.actions {
            round.play(action).expect("replayed actions are legal");
        }
        score = if i + 1 == logs.len() {
            game.score()
        } else {
            logs[i + 1].setup.score
        };
        let mut entry = json!({
            "result": write::result(round.result()),
            "state": write::state(&round, score),
        });
        if trace {
            entry["trace"] = Value::Array(
                replay.traces[i]
                    .iter()
                    .map(|(r, s)| write::state(r, *s))
                    .collect(),
            );
        }
        rounds.push(entry);
    }
    let winner = game.winner().map(Side::name);
    println!(
        "{}",
        json!({"ok": true, "rounds": rounds, "score": {"white": score.white, "black": score.black}, "match_winner": winner})
    );
    ExitCode::SUCCESS
}

fn run_legal(file: &str) -> ExitCode {
    match load(file, false) {
        Ok(replay) => {
            let legal = record::legal(&replay.the_match);
            println!(
                "{}",
                serde_json::to_string(&legal).expect("actions serialize")
            );
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

fn bench(as_json: bool, seconds: f64) -> ExitCode {
    let budget = Duration::from_secs_f64(seconds.max(0.05));
    let mut rows = Vec::new();
    for preset in Preset::ALL {
        let rules = preset.rules();
        let mut rng = GameRng::seed_from_u64(1);
        let start = Instant::now();
        let (mut rounds, mut actions) = (0u64, 0u64);
        while start.elapsed() < budget {
            for _ in 0..10_000 {
                let special = rules.special_cards.then_some(engarde::Special::Plain);
                let mut round =
                    Round::deal(rules, special, BySide::default(), Side::White, &mut rng);
                actions += engarde::ai::random::playout_counting(&mut round, &mut rng);
                rounds += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        rows.push(json!({
            "preset": preset.name(),
            "rounds_per_second": (rounds as f64 / secs).round() as u64,
            "actions_per_second": (actions as f64 / secs).round() as u64,
            "actions_per_round": (actions as f64 / rounds as f64 * 100.0).round() / 100.0,
        }));
    }
    let search = bench_search(budget);
    if as_json {
        println!("{}", json!({"random_playouts": rows, "search": search}));
    } else {
        println!("random playouts, one thread (deal + random legal actions to the round's end):");
        for r in &rows {
            println!(
                "  {:<9} {:>12} rounds/s {:>13} actions/s  ({} actions/round)",
                r["preset"].as_str().unwrap_or(""),
                r["rounds_per_second"],
                r["actions_per_second"],
                r["actions_per_round"]
            );
        }
        println!(
            "search (ISMCTS, informed rollouts, Advanced): {} iterations/s over {} decisions",
            search["iterations_per_second"], search["decisions"]
        );
    }
    ExitCode::SUCCESS
}

/// ISMCTS iterations per second on positions from random Advanced play.
fn bench_search(budget: Duration) -> Value {
    use engarde::ai::{Budget, Opponent};
    let mut rng = GameRng::seed_from_u64(2);
    let mut positions = Vec::new();
    while positions.len() < 64 {
        let mut round = Round::deal(
            Preset::Advanced.rules(),
            None,
            BySide::default(),
            Side::White,
            &mut rng,
        );
        while !round.is_over() {
            if round.legal_actions().len() > 1 {
                positions.push(round);
            }
            let legal = round.legal_actions();
            round
                .play(legal[rand::Rng::random_range(&mut rng, 0..legal.len())])
                .expect("legal");
        }
    }
    let mut opponent = engarde::ai::Difficulty::Hard.opponent();
    let start = Instant::now();
    let (mut iterations, mut decisions) = (0u64, 0u64);
    while start.elapsed() < budget {
        let round = positions[decisions as usize % positions.len()];
        let obs = round.observation(round.to_act());
        iterations += u64::from(
            opponent
                .decide(&obs, &[], Budget::iterations(2000), &mut rng)
                .iterations,
        );
        decisions += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    json!({"iterations_per_second": (iterations as f64 / secs).round() as u64, "decisions": decisions})
}
