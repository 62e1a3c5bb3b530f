//! `engarde sure-wins`: how often each level plays a sure win where one
//! exists. Mines positions near a round's end from matches between hard
//! players (another seed than the shipped puzzles', which use 1), keeps
//! those where the check ([`engarde::ai::sure`], at the puzzles' node limit)
//! proves at least one action wins for sure, then asks every level to
//! decide there natively and through `engarde bot` with v1 views. Also
//! times the opponent's own check at every position examined.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, ExitCode, Stdio};

use clap::Args;
use rand::SeedableRng;
use serde_json::{json, Value};

use engarde::ai::{sure, Budget, Difficulty, Opponent};
use engarde::record::write;
use engarde::referee::protocol;
use engarde::{Action, GameRng, Match, Preset, Side};

#[derive(Args)]
pub struct SureWinsArgs {
    /// Matches per edition.
    #[arg(long, default_value_t = 30)]
    matches: u32,
    /// Seed of the matches (the shipped puzzles were mined with 1).
    #[arg(long, default_value_t = 2)]
    seed: u64,
    /// The hard players' search iterations.
    #[arg(long, default_value_t = 4_000)]
    iterations: u32,
}

/// A position with at least one sure win.
struct Proven {
    game: Match,
    side: Side,
    wins: Vec<Action>,
}

pub fn run(args: &SureWinsArgs) -> ExitCode {
    let start = std::time::Instant::now();
    let (proven, mut check_ms) = mine(args);
    let mut levels = Vec::new();
    for level in Difficulty::ALL {
        let native = native_share(level, &proven);
        let bot = match bot_share(level, &proven) {
            Ok(n) => n,
            Err(e) => {
                eprintln!("engarde sure-wins: {e}");
                return ExitCode::FAILURE;
            }
        };
        levels.push(json!({"level": level.name(), "native": native, "bot": bot}));
    }
    check_ms.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let i = ((check_ms.len() as f64 - 1.0) * q).round() as usize;
        check_ms
            .get(i)
            .map_or(0.0, |ms| (ms * 1000.0).round() / 1000.0)
    };
    println!(
        "{}",
        json!({
            "seed": args.seed,
            "matches_per_edition": args.matches,
            "positions": proven.len(),
            "several_sure_wins": proven.iter().filter(|p| p.wins.len() > 1).count(),
            "played": levels,
            "check": {"positions": check_ms.len(), "p50_ms": at(0.5), "p95_ms": at(0.95),
                      "max_ms": at(1.0), "nodes": sure::NODES},
            "seconds": start.elapsed().as_secs_f64().round(),
        })
    );
    ExitCode::SUCCESS
}

/// The proven positions, and the opponent's check timed at every position
/// examined (ms).
fn mine(args: &SureWinsArgs) -> (Vec<Proven>, Vec<f64>) {
    let mut proven = Vec::new();
    let mut times = Vec::new();
    for (e, preset) in Preset::ALL.into_iter().enumerate() {
        let mut rng = GameRng::seed_from_u64(args.seed.wrapping_mul(1_000_003) ^ (e as u64) << 32);
        let mut players = [Difficulty::Hard.opponent(), Difficulty::Hard.opponent()];
        for m in 0..args.matches {
            let starter = if m % 2 == 0 { Side::White } else { Side::Black };
            let Ok(mut game) = Match::new(preset.rules(), starter, &mut rng) else {
                break;
            };
            while !game.is_over() {
                if game.round().is_over() {
                    if game.start_next_round(&mut rng).is_err() {
                        break;
                    }
                    continue;
                }
                let side = game.round().to_act();
                let obs = game.observation(side);
                if obs.pile_len() <= 3 && obs.legal_actions().len() > 1 {
                    let t = std::time::Instant::now();
                    let _ = sure::sure_win(&obs, sure::NODES);
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                    let wins = sure::sure_wins(&obs, engarde::puzzle::MAX_NODES);
                    if let Some(wins) = wins.filter(|w| !w.is_empty()) {
                        proven.push(Proven {
                            game: game.clone(),
                            side,
                            wins,
                        });
                    }
                }
                let past = game.round_history();
                let player = &mut players[usize::from(side == Side::Black)];
                let action = player
                    .decide(&obs, &past, Budget::iterations(args.iterations), &mut rng)
                    .action;
                if game.play(action).is_err() {
                    break;
                }
            }
        }
    }
    (proven, times)
}

/// How many of the positions `level` plays a sure win at, natively with its
/// own budget.
fn native_share(level: Difficulty, proven: &[Proven]) -> usize {
    let mut player = level.opponent();
    let mut rng = GameRng::seed_from_u64(7);
    proven
        .iter()
        .filter(|p| {
            let obs = p.game.observation(p.side);
            let action = player
                .decide(&obs, &p.game.round_history(), level.budget(), &mut rng)
                .action;
            p.wins.contains(&action)
        })
        .count()
}

/// The same through `engarde bot --level LEVEL`, asked with v1 views.
fn bot_share(level: Difficulty, proven: &[Proven]) -> Result<usize, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find engarde: {e}"))?;
    let mut child = Command::new(exe)
        .args(["bot", "--level", level.name()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start engarde bot: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    let mut lines = stdout.lines();
    let mut played = 0;
    for p in proven {
        let message = protocol::act_message_v1(&p.game, p.side);
        writeln!(stdin, "{message}").map_err(|e| format!("engarde bot: {e}"))?;
        stdin.flush().map_err(|e| format!("engarde bot: {e}"))?;
        let line = lines
            .next()
            .ok_or("engarde bot stopped answering")?
            .map_err(|e| format!("engarde bot: {e}"))?;
        let answer: Value = serde_json::from_str(&line).map_err(|e| format!("{line}: {e}"))?;
        if p.wins
            .iter()
            .any(|&a| json!(write::action(None, a)) == answer)
        {
            played += 1;
        }
    }
    drop(stdin);
    let _ = child.wait();
    Ok(played)
}
