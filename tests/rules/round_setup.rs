//! docs/RULES.md §3 Round set-up.

use super::*;

#[test]
fn r8_deal_five_each_rest_is_draw_pile() {
    let mut hands = HashSet::new();
    for seed in 0..8 {
        let r = Round::deal(
            Preset::Advanced.rules(),
            None,
            score(0, 0),
            Side::White,
            &mut rng(seed),
        );
        assert_eq!(r.hand(Side::White).len(), 5);
        assert_eq!(r.hand(Side::Black).len(), 5);
        assert_eq!(r.pile().len(), 15);
        assert!(r.aside().is_empty());
        assert_eq!(r.public().played(), Hand::EMPTY);
        assert_eq!(pos(&r), (1, 23));
        hands.insert((r.hand(Side::White), r.pile().cards().collect::<Vec<_>>()));
    }
    // Shuffled: different seeds give different deals.
    assert!(hands.len() > 1);
    // 3 or 10 under the special cards.
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::ThreeCards),
        score(0, 0),
        Side::White,
        &mut rng(1),
    );
    assert_eq!(
        (r.hand(Side::White).len(), r.hand(Side::Black).len()),
        (3, 3)
    );
    assert_eq!(r.pile().len(), 19);
    let r = Round::deal(
        Preset::Duel.rules(),
        Some(Special::TenCards),
        score(0, 0),
        Side::White,
        &mut rng(1),
    );
    assert_eq!(
        (r.hand(Side::White).len(), r.hand(Side::Black).len()),
        (10, 10)
    );
    assert_eq!(r.pile().len(), 0);
    assert_eq!(r.aside().len(), 5);
    // A set-up with a hand of the wrong size is refused.
    let bad = Pos::new(
        Preset::Advanced,
        1,
        23,
        &[1, 2, 3, 4],
        &[1, 2, 3, 4, 5],
        &rest(&[&[1, 2, 3, 4], &[1, 2, 3, 4, 5]]),
    )
    .setup();
    assert!(Round::set_up(&bad).is_err());
}

#[test]
fn r9_public_information_squares_score_pile_hand_sizes_played_cards() {
    let mut s = full(Preset::Advanced, 1, 23, &[1, 2, 3, 4, 5], &[1, 2, 3, 4, 5]).setup();
    s.score = score(2, 3);
    let mut r = Round::set_up(&s).unwrap();
    play(&mut r, adv(3));
    play(&mut r, adv(4));
    let o = r.observation(Side::Black);
    assert_eq!(o.side(), Side::Black);
    assert_eq!(
        (o.public().position().white, o.public().position().black),
        (4, 19)
    );
    assert_eq!(o.public().score(), score(2, 3));
    assert_eq!(o.pile_len(), 13);
    assert_eq!(o.opponent_hand_len(), 5);
    assert_eq!(o.hand(), r.hand(Side::Black));
    assert_eq!(o.hand().len(), 5);
    // Every card played, face up.
    assert_eq!(o.public().played(), hand(&[3, 4]));
    assert_eq!(r.observation(Side::White).public().played(), hand(&[3, 4]));
    // Unseen: all but the played cards and the own hand.
    assert_eq!(
        o.unseen(),
        Hand::FULL_DECK
            .minus(hand(&[3, 4]))
            .unwrap()
            .minus(r.hand(Side::Black))
            .unwrap()
    );
    // Parried cards are played too.
    let mut r = full(Preset::Standard, 5, 9, &[4, 4, 1, 2, 3], &[4, 4, 1, 2, 5]).round();
    play(&mut r, att(4, 2));
    play(&mut r, Action::Parry);
    assert_eq!(
        r.observation(Side::White).public().played(),
        hand(&[4, 4, 4, 4])
    );
}

#[test]
fn r10_opponent_hand_and_pile_order_are_hidden() {
    let w: &[u8] = &[1, 2, 3, 4, 5];
    let b1: &[u8] = &[1, 1, 2, 2, 3];
    let b2: &[u8] = &[1, 1, 2, 2, 4];
    let deck1 = rest(&[w, b1]);
    let mut deck2 = rest(&[w, b2]);
    deck2.reverse();
    let r1 = Pos::new(Preset::Advanced, 3, 20, w, b1, &deck1).round();
    let r2 = Pos::new(Preset::Advanced, 3, 20, w, b2, &deck2).round();
    assert_ne!(r1, r2);
    // White cannot tell the two rounds apart.
    let o1 = r1.observation(Side::White);
    let o2 = r2.observation(Side::White);
    assert_eq!(o1, o2);
    assert_eq!(o1.opponent_hand(), None);
    assert_eq!(o1.opponent_hand_len(), 5);
    assert_eq!(o1.pile_len(), 15);
    // Black sees its own hand, but not White's.
    assert_eq!(r1.observation(Side::Black).hand(), hand(b1));
    assert_eq!(r1.observation(Side::Black).opponent_hand(), None);
}
