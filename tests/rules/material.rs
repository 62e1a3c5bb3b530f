//! docs/RULES.md §1 Material.

use super::*;

#[test]
fn r1_piste_has_23_squares_centre_12() {
    assert_eq!((FIRST_SQUARE, CENTRE_SQUARE, LAST_SQUARE), (1, 12, 23));
    // Squares outside 1–23 are refused.
    let mut off = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    off.position = BySide::new(0, 23);
    assert!(Round::set_up(&off).is_err());
    off.position = BySide::new(1, 24);
    assert!(Round::set_up(&off).is_err());
    // The ends of the piste: White on 1 and Black on 23 cannot go back.
    let mut r = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    assert!(!legal(&r).iter().any(|a| matches!(a, Action::Retreat(_))));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::RetreatOffPiste {
            side: Side::White,
            card: c(1)
        }
    );
    let mut r = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .starter(Side::Black)
        .round();
    assert!(!legal(&r).iter().any(|a| matches!(a, Action::Retreat(_))));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::RetreatOffPiste {
            side: Side::Black,
            card: c(1)
        }
    );
    // From the far end of the piste the whole length can be retreated: Black on 18
    // may go back 5 to square 23, not further.
    let mut r = full(Preset::Advanced, 1, 18, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .starter(Side::Black)
        .round();
    play(&mut r, ret(5));
    assert_eq!(pos(&r), (1, 23));
}

#[test]
fn r2_twenty_five_cards_five_of_each_value() {
    assert_eq!(Card::new(0), None);
    assert_eq!(Card::new(6), None);
    assert_eq!(Card::ALL.map(Card::value), [1, 2, 3, 4, 5]);
    assert_eq!(Hand::FULL_DECK.len(), 25);
    for card in Card::ALL {
        assert_eq!(Hand::FULL_DECK.count(card), 5);
    }
    // A deal uses exactly the 25 cards.
    for seed in 0..10 {
        let r = Round::deal(
            Preset::Advanced.rules(),
            None,
            score(0, 0),
            Side::White,
            &mut rng(seed),
        );
        let all = r
            .hand(Side::White)
            .plus(r.hand(Side::Black))
            .plus(r.pile().contents());
        assert_eq!(all, Hand::FULL_DECK);
    }
    // A set-up with a sixth 5 (or a missing card) is refused.
    let good = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    assert!(Round::set_up(&good).is_ok());
    let mut six = good.clone();
    six.discard.add(c(5), 1);
    assert!(Round::set_up(&six).is_err());
    let mut short = good.clone();
    short.deck.pop();
    assert!(Round::set_up(&short).is_err());
}

#[test]
fn r3_white_starts_on_1_black_on_23() {
    for seed in 0..5 {
        for starter in Side::BOTH {
            let r = Round::deal(
                Preset::Advanced.rules(),
                None,
                score(0, 0),
                starter,
                &mut rng(seed),
            );
            assert_eq!(pos(&r), (1, 23));
            assert_eq!(r.distance(), 22);
            assert_eq!(r.to_act(), starter);
        }
    }
    // Every round of a match starts there again.
    let mut g = rng(3);
    let mut m = Match::new(Preset::Advanced.rules(), Side::White, &mut g).unwrap();
    for _ in 0..3 {
        assert_eq!(pos(m.round()), (1, 23));
        play_out(&mut m, &mut g);
        if m.is_over() {
            break;
        }
        m.start_next_round(&mut g).unwrap();
    }
}

#[test]
fn r4_score_track_from_zero_to_points_to_win() {
    let m = Match::new(Preset::Advanced.rules(), Side::White, &mut rng(1)).unwrap();
    assert_eq!(m.score(), score(0, 0));
    assert_eq!(m.rules().points_to_win, 5);
    for points in 1..=9 {
        assert!(rules_with(|r| r.points_to_win = points).validate().is_ok());
    }
    assert!(rules_with(|r| r.points_to_win = 0).validate().is_err());
    assert!(rules_with(|r| r.points_to_win = 10).validate().is_err());
    assert!(Match::new(
        rules_with(|r| r.points_to_win = 0),
        Side::White,
        &mut rng(1)
    )
    .is_err());
    // A round cannot start with a score already at the target.
    let mut s = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    s.score = score(4, 4);
    assert!(Round::set_up(&s).is_ok());
    s.score = score(5, 0);
    assert!(Round::set_up(&s).is_err());
}

#[test]
fn r5_duel_edition_has_eight_special_cards() {
    assert_eq!(Special::STACK.len(), 8);
    // Only with special cards does a round carry one.
    let m = Match::new(Preset::Duel.rules(), Side::White, &mut rng(2)).unwrap();
    let turned = m.turned_specials();
    assert_eq!(turned.len(), 1);
    assert!(Special::STACK.contains(&turned[0]));
    let m = Match::new(Preset::Advanced.rules(), Side::White, &mut rng(2)).unwrap();
    assert!(m.turned_specials().is_empty());
    assert_eq!(m.round().public().special(), None);
    // A set-up needs its special card exactly when special cards are on.
    let p = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]);
    let mut s = p.setup();
    s.special = Some(Special::Plain);
    assert!(Round::set_up(&s).is_err());
    let mut s = p.setup();
    s.rules.special_cards = true;
    assert!(Round::set_up(&s).is_err());
}
