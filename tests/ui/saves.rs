//! Saves and settings: read back, refused with reasons, defaults.

use super::*;

#[test]
fn a_save_reads_back_to_the_same_match_and_seats() {
    let mut rng = GameRng::seed_from_u64(99);
    for seed in 0..20 {
        let m = played_match(seed, 40 + seed as usize * 7);
        let text = save::save_text(
            &m,
            Side::Black,
            Difficulty::Hard,
            Help {
                hints: seed as u32 % 3,
                takebacks: seed as u32 % 2,
            },
        );
        let loaded = save::load(&text, (Side::White, Difficulty::Easy), &mut rng).unwrap();
        assert_eq!(loaded.human, Side::Black);
        assert_eq!(loaded.level, Difficulty::Hard);
        // The hints asked for are kept (a record extension), and only when any.
        assert_eq!(loaded.help.hints, seed as u32 % 3);
        assert_eq!(loaded.help.takebacks, seed as u32 % 2);
        assert_eq!(text.contains("\"takebacks\""), seed % 2 != 0);
        assert_eq!(text.contains("\"hints\""), seed % 3 != 0);
        assert_eq!(loaded.the_match.round(), m.round());
        assert_eq!(loaded.the_match.score(), m.score());
        assert_eq!(
            save::save_text(
                &loaded.the_match,
                Side::Black,
                Difficulty::Hard,
                loaded.help
            ),
            text
        );
    }
}

/// A Duel match saved while the Choice card waits for the starter's pick (S4)
/// comes back to that pick: same score, starter and stack, nothing dealt.
#[test]
fn a_save_while_the_choice_pick_waits_comes_back_to_the_pick() {
    let mut found = 0;
    for seed in 0..200 {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut m = Match::new(Preset::Duel.rules(), Side::White, &mut rng).unwrap();
        while !m.is_over() && m.round().phase() != Phase::Choose {
            random_step(&mut m, &mut rng);
        }
        if m.is_over() {
            continue;
        }
        found += 1;
        let text = save::save_text(&m, Side::White, Difficulty::Medium, Help::default());
        assert!(text.contains("\"awaiting_choice\":true"), "{text}");
        let loaded = save::load(&text, (Side::White, Difficulty::Easy), &mut rng).unwrap();
        let (a, b) = (loaded.the_match.round().public(), m.round().public());
        assert_eq!(loaded.the_match.round().phase(), Phase::Choose);
        assert_eq!(
            (a.starter(), a.to_act(), a.score(), a.special()),
            (b.starter(), b.to_act(), b.score(), b.special())
        );
        assert_eq!(loaded.the_match.turned_specials(), m.turned_specials());
        assert_eq!(loaded.the_match.round().hand(Side::White).len(), 0);
        assert_eq!(
            save::save_text(
                &loaded.the_match,
                Side::White,
                Difficulty::Medium,
                Help::default()
            ),
            text
        );
        // The pick is then played as usual.
        let mut game = loaded.the_match;
        game.play(Action::Choose(Special::TenCards)).unwrap();
        assert_eq!(game.round().hand(Side::White).len(), 10);
    }
    assert!(found >= 20, "only {found} matches reached a pick");
    // Without special cards there is no Choice card to wait for.
    let m = played_match(3, 30);
    let text = save::save_text(&m, Side::White, Difficulty::Medium, Help::default());
    let odd = text.replacen('{', "{\"awaiting_choice\":true,", 1);
    let err = save::load(
        &odd,
        (Side::White, Difficulty::Easy),
        &mut GameRng::seed_from_u64(1),
    )
    .unwrap_err();
    assert!(err.message.starts_with("awaiting_choice:"), "{err}");
    assert_eq!(err.problem, Problem::Rules);
}

#[test]
fn unreadable_saves_say_what_and_where() {
    let mut rng = GameRng::seed_from_u64(99);
    let m = played_match(3, 30);
    let good = save::save_text(&m, Side::White, Difficulty::Medium, Help::default());
    let cut = &good[..good.len() / 2];
    let err = save::load(cut, (Side::White, Difficulty::Easy), &mut rng).unwrap_err();
    assert!(err.message.contains("malformed JSON"));
    assert!(
        matches!(err.problem, Problem::Json { line: 1, .. }),
        "{err:?}"
    );
    let other = good.replace("engarde/1", "engarde/9");
    let err = save::load(&other, (Side::White, Difficulty::Easy), &mut rng).unwrap_err();
    assert!(err.message.contains("unsupported format"));
    assert_eq!(err.problem, Problem::Format);
    let bad = good.replacen("\"do\":\"advance\"", "\"do\":\"fly\"", 1);
    let err = save::load(&bad, (Side::White, Difficulty::Easy), &mut rng).unwrap_err();
    assert!(err.to_string().starts_with("round 0, action"), "{err}");
    assert_eq!(err.problem, Problem::Shape { field: "action" });
    // The page says it counting from 1, in the person's language.
    let notice = Notice::SaveUnreadable(RecordProblem::Record(err));
    let words = en().notice(&notice);
    assert!(words.contains("round 1, action "), "{words}");
    let german = Lang::De.texts().notice(&notice);
    assert!(german.contains("Runde 1, Aktion "), "{german}");
    // Without players, the fallback seats apply.
    let plain = engarde::record::write::record_json(&m);
    let loaded = save::load(&plain, (Side::Black, Difficulty::Easy), &mut rng).unwrap();
    assert_eq!(
        (loaded.human, loaded.level),
        (Side::Black, Difficulty::Easy)
    );
}

#[test]
fn settings_survive_a_round_trip_and_garbage_gives_defaults() {
    let mut rules = Preset::Duel.rules();
    rules.points_to_win = 3;
    let s = Settings {
        rules,
        level: Difficulty::Hard,
        side: Side::Black,
        tracker: false,
        opponent: save::Adversary::Person,
    };
    assert_eq!(Settings::from_json(&s.to_json()), s);
    assert_eq!(Settings::from_json("{not json"), Settings::default());
}

/// Remembered rules that do not validate are kept as read; a match started
/// with them plays the default rules and says so (it once did so silently).
#[test]
fn settings_that_do_not_validate_are_reported_not_replaced_silently() {
    let s = Settings {
        level: Difficulty::Hard,
        ..Settings::default()
    };
    let bad_points = s
        .to_json()
        .replace("\"points_to_win\":5", "\"points_to_win\":42");
    let read = Settings::from_json(&bad_points);
    assert_eq!(read.rules.points_to_win, 42);
    assert_eq!(read.level, Difficulty::Hard);
    let state = GameState::new(read, 3);
    assert_eq!(state.the_match.rules(), engarde::Rules::default());
    assert_eq!(
        state.notice,
        Some(Notice::SettingsInvalid(engarde::RulesError::PointsToWin(
            42
        )))
    );
    let said = en().notice(state.notice.as_ref().unwrap());
    assert!(
        said.contains("42") && said.contains("default rules"),
        "{said}"
    );
    // Valid settings start without a notice.
    assert_eq!(GameState::new(s, 3).notice, None);
}
