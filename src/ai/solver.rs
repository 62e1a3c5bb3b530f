//! Exact play where nothing is hidden. With an empty draw pile the opponent's
//! hand is exactly the unseen cards (and under Open hands with a pile of one
//! card, too): there is one world, solved to the end of the round by minimax
//! with alpha-beta.
//!
//! Where a few worlds remain, choosing by the best expected value over them
//! (exhaustive perfect-information Monte Carlo) was measured and played worse
//! than the search (strategy fusion: each world assumes knowledge the player
//! will not have), so positions with more than one world go to the search.

use crate::engine::{Action, Hand, Observation, Round, Side, Special};

/// At most this many distinct worlds are enumerated.
pub const MAX_WORLDS: usize = 256;
/// Minimax nodes allowed for one decision, over all worlds.
pub const MAX_NODES: u64 = 300_000;
/// The solver is tried only with at most this many cards in the draw pile.
pub const MAX_PILE: u8 = 3;

/// A world and its probability.
pub type World = (Round, f64);

/// Distinct arrangements of a multiset as sequences (top of the pile first).
fn arrangements(cards: Hand) -> Vec<Vec<crate::engine::Card>> {
    fn go(left: Hand, seq: &mut Vec<crate::engine::Card>, out: &mut Vec<Vec<crate::engine::Card>>) {
        if left.is_empty() {
            out.push(seq.clone());
            return;
        }
        for c in left.values() {
            let mut rest = left;
            rest.remove(c, 1);
            seq.push(c);
            go(rest, seq, out);
            seq.pop();
        }
    }
    let mut out = Vec::new();
    go(cards, &mut Vec::new(), &mut out);
    out
}

/// Every world consistent with `obs`, with its probability, or `None` if
/// there are too many.
pub fn worlds(obs: &Observation) -> Option<Vec<World>> {
    if obs.pile_len() > MAX_PILE {
        return None;
    }
    let unseen = obs.unseen();
    let hands: Vec<(Hand, f64)> = match obs.opponent_hand() {
        Some(h) => vec![(h, 1.0)],
        None => super::knowledge::sub_hands(unseen, obs.opponent_hand_len()),
    };
    if hands.len() > MAX_WORLDS {
        return None;
    }
    let mut out = Vec::new();
    for (hand, weight) in hands {
        if weight <= 0.0 {
            continue;
        }
        let rest = unseen.minus(hand)?;
        if obs.public().special == Some(Special::TenCards) {
            // Nobody draws: the rest is set aside, and order does not matter.
            out.push((obs.sample_arranged(hand, &[], rest), weight));
            continue;
        }
        if rest.len() != obs.pile_len() || rest.len() > MAX_PILE {
            return None;
        }
        let orders = arrangements(rest);
        let share = weight / orders.len() as f64;
        for order in orders {
            out.push((obs.sample_arranged(hand, &order, Hand::EMPTY), share));
            if out.len() > MAX_WORLDS {
                return None;
            }
        }
    }
    let total: f64 = out.iter().map(|w| w.1).sum();
    if out.is_empty() || total <= 0.0 {
        return None;
    }
    for w in &mut out {
        w.1 /= total;
    }
    Some(out)
}

/// Minimax value of `round` for `me` (−1, 0, 1), or `None` past the node limit.
fn minimax(round: &Round, me: Side, mut alpha: f32, mut beta: f32, nodes: &mut u64) -> Option<f32> {
    *nodes += 1;
    if *nodes > MAX_NODES {
        return None;
    }
    if let Some(r) = round.result() {
        return Some(match r.winner {
            None => 0.0,
            Some(w) if w == me => 1.0,
            Some(_) => -1.0,
        });
    }
    let maximizing = round.to_act() == me;
    let mut best = if maximizing { -2.0f32 } else { 2.0 };
    for &a in &round.legal_actions() {
        let mut next = *round;
        next.play_unchecked(a);
        let v = minimax(&next, me, alpha, beta, nodes)?;
        if maximizing {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// The exact best action and its value when only one world is possible.
pub fn solve(obs: &Observation) -> Option<(Action, f32)> {
    let worlds = worlds(obs)?;
    if worlds.len() != 1 {
        return None;
    }
    solve_over(obs, &worlds)
}

fn solve_over(obs: &Observation, worlds: &[World]) -> Option<(Action, f32)> {
    let legal = obs.legal_actions();
    if legal.is_empty() {
        return None;
    }
    let me = obs.side();
    let mut nodes = 0u64;
    let mut best: Option<(Action, f32)> = None;
    for &a in &legal {
        let mut value = 0.0f32;
        for (world, p) in worlds {
            let mut next = *world;
            next.play_unchecked(a);
            value += *p as f32 * minimax(&next, me, -2.0, 2.0, &mut nodes)?;
        }
        if best.is_none_or(|b| value > b.1 + 1e-6) {
            best = Some((a, value));
        }
    }
    best
}
