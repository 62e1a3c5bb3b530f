//! docs/RULES.md §6 End of a round.

use super::*;

#[test]
fn e1_unparried_attack_is_a_hit_for_the_attacker() {
    // Direct attack (Standard), Black attacking White.
    let mut r = full(Preset::Standard, 5, 8, &[1, 1, 2, 2, 4], &[3, 3, 1, 2, 5])
        .starter(Side::Black)
        .round();
    play(&mut r, att(3, 1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit));
    assert_eq!(
        refuse(&mut r, adv(1)),
        IllegalAction::RoundOver,
        "nothing after the hit"
    );
    // A lunge neither parried nor escaped (Black on 23, no 5s).
    let mut r = full(Preset::Advanced, 17, 23, &[1, 5, 5, 2, 3], &[1, 2, 3, 4, 4]).round();
    play(&mut r, lunge(1, 5, 1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));
    // A lunge that can be escaped is no hit.
    let mut r = full(Preset::Advanced, 16, 22, &[1, 5, 5, 2, 3], &[1, 2, 3, 4, 4]).round();
    play(&mut r, lunge(1, 5, 1));
    assert!(!r.is_over());
    assert_eq!(legal(&r), set([ret(1)]));
}

#[test]
fn e2_player_with_no_legal_action_loses() {
    // At the start of a turn: White on 1, Black on 2, White holds no 1.
    let mut r = full(Preset::Advanced, 1, 2, &[2, 2, 3, 3, 4], &[2, 3, 4, 4, 5]).round();
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::NoLegalAction));
    assert_eq!(refuse(&mut r, adv(2)), IllegalAction::RoundOver);
    // Same position with a 1: White can attack, the round goes on.
    let r = full(Preset::Advanced, 1, 2, &[1, 2, 3, 3, 4], &[2, 3, 4, 4, 5]).round();
    assert!(!r.is_over());
    assert_eq!(legal(&r), set([att(1, 1)]));
    // Black on 23 at distance 2 with only 3s–5s, at every level.
    for preset in [Preset::Basic, Preset::Standard, Preset::Advanced] {
        let r = full(preset, 21, 23, &[1, 1, 2, 4, 5], &[3, 3, 4, 4, 5])
            .starter(Side::Black)
            .round();
        assert_eq!(
            outcome(&r),
            (Some(Side::White), Reason::NoLegalAction),
            "{preset:?}"
        );
    }
}

#[test]
fn e3_step1_final_attack_is_answered_then_round_ends() {
    // White 14, Black 18: distance 4. The deck holds one card.
    let w: &[u8] = &[4, 4, 1, 1, 2];
    let b: &[u8] = &[4, 4, 4, 5, 5];
    let mut r = Pos::new(Preset::Advanced, 14, 18, w, b, &[1]).round();
    play(&mut r, att(4, 2));
    assert!(r.pile().is_empty());
    assert!(r.public().final_answer());
    assert_eq!((r.phase(), r.to_act()), (Phase::Answer, Side::Black));
    assert_eq!(legal(&r), set([Action::Parry]));
    play(&mut r, Action::Parry);
    // No own turn follows the parry: the card count decides (Black keeps one 4).
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::CardCount));

    // Without the card count, position decides (White is deeper: 13 vs 5).
    let rules = rules_with(|r| r.final_count = false);
    let mut r = Pos::new(Preset::Advanced, 14, 18, w, b, &[1])
        .rules(rules)
        .round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));

    // Standard level: the same.
    let mut r = Pos::new(Preset::Standard, 14, 18, w, b, &[1]).round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::CardCount));

    // The final attack cannot be parried: a hit (E1), not a count.
    let mut r = Pos::new(Preset::Advanced, 14, 18, w, &[4, 5, 5, 3, 3], &[1]).round();
    play(&mut r, att(4, 2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Hit));

    // A final lunge retreated from: no own turn follows either (see X5, I8).
    let mut r = Pos::new(
        Preset::Advanced,
        5,
        10,
        &[1, 4, 5, 5, 2],
        &[1, 3, 3, 2, 2],
        &[3, 3],
    )
    .round();
    play(&mut r, lunge(1, 4, 1));
    assert!(r.public().final_answer());
    play(&mut r, ret(1));
    assert!(r.is_over());
}

#[test]
fn e3_step2_basic_final_strike() {
    // Basic, White 10, Black 15. White's advance 2 takes the last card: distance 3.
    let w: &[u8] = &[2, 1, 1, 4, 4];
    let mut r = Pos::new(Preset::Basic, 10, 15, w, &[3, 5, 5, 5, 1], &[2]).round();
    play(&mut r, adv(2));
    assert_eq!(pos(&r), (12, 15));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::FinalStrike));
    // Black holds no 3: no strike; position decides (White 11 vs Black 8).
    let mut r = Pos::new(Preset::Basic, 10, 15, w, &[5, 5, 5, 1, 1], &[2]).round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
    // Option final_strike off: no strike, even though Black holds a 3.
    let rules = Rules {
        final_strike: false,
        ..Preset::Basic.rules()
    };
    let mut r = Pos::new(Preset::Basic, 10, 15, w, &[3, 5, 5, 5, 1], &[2])
        .rules(rules)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
    // Black's move takes the last card: White may strike.
    let mut r = Pos::new(Preset::Basic, 8, 13, &[3, 5, 5, 5, 1], w, &[2])
        .starter(Side::Black)
        .round();
    play(&mut r, adv(2));
    assert_eq!(pos(&r), (8, 11));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::FinalStrike));
}

#[test]
fn e3_step3_card_count_decides() {
    // White 5, Black 12. White's advance 2 takes the last card: distance 5.
    // White holds two 5s, Black one; Black is deeper (11 vs 6).
    let w: &[u8] = &[2, 5, 5, 1, 1];
    let b: &[u8] = &[5, 3, 3, 4, 4];
    let mut r = Pos::new(Preset::Advanced, 5, 12, w, b, &[4]).round();
    play(&mut r, adv(2));
    assert_eq!(r.distance(), 5);
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    let mut r = Pos::new(Preset::Standard, 5, 12, w, b, &[4]).round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
    // Option off (Duel; Basic): position decides instead.
    let rules = rules_with(|r| r.final_count = false);
    let mut r = Pos::new(Preset::Advanced, 5, 12, w, b, &[4])
        .rules(rules)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    let mut r = Pos::new(Preset::Duel, 5, 12, w, b, &[4])
        .special(Special::Plain)
        .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // The card drawn by the refill counts too: White draws the last 5 (2 vs 1).
    let mut r = Pos::new(Preset::Advanced, 5, 12, &[2, 5, 1, 1, 4], b, &[5]).round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::CardCount));
}

#[test]
fn e3_step4_position_decides_equal_is_draw() {
    // Equal counts (one 5 each): the deeper fencer, Black (11 vs 6), wins.
    let mut r = Pos::new(
        Preset::Advanced,
        5,
        12,
        &[2, 5, 1, 1, 3],
        &[5, 3, 4, 4, 2],
        &[4],
    )
    .round();
    play(&mut r, adv(2));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Position));
    // Equal counts (one 4 each) and equal advances (9 and 9): draw.
    let mut r = Pos::new(
        Preset::Advanced,
        9,
        14,
        &[1, 2, 4, 3, 3],
        &[1, 3, 5, 5, 4],
        &[2],
    )
    .round();
    play(&mut r, adv(1));
    assert_eq!(pos(&r), (10, 14));
    assert_eq!(outcome(&r), (None, Reason::Draw));
    // Equal counts (one 4 each), White deeper (10 vs 8).
    let mut r = Pos::new(
        Preset::Advanced,
        10,
        15,
        &[1, 2, 4, 3, 3],
        &[1, 3, 5, 5, 4],
        &[2],
    )
    .round();
    play(&mut r, adv(1));
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
}

#[test]
fn e4_ten_cards_round_ends_when_a_player_must_act_with_empty_hand() {
    // White 12, Black 15. White plays its only card; Black moves; White has none.
    let ten = |w: &[u8], b: &[u8]| {
        Pos::new(Preset::Advanced, 12, 15, w, b, &[])
            .special(Special::TenCards)
            .aside(&[5, 5, 5, 5, 5])
            .round()
    };
    let mut r = ten(&[1], &[1, 1]);
    play(&mut r, adv(1));
    assert_eq!(r.hand(Side::White).len(), 0);
    assert!(!r.is_over(), "White's empty hand only matters on its turn");
    assert_eq!(r.to_act(), Side::Black);
    play(&mut r, adv(1));
    assert_eq!(pos(&r), (13, 14));
    // White must act with no card: position (12 vs 9), no count (Black holds a 1 = d).
    assert_eq!(outcome(&r), (Some(Side::White), Reason::Position));
    // A pending attack is answered as usual: White with no card is hit.
    let mut r = ten(&[1], &[2, 1]);
    play(&mut r, adv(1));
    play(&mut r, att(2, 1));
    assert_eq!(outcome(&r), (Some(Side::Black), Reason::Hit));
    // Equal advances: draw.
    let r = Pos::new(Preset::Advanced, 9, 15, &[], &[1, 1], &[])
        .special(Special::TenCards)
        .aside(&[5, 5, 5, 5, 5])
        .round();
    assert_eq!(outcome(&r), (None, Reason::Draw));
}
