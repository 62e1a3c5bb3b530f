//! Inference about the opponent's hand from what they did (R9: everything
//! played is public). A sensible player rarely steps to a distance where they
//! cannot parry, or attacks without the cards to win, so their last action says
//! something about their cards. Given a model of how the opponent chooses
//! ([`ActionModel`]), the posterior over their possible hands is exact.

use std::collections::HashMap;

use rand::Rng;

use super::heuristic;
use super::knowledge::sub_hands;
use super::search::InfoSet;
use crate::engine::{Action, Hand, Observation, PastAction, Round};

/// How the opponent is modelled: the chance that a player seeing an
/// observation plays an action.
pub trait ActionModel {
    /// The modelled chance that a player seeing `obs` plays `action` (0 when
    /// it is not legal there).
    fn chance(&self, obs: &Observation, action: Action) -> f64;
    /// A number that tells this model's chances apart from another's in one
    /// cache ([`Chances`]).
    fn key(&self) -> u32;
}

/// The card counter of [`heuristic`]: its scores through a softmax of this
/// temperature, mixed with uniformly random play.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CardCounter {
    /// How sharply the model prefers the heuristic's best actions.
    pub temperature: f64,
    /// The share of the model's choices made at random.
    pub noise: f64,
}

impl CardCounter {
    /// Hard's model of its opponent.
    pub const SENSIBLE: CardCounter = CardCounter {
        temperature: 0.15,
        noise: 0.1,
    };
}

impl ActionModel for CardCounter {
    fn chance(&self, obs: &Observation, action: Action) -> f64 {
        let legal = obs.legal_actions();
        let Some(i) = legal.iter().position(|&a| a == action) else {
            return 0.0;
        };
        let scores: Vec<f64> = legal.iter().map(|&a| heuristic::score(obs, a)).collect();
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weights: Vec<f64> = scores
            .iter()
            .map(|s| ((s - top) / self.temperature).exp())
            .collect();
        let total: f64 = weights.iter().sum();
        (1.0 - self.noise) * weights[i] / total + self.noise / legal.len() as f64
    }

    fn key(&self) -> u32 {
        0
    }
}

/// What the player who took `history[i]` had seen of the other side: the
/// other side's latest action before it this round (that player's
/// `opponent_last`, which hard reads).
fn seen_before(history: &[PastAction], i: usize) -> Option<PastAction> {
    let actor = history.get(i)?.before.to_act;
    history[..i]
        .iter()
        .rev()
        .find(|p| p.before.to_act != actor)
        .copied()
}

/// What the other side had seen of us when they took `last` (their last
/// action, the observation's `opponent_last`), from the round's history.
pub fn seen_before_last(history: &[PastAction], last: Option<PastAction>) -> Option<PastAction> {
    let i = history.iter().rposition(|p| Some(*p) == last)?;
    seen_before(history, i)
}

/// The modelled chance that the player who took `past`, having seen `seen`
/// of the other side ([`seen_before`]), did so holding `hand`.
fn chance_of<M: ActionModel + ?Sized>(
    past: &PastAction,
    seen: Option<PastAction>,
    hand: Hand,
    model: &M,
) -> f64 {
    model.chance(&past.view_holding(hand, seen), past.action)
}

/// How many cards the player drew after `step` (their refill), holding
/// `held_after` cards then.
fn drawn_after(step: &PastAction, held_after: u8) -> Option<u8> {
    let played = step.action.cards(step.before.pending);
    held_after.checked_sub(step.hand_len.checked_sub(played.len())?)
}

/// The modelled chances already worked out, by the action taken, what its
/// player had seen and the hand behind it: a simulated model is costly, and
/// the opponent's earlier actions are read again at every decision of the
/// round. One cache serves one model (its simulated search's iterations are
/// part of the key).
#[derive(Clone, Debug, Default)]
pub struct Chances(HashMap<(PastAction, Option<PastAction>, Hand, u32), f64>);

impl Chances {
    /// Beyond this many entries the cache starts again (a few rounds' worth).
    const MAX: usize = 1 << 15;

    /// [`chance_of`], remembered.
    fn of<M: ActionModel + ?Sized>(
        &mut self,
        past: &PastAction,
        seen: Option<PastAction>,
        hand: Hand,
        model: &M,
    ) -> f64 {
        if self.0.len() >= Self::MAX {
            self.0.clear();
        }
        *self
            .0
            .entry((*past, seen, hand, model.key()))
            .or_insert_with(|| chance_of(past, seen, hand, model))
    }
}

/// Each hand's chance from cumulative weights, most likely first.
fn spread(cumulative: &[(Hand, f64)]) -> Vec<(Hand, f64)> {
    let total = cumulative.last().map_or(1.0, |h| h.1);
    let mut out: Vec<(Hand, f64)> = cumulative
        .iter()
        .scan(0.0, |before, &(h, c)| {
            let p = (c - *before) / total;
            *before = c;
            Some((h, p))
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// A posterior over the opponent's hand.
#[derive(Clone, Debug)]
pub struct Belief {
    obs: Observation,
    /// Possible hands with cumulative posterior weight.
    hands: Vec<(Hand, f64)>,
}

impl Belief {
    /// The posterior given the opponent's last action under the card
    /// counter's model, or `None` where there is nothing to infer (no action
    /// yet this round, open hands, a pick).
    pub fn new(obs: &Observation) -> Option<Belief> {
        Belief::remembering(obs, None, &CardCounter::SENSIBLE, &mut Chances::default())
    }

    /// The posterior given the opponent's last action under `model`, the
    /// opponent having seen `seen` of us before it ([`seen_before_last`]),
    /// with the chances kept in `chances`.
    pub fn remembering<M: ActionModel + ?Sized>(
        obs: &Observation,
        seen: Option<PastAction>,
        model: &M,
        chances: &mut Chances,
    ) -> Option<Belief> {
        let past = obs.opponent_last()?;
        if obs.opponent_hand().is_some() || past.before.to_act != obs.side().opponent() {
            return None;
        }
        if matches!(past.action, Action::Choose(_) | Action::Forfeit) {
            return None;
        }
        let played = past.action.cards(past.before.pending);
        let now = obs.opponent_hand_len();
        let drawn = drawn_after(&past, now)?;
        now.checked_sub(drawn)?;
        let unseen = obs.unseen();
        let mut hands = Vec::new();
        let mut total = 0.0;
        for (hand, prior) in sub_hands(unseen, now) {
            let mut likelihood = 0.0;
            let mut ways_total = 0.0;
            for (new_cards, ways) in sub_hands(hand, drawn) {
                let Some(then) = hand.minus(new_cards) else {
                    continue;
                };
                let then = then.plus(played);
                likelihood += ways * chances.of(&past, seen, then, model);
                ways_total += ways;
            }
            if ways_total > 0.0 {
                total += prior * likelihood / ways_total;
                hands.push((hand, total));
            }
        }
        if total <= 0.0 || hands.is_empty() {
            return None;
        }
        Some(Belief { obs: *obs, hands })
    }

    /// The posterior chance of each possible hand, most likely first.
    pub fn hands(&self) -> Vec<(Hand, f64)> {
        spread(&self.hands)
    }

    fn sample_hand<R: Rng + ?Sized>(&self, rng: &mut R) -> Hand {
        let total = self.hands.last().expect("not empty").1;
        let x = rng.random_range(0.0..total);
        let i = self.hands.partition_point(|h| h.1 <= x);
        self.hands[i.min(self.hands.len() - 1)].0
    }
}

impl InfoSet for Belief {
    type State = Round;

    fn player(&self) -> usize {
        InfoSet::player(&self.obs)
    }

    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Round {
        let hand = self.sample_hand(rng);
        self.obs.sample_given(hand, rng)
    }
}
