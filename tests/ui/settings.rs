//! The new-game form's draft, and the worker's replies on the wire.

use super::*;
use engarde::ui::settings::{Change, Draft, Switch, NAME_LEN};
use engarde::ui::think::{wire, ThinkReply};

fn draft() -> Draft {
    Draft::new(Settings::default(), BySide::default())
}

#[test]
fn a_preset_keeps_the_points_to_win_and_an_option_makes_the_rules_custom() {
    let mut d = draft();
    d.apply(Change::Points(3));
    d.apply(Change::Preset(Preset::Advanced));
    assert_eq!(d.preset(), Some(Preset::Advanced));
    assert_eq!(d.settings.rules.points_to_win, 3);
    let on = Switch::FinalStrike.get(&d.settings.rules);
    d.apply(Change::Switch(Switch::FinalStrike, !on));
    assert_eq!(Switch::FinalStrike.get(&d.settings.rules), !on);
    assert_ne!(d.preset(), Some(Preset::Advanced), "custom rules");
    d.apply(Change::Points(0));
    assert_eq!(d.settings.rules.points_to_win, 1, "kept within 1 to 9");
    d.apply(Change::Points(12));
    assert_eq!(d.settings.rules.points_to_win, 9);
}

#[test]
fn the_opponent_is_the_computer_at_a_level_or_a_person_with_names() {
    let mut d = draft();
    d.apply(Change::Computer(Difficulty::Hard));
    assert!(d.computer_at(Difficulty::Hard) && !d.people());
    d.apply(Change::Person);
    assert!(d.people() && !d.computer_at(Difficulty::Hard));
    d.apply(Change::Name(Side::Black, "x".repeat(40)));
    assert_eq!(d.names[Side::Black].chars().count(), NAME_LEN);
    d.apply(Change::Side(Side::Black));
    assert_eq!(d.settings.side, Side::Black);
}

/// Every reply reads back as written, from the same observation, the
/// hint's reasons (counted in the worker) with it; a reply with an action
/// not legal there, or a chance out of 0 to 1, is refused.
#[test]
fn worker_replies_read_back_as_written() {
    let mut rng = GameRng::seed_from_u64(5);
    for seed in 0..40 {
        let m = random_match(Preset::Standard.rules(), seed, 12);
        let round = m.round();
        if round.is_over() {
            continue;
        }
        let obs = round.observation(round.to_act());
        let legal = obs.legal_actions();
        let action = random_action(&legal, &mut rng);
        let advice = legal
            .iter()
            .take(3)
            .map(|&a| engarde::ai::advice::Advice {
                action: a,
                chance: 0.25,
                reason: engarde::ai::advice::reason(&obs, a),
            })
            .collect();
        for reply in [
            ThinkReply::Move {
                action,
                iterations: 1234,
                millis: 12.5,
            },
            ThinkReply::Hint(advice),
            ThinkReply::Judge(engarde::ai::advice::Verdict {
                best: action,
                before: 0.5,
                after: None,
                missed_sure_win: false,
            }),
            ThinkReply::Judge(engarde::ai::advice::Verdict {
                best: action,
                before: 1.0,
                after: Some(0.75),
                missed_sure_win: true,
            }),
        ] {
            let text = wire::write(&reply, &obs);
            assert_eq!(wire::read(&text, &obs), Some(reply), "{text}");
        }
    }
    let m = random_match(Preset::Basic.rules(), 1, 0);
    let obs = m.round().observation(Side::White);
    let legal = obs.legal_actions();
    let illegal = [1, 2, 3, 4, 5]
        .into_iter()
        .filter_map(engarde::Card::new)
        .map(engarde::Action::Retreat)
        .find(|a| !legal.contains(a))
        .expect("White cannot retreat from the first square");
    let advice = |action, chance| engarde::ai::advice::Advice {
        action,
        chance,
        reason: engarde::ai::advice::reason(&obs, legal[0]),
    };
    let refused = [
        ThinkReply::Move {
            action: illegal,
            iterations: 1,
            millis: 1.0,
        },
        ThinkReply::Hint(vec![advice(legal[0], 0.5), advice(illegal, 0.5)]),
        ThinkReply::Hint(vec![advice(legal[0], 1.5)]),
        ThinkReply::Judge(engarde::ai::advice::Verdict {
            best: illegal,
            before: 0.5,
            after: None,
            missed_sure_win: false,
        }),
    ];
    for reply in refused {
        let text = wire::write(&reply, &obs);
        assert_eq!(wire::read(&text, &obs), None, "{text}");
    }
    assert_eq!(wire::read("x", &obs), None);
    assert_eq!(wire::read("m 0 1 1", &obs), None, "the old numbers");
}

/// The page's first load makes no link codes: at a match's end it asks the
/// opponent's worker for the history's. The worker's code is the encoder's
/// own, and reads back as the record; anything else is not such a request.
#[test]
fn the_worker_makes_a_finished_matchs_link_code() {
    for seed in 0..12 {
        let rules = [Preset::Basic, Preset::Standard, Preset::Advanced][seed as usize % 3].rules();
        let m = random_match(rules, seed, usize::MAX);
        let help = Help {
            hints: seed as u32 % 3,
            takebacks: 1,
        };
        let record = save::record(&m, Side::Black, Difficulty::Expert, help);
        let request = wire::write_link_request(&record).expect("a record serializes");
        let code = engarde::record::link::encode(&record);
        assert_eq!(
            wire::answer_link_request(&request),
            Some(Some(code.clone()))
        );
        assert_eq!(
            engarde::record::link::decode(&code).ok(),
            serde_json::to_string(&record).ok()
        );
    }
    assert_eq!(wire::answer_link_request("link [1,2,"), Some(None));
    assert_eq!(wire::answer_link_request("link [1,256]"), Some(None));
    assert_eq!(wire::answer_link_request("link "), Some(None));
    assert_eq!(wire::answer_link_request("{\"Hint\":{}}"), None);
}
