//! Reading the opponent's whole round: every action they took this round was
//! chosen from the hand they held then, and every card they played is public
//! (R9). Going back from a hand they may hold now, through the cards they
//! played and drew, gives the hand behind each earlier action; the hands that
//! explain all their choices best are the likely ones (the particle approach
//! of Buro et al. for Skat). The opponent is modelled as in [`belief`]: the
//! card-counting heuristic with noise.
//!
//! [`belief`]: super::belief

use std::collections::HashMap;

use rand::seq::SliceRandom;
use rand::Rng;

use super::belief::{drawn_after, seen_before, sub_hands, Chances, Model};
use super::search::InfoSet;
use crate::engine::{Action, Card, Hand, Observation, PastAction, Round};

/// A posterior over the opponent's hand from all their actions this round.
#[derive(Clone, Debug)]
pub struct Reading {
    obs: Observation,
    /// Possible hands with cumulative posterior weight.
    hands: Vec<(Hand, f64)>,
}

/// `k` of the cards of `hand`, each card equally likely (as the last drawn).
fn some_cards<R: Rng + ?Sized>(hand: Hand, k: u8, rng: &mut R) -> Hand {
    let mut cards: Vec<Card> = hand.cards().collect();
    let (chosen, _) = cards.partial_shuffle(rng, usize::from(k));
    let mut out = Hand::EMPTY;
    for &c in chosen.iter() {
        out.add(c, 1);
    }
    out
}

impl Reading {
    /// The posterior given `past`, the actions this round in order
    /// ([`Match::round_history`](crate::engine::Match::round_history)): every hand
    /// they may hold now, weighted by how well `histories` sampled histories
    /// behind it explain their choices. `None` where there is nothing to read
    /// (no action yet, open hands) or nothing fits. The model's chances are
    /// kept in `chances` for the next decision of the round.
    pub fn new<R: Rng + ?Sized>(
        obs: &Observation,
        past: &[PastAction],
        model: Model,
        histories: u32,
        chances: &mut Chances,
        rng: &mut R,
    ) -> Option<Reading> {
        let steps = their_steps(obs, past)?;
        let now = obs.opponent_hand_len;
        let prior = sub_hands(obs.unseen(), now);
        let mut weights: Vec<f64> = Vec::with_capacity(prior.len());
        for &(held, ways) in &prior {
            // Which of the cards held now were drawn after each step is
            // unknown: `histories` random ones, each card as likely.
            let mut likelihood = 0.0;
            for _ in 0..histories {
                let mut hand = held;
                let mut product = 1.0;
                // Back through their actions, latest first: the hand after a
                // step's refill, less the cards drawn then, plus the cards
                // played, is the hand the step was chosen from.
                for j in (0..steps.len()).rev() {
                    let (step, seen) = steps[j];
                    let played = step.action.cards(step.before.pending);
                    let held_after = steps.get(j + 1).map_or(now, |s| s.0.hand_len);
                    let before = drawn_after(step, held_after)
                        .and_then(|drawn| hand.minus(some_cards(hand, drawn, rng)))
                        .map(|h| h.plus(played));
                    let Some(before) = before else {
                        product = 0.0;
                        break;
                    };
                    product *= chances.of(step, seen, before, model);
                    if product == 0.0 {
                        break;
                    }
                    hand = before;
                }
                likelihood += product;
            }
            weights.push(ways * likelihood);
        }
        let weighted = prior.iter().zip(weights).map(|(&(hand, _), w)| (hand, w));
        Reading::from_weights(obs, weighted)
    }

    /// The exact posterior given their latest `depth` actions this round
    /// ([`Reading::new`] with every history behind each hand, not a sample):
    /// going back through those actions, each card of the hand after a refill
    /// is as likely as any other to be one just drawn, as in [`belief`].
    /// `None` where there is nothing to read or nothing fits.
    ///
    /// [`belief`]: super::belief
    pub fn exact(
        obs: &Observation,
        past: &[PastAction],
        model: Model,
        depth: usize,
        chances: &mut Chances,
    ) -> Option<Reading> {
        let mut steps = their_steps(obs, past)?;
        steps.drain(..steps.len().saturating_sub(depth));
        let mut history = History {
            steps: &steps,
            now: obs.opponent_hand_len,
            model,
            chances,
            known: HashMap::new(),
        };
        let prior = sub_hands(obs.unseen(), obs.opponent_hand_len);
        let weighted = prior
            .into_iter()
            .map(|(held, ways)| (held, ways * history.explain(steps.len() - 1, held)));
        Reading::from_weights(obs, weighted)
    }

    /// The hands of positive weight, kept with cumulative weights; `None` if
    /// none.
    fn from_weights(
        obs: &Observation,
        weighted: impl Iterator<Item = (Hand, f64)>,
    ) -> Option<Reading> {
        let mut total = 0.0;
        let hands: Vec<(Hand, f64)> = weighted
            .filter(|&(_, w)| w > 0.0)
            .map(|(hand, w)| {
                total += w;
                (hand, total)
            })
            .collect();
        (!hands.is_empty()).then_some(Reading { obs: *obs, hands })
    }

    /// The posterior chance of each possible hand, most likely first.
    pub fn hands(&self) -> Vec<(Hand, f64)> {
        super::belief::spread(&self.hands)
    }
}

/// The other side's actions this round (not their picks), each with what
/// they had seen of us then; `None` if there are none or their hand is open.
fn their_steps<'a>(
    obs: &Observation,
    past: &'a [PastAction],
) -> Option<Vec<(&'a PastAction, Option<PastAction>)>> {
    let them = obs.side.opponent();
    let steps: Vec<_> = past
        .iter()
        .enumerate()
        .filter(|(_, p)| p.before.to_act == them)
        .filter(|(_, p)| !matches!(p.action, Action::Choose(_) | Action::Forfeit))
        .map(|(i, p)| (p, seen_before(past, i)))
        .collect();
    (obs.opponent_hand.is_none() && !steps.is_empty()).then_some(steps)
}

/// Their steps read back exactly, with the likelihoods already found.
struct History<'a> {
    steps: &'a [(&'a PastAction, Option<PastAction>)],
    /// Their hand's size now.
    now: u8,
    model: Model,
    chances: &'a mut Chances,
    /// (step, hand after its refill) to the chance of steps up to it.
    known: HashMap<(usize, Hand), f64>,
}

impl History<'_> {
    /// The chance of their steps up to `j`, given the hand `after` its refill:
    /// over which of its cards were drawn then, each set as likely as the
    /// ways it can be drawn from `after`.
    fn explain(&mut self, j: usize, after: Hand) -> f64 {
        if let Some(&l) = self.known.get(&(j, after)) {
            return l;
        }
        let (step, seen) = self.steps[j];
        let played = step.action.cards(step.before.pending);
        let held_after = self.steps.get(j + 1).map_or(self.now, |s| s.0.hand_len);
        let drawn = drawn_after(step, held_after);
        let (mut sum, mut ways_total) = (0.0, 0.0);
        if let Some(drawn) = drawn {
            for (new, ways) in sub_hands(after, drawn) {
                let Some(before) = after.minus(new).map(|h| h.plus(played)) else {
                    continue;
                };
                ways_total += ways;
                let chance = self.chances.of(step, seen, before, self.model);
                if chance > 0.0 {
                    let earlier = if j == 0 {
                        1.0
                    } else {
                        self.explain(j - 1, before)
                    };
                    sum += ways * chance * earlier;
                }
            }
        }
        let l = if ways_total > 0.0 {
            sum / ways_total
        } else {
            0.0
        };
        self.known.insert((j, after), l);
        l
    }
}

impl InfoSet for Reading {
    type State = Round;

    fn player(&self) -> usize {
        InfoSet::player(&self.obs)
    }

    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Round {
        let total = self.hands.last().expect("not empty").1;
        let x = rng.random_range(0.0..total);
        let i = self.hands.partition_point(|h| h.1 <= x);
        let hand = self.hands[i.min(self.hands.len() - 1)].0;
        self.obs.sample_given(hand, rng)
    }
}
