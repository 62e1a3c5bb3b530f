#![cfg(feature = "cli")]
//! The `engarde` command line (docs/FORMATS.md, command line), run as a program.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

const EXAMPLE: &str = "tests/data/design_example.json";

fn engarde(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_engarde"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("engarde runs");
    {
        let mut pipe = child.stdin.take().unwrap();
        if let Some(text) = stdin {
            pipe.write_all(text.as_bytes()).unwrap();
        }
    }
    child.wait_with_output().unwrap()
}

fn stdout_json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn replay_answers_the_design_example_exactly() {
    let out = engarde(&["replay", EXAMPLE], None);
    assert_eq!(out.status.code(), Some(0));
    let expected = json!({
        "ok": true,
        "rounds": [{
            "result": {"winner": "black", "reason": "hit"},
            "state": {
                "white": 14, "black": 15, "to_act": null, "phase": "over",
                "hands": {"white": [2, 3, 3, 4, 5], "black": [3, 4, 4, 5, 5]},
                "deck": 4, "score": {"white": 0, "black": 1}, "pending": null
            }
        }],
        "score": {"white": 0, "black": 1},
        "match_winner": null
    });
    assert_eq!(stdout_json(&out), expected);
}

#[test]
fn replay_reads_standard_input() {
    let text = std::fs::read_to_string(EXAMPLE).unwrap();
    let out = engarde(&["replay", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout_json(&out)["rounds"][0]["result"]["reason"],
        json!("hit")
    );
}

#[test]
fn trace_lists_setup_and_each_action() {
    let out = engarde(&["replay", "--trace", EXAMPLE], None);
    let v = stdout_json(&out);
    let trace = v["rounds"][0]["trace"].as_array().unwrap();
    assert_eq!(trace.len(), 10);
    assert_eq!(trace[0]["white"], json!(1));
    assert_eq!(trace[0]["to_act"], json!("white"));
    assert_eq!(trace[1]["white"], json!(4));
    // After Black's lunge (action 5) White must answer.
    assert_eq!(trace[6]["phase"], json!("answer"));
    assert_eq!(
        trace[6]["pending"],
        json!({"kind": "lunge", "card": 2, "count": 1})
    );
    assert_eq!(trace[9], v["rounds"][0]["state"]);
}

#[test]
fn illegal_action_gives_ok_false_and_exit_1() {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(EXAMPLE).unwrap()).unwrap();
    // Black holds [1, 1, 2, 3, 5] at action 3: no 4.
    v["rounds"][0]["actions"][3] = json!({"by": "black", "do": "advance", "card": 4});
    let out = engarde(&["replay", "-"], Some(&v.to_string()));
    assert_eq!(out.status.code(), Some(1));
    let answer = stdout_json(&out);
    assert_eq!(answer["ok"], json!(false));
    assert_eq!(answer["error"]["round"], json!(0));
    assert_eq!(answer["error"]["action"], json!(3));
    assert!(answer["error"]["message"]
        .as_str()
        .unwrap()
        .contains("does not hold"));
}

#[test]
fn malformed_input_gives_ok_false_with_null_place() {
    let out = engarde(
        &["replay", "-"],
        Some("{\"format\": \"engarde/1\", \"rounds\": ["),
    );
    assert_eq!(out.status.code(), Some(1));
    let answer = stdout_json(&out);
    assert_eq!(answer["error"]["round"], Value::Null);
    assert_eq!(answer["error"]["action"], Value::Null);
}

#[test]
fn missing_file_is_reported_not_a_panic() {
    let out = engarde(&["replay", "no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout_json(&out)["error"]["message"]
        .as_str()
        .unwrap()
        .contains("cannot read"));
}

#[test]
fn bad_arguments_exit_2_with_usage() {
    for args in [
        &["replay"][..],
        &["frobnicate"][..],
        &[][..],
        &["bench", "--seconds", "soon"][..],
    ] {
        let out = engarde(args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("Usage"),
            "{args:?}"
        );
    }
}

#[test]
fn legal_lists_actions_with_by() {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(EXAMPLE).unwrap()).unwrap();
    v["rounds"][0]["actions"]
        .as_array_mut()
        .unwrap()
        .truncate(6);
    let out = engarde(&["legal", "-"], Some(&v.to_string()));
    assert_eq!(out.status.code(), Some(0));
    // White answers Black's lunge of one 2 holding [1, 2, 3, 4, 5] on square 13:
    // parry, or retreat 1–5.
    let legal = stdout_json(&out);
    let mut expected = vec![json!({"by": "white", "do": "parry"})];
    for c in 1..=5 {
        expected.push(json!({"by": "white", "do": "retreat", "card": c}));
    }
    assert_eq!(legal, Value::Array(expected));
    // A finished round has none.
    let out = engarde(&["legal", EXAMPLE], None);
    assert_eq!(stdout_json(&out), json!([]));
}

#[test]
fn a_record_awaiting_the_choice_pick_lists_the_picks() {
    // Before the first round: White starts and picks (S4, extension).
    let waiting =
        json!({"format": "engarde/1", "rules": "duel", "rounds": [], "awaiting_choice": true});
    let out = engarde(&["legal", "-"], Some(&waiting.to_string()));
    assert_eq!(out.status.code(), Some(0));
    let picks: Vec<Value> = ["three_cards", "ten_cards", "open_hands", "no_retreat"]
        .iter()
        .map(|s| json!({"by": "white", "do": "choose", "special": s}))
        .collect();
    assert_eq!(stdout_json(&out), Value::Array(picks));
    // Without special cards there is no Choice card: said, not a panic.
    let wrong =
        json!({"format": "engarde/1", "rules": "advanced", "rounds": [], "awaiting_choice": true});
    let out = engarde(&["legal", "-"], Some(&wrong.to_string()));
    assert_eq!(out.status.code(), Some(1));
    let message = stdout_json(&out)["error"]["message"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        message.contains("awaiting_choice") && message.contains("special cards are off"),
        "{message}"
    );
    let odd = json!({"format": "engarde/1", "rules": "duel", "rounds": [], "awaiting_choice": 3});
    let out = engarde(&["legal", "-"], Some(&odd.to_string()));
    assert!(stdout_json(&out)["error"]["message"]
        .as_str()
        .unwrap()
        .contains("expected true or false"));
}

#[test]
fn bench_reports_throughput_as_json() {
    let out = engarde(&["bench", "--json", "--seconds", "0.05"], None);
    assert_eq!(out.status.code(), Some(0));
    let v = stdout_json(&out);
    let rows = v["random_playouts"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for row in rows {
        assert!(row["rounds_per_second"].as_u64().unwrap() > 0);
    }
}

fn play_json(args: &[&str], stdin: Option<&str>) -> Value {
    let mut all = vec!["play", "--json"];
    all.extend_from_slice(args);
    let out = engarde(&all, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout_json(&out)
}

#[test]
fn play_summarises_ai_matches() {
    let v = play_json(
        &[
            "--white",
            "ai:heuristic",
            "--black",
            "ai:random",
            "--matches",
            "6",
            "--alternate",
        ],
        None,
    );
    assert_eq!(v["matches"], json!(6));
    let players = v["players"].as_array().unwrap();
    assert_eq!(players[0]["player"], json!("ai:heuristic"));
    let wins = players[0]["wins"].as_u64().unwrap() + players[1]["wins"].as_u64().unwrap();
    assert_eq!(wins + v["match_draws"].as_u64().unwrap(), 6);
    let ci = players[0]["win_rate_95"].as_array().unwrap();
    assert!(ci[0].as_f64().unwrap() <= players[0]["win_rate"].as_f64().unwrap());
    assert!(players[0]["think_ms"]["p95"].as_f64().is_some());
}

#[test]
fn our_bot_plays_through_the_protocol_and_the_record_replays() {
    let bot = format!("cmd:{} bot --level easy", env!("CARGO_BIN_EXE_engarde"));
    let dir = std::env::temp_dir().join(format!("engarde-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("match.json");
    let v = play_json(
        &[
            "--white",
            &bot,
            "--black",
            "ai:medium",
            "--rules",
            "duel",
            "--record",
            record.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(v["players"][0]["rounds_lost_by_failure"], json!(0), "{v}");
    let out = engarde(&["replay", record.to_str().unwrap()], None);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout_json(&out)["match_winner"].is_string());
    // The record names who played (docs/FORMATS.md).
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(
        written["players"],
        json!({"white": bot, "black": "ai:medium"})
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn broken_bots_lose_rounds_and_the_referee_survives() {
    // (A bot that exits at once may be caught writing or reading: either says so.)
    for (bot, reasons) in [
        (
            "cmd:echo garbage",
            &["malformed answer", "stopped reading"][..],
        ),
        ("cmd:true", &["bot exited", "stopped reading"][..]),
        ("cmd:sleep 3", &["no answer within"][..]),
        (
            "cmd:while read l; do echo '{\"do\": \"parry\"}'; done",
            &["illegal action"][..],
        ),
        (
            "cmd:while read l; do echo '{\"do\": \"advance\", \"card\": 9}'; done",
            &["not a card value"][..],
        ),
    ] {
        let v = play_json(
            &[
                "--white",
                bot,
                "--black",
                "ai:easy",
                "--points",
                "2",
                "--bot-timeout-ms",
                "300",
            ],
            None,
        );
        let p = &v["players"][0];
        assert!(
            p["rounds_lost_by_failure"].as_u64().unwrap() >= 2,
            "{bot}: {v}"
        );
        let first = p["failures"][0].as_str().unwrap();
        assert!(reasons.iter().any(|r| first.contains(r)), "{bot}: {first}");
        assert_eq!(v["players"][1]["wins"], json!(1));
    }
}

#[test]
fn a_human_plays_from_standard_input() {
    // Always the first listed action; a match to one point.
    let input = "1\n".repeat(200);
    let out = engarde(
        &[
            "play",
            "--white",
            "human",
            "--black",
            "ai:random",
            "--points",
            "1",
        ],
        Some(&input),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Your hand (white)"), "{text}");
    assert!(text.contains(" W"));
    assert!(text.contains("Round over"));
}

#[test]
fn bad_player_specs_exit_2() {
    for spec in [
        "ai:grandmaster",
        "robot",
        "ai:hard:soon",
        "ai:random:100",
        "cmd:",
    ] {
        let out = engarde(&["play", "--white", spec, "--black", "ai:easy"], None);
        assert_eq!(out.status.code(), Some(2), "{spec}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn bot_answers_an_act_message_and_ignores_results() {
    // Our own referee's view of a fresh Advanced round for White.
    let view = json!({
        "type": "act",
        "view": {"rules": "advanced", "you": "white", "white": 1, "black": 23, "to_act": "white",
                 "phase": "turn", "hand": [1, 2, 3, 4, 5], "opponent_hand": 5, "deck": 15,
                 "discard": [], "pending": null, "score": {"white": 0, "black": 0}, "round": 1,
                 "special": null},
        "legal": []
    });
    let input = format!(
        "{}\n{}\nnot json\n{}\n",
        json!({"type": "result"}),
        view,
        view
    );
    let out = engarde(&["bot", "--level", "easy"], Some(&input));
    assert_eq!(out.status.code(), Some(0));
    let answers: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(answers.len(), 2, "one answer per act");
    for a in answers {
        assert_eq!(a["do"], json!("advance"));
    }
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
}

/// Malformed and mutated views never crash the bot: it answers the valid ones
/// and explains the rest on stderr.
#[test]
fn bot_survives_mutated_views() {
    use rand::{Rng, SeedableRng};
    let base = json!({"rules": "advanced", "you": "white", "white": 5, "black": 11, "to_act": "white",
        "phase": "turn", "hand": [1, 2, 3, 4, 5], "opponent_hand": 5, "deck": 10,
        "discard": [{"by": "white", "do": "advance", "card": 4},
                    {"by": "black", "do": "lunge", "advance": 5, "card": 2, "count": 1},
                    {"by": "white", "do": "parry", "card": 2, "count": 1},
                    {"by": "black", "do": "advance", "card": 2}],
        "pending": null, "score": {"white": 0, "black": 0}, "round": 1, "special": null});
    let values = [
        json!(null),
        json!(-1),
        json!(0),
        json!(3),
        json!(6),
        json!(23),
        json!(24),
        json!(255),
        json!("x"),
        json!("answer"),
        json!("over"),
        json!("black"),
        json!("ten_cards"),
        json!("open_hands"),
        json!([]),
        json!([5, 5, 5, 5, 5, 5]),
        json!([1, 1, 2, 2, 3]),
        json!({"kind": "lunge", "card": 3, "count": 1}),
        json!({"kind": "attack", "card": 1, "count": 9}),
        json!(true),
        json!("duel"),
        json!({"preset": "basic", "special_cards": true}),
    ];
    let keys: Vec<String> = base.as_object().unwrap().keys().cloned().collect();
    let mut rng = engarde::GameRng::seed_from_u64(11);
    let mut input = format!("{}\n", json!({"type": "act", "view": base}));
    for _ in 0..400 {
        let mut view = base.clone();
        for _ in 0..rng.random_range(1..=2) {
            let key = &keys[rng.random_range(0..keys.len())];
            view[key] = values[rng.random_range(0..values.len())].clone();
        }
        input += &format!("{}\n", json!({"type": "act", "view": view}));
    }
    input += "{\n[]\n{\"type\": 5}\n{\"type\": \"act\", \"view\": 7}\n";
    let out = engarde(
        &["bot", "--level", "hard", "--budget-ms", "2"],
        Some(&input),
    );
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let answers = String::from_utf8_lossy(&out.stdout).lines().count();
    assert!(answers >= 1, "the unmutated view is answered");
    assert!(stderr.lines().count() >= 300, "refused views are explained");
}

/// What Black, played by `level` with `iterations` natively (its random
/// choices seeded `seed`), is asked in matches against random play, one
/// per preset (match `m` seeded `first + m`, at most `steps` steps).
struct Asked {
    /// The `act` messages, with this project's extended views and with
    /// bot protocol v1's fields alone.
    extended: String,
    v1: String,
    /// The native decisions, as the bot writes them.
    decisions: Vec<Value>,
    /// Decisions in rounds that White started.
    started_by_other: usize,
}

fn ask_black(
    level: engarde::ai::Difficulty,
    iterations: u32,
    seed: u64,
    presets: &[engarde::Preset],
    first: u64,
    steps: usize,
) -> Asked {
    use engarde::ai::{Budget, Opponent};
    use engarde::referee::protocol::{act_message, act_message_v1};
    use engarde::{GameRng, Match, Side};
    use rand::{Rng, SeedableRng};
    let mut native = level.opponent();
    let mut native_rng = GameRng::seed_from_u64(seed);
    let mut asked = Asked {
        extended: String::new(),
        v1: String::new(),
        decisions: Vec::new(),
        started_by_other: 0,
    };
    for (m, preset) in presets.iter().enumerate() {
        let mut rng = GameRng::seed_from_u64(m as u64 + first);
        let mut game = Match::new(preset.rules(), Side::White, &mut rng).unwrap();
        let mut step = 0;
        while !game.is_over() && step < steps {
            step += 1;
            if game.round().is_over() {
                game.start_next_round(&mut rng).unwrap();
                continue;
            }
            let side = game.round().to_act();
            let legal = game.round().legal_actions();
            let action = if side == Side::Black && legal.len() > 1 {
                asked.extended += &format!("{}\n", act_message(&game, side));
                asked.v1 += &format!("{}\n", act_message_v1(&game, side));
                if game.round().public().starter() != side {
                    asked.started_by_other += 1;
                }
                let d = native.decide(
                    &game.observation(side),
                    &game.round_history(),
                    Budget::iterations(iterations),
                    &mut native_rng,
                );
                asked
                    .decisions
                    .push(json!(engarde::record::write::action(None, d.action)));
                d.action
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            game.play(action).unwrap();
        }
    }
    asked
}

/// `engarde bot --level LEVEL --iterations N --seed S` given `input`: it
/// exits well, says nothing on stderr (`what` names the case), and its
/// answers.
fn bot_answers(
    level: engarde::ai::Difficulty,
    iterations: u32,
    seed: u64,
    input: &str,
    what: &str,
) -> Vec<Value> {
    let (n, seed) = (iterations.to_string(), seed.to_string());
    let args = [
        "bot",
        "--level",
        level.name(),
        "--iterations",
        &n,
        "--seed",
        &seed,
    ];
    let out = engarde(&args, Some(input));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{what}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `engarde bot` decides as the same level does natively: the same views
/// (its whole history read from the discard) and seed give the same
/// decisions, for hard (reading the last action as a card counter's) and
/// the expert (reading it through hard's own search).
#[test]
fn the_bot_decides_as_the_level_does_natively() {
    use engarde::ai::Difficulty;
    use engarde::Preset;
    for (level, iterations) in [(Difficulty::Hard, 400), (Difficulty::Expert, 3_200)] {
        let asked = ask_black(
            level,
            iterations,
            7,
            &[Preset::Advanced, Preset::Duel],
            40,
            60,
        );
        let answers = bot_answers(level, iterations, 7, &asked.extended, level.name());
        assert!(
            asked.decisions.len() > 30,
            "{level}: {}",
            asked.decisions.len()
        );
        assert_eq!(answers, asked.decisions, "{level}");
    }
}

/// `engarde bot` reads views written strictly to bot protocol v1 (no
/// `starter`, `choice` or `final_answer`, parries without their cards) as
/// it reads this project's extended views: from whole seeded matches of
/// every edition, where both sides start rounds, every view's history
/// replays (nothing on stderr) and every decision is the native one.
#[test]
fn the_bot_reads_v1_views_as_written() {
    use engarde::ai::Difficulty;
    use engarde::Preset;
    for (level, iterations, presets) in [
        (Difficulty::Hard, 300, &Preset::ALL[..]),
        (
            Difficulty::Expert,
            1_600,
            &[Preset::Standard, Preset::Duel][..],
        ),
    ] {
        let asked = ask_black(level, iterations, 11, presets, 60, usize::MAX);
        let started_by_other = asked.started_by_other;
        assert!(started_by_other > 20, "{level}: {started_by_other}");
        for (views, input) in [("extended", &asked.extended), ("v1", &asked.v1)] {
            let what = format!("{level}, {views} views: every history replays");
            let answers = bot_answers(level, iterations, 11, input, &what);
            assert_eq!(answers, asked.decisions, "{level}, {views} views");
        }
    }
}

/// Hard and expert play the answer of every shipped puzzle (each the one
/// action that wins the round for sure) through `engarde bot`, asked with
/// v1 views at their own budgets, as they do natively (tests/sure.rs).
#[test]
fn the_bot_plays_every_shipped_puzzles_sure_win() {
    use engarde::puzzle::file::PuzzleRecord;
    use engarde::referee::protocol::act_message_v1;
    let text = std::fs::read_to_string("web/puzzles.json").unwrap();
    let set: Vec<PuzzleRecord> = serde_json::from_str(&text).unwrap();
    let mut input = String::new();
    let mut answers = Vec::new();
    for p in &set {
        let (game, side, _) = p.position().unwrap();
        input += &format!("{}\n", act_message_v1(&game, side));
        answers.push(serde_json::to_value(&p.answer).unwrap());
    }
    assert!(set.len() >= 300, "{}", set.len());
    for level in ["hard", "expert"] {
        let out = engarde(&["bot", "--level", level], Some(&input));
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{level}");
        let played: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let missed: Vec<&str> = set
            .iter()
            .zip(played.iter().zip(&answers))
            .filter(|(_, (a, b))| a != b)
            .map(|(p, _)| p.id.as_str())
            .collect();
        assert_eq!(played.len(), set.len(), "{level}");
        assert!(missed.is_empty(), "{level} missed {missed:?}");
    }
}
