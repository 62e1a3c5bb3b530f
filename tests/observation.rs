//! R9/R10: what a side may know, and determinization consistent with it.

mod common;

use common::{play_out, random_action, Pos};
use engarde::{BySide, Card, GameRng, Hand, Observation, Preset, Round, Side, Special};
use rand::{Rng, SeedableRng};

/// A round some way into play, from random legal actions.
fn midgame(seed: u64, special: Option<Special>) -> Round {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut rules = Preset::Advanced.rules();
    rules.special_cards = special.is_some();
    let mut round = Round::deal(rules, special, BySide::default(), Side::White, &mut rng);
    for _ in 0..rng.random_range(0..8) {
        let legal = round.legal_actions();
        if legal.is_empty() {
            break;
        }
        round.play(random_action(&legal, &mut rng)).unwrap();
    }
    round
}

#[test]
fn r10_observation_hides_opponent_hand_and_pile_order() {
    let round = Pos::new(
        Preset::Advanced,
        1,
        23,
        &[1, 1, 1, 2, 2],
        &[5, 5, 5, 4, 4],
        &[3, 3, 3, 3, 3, 2, 2, 2, 4, 4, 4, 1, 1, 5, 5],
    )
    .round();
    let obs = round.observation(Side::White);
    assert_eq!(obs.hand(), common::hand(&[1, 1, 1, 2, 2]));
    assert_eq!(obs.opponent_hand(), None);
    assert_eq!(obs.opponent_hand_len(), 5);
    assert_eq!(obs.pile_len(), 15);
    // What White cannot see: Black's hand and the pile, as one multiset.
    assert_eq!(
        obs.unseen(),
        Hand::FULL_DECK
            .minus(common::hand(&[1, 1, 1, 2, 2]))
            .unwrap()
    );
    // Two rounds that differ only in hidden cards look the same to White.
    let other = Pos::new(
        Preset::Advanced,
        1,
        23,
        &[1, 1, 1, 2, 2],
        &[3, 3, 3, 3, 3],
        &[5, 5, 5, 4, 4, 2, 2, 2, 4, 4, 4, 1, 1, 5, 5],
    )
    .round();
    assert_eq!(other.observation(Side::White), obs);
    assert_ne!(
        other.observation(Side::Black),
        round.observation(Side::Black)
    );
}

#[test]
fn s7_open_hands_show_the_opponent_hand() {
    let round = Pos::new(
        Preset::Advanced,
        1,
        23,
        &[1, 1, 1, 2, 2],
        &[5, 5, 5, 4, 4],
        &[3, 3, 3, 3, 3, 2, 2, 2, 4, 4, 4, 1, 1, 5, 5],
    )
    .special(Special::OpenHands)
    .round();
    let obs = round.observation(Side::White);
    assert_eq!(obs.opponent_hand(), Some(common::hand(&[5, 5, 5, 4, 4])));
    // The unseen cards are now only the pile.
    assert_eq!(obs.unseen(), round.pile().contents());
}

#[test]
fn samples_agree_with_the_observation() {
    let mut rng = GameRng::seed_from_u64(99);
    for seed in 0..300 {
        let special = [
            None,
            Some(Special::TenCards),
            Some(Special::ThreeCards),
            Some(Special::OpenHands),
        ][seed as usize % 4];
        let round = midgame(seed, special);
        for side in Side::BOTH {
            let obs = round.observation(side);
            for _ in 0..5 {
                let sample = obs.sample(&mut rng);
                assert_eq!(
                    sample.observation(side),
                    obs,
                    "sample differs for {side}: {round:?}"
                );
                if round.to_act() == side {
                    // The side to act has the same choices in every sample.
                    assert_eq!(sample.legal_actions(), round.legal_actions());
                }
            }
        }
    }
}

#[test]
fn sampled_unseen_cards_are_uniform() {
    // White sees a hand of 1s and 2s; every unseen card (three values) should
    // land in Black's hand and on the pile's top with its share.
    let round = Pos::new(
        Preset::Advanced,
        1,
        23,
        &[1, 1, 1, 2, 2],
        &[3, 3, 4, 4, 5],
        &[5, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1],
    )
    .round();
    let obs = round.observation(Side::White);
    let unseen = obs.unseen();
    let total = unseen.len() as f64; // 20
    let n = 40_000;
    let mut rng = GameRng::seed_from_u64(5);
    let mut in_hand = [0u32; 5];
    let mut on_top = [0u32; 5];
    for _ in 0..n {
        let s = obs.sample(&mut rng);
        for c in Card::ALL {
            in_hand[c.value() as usize - 1] += u32::from(s.hand(Side::Black).count(c));
        }
        let top = s.pile().cards().next().unwrap();
        on_top[top.value() as usize - 1] += 1;
    }
    for c in Card::ALL {
        let i = c.value() as usize - 1;
        let share = f64::from(unseen.count(c)) / total;
        let hand_share = f64::from(in_hand[i]) / (5.0 * n as f64);
        let top_share = f64::from(on_top[i]) / n as f64;
        // 40,000 samples: a standard error under 0.003; allow 0.012.
        assert!(
            (hand_share - share).abs() < 0.012,
            "{c} in hand: {hand_share} vs {share}"
        );
        assert!(
            (top_share - share).abs() < 0.012,
            "{c} on top: {top_share} vs {share}"
        );
    }
}

#[test]
fn ten_cards_sample_sets_five_aside() {
    let round = midgame(3, Some(Special::TenCards));
    let obs = round.observation(Side::Black);
    let mut rng = GameRng::seed_from_u64(1);
    let s = obs.sample(&mut rng);
    assert_eq!(s.aside().len(), 5);
    assert!(s.pile().is_empty());
    assert_eq!(s.hand(Side::White).len(), round.hand(Side::White).len());
}

/// A public state and an observation are built only where a round can be:
/// each impossible part is refused with its reason, the possible ones
/// accepted.
#[test]
fn impossible_views_are_refused_by_name() {
    use engarde::{
        Observation, ObservationError, Phase, PublicError, PublicParts, PublicState, SetupError,
    };
    let parts = PublicParts {
        rules: Preset::Advanced.rules(),
        special: None,
        chosen: false,
        score: BySide::new(0, 0),
        starter: Side::White,
        position: BySide::new(5, 11),
        to_act: Side::White,
        phase: Phase::Turn,
        pending: None,
        final_answer: false,
        played: Hand::EMPTY,
    };
    let public = PublicState::new(parts).unwrap();
    assert_eq!(public.distance(), 6);
    let crossed = PublicParts {
        position: BySide::new(11, 5),
        ..parts
    };
    assert!(matches!(
        PublicState::new(crossed),
        Err(PublicError::Setup(SetupError::Order { .. }))
    ));
    let answer = PublicParts {
        phase: Phase::Answer,
        ..parts
    };
    assert_eq!(PublicState::new(answer), Err(PublicError::Pending));
    let choose = PublicParts {
        phase: Phase::Choose,
        ..parts
    };
    assert!(PublicState::new(choose).is_err());
    let last = PublicParts {
        final_answer: true,
        ..parts
    };
    assert_eq!(PublicState::new(last), Err(PublicError::FinalAnswer));
    // Five cards in hand, five hidden, fifteen in the pile: a fresh deal.
    let hand = common::hand(&[1, 2, 3, 4, 5]);
    assert!(Observation::new(public, Side::White, hand, Err(5), 15, 0).is_ok());
    assert_eq!(
        Observation::new(public, Side::White, hand, Err(5), 14, 0),
        Err(ObservationError::Unaccounted {
            unseen: 20,
            hidden: 19
        })
    );
    let six_fives = common::hand(&[5, 5, 5, 5, 5]);
    let played = PublicState::new(PublicParts {
        played: common::hand(&[5]),
        ..parts
    })
    .unwrap();
    assert_eq!(
        Observation::new(played, Side::White, six_fives, Err(5), 14, 0),
        Err(ObservationError::TooManyCards)
    );
}

/// A player who knows only its own cards (the ones dealt and drawn, in
/// order) and the public actions sees exactly its real observation and the
/// round's history, in every preset: what a page playing a friend holds.
#[test]
fn a_player_knowing_only_its_own_cards_sees_its_real_observation() {
    use engarde::{Action, Match, Phase};
    let mut checked = 0;
    for (n, preset) in [
        Preset::Basic,
        Preset::Standard,
        Preset::Advanced,
        Preset::Duel,
    ]
    .into_iter()
    .enumerate()
    {
        for seed in 0..5u64 {
            let mut rng = GameRng::seed_from_u64(seed * 7 + n as u64);
            let mut game = Match::new(preset.rules(), Side::White, &mut rng).unwrap();
            play_out(&mut game, &mut rng, |game| {
                if game.round().phase() == Phase::Choose {
                    return;
                }
                let side = game.round().to_act();
                let log = game.rounds().last().unwrap();
                let mut round = Round::set_up(&log.setup).unwrap();
                let start = *round.public();
                // Each side's cards, dealt and drawn, in order.
                let mut got: BySide<Vec<Card>> = BySide::default();
                for s in Side::BOTH {
                    got[s] = round.hand(s).cards().collect();
                }
                for &(_, action) in &log.actions {
                    let before = BySide::new(round.hand(Side::White), round.hand(Side::Black));
                    let actor = round.to_act();
                    let played = action.cards(round.public().pending());
                    round.play(action).unwrap();
                    for s in Side::BOTH {
                        let kept = if s == actor {
                            before[s].minus(played).unwrap()
                        } else {
                            before[s]
                        };
                        got[s].extend(round.hand(s).minus(kept).unwrap().cards());
                    }
                }
                let open = (start.special() == Some(Special::OpenHands))
                    .then_some(got[side.opponent()].as_slice());
                let (obs, past) =
                    Observation::of_own_cards(&start, side, &got[side], open, &log.actions)
                        .unwrap_or_else(|e| {
                            panic!(
                                "{e:?} {preset:?} {side:?} {got:?} {:?} {:?}",
                                log.actions,
                                start.special()
                            )
                        });
                let native = game.observation(side);
                let choice = native
                    .opponent_last()
                    .is_some_and(|p| matches!(p.action, Action::Choose(_)));
                let expected = if choice { native.after(None) } else { native };
                assert_eq!(obs, expected, "{preset:?} seed {seed}");
                assert_eq!(past, game.round_history());
                checked += 1;
            });
        }
    }
    assert!(checked > 500, "{checked}");
}
