//! docs/RULES.md §5 Turns.

use super::*;

#[test]
fn r15_basic_one_card_per_turn_hit_wins_at_once_without_parry_or_refill() {
    // White 5, Black 8: distance 3. White holds two 3s, but a hit is one card.
    let mut r = full(Preset::Basic, 5, 8, &[3, 3, 1, 2, 4], &[3, 1, 2, 5, 5]).round();
    assert_eq!(
        legal(&r),
        set([adv(1), adv(2), ret(1), ret(2), ret(3), ret(4), att(3, 1)])
    );
    assert_eq!(
        refuse(&mut r, att(3, 2)),
        IllegalAction::BasicAttackCount {
            side: Side::White,
            count: 2
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(1, 2, 1)),
        IllegalAction::NoLunge {
            side: Side::White,
            level: RulesLevel::Basic
        }
    );
    // A move is followed by a refill.
    let mut moved = r;
    play(&mut moved, adv(1));
    assert_eq!(moved.hand(Side::White).len(), 5);
    assert_eq!(moved.pile().len(), 14);
    assert_eq!(moved.to_act(), Side::Black);
    assert_eq!(moved.phase(), Phase::Turn);
    // The hit: Black holds a 3 but there is no parry at Basic level.
    let pile = r.pile().len();
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    assert_eq!(r.hand(Side::White).len(), 4, "no refill after the hit");
    assert_eq!(r.pile().len(), pile);
}

#[test]
fn r16_standard_move_or_direct_attack_then_refill() {
    // White 5, Black 8: distance 3.
    let mut r = full(Preset::Standard, 5, 8, &[3, 3, 1, 2, 4], &[3, 3, 1, 2, 5]).round();
    assert_eq!(
        legal(&r),
        set([
            adv(1),
            adv(2),
            ret(1),
            ret(2),
            ret(3),
            ret(4),
            att(3, 1),
            att(3, 2)
        ])
    );
    assert_eq!(
        refuse(&mut r, lunge(1, 2, 1)),
        IllegalAction::NoLunge {
            side: Side::White,
            level: RulesLevel::Standard
        }
    );
    play(&mut r, att(3, 2));
    assert_eq!(r.hand(Side::White).len(), 5);
    assert_eq!(r.pile().len(), 13);
    assert_eq!(r.phase(), Phase::Answer);
    assert_eq!(r.to_act(), Side::Black);
    assert_eq!(
        r.public().pending(),
        Some(pending(AttackKind::Attack, 3, 2))
    );
}

#[test]
fn r17_parry_needs_n_cards_of_value_v() {
    // Two 4s parried by two 4s.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(legal(&r), set([Action::Parry]));
    play(&mut r, Action::Parry);
    assert_eq!(r.hand(Side::Black), hand(&[1, 2, 5]));
    assert!(!r.is_over());
    // Only one 4: hit at once.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 3, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // Three equal cards can never be parried (only two are left).
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 4, 1, 2], &[4, 4, 1, 2, 3]).round();
    play(&mut r, att(4, 3));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // A parry with too few cards is refused (Black may still retreat from a lunge).
    // White 3, Black 9: lunge 1 then two 5s; Black holds one 5.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 1, 2, 3, 4]).round();
    play(&mut r, lunge(1, 5, 2));
    let p = pending(AttackKind::Lunge, 5, 2);
    assert_eq!(
        refuse(&mut r, Action::Parry),
        IllegalAction::CannotParry {
            side: Side::Black,
            pending: p,
            held: 1
        }
    );
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::MustAnswer {
            side: Side::Black,
            pending: p
        }
    );
}

#[test]
fn r18_after_parry_no_refill_and_defender_must_take_turn() {
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    let pile = r.pile().len();
    play(&mut r, Action::Parry);
    assert_eq!(r.phase(), Phase::Turn);
    assert_eq!(r.to_act(), Side::Black);
    assert_eq!(r.public().pending(), None);
    assert_eq!(r.hand(Side::Black).len(), 3, "no refill after the parry");
    assert_eq!(r.pile().len(), pile);
    // Black's own turn with the cards left (no 4s left: moves only).
    assert_eq!(legal(&r), set([adv(1), adv(2), ret(1), ret(2), ret(5)]));
    assert_eq!(
        refuse(&mut r, Action::Parry),
        IllegalAction::NothingToParry { side: Side::Black }
    );
    // The refill comes at the end of that turn: three cards.
    play(&mut r, adv(1));
    assert_eq!(pos(&r), (5, 8));
    assert_eq!(r.hand(Side::Black).len(), 5);
    assert_eq!(r.pile().len(), pile - 3);
    assert_eq!(r.to_act(), Side::White);
    // Same under Advanced rules (R18 via R20).
    let mut r = full(Preset::Advanced, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::Black));
    assert_eq!(r.hand(Side::Black).len(), 3);
}

#[test]
fn r19_advanced_keeps_everything_of_standard() {
    // Same position as R16: the standard actions are all there, plus lunges.
    let mut r = full(Preset::Advanced, 5, 8, &[3, 3, 1, 2, 4], &[3, 3, 1, 2, 5]).round();
    let l = legal(&r);
    for a in [
        adv(1),
        adv(2),
        ret(1),
        ret(2),
        ret(3),
        ret(4),
        att(3, 1),
        att(3, 2),
    ] {
        assert!(l.contains(&a), "{a:?}");
    }
    // Lunges: advance 1 then 2s (one held), advance 2 then 1s (one held).
    assert_eq!(l.len(), 10, "8 standard actions plus 2 lunges, got {l:?}");
    assert!(l.contains(&lunge(1, 2, 1)));
    assert!(l.contains(&lunge(2, 1, 1)));
    // Direct attack and parry work as in Standard.
    play(&mut r, att(3, 2));
    assert_eq!(legal(&r), set([Action::Parry]));
    play(&mut r, Action::Parry);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::Black));
}

#[test]
fn r20_lunge_is_a_legal_advance_then_attack_at_the_new_distance() {
    // White 1, Black 6: distance 5.
    let w: &[u8] = &[1, 2, 3, 3, 4];
    let b: &[u8] = &[5, 5, 1, 2, 4];
    let mut r = full(Preset::Advanced, 1, 6, w, b).round();
    let lunges: HashSet<Action> = legal(&r)
        .into_iter()
        .filter(|a| matches!(a, Action::Lunge { .. }))
        .collect();
    assert_eq!(
        lunges,
        set([
            lunge(1, 4, 1),
            lunge(2, 3, 1),
            lunge(2, 3, 2),
            lunge(3, 2, 1),
            lunge(4, 1, 1)
        ])
    );
    // The attack must equal the new distance.
    assert_eq!(
        refuse(&mut r, lunge(2, 2, 1)),
        IllegalAction::WrongDistance {
            side: Side::White,
            card: c(2),
            distance: 3
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(3, 2, 2)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(2),
            needed: 2,
            held: 1
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(1, 4, 0)),
        IllegalAction::NoAttackCards { side: Side::White }
    );
    play(&mut r, lunge(2, 3, 2));
    assert_eq!(pos(&r), (3, 6), "the lunger moved 2");
    assert_eq!(r.public().pending(), Some(pending(AttackKind::Lunge, 3, 2)));
    assert_eq!(r.hand(Side::White).len(), 5, "refill after the lunge");
    assert_eq!(r.pile().len(), 12);
    assert_eq!((r.phase(), r.to_act()), (Phase::Answer, Side::Black));
    assert_eq!(r.public().played(), hand(&[2, 3, 3]));

    // The advance must be legal; a lunge using the same value twice needs both cards.
    // White 1, Black 5: distance 4.
    let mut r = full(Preset::Advanced, 1, 5, &[2, 4, 1, 1, 3], &[5, 5, 1, 2, 4]).round();
    assert_eq!(
        refuse(&mut r, lunge(4, 1, 1)),
        IllegalAction::AdvancePastOpponent {
            side: Side::White,
            card: c(4),
            lands_on: true
        }
    );
    assert_eq!(
        refuse(&mut r, lunge(2, 2, 1)),
        IllegalAction::MissingCards {
            side: Side::White,
            card: c(2),
            needed: 2,
            held: 1
        }
    );
    let mut r = full(Preset::Advanced, 1, 5, &[2, 2, 1, 1, 3], &[5, 5, 1, 2, 4]).round();
    play(&mut r, lunge(2, 2, 1));
    assert_eq!(pos(&r), (3, 5));
    assert_eq!(r.public().pending(), Some(pending(AttackKind::Lunge, 2, 1)));
}

#[test]
fn r21_lunge_may_be_escaped_by_retreat_even_if_parry_possible() {
    // White 3, Black 9: lunge 1 then two 5s; Black can parry and can retreat.
    let mut r = full(Preset::Advanced, 3, 9, &[1, 5, 5, 2, 3], &[5, 5, 1, 2, 3]).round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(pos(&r), (4, 9));
    assert_eq!(
        legal(&r),
        set([Action::Parry, ret(1), ret(2), ret(3), ret(5)])
    );
    let pile = r.pile().len();
    play(&mut r, ret(2));
    // The retreat is Black's whole turn: refill, then White's turn again.
    assert_eq!(pos(&r), (4, 11));
    assert_eq!(r.public().pending(), None);
    assert_eq!(r.hand(Side::Black).len(), 5);
    assert_eq!(r.pile().len(), pile - 1);
    assert_eq!((r.phase(), r.to_act()), (Phase::Turn, Side::White));
    assert!(!r.is_over());
    // A retreat from a lunge must stay on the piste.
    let mut r = full(Preset::Advanced, 13, 20, &[1, 5, 5, 2, 3], &[4, 4, 4, 3, 1]).round();
    play(&mut r, lunge(2, 5, 1));
    assert_eq!(legal(&r), set([ret(1), ret(3)]));
    assert_eq!(
        refuse(&mut r, ret(4)),
        IllegalAction::RetreatOffPiste {
            side: Side::Black,
            card: c(4)
        }
    );
    // Neither parry nor retreat: hit. Black on 23 holds one 5 only.
    let mut r = full(Preset::Advanced, 17, 23, &[1, 5, 5, 2, 3], &[1, 2, 3, 4, 5]).round();
    play(&mut r, lunge(1, 5, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
}

#[test]
fn r22_direct_attack_cannot_be_escaped_by_retreat() {
    // White 5, Black 9: direct attack with one 4.
    let mut r = full(Preset::Advanced, 5, 9, &[4, 1, 2, 3, 5], &[4, 1, 2, 3, 5]).round();
    play(&mut r, att(4, 1));
    assert_eq!(legal(&r), set([Action::Parry]));
    assert_eq!(
        refuse(&mut r, ret(1)),
        IllegalAction::RetreatFromAttack { side: Side::Black }
    );
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::MustAnswer {
            side: Side::Black,
            pending: pending(AttackKind::Attack, 4, 1)
        }
    );
    // Without a 4, Black is hit although it has room to retreat.
    let mut r = full(Preset::Advanced, 5, 9, &[4, 1, 2, 3, 5], &[1, 1, 2, 3, 5]).round();
    play(&mut r, att(4, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
}
