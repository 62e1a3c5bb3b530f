//! The expert's reading of the opponent's whole round (src/ai/reading.rs):
//! public only, honest, and informative when the opponent plays as modelled.

mod common;

use engarde::ai::belief::{self, sub_hands, Chances, Model};
use engarde::ai::reading::Reading;
use engarde::ai::{heuristic, Budget, Difficulty, Opponent};
use engarde::{GameRng, Hand, Match, Observation, PastAction, Preset, Side};
use rand::{Rng, SeedableRng};

/// Random Advanced matches where White plays the heuristic and Black at
/// random; calls `look` at each of Black's turns once White has acted this
/// round, with the match.
fn black_turns(seed: u64, count: usize, mut look: impl FnMut(&Match)) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = Match::new(Preset::Advanced.rules(), Side::White, &mut rng).unwrap();
    let mut seen = 0;
    while seen < count {
        if game.round().is_over() {
            common::next_round_or_match(&mut game, &mut rng);
            continue;
        }
        let side = game.round().to_act();
        let action = if side == Side::White {
            heuristic::choose(&game.observation(side), &mut rng)
        } else {
            if !game.round_past(Side::White).is_empty() {
                look(&game);
                seen += 1;
            }
            let legal = game.round().legal_actions();
            legal[rng.random_range(0..legal.len())]
        };
        game.play(action).unwrap();
    }
}

/// The log-ratio of the hand held, `truth`, under `reading` to its prior;
/// every hand the reading allows must fit the unseen cards.
fn gain_of_truth(obs: &Observation, reading: &Reading, truth: Hand) -> f64 {
    let prior = sub_hands(obs.unseen(), obs.opponent_hand_len);
    let total: f64 = prior.iter().map(|h| h.1).sum();
    let prior_p = prior.iter().find(|h| h.0 == truth).unwrap().1 / total;
    let hands = reading.hands();
    for (h, _) in &hands {
        assert!(prior.iter().any(|p| p.0 == *h), "{h} cannot be held");
    }
    (hands.iter().find(|h| h.0 == truth).map_or(1e-6, |h| h.1) / prior_p).ln()
}

/// What a side's actions this round tell the other is exactly what the other
/// saw of each as it happened (its observation's `opponent_last`): public.
#[test]
fn the_round_past_is_what_the_other_side_saw() {
    let mut rng = GameRng::seed_from_u64(5);
    let mut game = Match::new(Preset::Advanced.rules(), Side::White, &mut rng).unwrap();
    let mut seen: Vec<PastAction> = Vec::new();
    let mut checked = 0;
    while checked < 2_000 {
        if game.round().is_over() {
            common::next_round_or_match(&mut game, &mut rng);
            seen.clear();
            continue;
        }
        let legal = game.round().legal_actions();
        let side = game.round().to_act();
        game.play(legal[rng.random_range(0..legal.len())]).unwrap();
        if side == Side::White {
            seen.push(game.observation(Side::Black).opponent_last.unwrap());
        }
        assert_eq!(game.round_past(Side::White), seen);
        checked += 1;
    }
}

/// The round's history holds both sides' actions in order, and for each
/// step, what its player had seen of the other side (`seen_before`) is
/// exactly that player's `opponent_last` when they chose it: the model of a
/// past decision sees what the player saw, no more.
#[test]
fn each_step_of_the_history_knows_what_its_player_had_seen() {
    let mut rng = GameRng::seed_from_u64(8);
    let mut game = Match::new(Preset::Advanced.rules(), Side::White, &mut rng).unwrap();
    let mut saw: Vec<Option<PastAction>> = Vec::new();
    let (mut checked, mut some) = (0, 0);
    while checked < 2_000 {
        if game.round().is_over() {
            common::next_round_or_match(&mut game, &mut rng);
            saw.clear();
            continue;
        }
        let side = game.round().to_act();
        saw.push(game.observation(side).opponent_last);
        let legal = game.round().legal_actions();
        game.play(legal[rng.random_range(0..legal.len())]).unwrap();
        let history = game.round_history();
        assert_eq!(history.len(), saw.len());
        for (i, &had_seen) in saw.iter().enumerate() {
            assert_eq!(belief::seen_before(&history, i), had_seen, "step {i}");
            some += usize::from(had_seen.is_some());
        }
        let white: Vec<PastAction> = history
            .iter()
            .filter(|p| p.before.to_act == Side::White)
            .copied()
            .collect();
        assert_eq!(game.round_past(Side::White), white);
        checked += 1;
    }
    assert!(some > 1_000, "steps that had seen something: {some}");
}

/// The same observation and round, with other hidden cards behind them,
/// gets the same decision from a search that reads the whole round (the
/// experiments `+read=N` and `+deep=N`): it reads only what is public.
#[test]
fn reading_the_round_is_honest() {
    let mut n = 0u64;
    let mut sampler = GameRng::seed_from_u64(9);
    black_turns(21, 40, |game| {
        let obs = game.observation(Side::Black);
        let past = game.round_past(Side::White);
        let mut other = obs.sample(&mut sampler).observation(Side::Black);
        other.opponent_last = obs.opponent_last;
        assert_eq!(other, obs);
        let decide = |o: &Observation| {
            let mut reader = Difficulty::Expert.opponent();
            reader.reading = 32;
            reader.depth = if n % 2 == 0 { 64 } else { 0 };
            reader
                .decide_after(
                    o,
                    &past,
                    Budget::iterations(300),
                    &mut GameRng::seed_from_u64(n),
                )
                .action
        };
        assert_eq!(decide(&obs), decide(&other));
        n += 1;
    });
}

/// Against an opponent who plays as modelled (the heuristic), the reading
/// gives the hand they really hold more weight than the uniform prior does,
/// on average over many turns; every hand it allows fits the unseen cards.
#[test]
fn the_reading_finds_the_hand_held() {
    let (mut gain, mut turns, mut read) = (0.0, 0, 0);
    let mut rng = GameRng::seed_from_u64(3);
    black_turns(11, 300, |game| {
        let obs = game.observation(Side::Black);
        let truth = game.round().hand(Side::White);
        let past = game.round_past(Side::White);
        turns += 1;
        let Some(reading) = Reading::new(
            &obs,
            &past,
            Model::default(),
            32,
            &mut Chances::default(),
            &mut rng,
        ) else {
            return;
        };
        read += 1;
        gain += gain_of_truth(&obs, &reading, truth);
    });
    assert!(read > 250, "a reading at most turns ({read} of {turns})");
    let mean = gain / f64::from(read);
    assert!(
        mean > 0.1,
        "the true hand should gain weight on average: mean log-ratio {mean:.3}"
    );
}

/// Read exactly, the opponent's last action alone gives the same posterior
/// as the last-action belief (`Belief`): one rule of inference, two depths.
#[test]
fn the_exact_reading_of_one_action_is_the_belief() {
    let mut compared = 0;
    black_turns(13, 200, |game| {
        let obs = game.observation(Side::Black);
        let history = game.round_history();
        let mut chances = Chances::default();
        let model = Model::default();
        let seen = belief::seen_before_last(&history, obs.opponent_last);
        let Some(b) = belief::Belief::remembering(&obs, seen, model, &mut chances) else {
            return;
        };
        let r = Reading::exact(&obs, &history, model, 1, &mut chances).expect("a reading");
        let (mut b, mut r) = (b.hands(), r.hands());
        b.sort_by_key(|h| h.0.counts());
        r.sort_by_key(|h| h.0.counts());
        assert_eq!(b.len(), r.len());
        for (x, y) in b.iter().zip(&r) {
            assert_eq!(x.0, y.0);
            assert!((x.1 - y.1).abs() < 1e-9, "{}: {} against {}", x.0, x.1, y.1);
        }
        compared += 1;
    });
    assert!(compared > 150, "compared {compared}");
}

/// Against an opponent who plays as modelled, the exact reading of the
/// whole round gives the hand held more weight than its prior, on average,
/// and allows only hands that fit the unseen cards.
#[test]
fn the_exact_reading_of_the_round_finds_the_hand_held() {
    let (mut gain, mut read) = (0.0, 0);
    black_turns(11, 300, |game| {
        let obs = game.observation(Side::Black);
        let truth = game.round().hand(Side::White);
        let Some(reading) = Reading::exact(
            &obs,
            &game.round_history(),
            Model::default(),
            64,
            &mut Chances::default(),
        ) else {
            return;
        };
        read += 1;
        gain += gain_of_truth(&obs, &reading, truth);
    });
    assert!(read > 250, "a reading at most turns ({read})");
    let mean = gain / f64::from(read);
    assert!(mean > 0.1, "mean log-ratio of the true hand {mean:.3}");
}
