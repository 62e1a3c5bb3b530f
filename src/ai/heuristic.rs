//! A one-move card-counting opponent. It scores each legal action from the
//! observation alone: an attack by the chance it cannot be parried (given the
//! unseen cards), a move by the risk of standing in the opponent's reach
//! afterwards, and near the end of the draw pile by how E3 would settle.

use rand::Rng;

use super::knowledge::OpponentHand;
use crate::engine::{
    squares_behind, Action, Card, Hand, Observation, Phase, PublicState, RulesLevel, Special,
};

/// The chance that, at distance `d` with `mine` in hand, the opponent has a
/// direct attack that cannot be parried (R17), or a lunge that can be neither
/// parried nor escaped (R21).
pub(crate) fn risk(obs: &Observation, opp: &OpponentHand, d: u8, mine: Hand, my_room: u8) -> f64 {
    let direct = if d <= 5 {
        opp.p_at_least(d, mine.count_value(d) + 1)
    } else {
        0.0
    };
    let advanced = obs.public().rules.level == RulesLevel::Advanced;
    let can_escape = obs.public().special != Some(Special::NoRetreat)
        && mine.values().any(|c| c.value() <= my_room);
    let mut lunge: f64 = 0.0;
    if advanced && !can_escape {
        for a in 1..d.min(6) {
            let c = d - a;
            if c <= 5 {
                let p = opp.p_at_least(a, 1)
                    * opp.p_at_least(c, mine.count_value(c) + 1 + u8::from(a == c));
                lunge = lunge.max(p);
            }
        }
    }
    direct.max(lunge)
}

/// The chance of winning if the round settles now by E3 steps 3–4 at distance
/// `d`, with `mine` in hand and the given advances.
pub(crate) fn settle_odds(
    opp: &OpponentHand,
    d: u8,
    mine: Hand,
    count: bool,
    my_adv: u8,
    their_adv: u8,
) -> f64 {
    let position = match my_adv.cmp(&their_adv) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Less => 0.0,
        std::cmp::Ordering::Equal => 0.5,
    };
    if !count || d > 5 {
        return position;
    }
    let m = mine.count_value(d);
    let more = opp.p_at_least(d, m + 1);
    let fewer = 1.0 - opp.p_at_least(d, m);
    fewer + (1.0 - more - fewer) * position
}

/// After the side to act moves by `card` (forward or back): the distance,
/// and how far that side has then advanced from its start (E3.4).
pub(crate) fn after_move(p: &PublicState, card: Card, forward: bool) -> (u8, u8) {
    let new_d = p.distance_after(card, forward);
    let me = p.to_act;
    let advanced = p
        .square_after(me, card, forward)
        .map_or(0, |square| squares_behind(me, square));
    (new_d, advanced)
}

/// The score of one action for the observing side (higher is better).
pub fn score(obs: &Observation, action: Action) -> f64 {
    let p = &obs.public();
    let me = obs.side();
    let them = me.opponent();
    let opp = OpponentHand::of(obs);
    let d = p.distance();
    let mut hand = obs.hand();
    let their_room = p.room_to_retreat(them);
    let rules = p.rules;
    match action {
        Action::Forfeit => -1.0,
        Action::Choose(s) => match s {
            Special::OpenHands => 0.1,
            Special::ThreeCards => 0.05,
            _ => 0.0,
        },
        Action::Parry => {
            let pending = p.pending.expect("a parry answers an attack");
            hand.remove(pending.card, pending.count);
            if p.final_answer {
                return 2.0
                    * settle_odds(
                        &opp,
                        d,
                        hand,
                        rules.final_count,
                        p.advance_of(me),
                        p.advance_of(them),
                    )
                    - 1.0;
            }
            // We keep the initiative: slightly good, unless few cards remain.
            0.15 - 0.05 * f64::from(pending.count)
        }
        Action::Attack { card, count } => {
            if rules.level == RulesLevel::Basic {
                return 1.0;
            }
            let hit = 1.0 - opp.p_at_least(card.value(), count);
            hit - (1.0 - hit) * 0.3 - 0.02 * f64::from(count)
        }
        Action::Lunge { card, count, .. } => {
            let parry = opp.p_at_least(card.value(), count);
            let no_escape = if p.special == Some(Special::NoRetreat) {
                1.0
            } else {
                opp.p_all_above(their_room)
            };
            let hit = (1.0 - parry) * no_escape;
            hit - (1.0 - hit) * 0.25 - 0.02 * f64::from(count)
        }
        Action::Advance(card) | Action::Retreat(card) => {
            let forward = matches!(action, Action::Advance(_));
            let answering = p.phase == Phase::Answer;
            hand.remove(card, 1);
            let (new_d, my_adv) = after_move(p, card, forward);
            let their_adv = p.advance_of(them);
            // E3: this move ends the round when the pile runs out with it.
            let ends = if answering && p.final_answer {
                Some(rules.final_count && rules.count_after_retreat)
            } else if p.special != Some(Special::TenCards)
                && u32::from(obs.pile_len()) <= u32::from(p.hand_size() - hand.len())
            {
                Some(rules.final_count)
            } else {
                None
            };
            if let Some(count) = ends {
                let mut odds = settle_odds(&opp, new_d, hand, count, my_adv, their_adv);
                if rules.level == RulesLevel::Basic && rules.final_strike && !answering {
                    odds *= 1.0 - opp.p_at_least(new_d, 1);
                }
                return 2.0 * odds - 1.0;
            }
            let danger = risk(obs, &opp, new_d, hand, my_adv);
            // Threats of our own next turn: cards of the new distance in hand.
            let threat = if new_d <= 5 {
                0.04 * f64::from(hand.count_value(new_d))
            } else {
                0.0
            };
            // Ground matters for the final position (E3 step 4), more as the pile shrinks.
            let ground = f64::from(my_adv) * (0.004 + 0.02 / (1.0 + f64::from(obs.pile_len())));
            let answer_penalty = if answering { -0.1 } else { 0.0 };
            -danger + threat + ground + answer_penalty
        }
    }
}

/// The heuristic's choice: the best-scoring legal action (ties broken at random).
///
/// # Panics
/// If the observing side has no legal action (it is not to act).
pub fn choose<R: Rng + ?Sized>(obs: &Observation, rng: &mut R) -> Action {
    let legal = obs.legal_actions();
    let mut best = legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for &a in &legal {
        let s = score(obs, a) + rng.random_range(0.0..1e-6);
        if s > best_score {
            best_score = s;
            best = a;
        }
    }
    best
}
