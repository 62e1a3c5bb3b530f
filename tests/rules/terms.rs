//! docs/RULES.md §4 Terms.

use super::*;

#[test]
fn r11_distance_is_black_minus_white_and_forward_is_towards_opponent() {
    let mut r = full(Preset::Advanced, 4, 15, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    assert_eq!(r.distance(), 11);
    assert_eq!(r.public().distance(), 11);
    play(&mut r, adv(2)); // White forward: up the piste
    assert_eq!(pos(&r), (6, 15));
    assert_eq!(r.distance(), 9);
    play(&mut r, adv(3)); // Black forward: down the piste
    assert_eq!(pos(&r), (6, 12));
    assert_eq!(r.distance(), 6);
    // Fencers side by side (d = 1) is the closest possible; crossed is refused.
    let mut s = full(Preset::Advanced, 4, 15, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    s.position = BySide::new(11, 12);
    assert_eq!(Round::set_up(&s).unwrap().distance(), 1);
    s.position = BySide::new(12, 12);
    assert!(Round::set_up(&s).is_err());
    s.position = BySide::new(13, 12);
    assert!(Round::set_up(&s).is_err());
}

/// R12's geometry lives in one place, the engine's: where a move lands, the
/// room to retreat (none under No retreat, S8), and how far a fencer advanced.
#[test]
fn r12_landing_squares_and_the_room_to_retreat_come_from_the_engine() {
    let r = full(Preset::Advanced, 3, 20, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    let p = r.public();
    assert_eq!(p.square_after(Side::White, c(4), true), Some(7));
    assert_eq!(p.square_after(Side::White, c(2), false), Some(1));
    assert_eq!(
        p.square_after(Side::White, c(3), false),
        None,
        "off the piste"
    );
    assert_eq!(p.square_after(Side::Black, c(4), true), Some(16));
    assert_eq!(p.square_after(Side::Black, c(3), false), Some(23));
    assert_eq!(p.square_after(Side::Black, c(4), false), None);
    assert_eq!(p.landing(adv(5)), Some(8));
    assert_eq!(p.landing(ret(2)), Some(1));
    assert_eq!(
        p.landing(Action::Lunge {
            advance: c(2),
            card: c(5),
            count: 1
        }),
        Some(5)
    );
    assert_eq!(p.landing(att(5, 1)), None);
    assert_eq!(
        (
            p.room_to_retreat(Side::White),
            p.room_to_retreat(Side::Black)
        ),
        (2, 3)
    );
    assert_eq!(
        (p.advance_of(Side::White), p.advance_of(Side::Black)),
        (2, 3)
    );
    assert_eq!(squares_behind(Side::Black, 12), 11);
    // Every legal move lands where the engine then puts the fencer.
    for a in legal(&r) {
        if let Some(square) = p.landing(a) {
            let mut after = r;
            play(&mut after, a);
            assert_eq!(after.public().position()[Side::White], square, "{a:?}");
        }
    }
    let no_retreat = full(Preset::Duel, 3, 20, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .special(Special::NoRetreat)
        .round();
    assert_eq!(no_retreat.public().room_to_retreat(Side::White), 0);
    assert_eq!(no_retreat.public().advance_of(Side::White), 2);
}

#[test]
fn r12_advance_may_not_pass_or_land_on_opponent_retreat_stays_on_piste() {
    // White 3, Black 7: distance 4, White has 2 squares behind.
    let mut r = full(Preset::Advanced, 3, 7, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    let moves: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Advance(_) | Action::Retreat(_)))
        .collect();
    assert_eq!(moves, set([adv(1), adv(2), adv(3), ret(1), ret(2)]));
    assert_eq!(
        refuse(&mut r, adv(4)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(4),
            lands_on: true
        }
    );
    assert_eq!(
        refuse(&mut r, adv(5)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(5),
            lands_on: false
        }
    );
    assert_eq!(
        refuse(&mut r, ret(3)),
        IllegalAction::RetreatOffPiste {
            side: Side::White,
            card: c(3)
        }
    );
    // White 3 − 2 = 1 is still on the piste.
    let mut back = r;
    play(&mut back, ret(2));
    assert_eq!(pos(&back), (1, 7));
    // 3 + 3 = 6 < 7: legal.
    play(&mut r, adv(3));
    assert_eq!(pos(&r), (6, 7));
    // Black at distance 1: no advance at all; retreats up to square 23.
    let moves: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Advance(_) | Action::Retreat(_)))
        .collect();
    assert_eq!(moves, set([ret(1), ret(2), ret(3), ret(4), ret(5)]));
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::AdvancePastOpponent {
            side: Side::Black,
            card: c(1),
            lands_on: true
        }
    );
    assert_eq!(
        refuse(&mut r, adv(2)),
        IllegalAction::AdvancePastOpponent {
            side: Side::Black,
            card: c(2),
            lands_on: false
        }
    );
    // Black on 21: retreat 2 reaches 23, retreat 3 would leave the piste.
    let mut r = full(Preset::Advanced, 3, 21, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5])
        .starter(Side::Black)
        .round();
    assert_eq!(
        refuse(&mut r, ret(3)),
        IllegalAction::RetreatOffPiste {
            side: Side::Black,
            card: c(3)
        }
    );
    play(&mut r, ret(2));
    assert_eq!(pos(&r), (3, 23));
    // A move needs the card.
    let mut r = full(Preset::Advanced, 3, 21, &[1, 1, 3, 4, 5], &[1, 2, 3, 4, 5]).round();
    assert_eq!(
        refuse(&mut r, adv(2)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(2),
            needed: 1,
            held: 0
        }
    );
}

#[test]
fn r13_attack_cards_equal_distance_and_attacker_does_not_move() {
    // White 5, Black 8: distance 3.
    let mut r = full(Preset::Standard, 5, 8, &[3, 3, 1, 2, 4], &[3, 3, 1, 2, 5]).round();
    assert_eq!(
        refuse(&mut r, att(4, 1)),
        IllegalAction::WrongDistance {
            side: Side::White,
            card: c(4),
            distance: 3
        }
    );
    assert_eq!(
        refuse(&mut r, att(3, 0)),
        IllegalAction::NoAttackCards { side: Side::White }
    );
    assert_eq!(
        refuse(&mut r, att(3, 3)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(3),
            needed: 3,
            held: 2
        }
    );
    let attacks: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Attack { .. }))
        .collect();
    assert_eq!(attacks, set([att(3, 1), att(3, 2)]));
    play(&mut r, att(3, 2));
    assert_eq!(pos(&r), (5, 8), "attacking never moves the attacker");
    assert_eq!(
        r.public().pending(),
        Some(pending(AttackKind::Attack, 3, 2))
    );
    assert_eq!(r.phase(), Phase::Answer);
    assert_eq!(r.to_act(), Side::Black);
}

#[test]
fn r14_refill_to_hand_size_at_end_of_turn_from_top_of_pile() {
    let w: &[u8] = &[1, 2, 3, 4, 5];
    let b: &[u8] = &[1, 2, 3, 4, 5];
    let deck: &[u8] = &[5, 4, 3, 2, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5];
    let mut r = Pos::new(Preset::Advanced, 1, 23, w, b, deck).round();
    play(&mut r, adv(2));
    assert_eq!(
        r.hand(Side::White),
        hand(&[1, 3, 4, 5, 5]),
        "drew the top card, a 5"
    );
    assert_eq!(r.pile().len(), 14);
    play(&mut r, adv(3));
    assert_eq!(
        r.hand(Side::Black),
        hand(&[1, 2, 4, 4, 5]),
        "drew the next card, a 4"
    );
    assert_eq!(r.pile().len(), 13);
    // After an attack of two cards, two are drawn.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 13);
    // Never right after a parry (see R18): Black holds 3.
    play(&mut r, Action::Parry);
    assert_eq!(r.hand(Side::Black).len(), 3);
    assert_eq!(r.pile().len(), 13);
    // After a lunge (two cards) the lunger draws two.
    let mut r = full(Preset::Advanced, 1, 6, &[1, 2, 3, 3, 4], &[5, 5, 1, 2, 4]).round();
    play(&mut r, lunge(2, 3, 1));
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 13);
}
