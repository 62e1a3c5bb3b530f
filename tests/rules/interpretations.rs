//! docs/RULES.md §9 Interpretations.

use super::*;

#[test]
fn i1_loser_rule_draw_makes_starter_alternate() {
    let rules = rules_with(|r| r.starter = StarterRule::Loser);
    let mut m = first_round(rules, None, false, Side::White, Outcome::Draw);
    assert_eq!(m.score(), score(0, 0));
    assert_eq!(m.next_starter(), Side::Black);
    next_round(&mut m, None, false, Side::Black, Outcome::Draw);
    assert_eq!(m.next_starter(), Side::White);
    next_round(&mut m, None, false, Side::White, Outcome::StarterLoses);
    assert_eq!(m.next_starter(), Side::White); // loser starts again
                                               // Duel preset (loser rule) with special cards.
    let mut m = first_round(
        Preset::Duel.rules(),
        Some(Special::Plain),
        false,
        Side::Black,
        Outcome::Draw,
    );
    assert_eq!(m.next_starter(), Side::White);
    let mut g = rng(12);
    m.start_next_round(&mut g).unwrap();
    assert_eq!(m.round().public().starter(), Side::White);
}

#[test]
fn i2_defender_who_parries_then_has_no_legal_action_loses() {
    // White 20, Black 23: distance 3. After parrying the 3, Black holds 4s and 5s.
    for preset in [Preset::Standard, Preset::Advanced] {
        let mut r = full(preset, 20, 23, &[3, 1, 1, 2, 2], &[3, 4, 4, 5, 5]).round();
        play(&mut r, att(3, 1));
        assert_eq!(legal(&r), set([Action::Parry]));
        play(&mut r, Action::Parry);
        assert_eq!(
            outcome(&r),
            (Some(Side::White), Reason::NoLegalAction),
            "{preset:?}"
        );
        assert_eq!(r.hand(Side::Black).len(), 4);
    }
}

#[test]
fn i3_pile_running_out_mid_refill_keeps_drawn_cards() {
    // White attacks with two cards; the pile has one: White keeps four.
    let mut r = Pos::new(
        Preset::Advanced,
        14,
        18,
        &[4, 4, 1, 1, 2],
        &[4, 4, 4, 5, 5],
        &[3],
    )
    .round();
    play(&mut r, att(4, 2));
    assert_eq!(r.hand(Side::White), hand(&[1, 1, 2, 3]));
    assert!(r.pile().is_empty());
    assert!(
        r.public().final_answer(),
        "taking the last card triggers E3"
    );
    // A lunge of three cards with two left in the pile: White keeps four.
    let mut r = Pos::new(
        Preset::Advanced,
        1,
        7,
        &[2, 4, 4, 1, 1],
        &[5, 5, 5, 3, 3],
        &[2, 3],
    )
    .round();
    play(&mut r, lunge(2, 4, 2));
    assert_eq!(r.hand(Side::White), hand(&[1, 1, 2, 3]));
    assert!(r.pile().is_empty());
    assert!(r.public().final_answer());
    assert_eq!(r.phase(), Phase::Answer);
}

#[test]
fn i4_nobody_may_pass() {
    // The only legal action is a retreat: it must be taken.
    // White 5, Black 7: distance 2, White holds only 3s and 4s.
    let mut r = full(Preset::Advanced, 5, 7, &[3, 3, 4, 4, 4], &[1, 1, 2, 5, 5]).round();
    assert_eq!(legal(&r), set([ret(3), ret(4)]));
    play(&mut r, ret(4));
    assert_eq!(pos(&r), (1, 7));
    // Random rounds: whoever is to act in a round not over has a legal action,
    // and `legal_actions` agrees with `check` on every conceivable action.
    let mut universe = Vec::new();
    for v in 1..=5 {
        universe.push(adv(v));
        universe.push(ret(v));
        for n in 0..=5 {
            universe.push(att(v, n));
            for a in 1..=5 {
                universe.push(lunge(a, v, n));
            }
        }
    }
    universe.push(Action::Parry);
    universe.extend(Special::STACK.map(Action::Choose));
    let specials = [
        None,
        Some(Special::Choice),
        Some(Special::ThreeCards),
        Some(Special::TenCards),
        Some(Special::NoRetreat),
    ];
    let mut g = rng(13);
    for preset in [Preset::Basic, Preset::Standard, Preset::Advanced] {
        for special in specials {
            let mut rules = preset.rules();
            rules.special_cards = special.is_some();
            for _ in 0..20 {
                let mut r = Round::deal(rules, special, score(0, 0), Side::White, &mut g);
                let mut steps = 0;
                while !r.is_over() {
                    let l = legal(&r);
                    assert!(!l.is_empty(), "{:?}", r.public());
                    for &a in &universe {
                        assert_eq!(r.check(a).is_ok(), l.contains(&a), "{a:?} in {r:?}");
                    }
                    assert!(r.distance() >= 1);
                    let list = r.legal_actions();
                    let a = random_action(&list, &mut g);
                    play(&mut r, a);
                    steps += 1;
                    assert!(steps < 200);
                }
                assert!(r.legal_actions().is_empty());
            }
        }
    }
}

#[test]
fn i5_score_may_pass_target_and_match_ends_at_once() {
    let rules = Preset::Duel.rules();
    let (mut s, _) = scenario(
        rules,
        Some(Special::PlainX2),
        Side::Black,
        score(4, 3),
        Outcome::StarterLoses,
    );
    s.score = score(4, 3);
    let mut m = Match::from_setup(&s).unwrap();
    assert_eq!(m.score(), score(6, 3));
    assert!(m.is_over());
    assert_eq!(m.winner(), Some(Side::White));
    // No round follows.
    assert_eq!(
        m.start_next_round(&mut rng(1)).unwrap_err(),
        MatchError::MatchOver
    );
    let (next, _) = scenario(
        rules,
        Some(Special::Plain),
        Side::Black,
        m.score(),
        Outcome::StarterLoses,
    );
    assert_eq!(m.start_round(&next).unwrap_err(), MatchError::MatchOver);
    // While a round is being played, no next round either.
    let mut m = Match::new(Preset::Advanced.rules(), Side::White, &mut rng(2)).unwrap();
    assert_eq!(
        m.start_next_round(&mut rng(3)).unwrap_err(),
        MatchError::RoundNotOver
    );
}

#[test]
fn i6_automatic_hit_and_no_legal_action_and_final_strike() {
    // A defender who cannot parry is hit at once, after the attacker's refill.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 3, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    assert_eq!(r.hand(Side::White).len(), 5, "the attacker refilled first");
    assert_eq!(r.pile().len(), 13);
    assert_eq!(r.hand(Side::Black).len(), 5, "Black played nothing");
    // No legal action: lost at once, nothing played (X6 position).
    let mut r = full(Preset::Advanced, 2, 7, &[4, 4, 4, 5, 5], &[2, 1, 1, 3, 3])
        .starter(Side::Black)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
    assert_eq!(r.hand(Side::White), hand(&[4, 4, 4, 5, 5]));
    // The Basic final strike is automatic: Black's 3 is not played.
    let mut r = Pos::new(
        Preset::Basic,
        10,
        15,
        &[2, 1, 1, 4, 4],
        &[3, 5, 5, 5, 1],
        &[2],
    )
    .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::FinalStrike));
    assert_eq!(r.hand(Side::Black), hand(&[1, 3, 5, 5, 5]));
}

#[test]
fn i7_final_count_at_any_level_final_strike_only_at_basic() {
    // White 7, Black 12; White's advance 3 takes the last card: distance 2.
    // White then holds two 2s, Black one 2; Black is deeper (11 vs 9).
    let w: &[u8] = &[3, 2, 2, 1, 1];
    let b: &[u8] = &[2, 1, 5, 5, 5];
    let basic = |rules: Rules| {
        let mut r = Pos::new(Preset::Basic, 7, 12, w, b, &[4])
            .rules(rules)
            .round();
        play(&mut r, adv(3));
        outcome(&r)
    };
    // Basic preset: Black strikes with its 2.
    assert_eq!(
        basic(Preset::Basic.rules()),
        (Some(Side::Black), Reason::FinalStrike)
    );
    // Basic with final_count set (and no final strike): the count is made.
    let counted = Rules {
        final_count: true,
        final_strike: false,
        ..Preset::Basic.rules()
    };
    assert_eq!(basic(counted), (Some(Side::White), Reason::CardCount));
    // Basic with neither: position.
    let neither = Rules {
        final_strike: false,
        ..Preset::Basic.rules()
    };
    assert_eq!(basic(neither), (Some(Side::Black), Reason::Position));
    // Basic with both: the strike comes first (step 2 before step 3).
    let both = Rules {
        final_count: true,
        ..Preset::Basic.rules()
    };
    assert_eq!(basic(both), (Some(Side::Black), Reason::FinalStrike));

    // final_strike set at Standard/Advanced level has no effect.
    // White 9, Black 14: after White's advance 3 White is deeper (11 vs 9);
    // Black holds a 2 = d, White none.
    for preset in [Preset::Standard, Preset::Advanced] {
        let rules = Rules {
            final_strike: true,
            final_count: false,
            ..preset.rules()
        };
        let mut r = Pos::new(preset, 9, 14, &[3, 1, 1, 4, 4], b, &[5])
            .rules(rules)
            .round();
        play(&mut r, adv(3));
        assert_eq!(
            outcome(&r),
            (Some(Side::White), Reason::Position),
            "{preset:?}"
        );
    }
}

#[test]
fn i8_retreat_taking_last_card_still_counts() {
    // White 5, Black 10. White lunges 1 then one 4 and draws two of the three
    // cards left; Black retreats 1 and draws the last: an ordinary last turn.
    // Distance 5: White holds two 5s, Black none; Black is deeper (12 vs 5).
    let w: &[u8] = &[1, 4, 5, 5, 2];
    let b: &[u8] = &[1, 3, 3, 2, 2];
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3, 1]).round();
    assert!(!r.public().rules().count_after_retreat);
    play(&mut r, lunge(1, 4, 1));
    assert!(!r.public().final_answer());
    assert_eq!(r.pile().len(), 1);
    play(&mut r, ret(1));
    assert!(r.pile().is_empty());
    assert_eq!(pos(&r), (6, 11));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // Without the card count, position.
    let rules = rules_with(|r| r.final_count = false);
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3, 1])
        .rules(rules)
        .round();
    play(&mut r, lunge(1, 4, 1));
    play(&mut r, ret(1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
}

#[test]
fn i9_ten_cards_empty_hand_after_parry_ends_by_position() {
    // White 5, Black 10: distance 5. White attacks with one 5 and keeps two;
    // Black parries with its only card and must act with an empty hand.
    let mut r = Pos::new(Preset::Advanced, 5, 10, &[5, 5, 5], &[5], &[])
        .special(Special::TenCards)
        .aside(&[1, 1, 1, 1, 1])
        .round();
    play(&mut r, att(5, 1));
    assert_eq!(r.hand(Side::White).len(), 2, "nobody draws");
    play(&mut r, Action::Parry);
    // E4 by position (Black 13 vs White 4): not E2 (White, no legal action) and
    // not the card count (White holds two 5s = d).
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Basic with Ten cards: no final strike either; the round ends by E4.
    let mut r = Pos::new(Preset::Basic, 10, 15, &[2], &[3, 3], &[])
        .special(Special::TenCards)
        .aside(&[1, 1, 1, 1, 1])
        .round();
    play(&mut r, adv(2));
    assert!(!r.is_over(), "no last card, no final strike");
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit));
    // At the start of the round too: an empty hand ends it at once by position.
    let r = Pos::new(Preset::Advanced, 10, 15, &[], &[3, 3], &[])
        .special(Special::TenCards)
        .aside(&[1, 1, 1, 1, 1])
        .round();
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
}

#[test]
fn i10_advance_equal_to_distance_is_illegal_but_attacks() {
    // White 8, Black 11: distance 3; White holds a 3.
    let mut r = full(Preset::Advanced, 8, 11, &[3, 1, 4, 5, 5], &[1, 2, 4, 5, 5]).round();
    assert_eq!(
        refuse(&mut r, adv(3)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(3),
            lands_on: true
        }
    );
    assert!(legal(&r).contains(&att(3, 1)));
    // At Basic level too: the 3 hits.
    let mut r = full(Preset::Basic, 8, 11, &[3, 1, 4, 5, 5], &[1, 2, 4, 5, 5]).round();
    refuse(&mut r, adv(3));
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
}
