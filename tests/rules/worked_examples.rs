//! docs/RULES.md §10 Worked examples.

use super::*;

#[test]
fn x1_lunge_3_then_two_5s_parried_by_two_5s_or_retreat() {
    // Distance 8 (White 5, Black 13).
    let w: &[u8] = &[3, 5, 5, 1, 1];
    let mut r = full(Preset::Advanced, 5, 13, w, &[5, 5, 2, 2, 4]).round();
    assert!(legal(&r).contains(&lunge(3, 5, 2)));
    play(&mut r, lunge(3, 5, 2));
    assert_eq!(pos(&r), (8, 13));
    assert_eq!(r.public().pending(), Some(pending(AttackKind::Lunge, 5, 2)));
    assert_eq!(legal(&r), set([Action::Parry, ret(2), ret(4), ret(5)]));
    let mut parried = r;
    play(&mut parried, Action::Parry);
    assert_eq!(parried.hand(Side::Black), hand(&[2, 2, 4]));
    assert_eq!(
        (parried.phase(), parried.to_act()),
        (Phase::Turn, Side::Black)
    );
    let mut escaped = r;
    play(&mut escaped, ret(5));
    assert_eq!(pos(&escaped), (8, 18));
    assert_eq!(
        (escaped.phase(), escaped.to_act()),
        (Phase::Turn, Side::White)
    );
    // With one 5, Black cannot parry: retreat is its only answer.
    let mut r = full(Preset::Advanced, 5, 13, w, &[5, 2, 2, 4, 1]).round();
    play(&mut r, lunge(3, 5, 2));
    assert_eq!(legal(&r), set([ret(1), ret(2), ret(4), ret(5)]));
    assert!(matches!(
        refuse(&mut r, Action::Parry),
        IllegalAction::CannotParry { held: 1, .. }
    ));
    // Under Standard rules the lunge does not exist.
    let mut r = full(Preset::Standard, 5, 13, w, &[5, 5, 2, 2, 4]).round();
    assert_eq!(
        refuse(&mut r, lunge(3, 5, 2)),
        IllegalAction::NoLunge {
            side: Side::White,
            level: RulesLevel::Standard
        }
    );
}

#[test]
fn x2_parry_two_4s_then_last_4_cannot_be_parried() {
    for preset in [Preset::Standard, Preset::Advanced] {
        // White 5, Black 9: distance 4. White has two 4s, Black three.
        let mut r = full(preset, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 4, 1, 2]).round();
        play(&mut r, att(4, 2));
        play(&mut r, Action::Parry);
        assert_eq!(r.hand(Side::Black), hand(&[1, 2, 4]), "three cards left");
        assert!(legal(&r).contains(&att(4, 1)));
        play(&mut r, att(4, 1));
        assert_eq!(r.public().played().count(c(4)), 5, "all five 4s are out");
        assert_eq!(r.hand(Side::White).count(c(4)), 0);
        assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit), "{preset:?}");
    }
}

#[test]
fn x3_white_8_black_13_attack_with_one_or_two_5s() {
    for preset in [Preset::Standard, Preset::Advanced] {
        let mut r = full(preset, 8, 13, &[5, 5, 1, 2, 3], &[5, 1, 2, 3, 4]).round();
        assert_eq!(r.distance(), 5);
        let attacks: HashSet<Action> = legal(&r)
            .into_iter()
            .filter(|a| matches!(a, Action::Attack { .. }))
            .collect();
        assert_eq!(attacks, set([att(5, 1), att(5, 2)]), "{preset:?}");
        refuse(&mut r, att(5, 3));
        let mut one = r;
        play(&mut one, att(5, 1));
        assert_eq!(
            one.public().pending(),
            Some(pending(AttackKind::Attack, 5, 1))
        );
        play(&mut r, att(5, 2));
        assert_eq!(r.public().pending(), None);
        assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    }
}

#[test]
fn x4_last_card_at_distance_2_more_2s_then_deeper_then_draw() {
    // White's advance 3 takes the last card; distance 2 afterwards.
    // More 2s wins (White two, Black one), though Black is deeper (11 vs 9).
    let mut r = Pos::new(
        Preset::Advanced,
        7,
        12,
        &[3, 2, 2, 1, 1],
        &[2, 1, 5, 5, 5],
        &[4],
    )
    .round();
    play(&mut r, adv(3));
    assert_eq!((r.distance(), r.pile().len()), (2, 0));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // Equal 2s (one each): the deeper fencer, Black.
    let mut r = Pos::new(
        Preset::Advanced,
        7,
        12,
        &[3, 2, 1, 1, 4],
        &[2, 1, 5, 5, 5],
        &[4],
    )
    .round();
    play(&mut r, adv(3));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Equal 2s and equal advances (10 and 10): draw.
    let mut r = Pos::new(
        Preset::Advanced,
        8,
        13,
        &[3, 2, 1, 1, 4],
        &[2, 1, 5, 5, 5],
        &[4],
    )
    .round();
    play(&mut r, adv(3));
    assert_eq!(pos(&r), (11, 13));
    assert_eq!(outcome(&r), (None, Reason::Draw));
}

#[test]
fn x5_retreat_from_final_lunge_skips_card_count() {
    // White 5, Black 10. White lunges 1 then one 4, taking the last two cards.
    // Black retreats 1: distance 5; White holds two 5s, Black none; Black is deeper.
    let w: &[u8] = &[1, 4, 5, 5, 2];
    let b: &[u8] = &[1, 3, 3, 2, 2];
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3]).round();
    play(&mut r, lunge(1, 4, 1));
    assert!(r.public().final_answer());
    assert_eq!(legal(&r), set([ret(1), ret(2), ret(3)]));
    play(&mut r, ret(1));
    assert_eq!(pos(&r), (6, 11));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Ferti (count_after_retreat = true): the count is made.
    let rules = rules_with(|r| r.count_after_retreat = true);
    let mut r = Pos::new(Preset::Advanced, 5, 10, w, b, &[3, 3])
        .rules(rules)
        .round();
    play(&mut r, lunge(1, 4, 1));
    play(&mut r, ret(1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // A parry of the final lunge is followed by the count (White keeps a 4).
    let mut r = Pos::new(
        Preset::Advanced,
        5,
        10,
        &[1, 4, 4, 5, 2],
        &[1, 4, 3, 2, 2],
        &[3, 3],
    )
    .round();
    play(&mut r, lunge(1, 4, 1));
    play(&mut r, Action::Parry);
    assert_eq!(r.distance(), 4);
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
}

#[test]
fn x6_only_cards_off_piste_or_past_opponent_loses() {
    // White 2, Black 7. Black advances 2: distance 3. White holds 4s and 5s:
    // forward passes Black, backward leaves the piste, no 3 to attack.
    let mut r = full(Preset::Advanced, 2, 7, &[4, 4, 4, 5, 5], &[2, 1, 1, 3, 3])
        .starter(Side::Black)
        .round();
    play(&mut r, adv(2));
    assert_eq!(pos(&r), (2, 5));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
    // With a 1 White could retreat, and the round would go on.
    let r2 = full(Preset::Advanced, 2, 7, &[4, 4, 4, 5, 1], &[2, 1, 1, 3, 3])
        .starter(Side::Black)
        .round();
    let mut r2 = r2;
    play(&mut r2, adv(2));
    assert!(!r2.is_over());
    assert_eq!(legal(&r2), set([adv(1), ret(1)]));
}
