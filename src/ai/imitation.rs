//! A model of how a strong player chooses (issue 16): a softmax over a few
//! features of each legal action, fitted offline by maximum likelihood to the
//! hard level's own decisions (`examples/fit_model.rs`). It predicts hard's
//! choices far better than the card-counting heuristic does, so reading the
//! opponent through it ([`belief`](super::belief)) tells more about their hand.
//! The features use only what the acting player sees (R9).

use super::heuristic::{self, risk, settle_odds};
use super::knowledge::OpponentHand;
use crate::engine::{squares_behind, Action, Observation, Phase, Special};

/// The number of features of an action.
pub const FEATURES: usize = 24;

/// The fitted weights (`examples/fit_model.rs`).
pub const WEIGHTS: [f64; FEATURES] = [
    2.6931, -0.8654, -0.9761, 0.5069, -1.8558, 0.4738, 0.0676, -0.4102, -0.5721, -1.2678, 1.1473,
    0.3292, 1.3862, 0.1272, 0.7639, -0.0599, 0.4852, 1.0139, -0.0448, 0.3908, 1.3039, -0.2046,
    1.2869, 0.0599,
];

/// The features of `action` for the player who sees `obs`.
pub fn features(obs: &Observation, action: Action) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    let p = &obs.public;
    let me = obs.side;
    let them = me.opponent();
    let opp = OpponentHand::of(obs);
    let d = p.distance();
    let mut hand = obs.hand;
    f[0] = heuristic::score(obs, action);
    match action {
        Action::Advance(card) | Action::Retreat(card) => {
            let forward = matches!(action, Action::Advance(_));
            f[if forward { 1 } else { 2 }] = 1.0;
            hand.remove(card, 1);
            let v = f64::from(card.value());
            f[if forward { 3 } else { 4 }] = v / 5.0;
            let new_d = if forward {
                d - card.value()
            } else {
                d + card.value()
            };
            let my_adv = p
                .square_after(me, card, forward)
                .map_or(0, |square| squares_behind(me, square));
            let their_adv = p.advance_of(them);
            if forward && (1..=5).contains(&new_d) {
                f[5 + usize::from(new_d - 1)] = 1.0;
            }
            f[10] = risk(obs, &opp, new_d, hand, my_adv);
            f[11] = f64::from(hand.count_value(new_d)) - opp.expected(new_d);
            f[12] = f64::from(hand.count(card)) / 2.0;
            f[13] = f64::from(my_adv) / (1.0 + f64::from(obs.pile_len));
            let ends = p.special != Some(Special::TenCards)
                && u32::from(obs.pile_len) <= u32::from(p.hand_size() - hand.len());
            if ends || (p.phase == Phase::Answer && p.final_answer) {
                f[14] = 2.0
                    * settle_odds(&opp, new_d, hand, p.rules.final_count, my_adv, their_adv)
                    - 1.0;
            }
            if p.phase == Phase::Answer {
                f[15] = 1.0;
            }
        }
        Action::Attack { card, count } => {
            f[16] = 1.0;
            let hit = 1.0 - opp.p_at_least(card.value(), count);
            f[17] = hit;
            f[18] = f64::from(count);
            hand.remove(card, count);
            f[19] = f64::from(hand.count(card));
        }
        Action::Lunge { card, count, .. } => {
            f[20] = 1.0;
            let parry = opp.p_at_least(card.value(), count);
            let no_escape = if p.special == Some(Special::NoRetreat) {
                1.0
            } else {
                opp.p_all_above(p.room_to_retreat(them))
            };
            f[21] = (1.0 - parry) * no_escape;
            f[22] = f64::from(count);
        }
        Action::Parry => f[23] = 1.0,
        Action::Choose(_) | Action::Forfeit => {}
    }
    f
}

/// The model's score of `action` (its log-probability up to a constant).
pub fn score(obs: &Observation, action: Action, weights: &[f64; FEATURES]) -> f64 {
    features(obs, action)
        .iter()
        .zip(weights)
        .map(|(x, w)| x * w)
        .sum()
}
