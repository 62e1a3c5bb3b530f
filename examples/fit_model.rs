//! Fits and judges the model of a strong player's choices ([`imitation`]).
//!
//! - `make LEVEL MATCHES FILE`: plays the level against itself (Advanced) and
//!   keeps every decision, with the chooser's hand and what the other side
//!   had seen of the chooser's round, as JSON.
//! - `hands FILE`: fits the weights on three quarters of the decisions so that
//!   each chosen action singles out the hand it was chosen from (the mean log
//!   ratio of the true hand's posterior to its prior), and reports that gain
//!   on the rest; prints the weights for `imitation::WEIGHTS`.
//! - `fit FILE`: the same data judged as predictions of the action: mean
//!   log-likelihood held out under the heuristic model (best of a grid), a fit
//!   of the action's likelihood, and uniform play; then how well a reading of
//!   the chooser's round ([`Reading`]) finds their hand under the heuristic
//!   and the compiled-in weights.
//! - `sim FILE ITERATIONS N`: hard modelled by a search of its own of
//!   ITERATIONS from each hand ([`Model::simulate`]), on N held-out decisions:
//!   how well it predicts the action from the true hand, and the mean log
//!   ratio of the true hand's posterior to its prior after the action, for a
//!   grid of sharpening powers and noise.
//! - `deep FILE ITERATIONS N DEPTH...`: the same model read exactly over the
//!   chooser's latest DEPTH actions of the round ([`Reading::exact`]) by the
//!   other side before each of N held-out decisions: the mean log-ratio of
//!   the hand held to its prior (noise 0.3, or `NOISE=P` in the environment).
//!
//! `cargo run --release --no-default-features --features cli --example fit_model -- make hard 36 hard36.json`

use engarde::ai::belief::{model_probability, simulated_shares, sub_hands, Chances, Model};
use engarde::ai::imitation::{features, FEATURES};
use engarde::ai::reading::Reading;
use engarde::ai::{Difficulty, Opponent};
use engarde::{Action, GameRng, Hand, Match, Observation, PastAction, Preset, Side};
use rand::SeedableRng;

/// One decision: each legal action's features, and which was chosen.
struct Sample {
    obs: Observation,
    action: Action,
    features: Vec<[f64; FEATURES]>,
    chosen: usize,
}

/// A decision as played, kept in a file so that fits can be compared on the
/// same data: the chooser's observation, the action, and, for judging a
/// reading of the chooser, the chooser's hand and what the other side had
/// seen of the chooser's round before it.
#[derive(serde::Serialize, serde::Deserialize)]
struct Played {
    obs: Observation,
    action: Action,
    hand: Hand,
    reader: Observation,
    past: Vec<PastAction>,
}

/// The ratio of the chance of `truth` under `reading` to its prior, as the
/// reader `view` sees it (`None` if the prior does not allow it).
fn ratio_of_truth(view: &Observation, reading: &Reading, truth: Hand) -> Option<f64> {
    let prior = sub_hands(view.unseen(), view.opponent_hand_len);
    let total: f64 = prior.iter().map(|h| h.1).sum();
    let prior_p = prior.iter().find(|h| h.0 == truth)?.1 / total;
    let post = reading
        .hands()
        .iter()
        .find(|h| h.0 == truth)
        .map_or(1e-9, |h| h.1);
    Some(post / prior_p)
}

/// The mean log-ratio of the chooser's true hand under a reading of their
/// round before the decision, against the prior, as seen by the other side.
fn reading_gain(played: &[Played], model: Model, rng: &mut GameRng) -> (f64, f64) {
    let (mut gain, mut n, mut misses) = (0.0, 0, 0);
    for p in played {
        if p.past.is_empty() {
            continue;
        }
        let view = p.reader;
        let Some(r) = Reading::new(&view, &p.past, model, 16, &mut Chances::default(), rng) else {
            continue;
        };
        let Some(ratio) = ratio_of_truth(&view, &r, p.hand) else {
            continue;
        };
        gain += ratio.ln();
        misses += u32::from(ratio < 0.2);
        n += 1;
    }
    (
        gain / f64::from(n.max(1)),
        f64::from(misses) / f64::from(n.max(1)),
    )
}

fn log_likelihood(samples: &[Sample], w: &[f64; FEATURES], noise: f64) -> f64 {
    let mut total = 0.0;
    for s in samples {
        let scores: Vec<f64> = s.features.iter().map(|f| dot(f, w)).collect();
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = scores.iter().map(|x| (x - top).exp()).sum();
        let p = (scores[s.chosen] - top).exp() / z;
        let p = (1.0 - noise) * p + noise / scores.len() as f64;
        total += p.max(1e-12).ln();
    }
    total / samples.len() as f64
}

fn dot(f: &[f64; FEATURES], w: &[f64; FEATURES]) -> f64 {
    f.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// One step of Adam ascent along `grad`, with L2 pull `l2` towards zero.
fn adam_step(
    w: &mut [f64; FEATURES],
    grad: &[f64; FEATURES],
    (m, v): (&mut [f64; FEATURES], &mut [f64; FEATURES]),
    t: i32,
    (lr, l2): (f64, f64),
) {
    let (b1, b2) = (0.9, 0.999);
    for k in 0..FEATURES {
        let g = grad[k] - l2 * w[k];
        m[k] = b1 * m[k] + (1.0 - b1) * g;
        v[k] = b2 * v[k] + (1.0 - b2) * g * g;
        let mh = m[k] / (1.0 - f64::powi(b1, t));
        let vh = v[k] / (1.0 - f64::powi(b2, t));
        w[k] += lr * mh / (vh.sqrt() + 1e-8);
    }
}

/// Gradient ascent on the mean log-likelihood, with a little L2.
fn fit(samples: &[Sample]) -> [f64; FEATURES] {
    let mut w = [0.0; FEATURES];
    let mut m = [0.0; FEATURES];
    let mut v = [0.0; FEATURES];
    let (lr, l2) = (0.05, 1e-4);
    for t in 1..=3000 {
        let mut grad = [0.0; FEATURES];
        for s in samples {
            let scores: Vec<f64> = s.features.iter().map(|f| dot(f, &w)).collect();
            let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let e: Vec<f64> = scores.iter().map(|x| (x - top).exp()).collect();
            let z: f64 = e.iter().sum();
            for (i, f) in s.features.iter().enumerate() {
                let target = if i == s.chosen { 1.0 } else { 0.0 };
                let coef = target - e[i] / z;
                for k in 0..FEATURES {
                    grad[k] += coef * f[k];
                }
            }
        }
        let n = samples.len() as f64;
        adam_step(&mut w, &grad.map(|g| g / n), (&mut m, &mut v), t, (lr, l2));
    }
    w
}

/// One decision seen by the other side: for each hand the chooser may hold
/// (that holds the action's cards), its prior weight, the features of every
/// action legal with it, and which of them was chosen; the true hand first.
struct Reread {
    hands: Vec<(f64, Vec<[f64; FEATURES]>, usize)>,
}

fn reread(played: &[Played]) -> Vec<Reread> {
    played
        .iter()
        .filter_map(|p| {
            let played_cards = p.action.cards(p.obs.public.pending);
            let candidates = sub_hands(p.reader.unseen(), p.obs.hand.len());
            let mut hands = Vec::new();
            let mut truth = None;
            for (h, ways) in candidates {
                if h.minus(played_cards).is_none() {
                    continue;
                }
                let mut obs = p.obs;
                obs.hand = h;
                let legal = obs.legal_actions();
                let Some(i) = legal.iter().position(|&a| a == p.action) else {
                    continue;
                };
                if h == p.hand {
                    truth = Some(hands.len());
                }
                hands.push((ways, legal.iter().map(|&a| features(&obs, a)).collect(), i));
            }
            let t = truth?;
            hands.swap(0, t);
            (hands.len() > 1).then_some(Reread { hands })
        })
        .collect()
}

/// The log-probability of the chosen action under each hand, and its
/// gradient (features of the chosen less their expectation).
fn log_p(h: &(f64, Vec<[f64; FEATURES]>, usize), w: &[f64; FEATURES]) -> (f64, [f64; FEATURES]) {
    let scores: Vec<f64> = h.1.iter().map(|f| dot(f, w)).collect();
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let e: Vec<f64> = scores.iter().map(|x| (x - top).exp()).collect();
    let z: f64 = e.iter().sum();
    let mut g = h.1[h.2];
    for (f, ei) in h.1.iter().zip(&e) {
        for k in 0..FEATURES {
            g[k] -= ei / z * f[k];
        }
    }
    (scores[h.2] - top - z.ln(), g)
}

/// The mean log-ratio of the true hand's posterior to its prior, and its
/// gradient.
fn hand_gain(data: &[Reread], w: &[f64; FEATURES]) -> (f64, [f64; FEATURES]) {
    let mut total = 0.0;
    let mut grad = [0.0; FEATURES];
    for r in data {
        let prior_total: f64 = r.hands.iter().map(|h| h.0).sum();
        let logs: Vec<(f64, [f64; FEATURES])> = r.hands.iter().map(|h| log_p(h, w)).collect();
        let top = logs.iter().map(|l| l.0).fold(f64::NEG_INFINITY, f64::max);
        let post: Vec<f64> = r
            .hands
            .iter()
            .zip(&logs)
            .map(|(h, l)| h.0 * (l.0 - top).exp())
            .collect();
        let z: f64 = post.iter().sum();
        // log posterior(true) − log prior(true)
        total += (post[0] / z).ln() - (r.hands[0].0 / prior_total).ln();
        for (l, p) in logs.iter().zip(&post) {
            for (g, x) in grad.iter_mut().zip(&l.1) {
                *g -= p / z * x;
            }
        }
        for (g, x) in grad.iter_mut().zip(&logs[0].1) {
            *g += x;
        }
    }
    let n = data.len() as f64;
    (total / n, grad.map(|g| g / n))
}

/// Fits the weights so that the chosen actions single out the hands held.
fn fit_hands(data: &[Reread], start: [f64; FEATURES]) -> [f64; FEATURES] {
    let mut w = start;
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let (lr, l2) = (0.02, 1e-3);
    for t in 1..=400 {
        let (gain, grad) = hand_gain(data, &w);
        if t % 100 == 0 {
            eprintln!("step {t}: gain {gain:.4}");
        }
        adam_step(&mut w, &grad, (&mut m, &mut v), t, (lr, l2));
    }
    w
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: fit_model make LEVEL MATCHES FILE | hands FILE | fit FILE | sim FILE ITERATIONS N [blind] | deep FILE ITERATIONS N DEPTH...";
    match args.first().map(String::as_str) {
        Some("make") => {
            let level: Difficulty = args.get(1).expect(usage).parse().expect("level");
            let matches: usize = args.get(2).expect(usage).parse().expect("matches");
            let played = make(level, matches);
            let file = std::fs::File::create(args.get(3).expect(usage)).expect("file");
            serde_json::to_writer(std::io::BufWriter::new(file), &played).expect("written");
            println!("{} decisions of {level}", played.len());
        }
        Some("hands") => {
            let text = std::fs::read_to_string(args.get(1).expect(usage)).expect("file");
            let played: Vec<Played> = serde_json::from_str(&text).expect("decisions");
            let split = played.len() * 3 / 4;
            let train = reread(&played[..split]);
            let test = reread(&played[split..]);
            println!("{} readings to fit, {} to test", train.len(), test.len());
            let zero = [0.0; FEATURES];
            println!(
                "uniform model: held-out gain {:.4}",
                hand_gain(&test, &zero).0
            );
            let w = fit_hands(&train, zero);
            println!(
                "fitted: gain {:.4} on its data, {:.4} held out",
                hand_gain(&train, &w).0,
                hand_gain(&test, &w).0
            );
            let list: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
            println!(
                "pub const WEIGHTS: [f64; FEATURES] = [{}];",
                list.join(", ")
            );
        }
        Some("deep") => {
            let text = std::fs::read_to_string(args.get(1).expect(usage)).expect("file");
            let played: Vec<Played> = serde_json::from_str(&text).expect("decisions");
            let iterations: u32 = args.get(2).expect(usage).parse().expect("iterations");
            let limit: usize = args.get(3).expect(usage).parse().expect("decisions");
            let depths: Vec<usize> = args[4..]
                .iter()
                .map(|d| d.parse().expect("depth"))
                .collect();
            deep(&played[played.len() * 3 / 4..], iterations, limit, &depths);
        }
        Some("sim") => {
            let text = std::fs::read_to_string(args.get(1).expect(usage)).expect("file");
            let played: Vec<Played> = serde_json::from_str(&text).expect("decisions");
            let iterations: u32 = args.get(2).expect(usage).parse().expect("iterations");
            let limit: usize = args.get(3).expect(usage).parse().expect("decisions");
            let blind = args.get(4).is_some_and(|a| a == "blind");
            simulate(&played[played.len() * 3 / 4..], iterations, limit, blind);
        }
        Some("fit") => {
            let text = std::fs::read_to_string(args.get(1).expect(usage)).expect("file");
            let played: Vec<Played> = serde_json::from_str(&text).expect("decisions");
            report(&played);
        }
        _ => eprintln!("{usage}"),
    }
}

/// How well an exact reading of the chooser's latest actions this round
/// ([`Reading::exact`], hard simulated with `iterations`) finds the hand they
/// hold, at each depth: the mean log-ratio of the true hand to its prior.
fn deep(played: &[Played], iterations: u32, limit: usize, depths: &[usize]) {
    let model = Model {
        simulate: iterations,
        noise: std::env::var("NOISE").map_or(0.3, |n| n.parse().expect("noise")),
        ..Model::default()
    };
    let mut chances = Chances::default();
    let mut gains = vec![(0.0, 0usize); depths.len()];
    for p in played.iter().filter(|p| !p.past.is_empty()).take(limit) {
        for (k, &depth) in depths.iter().enumerate() {
            let Some(r) = Reading::exact(&p.reader, &p.past, model, depth, &mut chances) else {
                continue;
            };
            let Some(ratio) = ratio_of_truth(&p.reader, &r, p.hand) else {
                continue;
            };
            gains[k].0 += ratio.ln();
            gains[k].1 += 1;
        }
    }
    for (&depth, &(g, n)) in depths.iter().zip(&gains) {
        println!(
            "depth {depth}: {n} readings, mean log-ratio of the true hand {:.4}",
            g / n.max(1) as f64
        );
    }
}

/// Plays `level` against itself and keeps every decision.
fn make(level: Difficulty, matches: usize) -> Vec<Played> {
    let mut rng = GameRng::seed_from_u64(4242 + matches as u64);
    let mut seats = [level.opponent(), level.opponent()];
    let mut played = Vec::new();
    for m in 0..matches {
        let first = if m % 2 == 0 { Side::White } else { Side::Black };
        let mut game = Match::new(Preset::Advanced.rules(), first, &mut rng).expect("rules");
        while !game.is_over() {
            if game.round().is_over() {
                game.start_next_round(&mut rng).expect("next round");
                continue;
            }
            let side = game.round().to_act();
            let obs = game.observation(side);
            let past = game.round_history();
            let seat = &mut seats[usize::from(side == Side::Black)];
            let d = seat.decide_after(&obs, &past, level.budget(), &mut rng);
            played.push(Played {
                obs,
                action: d.action,
                hand: game.round().hand(side),
                reader: game.observation(side.opponent()),
                past: game.round_history(),
            });
            game.play(d.action).expect("legal");
        }
    }
    played
}

fn report(played: &[Played]) {
    let samples: Vec<Sample> = played
        .iter()
        .filter_map(|p| {
            let legal = p.obs.legal_actions();
            (legal.len() > 1).then(|| Sample {
                obs: p.obs,
                action: p.action,
                features: legal.iter().map(|&a| features(&p.obs, a)).collect(),
                chosen: legal.iter().position(|&a| a == p.action).expect("legal"),
            })
        })
        .collect();
    let split = samples.len() * 3 / 4;
    let (train, test) = samples.split_at(split);
    let uniform: f64 = test
        .iter()
        .map(|s| -(s.features.len() as f64).ln())
        .sum::<f64>()
        / test.len() as f64;
    println!(
        "{} decisions ({} to fit, {} to test); uniform play: {uniform:.4}",
        samples.len(),
        train.len(),
        test.len()
    );
    let mut best = f64::NEG_INFINITY;
    for temperature in [0.15, 0.25, 0.4, 0.7, 1.2] {
        for noise in [0.02, 0.1, 0.35] {
            let model = Model {
                temperature,
                noise,
                ..Model::default()
            };
            let ll = test
                .iter()
                .map(|s| model_probability(&s.obs, s.action, model).max(1e-12).ln())
                .sum::<f64>()
                / test.len() as f64;
            best = best.max(ll);
        }
    }
    println!("heuristic model, best of a grid: {best:.4}");
    let w = fit(train);
    println!(
        "fitted, on the data it was fitted to: {:.4}",
        log_likelihood(train, &w, 0.0)
    );
    for noise in [0.0, 0.02, 0.05, 0.1, 0.2] {
        println!(
            "fitted, held out, noise {noise}: {:.4}",
            log_likelihood(test, &w, noise)
        );
    }
    let list: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
    println!(
        "pub const WEIGHTS: [f64; FEATURES] = [{}];",
        list.join(", ")
    );
    // How well a reading of the chooser's round finds their hand, with the
    // weights compiled in (not the ones just fitted).
    let held_out = &played[played.len() * 3 / 4..];
    let mut rng = GameRng::seed_from_u64(7);
    for (name, model) in [
        ("heuristic (default)", Model::default()),
        (
            "heuristic, temp 0.7 noise 0.1",
            Model {
                temperature: 0.7,
                ..Model::default()
            },
        ),
        (
            "learned, noise 0.02",
            Model {
                noise: 0.02,
                learned: true,
                ..Model::default()
            },
        ),
        (
            "learned, noise 0.1",
            Model {
                noise: 0.1,
                learned: true,
                ..Model::default()
            },
        ),
        (
            "learned, noise 0.3",
            Model {
                noise: 0.3,
                learned: true,
                ..Model::default()
            },
        ),
    ] {
        let (gain, misses) = reading_gain(held_out, model, &mut rng);
        println!("reading, {name}: mean log-ratio of the true hand {gain:.3}, under a fifth of its prior {:.1}%", misses * 100.0);
    }
}

fn share(v: &[(Action, f64)], legal: usize, action: Action, power: f64, noise: f64) -> f64 {
    let total: f64 = v.iter().map(|x| x.1.powf(power)).sum();
    let mine = v
        .iter()
        .find(|x| x.0 == action)
        .map_or(0.0, |x| x.1.powf(power));
    (1.0 - noise) * mine / total.max(1e-300) + noise / legal as f64
}

/// Hard modelled by a short search of its own: how well it predicts the
/// action from the true hand, and how much the action then tells a reader
/// about the hand.
fn simulate(played: &[Played], iterations: u32, limit: usize, blind: bool) {
    let grid: Vec<(f64, f64)> = [0.5, 1.0, 2.0, 4.0]
        .iter()
        .flat_map(|&p| [0.02, 0.1, 0.3, 0.5].map(|n| (p, n)))
        .collect();
    let mut ll = vec![0.0; grid.len()];
    let mut gain = vec![0.0; grid.len()];
    let (mut n, mut uniform) = (0usize, 0.0);
    for p in played
        .iter()
        .filter(|p| p.obs.legal_actions().len() > 1)
        .take(limit)
    {
        let played_cards = p.action.cards(p.obs.public.pending);
        let mut prior_total = 0.0;
        let mut truth = None;
        // (prior weight, visits, legal count) per candidate hand
        let mut cands = Vec::new();
        for (h, ways) in sub_hands(p.reader.unseen(), p.obs.hand.len()) {
            if h.minus(played_cards).is_none() {
                continue;
            }
            let mut obs = p.obs;
            obs.hand = h;
            if blind {
                obs.opponent_last = None;
            }
            let legal = obs.legal_actions();
            if !legal.contains(&p.action) {
                continue;
            }
            if h == p.hand {
                truth = Some(cands.len());
            }
            prior_total += ways;
            cands.push((ways, simulated_shares(&obs, iterations), legal.len()));
        }
        let Some(t) = truth else { continue };
        n += 1;
        uniform -= (cands[t].2 as f64).ln();
        for (k, &(power, noise)) in grid.iter().enumerate() {
            let like: Vec<f64> = cands
                .iter()
                .map(|c| share(&c.1, c.2, p.action, power, noise))
                .collect();
            ll[k] += like[t].ln();
            let z: f64 = cands.iter().zip(&like).map(|(c, l)| c.0 * l).sum();
            // log posterior(true) - log prior(true)
            gain[k] += (cands[t].0 * like[t] / z).ln() - (cands[t].0 / prior_total).ln();
        }
    }
    let n = n.max(1) as f64;
    println!(
        "{n} decisions, {iterations} iterations; uniform log-likelihood {:.4}",
        uniform / n
    );
    for (k, (power, noise)) in grid.iter().enumerate() {
        println!(
            "power {power} noise {noise}: log-likelihood {:.4}, gain of the true hand {:.4}",
            ll[k] / n,
            gain[k] / n
        );
    }
}
