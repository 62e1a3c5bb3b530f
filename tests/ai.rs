//! The computer opponents: honest, always legal, and not silly at the easiest level.

mod common;

use common::Pos;
use engarde::ai::{
    Budget, Difficulty, HeuristicOpponent, Makeup, Opponent, RandomOpponent, SearchOpponent,
};
use engarde::referee::arena::{play_match, AiSeat, Player};
use engarde::{
    Action, BySide, Card, GameRng, Hand, Match, Observation, Preset, Round, Rules, Side,
};
use rand::{Rng, SeedableRng};

/// Every kind of opponent, with a small iteration budget (deterministic).
fn opponents() -> Vec<(String, Box<dyn Opponent>, Budget)> {
    let mut all: Vec<(String, Box<dyn Opponent>, Budget)> = vec![
        (
            "random".into(),
            Box::new(RandomOpponent),
            Budget::iterations(0),
        ),
        (
            "heuristic".into(),
            Box::new(HeuristicOpponent),
            Budget::iterations(0),
        ),
    ];
    for d in Difficulty::ALL {
        all.push((
            d.name().into(),
            Box::new(d.opponent()),
            Budget::iterations(40),
        ));
    }
    all
}

fn rules_for(preset: Preset, seed: u64) -> Rules {
    let mut rules = preset.rules();
    if preset == Preset::Advanced && seed % 3 == 0 {
        rules.special_cards = true; // special cards with the lunge too
    }
    rules
}

/// Positions from random play in every preset, each with the side to act.
fn positions(n: usize, seed: u64) -> Vec<Round> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut game_seed = 0;
    while out.len() < n {
        game_seed += 1;
        let preset = Preset::ALL[game_seed as usize % 4];
        let mut game = Match::new(rules_for(preset, game_seed), Side::White, &mut rng).unwrap();
        while !game.is_over() && out.len() < n {
            if game.round().is_over() {
                game.start_next_round(&mut rng).unwrap();
                continue;
            }
            out.push(*game.round());
            let legal = game.round().legal_actions();
            game.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
    }
    out
}

/// Two different full states with the same observation get the same decision
/// for the same seed and iteration budget.
#[test]
fn honest_same_observation_same_decision() {
    let mut sampler = GameRng::seed_from_u64(77);
    let mut differing = 0;
    for (i, round) in positions(300, 1).into_iter().enumerate() {
        let side = round.to_act();
        let obs = round.observation(side);
        let other = obs.sample(&mut sampler);
        assert_eq!(other.observation(side), obs);
        if other != round {
            differing += 1;
        }
        for (name, mut opponent, budget) in opponents() {
            let a = opponent.decide(
                &round.observation(side),
                &[],
                budget,
                &mut GameRng::seed_from_u64(i as u64),
            );
            let b = opponent.decide(
                &other.observation(side),
                &[],
                budget,
                &mut GameRng::seed_from_u64(i as u64),
            );
            assert_eq!(
                a.action, b.action,
                "{name} decided differently on hidden cards: {round:?}"
            );
        }
    }
    assert!(
        differing > 250,
        "the two states should mostly differ in hidden cards"
    );
}

/// 100,000 decisions over random games in every preset are all legal.
#[test]
fn one_hundred_thousand_decisions_are_legal() {
    let mut decisions = 0u32;
    let mut seed = 0u64;
    let mut kinds = opponents();
    let mut presets_seen = [0u32; 4];
    while decisions < 100_000 {
        seed += 1;
        let preset_index = seed as usize % 4;
        let preset = Preset::ALL[preset_index];
        let mut rng = GameRng::seed_from_u64(seed);
        let mut game = Match::new(rules_for(preset, seed), Side::White, &mut rng).unwrap();
        while !game.is_over() {
            if game.round().is_over() {
                game.start_next_round(&mut rng).unwrap();
                continue;
            }
            let round = *game.round();
            // The match's observation: with the opponent's last action, which
            // hard's inference reads.
            let obs = game.observation(round.to_act());
            // Every opponent decides here; one of them (in turn) is played.
            let mut chosen = None;
            let k = decisions as usize % kinds.len();
            for (j, (name, opponent, budget)) in kinds.iter_mut().enumerate() {
                let budget = if j >= 2 {
                    Budget::iterations(8)
                } else {
                    *budget
                };
                let d = opponent.decide(&obs, &[], budget, &mut rng);
                assert!(
                    round.check(d.action).is_ok(),
                    "{name} chose illegal {:?} in {round:?}",
                    d.action
                );
                decisions += 1;
                if j == k {
                    chosen = Some(d.action);
                }
            }
            game.play(chosen.unwrap()).unwrap();
            presets_seen[preset_index] += 1;
        }
    }
    assert!(presets_seen.iter().all(|&n| n > 1000), "{presets_seen:?}");
}

/// The share of 400 sampled worlds in which `action` loses the round at once:
/// the round ends lost, or the opponent then has a reply that wins outright.
fn loss_rate(obs: &Observation, action: Action, rng: &mut GameRng) -> f64 {
    let me = obs.side();
    let lost = (0..400)
        .filter(|_| {
            let mut world = obs.sample(rng);
            world.play(action).unwrap();
            if let Some(r) = world.result() {
                return r.winner == Some(me.opponent());
            }
            world.to_act() != me
                && world.legal_actions().iter().any(|&reply| {
                    let mut next = world;
                    next.play(reply).unwrap();
                    next.result()
                        .is_some_and(|r| r.winner == Some(me.opponent()))
                })
        })
        .count();
    lost as f64 / 400.0
}

/// Easy never walks into a hit (or a lost count) it could see coming for
/// certain while it had a real alternative (one that loses at once in under 95%
/// of the worlds it cannot tell apart). Without its safety check it does.
#[test]
fn easy_never_walks_into_a_certain_loss() {
    let mut rng = GameRng::seed_from_u64(12);
    let mut careless = SearchOpponent::new(Makeup {
        safety: false,
        ..Difficulty::Easy.strength().makeup
    });
    let mut careless_blunders = 0;
    let mut checked = 0;
    for (i, round) in positions(4000, 9).into_iter().enumerate() {
        let obs = round.observation(round.to_act());
        let legal = obs.legal_actions();
        if legal.len() < 2 {
            continue;
        }
        let rates: Vec<(Action, f64)> = legal
            .iter()
            .map(|&a| (a, loss_rate(&obs, a, &mut rng)))
            .collect();
        let certain: Vec<Action> = rates.iter().filter(|r| r.1 == 1.0).map(|r| r.0).collect();
        if certain.is_empty() || !rates.iter().any(|r| r.1 < 0.95) {
            continue;
        }
        checked += 1;
        let budget = Difficulty::Easy.budget();
        let mut easy = Difficulty::Easy.opponent();
        let seed = GameRng::seed_from_u64(i as u64);
        let chosen = easy.decide(&obs, &[], budget, &mut seed.clone()).action;
        assert!(
            !certain.contains(&chosen),
            "easy played {chosen:?} into a certain loss: {rates:?} {round:?}"
        );
        if certain.contains(&careless.decide(&obs, &[], budget, &mut seed.clone()).action) {
            careless_blunders += 1;
        }
    }
    assert!(
        checked > 100,
        "only {checked} positions with a certain loss to avoid"
    );
    assert!(
        careless_blunders > 0,
        "the check should matter: without it easy blunders"
    );
}

/// A certain winning attack is always found, at every level.
/// White on 8, Black on 13: White holds three 5s; only two 5s are unseen, so
/// an attack with three 5s cannot be parried (R17). White's view and that hit.
fn certain_hit() -> (Observation, Action) {
    let round = Pos::new(
        Preset::Advanced,
        8,
        13,
        &[5, 5, 5, 1, 1],
        &[2, 2, 3, 3, 4],
        &[1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5],
    )
    .round();
    let hit = Action::Attack {
        card: Card::new(5).unwrap(),
        count: 3,
    };
    (round.observation(Side::White), hit)
}

/// The expert reads hard's kind of player through a short search of hard's
/// own: it is sure of a certain hit, so a reading of a player who did not
/// take one finds no hand that held it; an action not legal with a hand is
/// never read into it.
#[test]
fn the_simulated_model_expects_a_certain_hit() {
    use engarde::ai::belief::{ActionModel, CardCounter};
    let (obs, hit) = certain_hit();
    let legal = obs.legal_actions();
    // The card counter's model is a distribution that favours the hit.
    let model = CardCounter::SENSIBLE;
    let p: Vec<f64> = legal.iter().map(|&a| model.chance(&obs, a)).collect();
    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{p:?}");
    let i = legal.iter().position(|&a| a == hit).unwrap();
    assert!(p[i] > 0.5, "the certain hit: {}", p[i]);
    // White without the three 5s: the hit is not legal, so not modelled.
    let without = Observation::new(
        *obs.public(),
        Side::White,
        Hand::from_counts([2, 1, 1, 1, 0]),
        Err(obs.opponent_hand_len()),
        obs.pile_len(),
        0,
    )
    .unwrap();
    assert_eq!(model.chance(&without, hit), 0.0);
    // The expert, reading through hard's search, plays the hit itself.
    let mut expert = Difficulty::Expert.opponent();
    let got = expert.decide(
        &obs,
        &[],
        Budget::iterations(2000),
        &mut GameRng::seed_from_u64(3),
    );
    assert_eq!(got.action, hit);
}

#[test]
fn every_level_takes_a_certain_hit() {
    let (obs, winning) = certain_hit();
    for d in Difficulty::ALL {
        let mut o = d.opponent();
        let got = o.decide(
            &obs,
            &[],
            Budget::iterations(3000),
            &mut GameRng::seed_from_u64(1),
        );
        assert_eq!(got.action, winning, "{d}");
    }
    let h = HeuristicOpponent.decide(
        &obs,
        &[],
        Budget::iterations(0),
        &mut GameRng::seed_from_u64(1),
    );
    assert_eq!(h.action, winning);
}

/// Hard's search, even at 300 iterations, beats random play: a statistical
/// test over 40 seeds, not one seed's outcome. It won 300 of 300 such
/// matches (`engarde play --white ai:hard:i300 --black ai:random --matches
/// 300 --alternate --seed 9000`); were its true rate only 99%, losing 4 or
/// more of 40 would happen once in about 1,200 runs, at 99.5% once in
/// 17,000.
#[test]
fn search_beats_random_nearly_every_match() {
    let matches = 40;
    let mut wins = 0;
    for m in 0..matches {
        let mut rng = GameRng::seed_from_u64(5_000 + m);
        let mut hard = AiSeat::new(
            Box::new(Difficulty::Hard.opponent()),
            Budget::iterations(300),
        );
        let mut random = AiSeat::new(Box::new(RandomOpponent), Budget::iterations(0));
        let (white, black): (&mut dyn Player, &mut dyn Player) = if m % 2 == 0 {
            (&mut hard, &mut random)
        } else {
            (&mut random, &mut hard)
        };
        let hard_side = if m % 2 == 0 { Side::White } else { Side::Black };
        let (stats, _) = play_match(
            Preset::Advanced.rules(),
            BySide::new(white, black),
            Side::White,
            &mut rng,
        );
        wins += u32::from(stats.winner == Some(hard_side));
    }
    assert!(
        wins >= 37,
        "hard won {wins} of {matches} against random play"
    );
}

#[test]
fn difficulty_names_parse() {
    for d in Difficulty::ALL {
        assert_eq!(d.name().parse::<Difficulty>(), Ok(d));
    }
    assert!("grandmaster"
        .parse::<Difficulty>()
        .unwrap_err()
        .contains("unknown level"));
}

/// With an empty draw pile the defender's answer has one possible world (the
/// attacker's hand is exactly the unseen cards): the solver's choice is the
/// best outcome of actually playing each answer.
#[test]
fn solver_is_exact_with_nothing_hidden() {
    use engarde::ai::solver;
    let mut rng = GameRng::seed_from_u64(21);
    let mut solved = 0;
    for seed in 0..400u64 {
        // Random Advanced rounds until the pile is empty with an answer pending.
        let mut round = Round::deal(
            Preset::Advanced.rules(),
            None,
            BySide::default(),
            Side::White,
            &mut GameRng::seed_from_u64(seed),
        );
        let final_answer = |r: &Round| r.pile().is_empty() && r.public().pending().is_some();
        while !round.is_over() && !final_answer(&round) {
            let legal = round.legal_actions();
            round.play(legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if round.is_over() {
            continue;
        }
        let me = round.to_act();
        let obs = round.observation(me);
        let (action, value) = solver::solve(&obs).expect("one world: solvable");
        let outcome = |a: Action| {
            let mut r = round;
            r.play(a).unwrap();
            match r.result().expect("the answer ends the round (E3)").winner {
                None => 0.0,
                Some(w) if w == me => 1.0,
                Some(_) => -1.0,
            }
        };
        let best = round
            .legal_actions()
            .iter()
            .map(|&a| outcome(a))
            .fold(f32::MIN, f32::max);
        assert_eq!(outcome(action), best, "{round:?}");
        assert_eq!(value, best);
        solved += 1;
    }
    assert!(solved > 20, "only {solved} final answers reached");
}

#[test]
fn solver_declines_hidden_positions_and_worlds_are_consistent() {
    use engarde::ai::solver;
    let mut rng = GameRng::seed_from_u64(4);
    let fresh = Round::deal(
        Preset::Advanced.rules(),
        None,
        BySide::default(),
        Side::White,
        &mut rng,
    );
    assert!(solver::solve(&fresh.observation(Side::White)).is_none());
    // A pile of two: several worlds, each consistent, probabilities summing to 1.
    let round = Pos::new(
        Preset::Advanced,
        5,
        12,
        &[1, 1, 2, 3, 4],
        &[2, 3, 4, 5, 5],
        &[4, 5],
    )
    .round();
    let obs = round.observation(Side::White);
    let worlds = solver::worlds(&obs).expect("few worlds");
    assert!(worlds.len() > 1);
    assert!((worlds.iter().map(|w| w.1).sum::<f64>() - 1.0).abs() < 1e-9);
    for (w, _) in &worlds {
        assert_eq!(w.observation(Side::White), obs);
    }
    assert!(
        worlds.iter().any(|(w, _)| *w == round),
        "the true world is among them"
    );
    assert!(
        solver::solve(&obs).is_none(),
        "more than one world: not exact"
    );
}

/// `count` positions from random matches where the opponent has acted, each
/// with a second full state (other hidden cards) behind the same observation.
fn twin_observations(seed: u64, count: usize) -> Vec<(Observation, Observation)> {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut twins = Vec::new();
    let mut game = Match::new(Preset::Advanced.rules(), Side::White, &mut rng).unwrap();
    while twins.len() < count {
        if game.round().is_over() {
            common::next_round_or_match(&mut game, &mut rng);
            continue;
        }
        let side = game.round().to_act();
        let obs = game.observation(side);
        if obs.opponent_last().is_some() {
            let other = obs.sample(&mut rng);
            let other_obs = other.observation(side).after(obs.opponent_last());
            assert_eq!(other_obs, obs);
            twins.push((obs, other_obs));
        }
        let legal = game.round().legal_actions();
        game.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    twins
}

/// Inference reads only public history: the same match observation, with
/// different hidden cards behind it, gives the same decision.
#[test]
fn hard_with_inference_is_honest() {
    for (checked, (obs, other_obs)) in (0u64..).zip(twin_observations(31, 60)) {
        let budget = Budget::iterations(200);
        let a = Difficulty::Hard.opponent().decide(
            &obs,
            &[],
            budget,
            &mut GameRng::seed_from_u64(checked),
        );
        let b = Difficulty::Hard.opponent().decide(
            &other_obs,
            &[],
            budget,
            &mut GameRng::seed_from_u64(checked),
        );
        assert_eq!(a.action, b.action);
    }
}

/// A round whose actions all share one index: the search must fall back to
/// looking children up, and find exactly what the indexed search finds.
#[derive(Copy, Clone)]
struct Unindexed(Round);

impl engarde::ai::search::Game for Unindexed {
    type Action = Action;
    fn player(&self) -> usize {
        engarde::ai::search::Game::player(&self.0)
    }
    fn legal_actions(&self, out: &mut Vec<Action>) {
        engarde::ai::search::Game::legal_actions(&self.0, out);
    }
    fn apply(&mut self, action: Action) {
        engarde::ai::search::Game::apply(&mut self.0, action);
    }
    fn value(&self, player: usize) -> Option<f32> {
        engarde::ai::search::Game::value(&self.0, player)
    }
}

struct UnindexedInfo(Observation);

impl engarde::ai::search::InfoSet for UnindexedInfo {
    type State = Unindexed;
    fn player(&self) -> usize {
        engarde::ai::search::InfoSet::player(&self.0)
    }
    fn sample<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Unindexed {
        Unindexed(self.0.sample(rng))
    }
}

#[test]
fn action_indices_only_speed_up_the_search() {
    use engarde::ai::search::{Ismcts, RandomPolicy};
    for (n, round) in positions(40, 91).into_iter().enumerate() {
        let obs = round.observation(round.to_act());
        let mut indexed = Ismcts::<Round>::default();
        let mut plain = Ismcts::<Unindexed>::default();
        let a = indexed.search(
            &obs,
            &mut RandomPolicy,
            Budget::iterations(400),
            &mut GameRng::seed_from_u64(n as u64),
        );
        let b = plain.search(
            &UnindexedInfo(obs),
            &mut RandomPolicy,
            Budget::iterations(400),
            &mut GameRng::seed_from_u64(n as u64),
        );
        assert_eq!(a.action, b.action);
        assert_eq!(a.root, b.root);
    }
}

/// Every way of reading the opponent stays honest: the same observation,
/// with other hidden cards behind it, gives the same decision.
#[test]
fn every_reading_is_honest() {
    use engarde::ai::belief::CardCounter;
    use engarde::ai::Reading;
    let hard = Difficulty::Hard.strength().makeup;
    let hard_makeup: &'static Makeup = Box::leak(Box::new(hard));
    let readings = [
        Reading::Not,
        Reading::CardCounter(CardCounter::SENSIBLE),
        Reading::CardCounter(CardCounter {
            temperature: 0.5,
            noise: 0.25,
        }),
        Reading::Search {
            player: hard_makeup,
            iterations: 100,
            noise: 0.3,
        },
    ];
    for (checked, (obs, other_obs)) in (0u64..).zip(twin_observations(37, 40)) {
        let reading = readings[checked as usize % readings.len()];
        let decide = |o: &Observation| {
            SearchOpponent::new(Makeup { reading, ..hard })
                .decide(
                    o,
                    &[],
                    Budget::iterations(3200),
                    &mut GameRng::seed_from_u64(checked),
                )
                .action
        };
        assert_eq!(decide(&obs), decide(&other_obs), "{reading:?}");
    }
}

/// Hints come from the person's observation only: the same observation, with
/// other hidden cards behind it, gives the same hint for the same seed; each
/// suggestion is legal, with a chance between 0 and 1, best first.
#[test]
fn hints_are_honest_legal_and_ranked() {
    use engarde::ai::advice::{advise, Why, OFFERED};
    for (checked, (obs, other_obs)) in (0u64..).zip(twin_observations(41, 40)) {
        let budget = Budget::iterations(300);
        let a = advise(&obs, budget, &mut GameRng::seed_from_u64(checked));
        let b = advise(&other_obs, budget, &mut GameRng::seed_from_u64(checked));
        assert_eq!(a, b, "a hint depends only on the observation");
        let legal = obs.legal_actions();
        assert!(!a.is_empty() && a.len() <= OFFERED.min(legal.len()));
        for advice in &a {
            assert!(legal.contains(&advice.action), "{advice:?}");
            assert!((0.0..=1.0).contains(&advice.chance), "{advice:?}");
            // An attack said to be unparryable is: too few of its cards unseen.
            if let Why::Unparryable { card, count, .. } = advice.reason {
                assert!(obs.unseen().count(card) < count);
            }
        }
    }
}

/// The review's verdicts come from the person's observation only, like
/// hints; the best action is legal, the chances lie in 0–1 with the chosen
/// action's never above the best's, and the marks follow the drop.
#[test]
fn verdicts_are_honest_and_marked_by_the_drop() {
    use engarde::ai::advice::{judge, Mark, Verdict};
    for (checked, (obs, other_obs)) in (0u64..).zip(twin_observations(43, 30)) {
        let budget = Budget::iterations(300);
        let legal = obs.legal_actions();
        let chosen = legal[checked as usize % legal.len()];
        let a = judge(&obs, chosen, budget, &mut GameRng::seed_from_u64(checked));
        let b = judge(
            &other_obs,
            chosen,
            budget,
            &mut GameRng::seed_from_u64(checked),
        );
        assert_eq!(a, b, "a verdict depends only on the observation");
        assert!(legal.contains(&a.best));
        assert!((0.0..=1.0).contains(&a.before));
        if let Some(after) = a.after {
            assert!((0.0..=a.before).contains(&after), "{a:?}");
        }
        if a.best == chosen {
            assert_eq!(a.mark(), None);
        }
    }
    let v = |before: f32, after: f32| Verdict {
        best: engarde::Action::Parry,
        before,
        after: Some(after),
        missed_sure_win: false,
    };
    assert_eq!(v(0.60, 0.55).mark(), None);
    assert_eq!(v(0.60, 0.53).mark(), Some(Mark::Inaccuracy));
    assert_eq!(v(0.60, 0.47).mark(), Some(Mark::Mistake));
    assert_eq!(v(0.60, 0.34).mark(), Some(Mark::Blunder));
    // The search's noise can rank the chosen action above the best: no mark.
    assert_eq!(v(0.60, 0.70).mark(), None);
    // Missing a sure win is a blunder, however small the drop looks.
    let missed = Verdict {
        missed_sure_win: true,
        ..v(1.0, 0.97)
    };
    assert_eq!(missed.mark(), Some(Mark::Blunder));
}

/// The review agrees with the hints: a hint's top action judged a mistake or
/// a blunder, or an action so judged that is the hint's top choice, at no
/// more than 4 of the 120 judgements (two searches of their own disagree
/// only where their noise exceeds a mark's threshold; none did in the last
/// runs). Positions from matches between medium
/// players; a random legal action is judged at each, from the deciding
/// side's view.
#[test]
fn the_review_agrees_with_the_hints() {
    use engarde::ai::advice::{advise, judge, Mark};
    let budget = Budget::iterations(4_000);
    let mut rng = GameRng::seed_from_u64(77);
    let mut game = Match::new(Preset::Advanced.rules(), Side::White, &mut rng).unwrap();
    let mut medium = Difficulty::Medium.opponent();
    let (mut checked, mut marked, mut disagree) = (0, 0, Vec::new());
    while checked < 60 {
        if game.round().is_over() {
            common::next_round_or_match(&mut game, &mut rng);
            continue;
        }
        let side = game.round().to_act();
        let obs = game.observation(side);
        let past = game.round_history();
        let action = medium
            .decide(&obs, &past, Difficulty::Medium.budget(), &mut rng)
            .action;
        if obs.legal_actions().len() > 1 {
            checked += 1;
            let seed = checked as u64;
            let hint = advise(&obs, budget, &mut GameRng::seed_from_u64(seed));
            let top = hint[0];
            let followed = judge(
                &obs,
                top.action,
                budget,
                &mut GameRng::seed_from_u64(seed + 1000),
            );
            if !followed.mark().is_none_or(|m| m == Mark::Inaccuracy) {
                disagree.push(format!("top {top:?} judged {followed:?}"));
            }
            let legal = obs.legal_actions();
            let any = legal[rng.random_range(0..legal.len())];
            let verdict = judge(&obs, any, budget, &mut GameRng::seed_from_u64(seed + 2000));
            if matches!(verdict.mark(), Some(Mark::Mistake | Mark::Blunder)) {
                marked += 1;
                if top.action == any {
                    disagree.push(format!(
                        "{any:?} marked {verdict:?}, the hint's top: {hint:?}"
                    ));
                }
            }
        }
        game.play(action).unwrap();
    }
    assert!(disagree.len() <= 4, "{disagree:#?}");
    assert!(marked > 0, "medium's mistakes are found too");
}
