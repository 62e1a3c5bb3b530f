//! docs/RULES.md §7 Duel special cards.

use super::*;

#[test]
fn s1_eight_special_cards_shuffled_once() {
    let mut stack = Special::STACK.to_vec();
    stack.sort();
    assert_eq!(
        stack,
        vec![
            Special::Plain,
            Special::Plain,
            Special::PlainX2,
            Special::Choice,
            Special::ThreeCards,
            Special::TenCards,
            Special::OpenHands,
            Special::NoRetreat
        ]
    );
    assert_eq!(Special::Plain.copies() + Special::PlainX2.copies(), 3);
    // Matches turn the stack's cards: the first eight rounds turn each card once.
    let rules = Rules {
        points_to_win: 9,
        ..Preset::Duel.rules()
    };
    let mut firsts = HashSet::new();
    let mut full_passes = 0;
    for seed in 0..20 {
        let mut g = rng(seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        loop {
            play_out(&mut m, &mut g);
            if m.is_over() {
                break;
            }
            m.start_next_round(&mut g).unwrap();
        }
        let turned = m.turned_specials().to_vec();
        firsts.insert(turned[0]);
        let n = turned.len().min(8);
        let mut first: Vec<Special> = turned[..n].to_vec();
        first.sort();
        if n == 8 {
            assert_eq!(first, stack, "seed {seed}");
            full_passes += 1;
        } else {
            let mut left = stack.clone();
            for s in first {
                let i = left.iter().position(|&x| x == s).expect("a stack card");
                left.remove(i);
            }
        }
    }
    assert!(full_passes > 0);
    assert!(firsts.len() > 2, "the stack is shuffled: {firsts:?}");
    // Scripted: a third Plain within the first eight rounds is refused.
    let rules = Rules {
        points_to_win: 9,
        starter: StarterRule::Alternate,
        ..Preset::Duel.rules()
    };
    let mut m = first_round(
        rules,
        Some(Special::Plain),
        false,
        Side::White,
        Outcome::StarterLoses,
    );
    next_round(
        &mut m,
        Some(Special::Plain),
        false,
        Side::Black,
        Outcome::StarterLoses,
    );
    let (s, _) = scenario(
        rules,
        Some(Special::Plain),
        Side::White,
        m.score(),
        Outcome::StarterLoses,
    );
    assert!(matches!(
        m.start_round(&s),
        Err(MatchError::WrongSpecial { .. })
    ));
}

#[test]
fn s2_special_card_applies_whole_round_then_goes_to_bottom() {
    // Scripted: the ninth round turns the first round's card again, and so on.
    let rules = Rules {
        points_to_win: 9,
        starter: StarterRule::Alternate,
        ..Preset::Duel.rules()
    };
    let order: [(Special, bool); 8] = [
        (Special::Plain, false),
        (Special::ThreeCards, true), // Choice, picked Three cards
        (Special::PlainX2, false),
        (Special::TenCards, false),
        (Special::OpenHands, false),
        (Special::Plain, false),
        (Special::NoRetreat, false),
        (Special::ThreeCards, false),
    ];
    let turned: Vec<Special> = order
        .iter()
        .map(|&(s, chosen)| if chosen { Special::Choice } else { s })
        .collect();
    let starter = |i: usize| if i % 2 == 0 { Side::White } else { Side::Black };
    let mut m = first_round(
        rules,
        Some(order[0].0),
        order[0].1,
        starter(0),
        Outcome::StarterLoses,
    );
    for (i, &(s, chosen)) in order.iter().enumerate().skip(1) {
        // A card already turned in this pass is refused.
        if i == 4 {
            let (bad, _) = scenario(
                rules,
                Some(Special::TenCards),
                starter(i),
                m.score(),
                Outcome::StarterLoses,
            );
            assert!(matches!(
                m.start_round(&bad),
                Err(MatchError::WrongSpecial { .. })
            ));
        }
        next_round(&mut m, Some(s), chosen, starter(i), Outcome::StarterLoses);
        assert_eq!(m.round().public().special(), Some(s));
        assert_eq!(m.round().public().chosen(), chosen);
    }
    assert_eq!(m.turned_specials(), &turned[..]);
    assert!(!m.is_over());
    // Round 9 must be the card of round 1 (Plain).
    let (bad, _) = scenario(
        rules,
        Some(Special::OpenHands),
        starter(8),
        m.score(),
        Outcome::StarterLoses,
    );
    assert!(matches!(
        m.start_round(&bad),
        Err(MatchError::WrongSpecial { .. })
    ));
    next_round(
        &mut m,
        Some(Special::Plain),
        false,
        starter(8),
        Outcome::StarterLoses,
    );
    // Round 10 must be Choice again: Three cards turned directly is refused.
    let (bad, _) = scenario(
        rules,
        Some(Special::ThreeCards),
        starter(9),
        m.score(),
        Outcome::StarterLoses,
    );
    assert!(matches!(
        m.start_round(&bad),
        Err(MatchError::WrongSpecial { .. })
    ));
    next_round(
        &mut m,
        Some(Special::NoRetreat),
        true,
        starter(9),
        Outcome::StarterLoses,
    );
    assert_eq!(m.turned_specials().len(), 10);
    assert_eq!(m.turned_specials()[8], Special::Plain);
    assert_eq!(m.turned_specials()[9], Special::Choice);

    // Dealt matches: round k + 8 turns the card of round k, and the card is in
    // force for the whole round.
    let mut checked = 0;
    for seed in 0..20 {
        let mut g = rng(100 + seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        loop {
            while !m.round().is_over() {
                let actions = m.round().legal_actions();
                let a = random_action(&actions, &mut g);
                let choosing = m.round().phase() == Phase::Choose;
                let before = m.round().public().special();
                m.play(a).unwrap();
                if !choosing {
                    assert_eq!(m.round().public().special(), before, "for the whole round");
                }
            }
            let turned = *m.turned_specials().last().unwrap();
            let p = m.round().public();
            if turned == Special::Choice {
                assert!(p.chosen());
                assert!(Special::CHOICES.contains(&p.special().unwrap()));
            } else {
                assert_eq!(p.special(), Some(turned));
                assert!(!p.chosen());
            }
            if m.is_over() {
                break;
            }
            m.start_next_round(&mut g).unwrap();
        }
        let t = m.turned_specials();
        for i in 8..t.len() {
            assert_eq!(t[i], t[i - 8], "seed {seed}, round {}", i + 1);
            checked += 1;
        }
    }
    assert!(checked > 0, "some match lasted more than eight rounds");
}

#[test]
fn s3_plain_changes_nothing_plain_x2_scores_two() {
    // Plain: an ordinary round.
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::Plain),
        score(0, 0),
        Side::White,
        &mut rng(5),
    );
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 15);
    assert_eq!(r.observation(Side::White).opponent_hand(), None);
    let rules = Preset::Duel.rules();
    let mut m = first_round(
        rules,
        Some(Special::Plain),
        false,
        Side::White,
        Outcome::StarterLoses,
    );
    assert_eq!(m.score(), score(0, 1));
    // Plain ×2: the winner scores 2 (White lost, so White starts).
    next_round(
        &mut m,
        Some(Special::PlainX2),
        false,
        Side::White,
        Outcome::StarterWins,
    );
    assert_eq!(m.score(), score(2, 1));
    // A drawn Plain ×2 round scores nothing.
    let m = first_round(
        rules,
        Some(Special::PlainX2),
        false,
        Side::White,
        Outcome::Draw,
    );
    assert_eq!(m.score(), score(0, 0));
}

#[test]
fn s4_choice_starter_picks_before_the_deal() {
    let rules = Preset::Duel.rules();
    let mut r = Round::deal(
        rules,
        Some(Special::Choice),
        score(0, 0),
        Side::Black,
        &mut rng(6),
    );
    assert_eq!(r.phase(), Phase::Choose);
    assert_eq!(r.to_act(), Side::Black, "the starting player picks");
    assert!(r.hand(Side::White).is_empty() && r.hand(Side::Black).is_empty());
    assert_eq!(r.pile().len(), 25);
    assert_eq!(
        legal(&r),
        set([
            Action::Choose(Special::ThreeCards),
            Action::Choose(Special::TenCards),
            Action::Choose(Special::OpenHands),
            Action::Choose(Special::NoRetreat)
        ])
    );
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::MustChoose { side: Side::Black }
    );
    for s in [Special::Plain, Special::PlainX2, Special::Choice] {
        refuse(&mut r, Action::Choose(s));
    }
    play(&mut r, Action::Choose(Special::TenCards));
    assert_eq!(r.public().special(), Some(Special::TenCards));
    assert!(r.public().chosen());
    assert_eq!(r.hand(Side::White).len(), 10);
    assert_eq!(r.hand(Side::Black).len(), 10);
    assert_eq!(r.aside().len(), 5);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::Black));
    assert!(matches!(
        refuse(&mut r, Action::Choose(Special::ThreeCards)),
        IllegalAction::NoChoice {
            side: Side::Black,
            ..
        }
    ));
    // In a match: Choice is what the stack turned; the round is the picked card's.
    let mut found = false;
    for seed in 0..100 {
        let mut g = rng(seed);
        let mut m = Match::new(rules, Side::White, &mut g).unwrap();
        if m.round().phase() != Phase::Choose {
            continue;
        }
        found = true;
        assert!(m.rounds().is_empty(), "nothing dealt before the pick");
        m.play(Action::Choose(Special::ThreeCards)).unwrap();
        assert_eq!(m.turned_specials(), &[Special::Choice]);
        assert_eq!(m.round().public().special(), Some(Special::ThreeCards));
        assert_eq!(m.round().hand(Side::White).len(), 3);
        assert_eq!(m.rounds().len(), 1);
        break;
    }
    assert!(found);
}

#[test]
fn s4_impossible_pick_is_refused_as_no_choice() {
    let mut r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::Choice),
        score(0, 0),
        Side::White,
        &mut rng(6),
    );
    for s in [Special::Plain, Special::PlainX2, Special::Choice] {
        let action = Action::Choose(s);
        assert_eq!(
            refuse(&mut r, action),
            IllegalAction::NoChoice {
                side: Side::White,
                action
            }
        );
    }
}

#[test]
fn s5_three_cards_deal_and_refill_to_three() {
    let mut r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::ThreeCards),
        score(0, 0),
        Side::White,
        &mut rng(7),
    );
    assert_eq!(r.hand(Side::White).len(), 3);
    assert_eq!(r.hand(Side::Black).len(), 3);
    assert_eq!(r.pile().len(), 19);
    let a = r.legal_actions()[0];
    play(&mut r, a);
    assert_eq!(r.hand(Side::White).len(), 3);
    assert_eq!(r.pile().len(), 18);
    // After a two-card attack: refill to 3, drawing 2.
    let mut r = Pos::new(
        Preset::Duel,
        5,
        9,
        &[4, 4, 1],
        &[4, 4, 2],
        &rest(&[&[4, 4, 1], &[4, 4, 2]]),
    )
    .special(Special::ThreeCards)
    .round();
    play(&mut r, att(4, 2));
    assert_eq!(r.hand(Side::White).len(), 3);
    assert_eq!(r.pile().len(), 17);
    play(&mut r, Action::Parry);
    assert_eq!(r.hand(Side::Black).len(), 1);
    play(&mut r, adv(2));
    assert_eq!(r.hand(Side::Black).len(), 3);
    // A five-card hand is refused under Three cards.
    let bad = full(Preset::Duel, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .special(Special::ThreeCards)
        .setup();
    assert!(Round::set_up(&bad).is_err());
}

#[test]
fn s6_ten_cards_nobody_draws() {
    let mut r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::TenCards),
        score(0, 0),
        Side::White,
        &mut rng(8),
    );
    assert_eq!(r.hand(Side::White).len(), 10);
    assert_eq!(r.hand(Side::Black).len(), 10);
    assert_eq!(r.aside().len(), 5);
    assert!(r.pile().is_empty());
    let all = r
        .hand(Side::White)
        .plus(r.hand(Side::Black))
        .plus(r.aside());
    assert_eq!(all, Hand::FULL_DECK);
    // The set-aside cards are unseen by both players.
    assert_eq!(r.observation(Side::White).aside_len(), 5);
    assert_eq!(r.observation(Side::White).unseen().len(), 15);
    // Moves do not draw, and an empty pile does not end the round (no E3).
    for expected in [9, 9, 8, 8] {
        let a = *r
            .legal_actions()
            .iter()
            .find(|a| matches!(a, Action::Advance(_) | Action::Retreat(_)))
            .expect("a move");
        let side = r.to_act();
        play(&mut r, a);
        assert_eq!(r.hand(side).len(), expected);
        assert!(!r.is_over());
    }
    assert_eq!(r.aside().len(), 5);
    // A set-up with a draw pile, or without five cards aside, is refused.
    let p = Pos::new(
        Preset::Duel,
        1,
        23,
        &[1, 2, 3, 4, 5],
        &[1, 2, 3, 4, 5],
        &[5],
    )
    .special(Special::TenCards)
    .aside(&[2, 2, 2, 3, 3]);
    assert!(Round::set_up(&p.setup()).is_err());
    let p = Pos::new(Preset::Duel, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5], &[])
        .special(Special::TenCards)
        .aside(&[2, 2, 2, 3]);
    assert!(Round::set_up(&p.setup()).is_err());
}

#[test]
fn s7_open_hands_both_hands_visible() {
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::OpenHands),
        score(0, 0),
        Side::White,
        &mut rng(9),
    );
    for side in Side::BOTH {
        let o = r.observation(side);
        assert_eq!(o.opponent_hand(), Some(r.hand(side.opponent())));
        // Only the draw pile is unseen.
        assert_eq!(o.unseen(), r.pile().contents());
    }
    // Not under other cards.
    for s in [Special::Plain, Special::NoRetreat, Special::ThreeCards] {
        let r = Round::deal(
            Preset::Duel.rules(),
            Some(s),
            score(0, 0),
            Side::White,
            &mut rng(9),
        );
        assert_eq!(r.observation(Side::White).opponent_hand(), None);
    }
}

#[test]
fn s8_no_retreat_forbids_backward_moves_and_lunge_escape() {
    // White 5, Black 12: plenty of room behind both.
    let mut r = full(Preset::Duel, 5, 12, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .special(Special::NoRetreat)
        .round();
    assert!(!legal(&r).iter().any(|a| matches!(a, Action::Retreat(_))));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::NoRetreatCard { side: Side::White }
    );
    // Advanced with No retreat: a lunge can only be parried.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 5, 1, 2, 3])
        .special(Special::NoRetreat)
        .round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(legal(&r), set([Action::Parry]));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::NoRetreatCard { side: Side::Black }
    );
    // No parry: hit, although Black has room behind.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 4, 1, 2, 3])
        .special(Special::NoRetreat)
        .round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // A player whose only moves are backward has no legal action (E2).
    let r = full(Preset::Duel, 10, 12, &[3, 3, 4, 4, 5], &[1, 1, 2, 2, 5])
        .special(Special::NoRetreat)
        .round();
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
}
