//! Inference about the opponent's hand from what they did (R9: everything
//! played is public). A sensible player rarely steps to a distance where they
//! cannot parry, or attacks without the cards to win, so their last action says
//! something about their cards. The opponent is modelled as the card-counting
//! heuristic with noise; the posterior over their possible hands is exact.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};

use super::knowledge::choose;
use super::search::InfoSet;
use super::{heuristic, imitation, solver, Budget, Difficulty};
use crate::engine::{Action, Hand, Observation, PastAction, Round};
use crate::GameRng;

/// How the opponent is modelled: the heuristic's scores through a softmax,
/// mixed with uniformly random play.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Model {
    /// How sharply the model prefers the heuristic's best actions.
    pub temperature: f64,
    /// The share of the model's choices made at random.
    pub noise: f64,
    /// Score actions by the model fitted to strong play ([`imitation`])
    /// instead of the heuristic (the temperature is then not used).
    pub learned: bool,
    /// Model the opponent as hard itself: a search of hard's of this many
    /// iterations from the hand, its root visit shares as the chances (the
    /// noise mixed in); 0: not.
    pub simulate: u32,
    /// The simulated searches of one reading of the last action ([`Belief`])
    /// together take at most this many iterations, split evenly among the
    /// hands the opponent may have held (each still at most `simulate`);
    /// 0: `simulate` for every hand.
    pub simulate_total: u32,
}

impl Model {
    /// The model a search of `iterations` reads with: a small budget reads
    /// with a smaller simulated search, at most a sixteenth of the budget for
    /// each hand or, with a total for the reading, at most eight times the
    /// budget in all.
    #[must_use]
    pub fn within(self, iterations: u32) -> Model {
        if self.simulate_total > 0 {
            Model {
                simulate_total: self.simulate_total.min(iterations.saturating_mul(8)),
                ..self
            }
        } else {
            Model {
                simulate: self.simulate.min(iterations / 16),
                ..self
            }
        }
    }

    /// The model for a reading of `hands` possible hands: the total budget
    /// of the simulated searches shared among them.
    #[must_use]
    pub fn split_among(self, hands: usize) -> Model {
        if self.simulate == 0 || self.simulate_total == 0 {
            return self;
        }
        let each = self.simulate_total / u32::try_from(hands.max(1)).unwrap_or(u32::MAX);
        Model {
            simulate: self.simulate.min(each.max(1)),
            ..self
        }
    }
}

impl Default for Model {
    fn default() -> Self {
        Model {
            temperature: 0.15,
            noise: 0.1,
            learned: false,
            simulate: 0,
            simulate_total: 0,
        }
    }
}

/// Every multiset of `size` cards within `pool`, with how many ways it can be
/// drawn from `pool`.
pub fn sub_hands(pool: Hand, size: u8) -> Vec<(Hand, f64)> {
    fn go(
        pool: &[u8; 5],
        i: usize,
        left: u8,
        counts: &mut [u8; 5],
        ways: f64,
        out: &mut Vec<(Hand, f64)>,
    ) {
        if i == 5 {
            if left == 0 {
                out.push((Hand::from_counts(*counts), ways));
            }
            return;
        }
        for c in 0..=pool[i].min(left) {
            counts[i] = c;
            go(
                pool,
                i + 1,
                left - c,
                counts,
                ways * choose(pool[i], c),
                out,
            );
        }
        counts[i] = 0;
    }
    let mut out = Vec::new();
    go(&pool.counts(), 0, size, &mut [0; 5], 1.0, &mut out);
    out
}

/// The modelled chance that a player seeing `obs` plays `action`.
pub fn model_probability(obs: &Observation, action: Action, model: Model) -> f64 {
    let legal = obs.legal_actions();
    if !legal.contains(&action) {
        return 0.0;
    }
    if model.simulate > 0 {
        let shares = simulated_shares(obs, model.simulate);
        let mine = shares.iter().find(|s| s.0 == action).map_or(0.0, |s| s.1);
        return (1.0 - model.noise) * mine + model.noise / legal.len() as f64;
    }
    let (scores, temperature): (Vec<f64>, f64) = if model.learned {
        let w = &imitation::WEIGHTS;
        (
            legal.iter().map(|&a| imitation::score(obs, a, w)).collect(),
            1.0,
        )
    } else {
        let s = legal.iter().map(|&a| heuristic::score(obs, a)).collect();
        (s, model.temperature)
    };
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = scores
        .iter()
        .map(|s| ((s - top) / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    let i = legal.iter().position(|&a| a == action).expect("contained");
    (1.0 - model.noise) * weights[i] / total + model.noise / legal.len() as f64
}

/// Hard's choice from `obs` after a search of `iterations`: each root
/// action's share of the visits (the solver's action alone where nothing is
/// hidden). The same seed every time, so the same view gives the same shares.
pub fn simulated_shares(obs: &Observation, iterations: u32) -> Vec<(Action, f64)> {
    if let Some((action, _)) = solver::solve(obs) {
        return vec![(action, 1.0)];
    }
    let mut hard = Difficulty::Hard.opponent();
    let mut rng = GameRng::seed_from_u64(u64::from(iterations));
    let root = hard
        .analyse(obs, Budget::iterations(iterations), &mut rng)
        .root;
    let total: f64 = root.iter().map(|r| f64::from(r.1)).sum();
    root.iter()
        .map(|r| (r.0, f64::from(r.1) / total.max(1.0)))
        .collect()
}

/// What the player who took `history[i]` had seen of the other side: the
/// other side's latest action before it this round (that player's
/// `opponent_last`, which hard reads).
pub fn seen_before(history: &[PastAction], i: usize) -> Option<PastAction> {
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
pub(crate) fn chance_of(
    past: &PastAction,
    seen: Option<PastAction>,
    hand: Hand,
    model: Model,
) -> f64 {
    let view = Observation {
        public: past.before,
        side: past.before.to_act,
        hand,
        opponent_hand_len: past.opponent_hand_len,
        opponent_hand: None,
        pile_len: past.pile_len,
        aside_len: past.aside_len,
        opponent_last: seen,
    };
    model_probability(&view, past.action, model)
}

/// How many cards the player drew after `step` (their refill), holding
/// `held_after` cards then.
pub(crate) fn drawn_after(step: &PastAction, held_after: u8) -> Option<u8> {
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
    pub(crate) fn of(
        &mut self,
        past: &PastAction,
        seen: Option<PastAction>,
        hand: Hand,
        model: Model,
    ) -> f64 {
        if self.0.len() >= Self::MAX {
            self.0.clear();
        }
        *self
            .0
            .entry((*past, seen, hand, model.simulate))
            .or_insert_with(|| chance_of(past, seen, hand, model))
    }
}

/// Each hand's chance from cumulative weights, most likely first.
pub(crate) fn spread(cumulative: &[(Hand, f64)]) -> Vec<(Hand, f64)> {
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
    /// The posterior given the opponent's last action, or `None` where there is
    /// nothing to infer (no action yet this round, open hands, a pick).
    pub fn new(obs: &Observation) -> Option<Belief> {
        Belief::with_model(obs, Model::default())
    }

    /// The posterior under a given model of the opponent.
    pub fn with_model(obs: &Observation, model: Model) -> Option<Belief> {
        Belief::remembering(obs, None, model, &mut Chances::default())
    }

    /// [`Belief::with_model`], the opponent having seen `seen` of us before
    /// their last action ([`seen_before`]), with the chances kept in
    /// `chances`.
    pub fn remembering(
        obs: &Observation,
        seen: Option<PastAction>,
        model: Model,
        chances: &mut Chances,
    ) -> Option<Belief> {
        let past = obs.opponent_last?;
        if obs.opponent_hand.is_some() || past.before.to_act != obs.side.opponent() {
            return None;
        }
        if matches!(past.action, Action::Choose(_) | Action::Forfeit) {
            return None;
        }
        let played = past.action.cards(past.before.pending);
        let now = obs.opponent_hand_len;
        let drawn = drawn_after(&past, now)?;
        let unseen = obs.unseen();
        let model = model.split_among(sub_hands(unseen, now.checked_sub(drawn)?).len());
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
