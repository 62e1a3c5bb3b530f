//! Property tests over random matches in every preset.

mod common;

use common::random_action;
use engarde::record::{self, write};
use engarde::{
    Action, Card, GameRng, Hand, Match, Phase, Preset, Round, Rules, Side, Special, FIRST_SQUARE,
    LAST_SQUARE,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

/// Every action the vocabulary can express, legal or not (counts 0–5).
fn universe() -> Vec<Action> {
    let mut all = vec![Action::Parry];
    for c in Card::ALL {
        all.push(Action::Advance(c));
        all.push(Action::Retreat(c));
        for count in 0..=5 {
            all.push(Action::Attack { card: c, count });
            for a in Card::ALL {
                all.push(Action::Lunge {
                    advance: a,
                    card: c,
                    count,
                });
            }
        }
    }
    for s in Special::ALL {
        all.push(Action::Choose(s));
    }
    all
}

/// The invariants every reachable round keeps.
fn check_invariants(round: &Round) {
    let p = round.public();
    // Cards conserved: five of each value (R2).
    let all = round
        .hand(Side::White)
        .plus(round.hand(Side::Black))
        .plus(round.pile().contents())
        .plus(round.aside())
        .plus(p.played());
    assert_eq!(all, Hand::FULL_DECK, "cards not conserved in {round:?}");
    // White left of Black, both on the piste (R1, R11).
    assert!(FIRST_SQUARE <= p.position().white, "{round:?}");
    assert!(p.position().white < p.position().black, "{round:?}");
    assert!(p.position().black <= LAST_SQUARE, "{round:?}");
    // Hand sizes (R8, R14, S5, S6).
    let size = p.hand_size();
    for side in Side::BOTH {
        assert!(
            round.hand(side).len() <= size,
            "{side} over hand size: {round:?}"
        );
    }
    if p.phase() == Phase::Turn && !round.pile().is_empty() {
        // The side waiting has refilled at the end of its turn (R14).
        assert_eq!(round.hand(p.to_act().opponent()).len(), size, "{round:?}");
    }
    if p.phase() == Phase::Answer {
        assert!(p.pending().is_some());
    }
    // A state at rest always has something to do, or is over (I6).
    assert_eq!(
        round.legal_actions().is_empty(),
        round.is_over(),
        "{round:?}"
    );
}

/// `check` agrees with `legal_actions` on every action, and a refused action
/// changes nothing.
fn check_legality(round: &Round, universe: &[Action]) {
    let legal = round.legal_actions();
    for &a in universe {
        let listed = legal.contains(&a);
        let mut copy = *round;
        match copy.play(a) {
            Ok(()) => assert!(listed, "{a:?} accepted but not listed in {round:?}"),
            Err(e) => {
                assert!(!listed, "{a:?} listed but refused ({e}) in {round:?}");
                assert_eq!(&copy, round, "refused {a:?} changed the round");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    // No duplicates in the list.
    for (i, a) in legal.iter().enumerate() {
        assert!(!legal[i + 1..].contains(a), "duplicate {a:?}");
    }
}

fn random_rules(preset: Preset, rng: &mut GameRng) -> Rules {
    let mut rules = preset.rules();
    // Sometimes flip single options too (every option can be set on its own).
    if rng.random_bool(0.3) {
        rules.count_after_retreat = rng.random();
        rules.final_count = rng.random();
        rules.final_strike = rng.random();
        rules.points_to_win = rng.random_range(1..=5);
        if preset == Preset::Advanced {
            rules.special_cards = rng.random();
        }
    }
    rules
}

/// Plays a whole random match, checking everything at every step.
fn random_match(preset: Preset, seed: u64, full_check: bool) {
    let universe = universe();
    let mut rng = GameRng::seed_from_u64(seed);
    let rules = random_rules(preset, &mut rng);
    let first = if rng.random() {
        Side::White
    } else {
        Side::Black
    };
    let mut game = Match::new(rules, first, &mut rng).expect("valid rules");
    let mut rounds = 0;
    loop {
        let round = *game.round();
        check_invariants(&round);
        if full_check {
            check_legality(&round, &universe);
        }
        if round.is_over() {
            rounds += 1;
            if game.is_over() {
                break;
            }
            game.start_next_round(&mut rng).expect("next round");
            continue;
        }
        let legal = round.legal_actions();
        let action = random_action(&legal, &mut rng);
        game.play(action).expect("a listed action is legal");
        assert!(rounds < 200, "match does not end");
    }
    // The match's record replays to the same match.
    let text = write::record_json(&game);
    let replay = record::replay(&text, false).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(replay.the_match.score(), game.score());
    assert_eq!(replay.the_match.rounds(), game.rounds());
    assert_eq!(replay.the_match.round(), game.round());
    assert_eq!(replay.the_match.winner(), game.winner());
}

fn preset_strategy() -> impl Strategy<Value = Preset> {
    prop::sample::select(Preset::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Thousands of matches (2000 per run over the four presets), invariants at every step.
    #[test]
    fn random_matches_keep_invariants_and_replay(preset in preset_strategy(), seed in any::<u64>()) {
        random_match(preset, seed, false);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Every action of the vocabulary at every step: legal ones apply, the rest
    /// are refused without change.
    #[test]
    fn legal_list_and_check_agree(preset in preset_strategy(), seed in any::<u64>()) {
        random_match(preset, seed, true);
    }
}

/// Every preset is covered by a fixed set of seeds as well (not only by chance).
#[test]
fn every_preset_plays_many_matches() {
    for preset in Preset::ALL {
        for seed in 0..250 {
            random_match(preset, seed, seed < 10);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The share link's decoder and the record reader never panic, whatever
    /// they are given: arbitrary text, and arbitrary bytes behind a valid
    /// link's start (so that the decoder reads past its checks).
    #[test]
    fn link_and_record_readers_never_panic(
        text in ".{0,400}",
        code in "[A-Za-z0-9_-]{0,400}",
        cut in 0usize..400,
    ) {
        let _ = record::link::decode(&text);
        let _ = record::link::decode(&code);
        let _ = record::replay(&text, true);
        // A real record's link, cut and spliced with arbitrary characters.
        let game = common::random_match(Preset::Duel.rules(), cut as u64, cut % 40);
        let real = record::link::encode(&write::record(&game));
        let at = cut.min(real.len());
        let spliced = format!("{}{}", &real[..at], code);
        if let Ok(json) = record::link::decode(&spliced) {
            let _ = record::replay(&json, false);
        }
        let json = write::record_json(&game);
        let at = cut.min(json.len());
        if json.is_char_boundary(at) {
            let _ = record::replay(&format!("{}{}", &json[..at], text), false);
        }
    }

    /// Input over the caps is refused before it is read, whatever it holds:
    /// a code longer than the link's cap, a text longer than the record's
    /// (the readers' work and memory are bounded by the caps).
    #[test]
    fn input_over_the_caps_is_refused_unread(
        code in "[A-Za-z0-9_-]{1,40}",
        text in ".{1,40}",
    ) {
        use record::link::{LinkError, MAX_CODE_CHARS};
        let long = code.repeat(MAX_CODE_CHARS / code.len() + 1);
        prop_assert_eq!(
            record::link::decode(&long),
            Err(LinkError::TooLong { limit: MAX_CODE_CHARS })
        );
        let long = text.repeat(record::MAX_RECORD_BYTES / text.len() + 1);
        let e = record::replay(&long, false).unwrap_err();
        prop_assert_eq!(e.problem, record::Problem::TooLong { limit: record::MAX_RECORD_BYTES });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The links' codec: any bytes go to text and back, any number to its
    /// bytes and back (taking exactly those bytes), any sealed bytes open;
    /// and whatever text is given, what decodes encodes to the same text
    /// (only the canonical form is read).
    #[test]
    fn the_codec_round_trips_and_reads_canonical_forms_only(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        n in any::<u32>(),
        text in "[A-Za-z0-9_-]{0,40}",
    ) {
        use engarde::record::codec::{self, Reader};
        prop_assert_eq!(codec::from_text(&codec::to_text(&bytes)), Ok(bytes.clone()));
        let mut out = Vec::new();
        codec::put_number(&mut out, n);
        out.extend(&bytes);
        let mut r = Reader::new(&out);
        prop_assert_eq!(r.number(), Ok(n));
        prop_assert_eq!(r.left(), bytes.len());
        let code = codec::seal(bytes.clone(), codec::fnv1a);
        prop_assert_eq!(codec::unseal(&code, codec::fnv1a), Ok(bytes));
        if let Ok(decoded) = codec::from_text(&text) {
            prop_assert_eq!(codec::to_text(&decoded), text);
        }
    }
}
