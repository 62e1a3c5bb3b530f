//! docs/RULES.md §2 Match.

use super::*;

#[test]
fn r6_winner_scores_one_first_to_points_wins_draw_scores_nothing() {
    let rules = Preset::Advanced.rules();
    // Round 1: White starts and wins.
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.score(), score(1, 0));
    assert!(!m.is_over());
    // A drawn round scores nothing.
    next_round(&mut m, None, false, Side::Black, Outcome::Draw);
    assert_eq!(m.round().result().unwrap().winner, None);
    assert_eq!(m.score(), score(1, 0));
    // White wins three more: 4–0, not over yet.
    next_round(&mut m, None, false, Side::White, Outcome::StarterWins);
    next_round(&mut m, None, false, Side::Black, Outcome::StarterLoses);
    next_round(&mut m, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.score(), score(4, 0));
    assert!(!m.is_over());
    assert_eq!(m.winner(), None);
    // The fifth point wins the match.
    next_round(&mut m, None, false, Side::Black, Outcome::StarterLoses);
    assert_eq!(m.score(), score(5, 0));
    assert!(m.is_over());
    assert_eq!(m.winner(), Some(Side::White));

    // Option: points to win. With 2, the second point ends the match.
    let rules = rules_with(|r| r.points_to_win = 2);
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterLoses);
    assert_eq!(m.score(), score(0, 1));
    assert!(!m.is_over());
    next_round(&mut m, None, false, Side::Black, Outcome::StarterWins);
    assert_eq!(m.score(), score(0, 2));
    assert_eq!(m.winner(), Some(Side::Black));
    // With 1, a single round is the match.
    let m = first_round(
        rules_with(|r| r.points_to_win = 1),
        None,
        false,
        Side::White,
        Outcome::StarterWins,
    );
    assert_eq!(m.winner(), Some(Side::White));
}

#[test]
fn r7_round_one_white_then_alternate_or_loser() {
    // Round 1: White (the app may also choose).
    for rules in [Preset::Advanced.rules(), Preset::Duel.rules()] {
        let m = Match::new(rules, Side::White, &mut rng(4)).unwrap();
        assert_eq!(m.round().public().starter(), Side::White);
        let m = Match::new(rules, Side::Black, &mut rng(4)).unwrap();
        assert_eq!(m.round().public().starter(), Side::Black);
    }

    // starter = alternate: whatever the results.
    let rules = Preset::Advanced.rules();
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::Black);
    // The wrong starter is refused.
    let (bad, _) = scenario(rules, None, Side::White, m.score(), Outcome::StarterWins);
    assert_eq!(
        m.start_round(&bad),
        Err(MatchError::WrongStarter {
            expected: Side::Black,
            given: Side::White
        })
    );
    next_round(&mut m, None, false, Side::Black, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::White);
    next_round(&mut m, None, false, Side::White, Outcome::StarterLoses);
    assert_eq!(m.next_starter(), Side::Black);
    next_round(&mut m, None, false, Side::Black, Outcome::Draw);
    assert_eq!(m.next_starter(), Side::White);

    // starter = loser: the loser of the previous round starts.
    let rules = rules_with(|r| r.starter = StarterRule::Loser);
    let mut m = first_round(rules, None, false, Side::White, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::Black); // Black lost
    next_round(&mut m, None, false, Side::Black, Outcome::StarterLoses);
    assert_eq!(m.next_starter(), Side::Black); // Black lost again
    let (bad, _) = scenario(rules, None, Side::White, m.score(), Outcome::StarterWins);
    assert!(matches!(
        m.start_round(&bad),
        Err(MatchError::WrongStarter {
            expected: Side::Black,
            given: Side::White
        })
    ));
    next_round(&mut m, None, false, Side::Black, Outcome::StarterWins);
    assert_eq!(m.next_starter(), Side::White); // White lost

    // Dealt rounds follow the same rule.
    for (rules, seed) in [
        (Preset::Advanced.rules(), 10),
        (rules_with(|r| r.starter = StarterRule::Loser), 11),
    ] {
        let mut g = rng(seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        let mut rounds = 0;
        while !m.is_over() {
            play_out(&mut m, &mut g);
            let prev = *m.round().public();
            let result = m.round().result().unwrap();
            if m.is_over() {
                break;
            }
            m.start_next_round(&mut g).unwrap();
            let expected = match (rules.starter, result.winner) {
                (StarterRule::Loser, Some(w)) => w.opponent(),
                _ => prev.starter().opponent(),
            };
            assert_eq!(m.round().public().starter(), expected);
            assert_eq!(m.round().to_act(), expected);
            rounds += 1;
        }
        assert!(rounds >= 4);
    }
}

/// What a side saw at each of its decisions, in one pass
/// (`Match::decisions_seen`), is what replaying to each decision shows
/// (`Match::rewound`): the same points, the same observations (at a Choice
/// pick, S4, nothing dealt is seen, so the shuffle does not matter), in
/// every preset.
#[test]
fn decisions_seen_in_one_pass_are_those_of_the_rewound_match() {
    for (k, preset) in Preset::ALL.into_iter().enumerate() {
        for seed in 0..6 {
            let m = common::random_match(preset.rules(), 40 * seed + k as u64, usize::MAX);
            for side in Side::BOTH {
                let mut rng = GameRng::seed_from_u64(seed);
                let seen = m.decisions_seen(side, &mut rng);
                let points: Vec<_> = seen.iter().map(|(p, _)| *p).collect();
                assert_eq!(points, m.decisions(side), "{preset:?} {seed}");
                for (at, obs) in seen {
                    let then = m.rewound(at, &mut rng).unwrap().observation(side);
                    match at.action {
                        Some(_) => assert_eq!(obs, then, "{preset:?} {seed} {at:?}"),
                        None => {
                            assert_eq!(obs.public(), then.public(), "{at:?}");
                            assert_eq!(obs.legal_actions(), then.legal_actions());
                        }
                    }
                }
            }
        }
    }
}
