//! `engarde play`: matches between players, with a summary (docs/FORMATS.md, command line).

use std::process::ExitCode;
use std::sync::Mutex;

use clap::Args;
use rand::SeedableRng;
use serde_json::json;
use web_time::Duration;

use crate::players::parse_ai;
use engarde::record::write;
use engarde::referee::arena::{play_match, MatchStats, Player};
use engarde::{BySide, GameRng, Match, Preset, Rules, Side};

use crate::external::ExternalBot;
use crate::human::Human;

#[derive(Args)]
pub struct PlayArgs {
    /// White's player: ai:random, ai:heuristic, ai:easy|medium|hard[:MS|:iN][+flags],
    /// cmd:COMMAND (an external bot), or human (this terminal).
    #[arg(long)]
    white: String,
    /// Black's player (same forms).
    #[arg(long)]
    black: String,
    /// Rules preset.
    #[arg(long, default_value = "advanced")]
    rules: Preset,
    /// Points to win a match (1–9).
    #[arg(long)]
    points: Option<u8>,
    /// Number of matches.
    #[arg(long, default_value_t = 1)]
    matches: u32,
    /// Seed of the first match (match i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Swap colours every other match (results stay per player).
    #[arg(long)]
    alternate: bool,
    /// Matches played at once (threads).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Write the game record(s) here: one record, or a JSON array of them.
    #[arg(long)]
    record: Option<String>,
    /// How long an external bot may think, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    bot_timeout_ms: u64,
    /// The views external bots get: `extended` (this project's extra
    /// fields) or `v1` (bot protocol v1's fields alone).
    #[arg(long, default_value = "extended")]
    views: Views,
}

/// Which fields a view sent to an external bot has.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Views {
    Extended,
    V1,
}

impl PlayArgs {
    /// Whether match `i` is played with the colours swapped (`--alternate`).
    fn swapped(&self, i: u32) -> bool {
        self.alternate && i % 2 == 1
    }
}

/// A player from its spec.
fn make_player(
    spec: &str,
    timeout_ms: u64,
    views: Views,
) -> Result<Box<dyn Player + Send>, String> {
    if let Some(command) = spec.strip_prefix("cmd:") {
        if command.trim().is_empty() {
            return Err("cmd: needs a command, e.g. cmd:\"engarde bot --level easy\"".into());
        }
        return Ok(Box::new(ExternalBot::new(
            command,
            std::time::Duration::from_millis(timeout_ms),
            views == Views::V1,
        )));
    }
    if spec == "human" {
        return Ok(Box::new(Human::new(
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
        )));
    }
    if spec.starts_with("ai:") {
        return Ok(Box::new(parse_ai(spec)?));
    }
    Err(format!(
        "unknown player {spec:?} (expected ai:LEVEL, ai:random, ai:heuristic, cmd:COMMAND or human)"
    ))
}

/// Totals per player (0 = the --white spec, 1 = the --black spec).
#[derive(Default)]
struct Totals {
    matches: u32,
    wins: [u32; 2],
    match_draws: u32,
    rounds: [u32; 2],
    round_draws: u32,
    think: [Vec<Duration>; 2],
    iterations: [u64; 2],
    failures: [Vec<String>; 2],
}

impl Totals {
    fn add(&mut self, stats: &MatchStats, swapped: bool) {
        let player = |side: Side| usize::from((side == Side::Black) != swapped);
        self.matches += 1;
        match stats.winner {
            Some(w) => self.wins[player(w)] += 1,
            None => self.match_draws += 1,
        }
        for side in Side::BOTH {
            let p = player(side);
            self.rounds[p] += stats.rounds_won[side];
            self.think[p].extend(&stats.think[side]);
            self.iterations[p] += stats.iterations[side];
            self.failures[p].extend(stats.failures[side].iter().cloned());
        }
        self.round_draws += stats.draws;
    }
}

/// Wilson 95% interval for k successes out of n.
fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (f64::from(k), f64::from(n), 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e5).round() / 100.0
}

fn think_summary(times: &[Duration]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mut sorted = times.to_vec();
    sorted.sort();
    let mean = sorted.iter().sum::<Duration>() / sorted.len() as u32;
    let p95 = sorted[((sorted.len() as f64 * 0.95).ceil() as usize).saturating_sub(1)];
    (ms(mean), ms(p95), ms(*sorted.last().expect("not empty")))
}

pub fn run(args: PlayArgs) -> ExitCode {
    let mut rules: Rules = args.rules.rules();
    if let Some(p) = args.points {
        rules.points_to_win = p;
    }
    if let Err(e) = rules.validate() {
        eprintln!("engarde play: {e}");
        return ExitCode::from(2);
    }
    let specs = [args.white.clone(), args.black.clone()];
    for spec in &specs {
        if let Err(e) = make_player(spec, args.bot_timeout_ms, args.views) {
            eprintln!("engarde play: {e}");
            return ExitCode::from(2);
        }
    }
    let human = specs.iter().any(|s| s == "human");
    let totals = Mutex::new(Totals::default());
    let records: Mutex<Vec<(u32, Match)>> = Mutex::new(Vec::new());
    let jobs = if human { 1 } else { args.jobs.clamp(1, 64) };
    std::thread::scope(|scope| {
        for job in 0..jobs {
            let (totals, records, specs, args) = (&totals, &records, &specs, &args);
            scope.spawn(move || {
                let mut players: Vec<Box<dyn Player + Send>> = specs
                    .iter()
                    .map(|s| {
                        make_player(s, args.bot_timeout_ms, args.views).expect("checked above")
                    })
                    .collect();
                let mut i = job as u32;
                while i < args.matches {
                    let swapped = args.swapped(i);
                    let (w, b) = players.split_at_mut(1);
                    let (white, black) = if swapped {
                        (&mut b[0], &mut w[0])
                    } else {
                        (&mut w[0], &mut b[0])
                    };
                    let seats: BySide<&mut dyn Player> =
                        BySide::new(white.as_mut(), black.as_mut());
                    let mut rng = GameRng::seed_from_u64(args.seed.wrapping_add(u64::from(i)));
                    let (stats, game) = play_match(rules, seats, Side::White, &mut rng);
                    totals
                        .lock()
                        .expect("no thread panics holding it")
                        .add(&stats, swapped);
                    if args.record.is_some() {
                        records
                            .lock()
                            .expect("no thread panics holding it")
                            .push((i, game));
                    }
                    i += jobs as u32;
                }
            });
        }
    });
    if let Some(path) = &args.record {
        let mut games = records.into_inner().expect("threads done");
        games.sort_by_key(|(i, _)| *i);
        // Each record names its players (docs/FORMATS.md).
        let with_players = |i: u32, game: &Match| {
            let (white, black) = if args.swapped(i) { (1, 0) } else { (0, 1) };
            let mut record = write::record(game);
            record.players = Some(BySide {
                white: specs[white].clone(),
                black: specs[black].clone(),
            });
            record
        };
        let text = if games.len() == 1 {
            serde_json::to_string_pretty(&with_players(games[0].0, &games[0].1))
        } else {
            let all: Vec<_> = games.iter().map(|(i, g)| with_players(*i, g)).collect();
            serde_json::to_string_pretty(&all)
        }
        .expect("records serialize");
        if let Err(e) = std::fs::write(path, text + "\n") {
            eprintln!("engarde play: cannot write {path}: {e}");
            return ExitCode::from(1);
        }
    }
    let t = totals.into_inner().expect("threads done");
    report(&args, &specs, &t);
    ExitCode::SUCCESS
}

fn report(args: &PlayArgs, specs: &[String; 2], t: &Totals) {
    let players: Vec<_> = (0..2)
        .map(|p| {
            let (lo, hi) = wilson(t.wins[p], t.matches);
            let (mean, p95, max) = think_summary(&t.think[p]);
            let decisions = t.think[p].len().max(1) as f64;
            json!({
                "player": specs[p],
                "wins": t.wins[p],
                "win_rate": f64::from(t.wins[p]) / f64::from(t.matches.max(1)),
                "win_rate_95": [lo, hi],
                "rounds_won": t.rounds[p],
                "think_ms": {"mean": mean, "p95": p95, "max": max},
                "iterations_per_decision": (t.iterations[p] as f64 / decisions).round(),
                "rounds_lost_by_failure": t.failures[p].len(),
                "failures": t.failures[p].iter().take(5).collect::<Vec<_>>(),
            })
        })
        .collect();
    let summary = json!({
        "rules": args.rules.name(),
        "matches": t.matches,
        "match_draws": t.match_draws,
        "round_draws": t.round_draws,
        "players": players,
    });
    if args.json {
        println!("{summary}");
        return;
    }
    println!(
        "{} matches, rules {}, colours {}",
        t.matches,
        args.rules.name(),
        if args.alternate {
            "alternating"
        } else {
            "fixed"
        }
    );
    for p in &players {
        println!(
            "  {:<22} wins {:>4} ({:.1}%, 95% CI {:.1}–{:.1}%)  rounds {:>5}  think mean {} ms, p95 {} ms",
            p["player"].as_str().unwrap_or(""),
            p["wins"],
            p["win_rate"].as_f64().unwrap_or(0.0) * 100.0,
            p["win_rate_95"][0].as_f64().unwrap_or(0.0) * 100.0,
            p["win_rate_95"][1].as_f64().unwrap_or(0.0) * 100.0,
            p["rounds_won"],
            p["think_ms"]["mean"],
            p["think_ms"]["p95"],
        );
    }
    println!(
        "  drawn matches {}, drawn rounds {}",
        t.match_draws, t.round_draws
    );
    for (p, spec) in specs.iter().enumerate() {
        if let Some(first) = t.failures[p].first() {
            println!(
                "  {spec} lost {} round(s) by failing; first: {first}",
                t.failures[p].len()
            );
        }
    }
}
