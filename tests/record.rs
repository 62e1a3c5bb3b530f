//! Game records (docs/FORMATS.md, game record): round trips and malformed input.

mod common;

use common::{play_out, random_match};
use engarde::record::{self, write, RecordError};
use engarde::{GameRng, Match, Preset, Reason, Side, Special};
use rand::SeedableRng;
use serde_json::{json, Value};

fn example() -> Value {
    serde_json::from_str(include_str!("data/design_example.json")).unwrap()
}

fn replay(v: &Value) -> Result<record::Replay, RecordError> {
    record::replay(&v.to_string(), false)
}

fn refused(v: &Value) -> RecordError {
    match replay(v) {
        Ok(_) => panic!("accepted: {v}"),
        Err(e) => e,
    }
}

/// Asserts the error's place and that its message contains `words`.
fn assert_refused(v: &Value, round: Option<usize>, action: Option<usize>, words: &str) {
    let e = refused(v);
    assert_eq!((e.round, e.action), (round, action), "{e}");
    assert!(
        e.message.contains(words),
        "message {:?} lacks {words:?}",
        e.message
    );
}

#[test]
fn design_example_black_wins_by_a_hit() {
    let r = replay(&example()).unwrap();
    let round = r.the_match.round();
    let result = round.result().unwrap();
    assert_eq!(result.winner, Some(Side::Black));
    assert_eq!(result.reason, Reason::Hit);
    assert_eq!(round.public().position().white, 14);
    assert_eq!(round.public().position().black, 15);
    assert_eq!(round.pile().len(), 4);
    assert_eq!(r.the_match.score().black, 1);
}

#[test]
fn a_played_match_round_trips_through_its_record() {
    for preset in Preset::ALL {
        let mut rng = GameRng::seed_from_u64(11);
        let mut game = Match::new(preset.rules(), Side::White, &mut rng).unwrap();
        play_out(&mut game, &mut rng, |_| {});
        let text = write::record_json(&game);
        let back = record::replay(&text, false).unwrap();
        assert_eq!(back.the_match.rounds(), game.rounds());
        assert_eq!(
            write::record_json(&back.the_match),
            text,
            "second write differs"
        );
    }
}

#[test]
fn custom_rules_round_trip_as_an_options_object() {
    let mut v = example();
    v["rules"] = json!({"preset": "advanced", "count_after_retreat": true, "points_to_win": 3});
    let r = replay(&v).unwrap();
    assert!(r.the_match.rules().count_after_retreat);
    assert_eq!(r.the_match.rules().points_to_win, 3);
    let out = serde_json::to_value(write::record(&r.the_match)).unwrap();
    assert_eq!(out["rules"]["count_after_retreat"], json!(true));
    assert_eq!(out["rules"]["points_to_win"], json!(3));
    assert!(replay(&out).is_ok());
}

#[test]
fn rules_default_to_advanced_when_omitted() {
    let mut v = example();
    v.as_object_mut().unwrap().remove("rules");
    assert_eq!(
        replay(&v).unwrap().the_match.rules(),
        Preset::Advanced.rules()
    );
}

#[test]
fn truncated_json_is_refused_at_top_level() {
    let text = example().to_string();
    for cut in [0, 1, 10, text.len() / 2, text.len() - 1] {
        let e = record::replay(&text[..cut], false).unwrap_err();
        assert_eq!((e.round, e.action), (None, None));
        assert!(e.message.contains("malformed JSON"), "{}", e.message);
    }
}

#[test]
fn wrong_format_is_refused() {
    let mut v = example();
    v["format"] = json!("engarde/2");
    assert_refused(&v, None, None, "unsupported format");
}

#[test]
fn unknown_top_level_field_is_refused() {
    let mut v = example();
    v["extra"] = json!(1);
    assert_refused(&v, None, None, "unknown field");
}

#[test]
fn unknown_preset_is_refused() {
    let mut v = example();
    v["rules"] = json!("expert");
    assert_refused(&v, None, None, "unknown rules preset");
    v["rules"] = json!({"preset": "advanced", "points_to_win": 12});
    assert_refused(&v, None, None, "points_to_win");
    v["rules"] = json!({"preset": "advanced", "colour": "red"});
    assert!(refused(&v).message.contains("rules"));
}

#[test]
fn wrong_types_in_setup_name_the_round() {
    let mut v = example();
    v["rounds"][0]["setup"]["deck"] = json!("4,3,1");
    assert_refused(&v, Some(0), None, "setup");
    let mut v = example();
    v["rounds"][0]["setup"]["hands"]["white"] = json!([2, 3, 3, 4, 300]);
    assert_refused(&v, Some(0), None, "setup");
}

#[test]
fn card_values_outside_one_to_five_are_refused() {
    let mut v = example();
    v["rounds"][0]["setup"]["hands"]["white"] = json!([0, 3, 3, 4, 5]);
    assert_refused(&v, Some(0), None, "not a card value");
}

#[test]
fn impossible_card_counts_are_refused() {
    let mut v = example();
    v["rounds"][0]["setup"]["hands"]["white"] = json!([5, 3, 3, 4, 5]);
    assert_refused(&v, Some(0), None, "five cards of each value");
}

#[test]
fn wrong_hand_size_is_refused() {
    let mut v = example();
    v["rounds"][0]["setup"]["hands"]["white"] = json!([2, 3, 3, 4]);
    v["rounds"][0]["setup"]["discard"] = json!([5]);
    assert_refused(&v, Some(0), None, "holds 4 cards");
}

#[test]
fn fencers_must_stand_apart_on_the_piste() {
    let mut v = example();
    v["rounds"][0]["setup"]["white"] = json!(15);
    v["rounds"][0]["setup"]["black"] = json!(12);
    assert_refused(&v, Some(0), None, "left of Black");
    v["rounds"][0]["setup"]["black"] = json!(24);
    assert_refused(&v, Some(0), None, "squares 1–23");
}

#[test]
fn special_card_must_match_the_option() {
    let mut v = example();
    v["rounds"][0]["setup"]["special"] = json!("open_hands");
    assert_refused(&v, Some(0), None, "special cards are off");
    let mut v = example();
    v["rules"] = json!("duel");
    assert_refused(&v, Some(0), None, "needs its special card");
    v["rounds"][0]["setup"]["special"] = json!("wild");
    assert_refused(&v, Some(0), None, "unknown special card");
}

#[test]
fn unknown_action_and_unknown_fields_name_the_action() {
    let mut v = example();
    v["rounds"][0]["actions"][2] = json!({"by": "white", "do": "feint", "card": 5});
    assert_refused(&v, Some(0), Some(2), "unknown action");
    let mut v = example();
    v["rounds"][0]["actions"][2]["speed"] = json!(3);
    assert_refused(&v, Some(0), Some(2), "unknown field");
    let mut v = example();
    v["rounds"][0]["actions"][2]["count"] = json!(3);
    assert_refused(&v, Some(0), Some(2), "advance takes no \"count\"");
    let mut v = example();
    v["rounds"][0]["actions"][8] = json!({"by": "black", "do": "attack", "card": 1});
    assert_refused(&v, Some(0), Some(8), "needs a \"count\"");
    let mut v = example();
    v["rounds"][0]["actions"][3] = json!("advance 1");
    assert_refused(&v, Some(0), Some(3), "action");
}

/// docs/FORMATS.md: `forfeit` gives the round to the opponent; it is
/// written by the referee and the page, and must read back.
#[test]
fn a_forfeit_reads_back_and_only_from_the_side_to_act() {
    let mut v = example();
    let actions = v["rounds"][0]["actions"].as_array_mut().unwrap();
    actions.truncate(3);
    actions.push(json!({"by": "black", "do": "forfeit"}));
    let r = replay(&v).unwrap();
    let result = r.the_match.round().result().unwrap();
    assert_eq!(result.winner, Some(Side::White));
    assert_eq!(result.reason, Reason::Forfeit);
    assert_eq!(r.the_match.score().white, 1);
    let text = write::record_json(&r.the_match);
    assert!(text.contains("\"forfeit\""), "{text}");
    assert_eq!(
        record::replay(&text, false).unwrap().the_match.rounds(),
        r.the_match.rounds()
    );
    // Out of turn, or with a field it does not take: refused, with the place.
    v["rounds"][0]["actions"][3] = json!({"by": "white", "do": "forfeit"});
    assert_refused(&v, Some(0), Some(3), "white cannot act now");
    v["rounds"][0]["actions"][3] = json!({"by": "black", "do": "forfeit", "card": 2});
    assert_refused(&v, Some(0), Some(3), "forfeit takes no \"card\"");
}

#[test]
fn actions_out_of_turn_are_refused() {
    let mut v = example();
    v["rounds"][0]["actions"][1]["by"] = json!("white");
    assert_refused(
        &v,
        Some(0),
        Some(1),
        "white cannot act now: black is to play a turn",
    );
    let mut v = example();
    v["rounds"][0]["actions"][6]["by"] = json!("black");
    assert_refused(&v, Some(0), Some(6), "white is to answer");
    let mut v = example();
    v["rounds"][0]["actions"][0]
        .as_object_mut()
        .unwrap()
        .remove("by");
    assert_refused(&v, Some(0), Some(0), "no \"by\"");
}

#[test]
fn illegal_actions_name_the_rule() {
    // Black on 23, White on 4 after the first action: advancing 5 is fine,
    // but Black does not hold a 4.
    let mut v = example();
    v["rounds"][0]["actions"][1] = json!({"by": "black", "do": "advance", "card": 4});
    assert_refused(&v, Some(0), Some(1), "black does not hold one 4");
    let mut v = example();
    v["rounds"][0]["actions"][1] = json!({"by": "black", "do": "retreat", "card": 1});
    assert_refused(&v, Some(0), Some(1), "would leave the piste (R12)");
    let mut v = example();
    v["rounds"][0]["actions"][1] = json!({"by": "black", "do": "attack", "card": 5, "count": 1});
    assert_refused(&v, Some(0), Some(1), "(R13)");
    let mut v = example();
    v["rules"] = json!("standard");
    assert_refused(
        &v,
        Some(0),
        Some(5),
        "lunges exist only under Advanced rules",
    );
}

#[test]
fn parry_repeating_card_and_count_must_match() {
    let mut v = example();
    v["rounds"][0]["actions"][6] = json!({"by": "white", "do": "parry", "card": 2, "count": 1});
    assert!(replay(&v).is_ok());
    v["rounds"][0]["actions"][6] = json!({"by": "white", "do": "parry", "card": 2, "count": 2});
    assert_refused(&v, Some(0), Some(6), "must match the pending lunge");
}

#[test]
fn actions_after_the_round_ended_are_refused() {
    let mut v = example();
    v["rounds"][0]["actions"]
        .as_array_mut()
        .unwrap()
        .push(json!({"by": "white", "do": "advance", "card": 2}));
    assert_refused(&v, Some(0), Some(9), "the round is over (hit)");
}

fn second_round(starter: &str) -> Value {
    json!({"setup": {
        "starter": starter,
        "hands": {"white": [1, 1, 1, 1, 1], "black": [2, 2, 2, 2, 2]},
        "deck": [3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5]
    }, "actions": []})
}

#[test]
fn later_rounds_follow_the_starter_rule_and_carry_the_score() {
    let mut v = example();
    v["rounds"]
        .as_array_mut()
        .unwrap()
        .push(second_round("black"));
    let r = replay(&v).unwrap();
    assert_eq!(r.the_match.round().public().starter(), Side::Black);
    assert_eq!(r.the_match.round().public().score().black, 1);
    // R7 alternate: White started round 1, so Black must start round 2.
    let mut v = example();
    v["rounds"]
        .as_array_mut()
        .unwrap()
        .push(second_round("white"));
    assert_refused(&v, Some(1), None, "starter must be black");
    // Score carried over.
    let mut v = example();
    let mut round = second_round("black");
    round["setup"]["score"] = json!({"white": 0, "black": 0});
    v["rounds"].as_array_mut().unwrap().push(round);
    assert_refused(&v, Some(1), None, "score must be carried over");
    // Omitted starter and score are derived.
    let mut v = example();
    let mut round = second_round("black");
    round["setup"].as_object_mut().unwrap().remove("starter");
    v["rounds"].as_array_mut().unwrap().push(round);
    assert_eq!(
        replay(&v).unwrap().the_match.round().public().starter(),
        Side::Black
    );
}

#[test]
fn no_round_after_an_unfinished_round_or_the_match_end() {
    let mut v = example();
    v["rounds"][0]["actions"]
        .as_array_mut()
        .unwrap()
        .truncate(4);
    v["rounds"]
        .as_array_mut()
        .unwrap()
        .push(second_round("black"));
    assert_refused(&v, Some(1), None, "previous round is not over");
    let mut v = example();
    v["rules"] = json!({"preset": "advanced", "points_to_win": 1});
    v["rounds"]
        .as_array_mut()
        .unwrap()
        .push(second_round("black"));
    assert_refused(&v, Some(1), None, "the match is over");
}

#[test]
fn empty_record_is_refused() {
    assert_refused(
        &json!({"format": "engarde/1", "rounds": []}),
        None,
        None,
        "at least one round",
    );
    assert_refused(&json!({"format": "engarde/1"}), None, None, "rounds");
    assert_refused(&json!([1, 2]), None, None, "record");
}

#[test]
fn duel_special_stack_is_checked() {
    // Three rounds can't all turn Plain ×2: the stack has one (S1).
    let mut rng = GameRng::seed_from_u64(3);
    let mut game = Match::new(Preset::Duel.rules(), Side::White, &mut rng).unwrap();
    while game.round().phase() == engarde::Phase::Choose {
        game.play(engarde::Action::Choose(Special::OpenHands))
            .unwrap();
    }
    let mut v = serde_json::to_value(write::record(&game)).unwrap();
    v["rounds"][0]["setup"]["special"] = json!("plain_x2");
    v["rounds"][0]["setup"]
        .as_object_mut()
        .unwrap()
        .remove("choice");
    assert!(replay(&v).is_ok(), "{}", refused(&v));
    v["rounds"][0]["setup"]["special"] = json!("choice");
    assert_refused(&v, Some(0), None, "Choice card needs the starter's pick");
    v["rounds"][0]["setup"]["special"] = json!("plain");
    v["rounds"][0]["setup"]["choice"] = json!(true);
    assert_refused(&v, Some(0), None, "choice is true");
}

#[test]
fn errors_display_their_place() {
    let mut v = example();
    v["rounds"][0]["actions"][1]["by"] = json!("white");
    assert!(refused(&v).to_string().starts_with("round 0, action 1: "));
}

#[test]
fn a_malformed_round_names_its_index() {
    let mut v = example();
    v["rounds"]
        .as_array_mut()
        .unwrap()
        .push(json!({"setup": {}, "moves": []}));
    assert_refused(&v, Some(1), None, "unknown field `moves`");
    let mut v = example();
    v["rules"] = json!(5);
    assert_refused(&v, None, None, "rules: must be a preset name");
}

#[test]
fn absurd_counts_are_refused_not_overflowed() {
    // White on 10, Black on 14 (distance 4): advance 2 then attack with
    // 255 × 2 needs 256 twos, a count a byte cannot hold.
    let mut v = example();
    v["rounds"][0]["setup"]["white"] = json!(10);
    v["rounds"][0]["setup"]["black"] = json!(14);
    v["rounds"][0]["actions"] =
        json!([{"by": "white", "do": "lunge", "advance": 2, "card": 2, "count": 255}]);
    assert_refused(&v, Some(0), Some(0), "does not hold");
    v["rounds"][0]["actions"] = json!([{"by": "white", "do": "attack", "card": 4, "count": 255}]);
    assert_refused(&v, Some(0), Some(0), "does not hold");
}

/// The `hints` extension (docs/FORMATS.md): a count, read back; anything
/// else is refused as a shape problem at the top level.
#[test]
fn hints_are_a_count() {
    let mut v = example();
    v["hints"] = json!(3);
    assert_eq!(replay(&v).unwrap().hints, 3);
    assert_eq!(replay(&example()).unwrap().hints, 0);
    for bad in [json!(-1), json!("three"), json!(1.5)] {
        v["hints"] = bad;
        assert_refused(&v, None, None, "hints: expected a count");
        assert_eq!(
            refused(&v).problem,
            record::Problem::Shape { field: "hints" }
        );
    }
}

/// A shared link (`#r=…`) gives back the exact record, in every preset,
/// finished or not, with its extensions; its code stays short and URL-safe.
#[test]
fn a_link_round_trips_every_preset() {
    let mut longest = 0;
    for preset in Preset::ALL {
        for seed in 0..12 {
            let stop = if seed % 3 == 0 {
                10_000
            } else {
                20 + seed as usize * 13
            };
            let m = random_match(preset.rules(), seed, stop);
            let mut out = write::record(&m);
            out.hints = seed as u32 % 4;
            out.takebacks = seed as u32 % 3;
            if seed % 2 == 0 {
                out.players = Some(engarde::BySide {
                    white: "human".into(),
                    black: "ai:hard".into(),
                });
            }
            let code = record::link::encode(&out);
            assert!(code
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
            let text = record::link::decode(&code).unwrap();
            assert_eq!(text, serde_json::to_string(&out).unwrap());
            let back = record::replay(&text, false).unwrap();
            assert_eq!(back.the_match.round(), m.round());
            assert_eq!((back.hints, back.takebacks), (out.hints, out.takebacks));
            longest = longest.max(code.len());
        }
    }
    // A whole match fits a link comfortably (JSON would be about 10× longer).
    assert!(longest < 2000, "{longest} characters");
    let custom = engarde::Rules {
        points_to_win: 3,
        ..Preset::Standard.rules()
    };
    let out = write::record(&random_match(custom, 5, 10_000));
    let text = record::link::decode(&record::link::encode(&out)).unwrap();
    assert_eq!(text, serde_json::to_string(&out).unwrap());
}

/// A damaged link is refused with its reason, never read as another match.
#[test]
fn a_damaged_link_says_what_is_wrong() {
    use record::link::{decode, encode, LinkError};
    let out = write::record(&random_match(Preset::Advanced.rules(), 7, 10_000));
    let code = encode(&out);
    assert_eq!(decode(""), Err(LinkError::Empty));
    assert_eq!(
        decode(&format!("{}!{}", &code[..5], &code[6..])),
        Err(LinkError::Character(5))
    );
    for cut in [1, 2, 3, 10, code.len() / 2, code.len() - 1] {
        assert!(decode(&code[..cut]).is_err(), "cut at {cut}");
    }
    // Every single character changed somewhere: refused as damaged.
    for at in (0..code.len()).step_by(7) {
        let mut bytes = code.clone().into_bytes();
        bytes[at] = if bytes[at] == b'A' { b'B' } else { b'A' };
        let changed = String::from_utf8(bytes).unwrap();
        assert_eq!(decode(&changed), Err(LinkError::Damaged), "changed at {at}");
    }
    // A link made from a record whose content was altered (the checksum is
    // made after the change) reads, and the record reader says what is wrong.
    let mut altered = out.clone();
    altered.rounds[0].actions[0].card = Some(9);
    let text = decode(&encode(&altered)).unwrap();
    let e = record::replay(&text, false).unwrap_err();
    assert_eq!((e.round, e.action), (Some(0), Some(0)), "{e}");
}

/// A bot's view read back gives exactly what the player may know natively:
/// the observation (the opponent's last action included) and the round's
/// history with what was public before each action, in every preset.
#[test]
fn a_view_read_back_is_the_native_observation_and_history() {
    use engarde::referee::protocol::{read_view, view};
    let mut checked = 0;
    for (n, preset) in [
        Preset::Basic,
        Preset::Standard,
        Preset::Advanced,
        Preset::Duel,
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..6u64 {
            let mut rng = GameRng::seed_from_u64(seed * 10 + n as u64);
            let mut game = Match::new(preset.rules(), Side::White, &mut rng).unwrap();
            play_out(&mut game, &mut rng, |game| {
                let side = game.round().to_act();
                let read = read_view(&view(game, side)).unwrap();
                let native = game.observation(side);
                assert_eq!(read.problem, None);
                assert_eq!(read.history, game.round_history(), "{preset:?} seed {seed}");
                // A Choice pick (S4) is set-up, not in the discard: the only
                // `opponent_last` a view cannot show, and nothing reads it.
                let choice = native
                    .opponent_last()
                    .is_some_and(|p| matches!(p.action, engarde::Action::Choose(_)));
                let expected = if choice { native.after(None) } else { native };
                assert_eq!(read.observation, expected, "{preset:?} seed {seed}");
                checked += 1;
            });
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// A discard that cannot have led to the view is read without a history,
/// and says why; the observation is still read.
#[test]
fn a_view_whose_discard_does_not_fit_says_so() {
    use engarde::referee::protocol::read_view;
    let view = json!({"rules": "advanced", "you": "white", "white": 5, "black": 11, "to_act": "white",
        "phase": "turn", "hand": [1, 2, 3, 4, 5], "opponent_hand": 5, "deck": 10,
        "discard": [{"by": "white", "do": "advance", "card": 4},
                    {"by": "black", "do": "lunge", "advance": 5, "card": 2, "count": 1},
                    {"by": "white", "do": "parry", "card": 2, "count": 1},
                    {"by": "black", "do": "advance", "card": 2}],
        "pending": null, "score": {"white": 0, "black": 0}, "round": 1, "special": null});
    let read = read_view(&view).unwrap();
    assert!(read.history.is_empty());
    assert_eq!(read.observation.opponent_last(), None);
    let problem = read.problem.unwrap();
    assert!(problem.contains("discard"), "{problem}");
}

/// Input over the caps is refused before it is read (everyday faults): the text's
/// length first, then the number of rounds, then a round's actions; each
/// says its cap. Under the caps, the same match replays.
#[test]
fn records_over_the_caps_are_refused_with_the_cap() {
    use record::{Problem, MAX_ACTIONS, MAX_RECORD_BYTES, MAX_ROUNDS};
    let long = format!(
        "{{\"format\": \"engarde/1\", \"pad\": \"{}\"}}",
        "x".repeat(MAX_RECORD_BYTES)
    );
    let e = record::replay(&long, false).unwrap_err();
    assert_eq!(
        e.problem,
        Problem::TooLong {
            limit: MAX_RECORD_BYTES
        }
    );
    assert_eq!((e.round, e.action), (None, None));

    let mut v = example();
    let round = v["rounds"][0].clone();
    v["rounds"] = Value::Array(vec![round.clone(); MAX_ROUNDS + 1]);
    let e = refused(&v);
    assert_eq!(e.problem, Problem::TooManyRounds { limit: MAX_ROUNDS });
    assert!(e.message.contains(&MAX_ROUNDS.to_string()), "{e}");

    let mut v = example();
    let action = v["rounds"][0]["actions"][0].clone();
    v["rounds"][0]["actions"] = Value::Array(vec![action; MAX_ACTIONS + 1]);
    let e = refused(&v);
    assert_eq!(e.problem, Problem::TooManyActions { limit: MAX_ACTIONS });
    assert_eq!(e.round, Some(0));

    // The design's example, well under every cap, still reads; and a long
    // real match is far under them.
    assert!(replay(&example()).is_ok());
    let m = random_match(Preset::Advanced.rules(), 3, 100_000);
    let text = write::record_json(&m);
    assert!(text.len() * 20 < MAX_RECORD_BYTES, "{}", text.len());
    assert!(m.rounds().len() * 4 < MAX_ROUNDS);
}

/// A link's code over its cap is refused before any decoding; a real
/// match's code is far under it.
#[test]
fn link_codes_over_the_cap_are_refused_at_once() {
    use record::link::{decode, encode, LinkError, MAX_CODE_CHARS};
    let huge = "A".repeat(1_000_000);
    assert_eq!(
        decode(&huge),
        Err(LinkError::TooLong {
            limit: MAX_CODE_CHARS
        })
    );
    let m = random_match(Preset::Advanced.rules(), 5, 100_000);
    let code = encode(&write::record(&m));
    assert!(code.len() * 10 < MAX_CODE_CHARS, "{}", code.len());
    assert!(decode(&code).is_ok());
}

/// The page's first script (index.html) takes off the address any fragment
/// longer than `#r=` and the longest link code, before anything is fetched:
/// its number is the cap's.
#[test]
fn the_pages_first_script_takes_off_links_over_the_cap() {
    let index = include_str!("../index.html");
    let script = index
        .split("<script>")
        .nth(1)
        .and_then(|s| s.split("</script>").next())
        .expect("index.html has an inline script");
    assert!(
        script.contains(&format!(
            "location.hash.length>3+{}",
            record::link::MAX_CODE_CHARS
        )),
        "index.html's first script: {script}"
    );
    assert!(
        index.find("<script>") < index.find("<link"),
        "the script comes before anything is fetched"
    );
}

/// The links' codec (`record::codec`): known answers made outside this
/// code (Python's base64, FNV-1a and LEB128), strict base64 and numbers.
mod codec {
    use engarde::record::codec::{self, Reader, StopAt, Unsealed};
    use engarde::record::format::{
        ActionRecord, RecordOut, RoundOut, RulesSpec, SetupRecord, FORMAT,
    };
    use engarde::record::link::{self, LinkError};
    use engarde::BySide;
    use serde_json::{json, Value};

    /// A link as the page has always written it (made by hand from the
    /// layout of docs/FORMATS.md, in Python): it still opens, and the page
    /// writes the same code for the same record.
    const KNOWN_LINK: &str =
        "AQoiYWR2YW5jZWQiAQVodW1hbglhaTpleHBlcnSsAgAAAQAFIzRQBRElUA9DElQSNFEjQAJIAwDzAgIBAJjafJs";

    fn known_record() -> Value {
        json!({
            "format": "engarde/1",
            "rules": "advanced",
            "players": {"white": "human", "black": "ai:expert"},
            "rounds": [{
                "setup": {
                    "hands": {"white": [2, 3, 3, 4, 5], "black": [1, 1, 2, 5, 5]},
                    "deck": [4, 3, 1, 2, 5, 4, 1, 2, 3, 4, 5, 1, 2, 3, 4]
                },
                "actions": [
                    {"by": "white", "do": "advance", "card": 3},
                    {"by": "black", "do": "lunge", "advance": 2, "card": 2, "count": 1}
                ]
            }],
            "hints": 300
        })
    }

    #[test]
    fn a_link_made_before_still_opens_and_is_written_the_same() {
        let text = link::decode(KNOWN_LINK).unwrap();
        let read: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(read, known_record());
        // Written again from the same record: the same code.
        let action = |by: &str, act: &str, advance, card, count| ActionRecord {
            by: Some(by.into()),
            act: act.into(),
            advance,
            card: Some(card),
            count,
            special: None,
        };
        let out = RecordOut {
            format: FORMAT,
            rules: RulesSpec::Preset("advanced".into()),
            players: Some(BySide::new("human".into(), "ai:expert".into())),
            rounds: vec![RoundOut {
                setup: SetupRecord {
                    hands: BySide::new(vec![2, 3, 3, 4, 5], vec![1, 1, 2, 5, 5]),
                    deck: vec![4, 3, 1, 2, 5, 4, 1, 2, 3, 4, 5, 1, 2, 3, 4],
                    ..SetupRecord::default()
                },
                actions: vec![
                    action("white", "advance", None, 3, None),
                    action("black", "lunge", Some(2), 2, Some(1)),
                ],
            }],
            awaiting_choice: false,
            hints: 300,
            takebacks: 0,
        };
        assert_eq!(link::encode(&out), KNOWN_LINK);
    }

    #[test]
    fn base64_is_url_safe_unpadded_and_canonical_only() {
        assert_eq!(codec::to_text(&[]), "");
        assert_eq!(codec::to_text(&[0xfb, 0xff]), "-_8");
        assert_eq!(codec::to_text(b"En Garde"), "RW4gR2FyZGU");
        assert_eq!(codec::from_text("RW4gR2FyZGU").unwrap(), b"En Garde");
        assert_eq!(codec::from_text("-_8").unwrap(), [0xfb, 0xff]);
        // The same bytes with bits left over in the last character: "AA" is
        // [0], "AB" would be [0] too, and is refused.
        assert_eq!(codec::from_text("AA").unwrap(), [0]);
        for odd in ["AB", "AP", "-_9", "RW4gR2FyZGV"] {
            assert_eq!(codec::from_text(odd), Err(Unsealed::Damaged), "{odd}");
        }
        // Padding, other alphabets, spaces: stray characters, by position.
        assert_eq!(codec::from_text("AA=="), Err(Unsealed::Character(2)));
        assert_eq!(codec::from_text("A+/A"), Err(Unsealed::Character(1)));
        assert_eq!(codec::from_text("AA A"), Err(Unsealed::Character(2)));
        // A length no code has.
        assert_eq!(codec::from_text("AAAAA"), Err(Unsealed::Damaged));
    }

    /// The known link with its last character's leftover bits set reads as
    /// the same bytes to a lax decoder; it is refused.
    #[test]
    fn a_non_canonical_link_is_refused() {
        let (head, last) = KNOWN_LINK.split_at(KNOWN_LINK.len() - 1);
        assert_eq!(
            KNOWN_LINK.len() % 4,
            3,
            "two bits left over in the last character"
        );
        let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let value = alphabet.find(last).unwrap();
        assert_eq!(value & 3, 0);
        for extra in 1..4 {
            let odd = format!("{head}{}", &alphabet[value + extra..=value + extra]);
            assert_eq!(link::decode(&odd), Err(LinkError::Damaged), "{odd}");
        }
    }

    fn number(bytes: &[u8]) -> Result<u32, StopAt> {
        let mut r = Reader::new(bytes);
        let n = r.number()?;
        assert_eq!(r.left(), 0, "{bytes:?}");
        Ok(n)
    }

    #[test]
    fn numbers_are_read_in_their_shortest_form_only() {
        let known: [(u32, &[u8]); 8] = [
            (0, &[0]),
            (1, &[1]),
            (127, &[0x7f]),
            (128, &[0x80, 1]),
            (300, &[0xac, 2]),
            (16_384, &[0x80, 0x80, 1]),
            (1 << 28, &[0x80, 0x80, 0x80, 0x80, 1]),
            (u32::MAX, &[0xff, 0xff, 0xff, 0xff, 0x0f]),
        ];
        for (n, bytes) in known {
            let mut out = Vec::new();
            codec::put_number(&mut out, n);
            assert_eq!(out, bytes, "{n}");
            assert_eq!(number(bytes), Ok(n), "{bytes:?}");
        }
        // Overlong: a last byte 0 after the first.
        assert_eq!(number(&[0x80, 0]), Err(StopAt(1)));
        assert_eq!(number(&[0x81, 0x80, 0]), Err(StopAt(2)));
        assert_eq!(number(&[0xff, 0xff, 0xff, 0xff, 0]), Err(StopAt(4)));
        // Over 32 bits: a fifth byte above 15 (its bits would be dropped),
        // or a sixth byte.
        assert_eq!(number(&[0xff, 0xff, 0xff, 0xff, 0x1f]), Err(StopAt(4)));
        assert_eq!(number(&[0x80, 0x80, 0x80, 0x80, 0x10]), Err(StopAt(4)));
        assert_eq!(number(&[0x80, 0x80, 0x80, 0x80, 0x80, 0]), Err(StopAt(4)));
        // Cut short.
        assert_eq!(number(&[0x80]), Err(StopAt(1)));
        assert_eq!(number(&[]), Err(StopAt(0)));
    }

    /// A link whose hints are written overlong, or too large, behind a valid
    /// checksum: refused where the number stands.
    #[test]
    fn a_link_with_an_overlong_or_overflowing_number_is_refused() {
        let body = codec::unseal(KNOWN_LINK, codec::fnv1a).unwrap();
        // version 1, rules (1 + 10 bytes), players (1 + 6 + 10), then hints.
        let at = 1 + 11 + 17;
        assert_eq!(&body[at..at + 2], &[0xac, 2]);
        for (hints, stop) in [
            (vec![0xac, 0x82, 0], at + 2),
            (vec![0xff, 0xff, 0xff, 0xff, 0x7f], at + 4),
        ] {
            let mut odd = body[..at].to_vec();
            odd.extend(&hints);
            odd.extend(&body[at + 2..]);
            let code = codec::seal(odd, codec::fnv1a);
            assert_eq!(
                link::decode(&code),
                Err(LinkError::Content(stop)),
                "{hints:?}"
            );
        }
    }

    #[test]
    fn the_seal_is_checked() {
        assert_eq!(codec::fnv1a(b""), [0x81, 0x1c, 0x9d, 0xc5]);
        assert_eq!(codec::fnv1a(b"a"), [0xe4, 0x0c, 0x29, 0x2c]);
        let code = codec::seal(b"touche".to_vec(), codec::fnv1a);
        assert_eq!(codec::unseal(&code, codec::fnv1a).unwrap(), b"touche");
        let first = if code.starts_with('A') { "B" } else { "A" };
        let forged = format!("{first}{}", &code[1..]);
        assert_eq!(codec::unseal(&forged, codec::fnv1a), Err(Unsealed::Damaged));
        assert_eq!(codec::unseal("AAA", codec::fnv1a), Err(Unsealed::Damaged));
    }
}
