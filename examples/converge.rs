//! How close a search's decisions come to a much longer search's, as a cheap
//! stand-in for matches between budgets. Positions come from medium-against-
//! medium Advanced matches; the reference is hard's search (inference as in
//! play) with many iterations; each test budget's choice is scored by its
//! regret under the reference's values (mean value of the best root action
//! minus that of the chosen one).
//!
//! `cargo run --release --no-default-features --features cli --example converge -- POSITIONS REF_ITERS ITERS... [c=EXPLORATION]`

use engarde::ai::belief::Belief;
use engarde::ai::rollout::InformedRollout;
use engarde::ai::search::{Budget, Ismcts, SearchResult};
use engarde::ai::{Difficulty, Opponent};
use engarde::{Action, GameRng, Match, Observation, Preset, Round, Side};
use rand::SeedableRng;

fn search(obs: &Observation, iterations: u32, exploration: f32, seed: u64) -> SearchResult<Action> {
    let mut s = Ismcts::<Round>::default();
    s.exploration = exploration;
    let mut rng = GameRng::seed_from_u64(seed);
    let mut rollout = InformedRollout::default();
    if let Ok(e) = std::env::var("EPS") {
        rollout.epsilon = e.parse().expect("EPS");
    }
    if let Ok(p) = std::env::var("PARRY") {
        rollout.parry = p.parse().expect("PARRY");
    }
    match Belief::new(obs) {
        Some(b) => s.search(&b, &mut rollout, Budget::iterations(iterations), &mut rng),
        None => s.search(obs, &mut rollout, Budget::iterations(iterations), &mut rng),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut explorations = vec![0.7f32];
    let mut nums = Vec::new();
    for a in &args {
        match a.strip_prefix("c=") {
            Some(c) => {
                explorations = c
                    .split(',')
                    .map(|x| x.parse().expect("exploration"))
                    .collect();
            }
            None => nums.push(a.parse::<u32>().expect("number")),
        }
    }
    let positions = nums[0] as usize;
    let reference = nums[1];
    let tests: Vec<(u32, f32)> = nums[2..]
        .iter()
        .flat_map(|&n| explorations.iter().map(move |&c| (n, c)))
        .collect();
    let mut rng = GameRng::seed_from_u64(2026);
    let mut obs_list = Vec::new();
    let mut seat = Difficulty::Medium.opponent();
    let mut k = 0u64;
    while obs_list.len() < positions {
        let mut game = Match::new(Preset::Advanced.rules(), Side::White, &mut rng).unwrap();
        while !game.is_over() && obs_list.len() < positions {
            if game.round().is_over() {
                game.start_next_round(&mut rng).unwrap();
                continue;
            }
            let side = game.round().to_act();
            let obs = game.observation(side);
            if obs.legal_actions().len() > 1 {
                k += 1;
                if k % 3 == 0 {
                    obs_list.push(obs);
                }
            }
            let d = seat.decide(&obs, Difficulty::Medium.budget(), &mut rng);
            game.play(d.action).unwrap();
        }
    }
    let mut regret = vec![0.0f64; tests.len()];
    let mut agree = vec![0u32; tests.len()];
    for (i, obs) in obs_list.iter().enumerate() {
        let r = search(obs, reference, 0.7, 1_000_000 + i as u64);
        let best = r.root.iter().map(|x| x.2).fold(f32::NEG_INFINITY, f32::max);
        for (t, &(iters, exploration)) in tests.iter().enumerate() {
            let d = search(obs, iters, exploration, i as u64);
            let v = r
                .root
                .iter()
                .find(|x| x.0 == d.action)
                .map_or(-1.0, |x| x.2);
            regret[t] += f64::from(best - v);
            agree[t] += u32::from(d.action == r.action);
        }
    }
    for (t, &(iters, exploration)) in tests.iter().enumerate() {
        println!(
            "iters {iters:>7} c={exploration}: mean regret {:.4}, agrees with reference {:.1}% ({} positions, reference {reference})",
            regret[t] / positions as f64,
            100.0 * f64::from(agree[t]) / positions as f64,
            positions
        );
    }
}
