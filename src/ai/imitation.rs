//! A model of how a strong player chooses (issue 16): a softmax over a few
//! features of each legal action, its weights fitted offline to the hard
//! level's own decisions so that each chosen action points to the hand it was
//! chosen from (the mean log posterior of the true hand: `examples/fit_model.rs
//! hands`). The card-counting heuristic predicts hard's choices hardly better
//! than chance, and reading hard through it finds nothing; through this model
//! an action tells a little about the hand (docs/EXPERT.md). An experiment
//! (`+learned`): no level uses it, as it did not measurably win.
//! The features use only what the acting player sees (R9).

use super::heuristic::{self, after_move, risk, settle_odds};
use super::knowledge::OpponentHand;
use crate::engine::{Action, Observation, Phase, Special};

/// The number of features of an action.
pub const FEATURES: usize = 32;

/// The fitted weights (`fit_model hands` on 36 matches of hard against itself).
pub const WEIGHTS: [f64; FEATURES] = [
    1.7852, -0.9122, -1.1441, 1.5086, -0.1142, 0.7685, 0.3947, -0.2605, 0.1070, 0.8774, -0.0794,
    0.1083, 1.4804, 0.4650, 1.0520, 0.1091, 0.6007, 1.3217, 0.3574, 0.3245, 1.5430, -0.1385,
    1.4205, -0.1091, 0.2187, 0.4705, 0.0990, 0.2992, 0.6443, -0.1851, -0.6709, 1.4687,
];

/// The features of `action` for the player who sees `obs`.
pub fn features(obs: &Observation, action: Action) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    let p = &obs.public;
    let me = obs.side;
    let them = me.opponent();
    let opp = OpponentHand::of(obs);
    let mut hand = obs.hand;
    f[0] = heuristic::score(obs, action);
    match action {
        Action::Advance(card) | Action::Retreat(card) => {
            let forward = matches!(action, Action::Advance(_));
            f[if forward { 1 } else { 2 }] = 1.0;
            hand.remove(card, 1);
            let v = f64::from(card.value());
            f[if forward { 3 } else { 4 }] = v / 5.0;
            let (new_d, my_adv) = after_move(p, card, forward);
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
            // What the hand kept can do from there (the hand's part in the
            // choice, which is what reading the opponent relies on).
            if (1..=5).contains(&new_d) {
                let n = hand.count_value(new_d);
                f[24] = f64::from(u8::from(n == 0));
                f[25] = f64::from(u8::from(n >= 2));
                f[27] = f64::from(n);
            }
            f[26] = f64::from(u8::from(hand.values().any(|a| {
                let c = new_d.saturating_sub(a.value());
                let need = 1 + u8::from(c == a.value());
                a.value() < new_d && hand.count_value(c) >= need
            })));
            f[29] = f64::from(u8::try_from(hand.values().count()).unwrap_or(5)) / 5.0;
            f[30] = f64::from(hand.counts().into_iter().max().unwrap_or(0)) / 5.0;
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
            hand.remove(card, count);
            f[28] = f64::from(hand.count(card));
        }
        Action::Parry => {
            f[23] = 1.0;
            if let Some(pending) = p.pending {
                hand.remove(pending.card, pending.count);
                f[31] = f64::from(hand.count(pending.card));
            }
        }
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
