#![cfg(feature = "cli")]
//! The `engarde` command line (DESIGN.md §4), run as a program.

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
