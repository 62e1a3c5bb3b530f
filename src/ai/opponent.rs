//! The searching opponent: Information Set MCTS from its observation, with a
//! make-up ([`Makeup`]) that sets how well it remembers, reads the other side
//! and plays out the end of a round. The levels are make-ups ([`super::levels`]).

use rand::{Rng, SeedableRng};

use super::belief::{self, ActionModel, Belief, CardCounter, Chances};
use super::decision::{Decision, Opponent};
use super::rollout::InformedRollout;
use super::search::{Budget, Ismcts, SearchResult};
use super::{solver, sure};
use crate::engine::{Action, Hand, Observation, PastAction, Round};
use crate::GameRng;

/// How the opponent's last action is read.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Reading {
    /// Not at all: every hand they may hold is as likely as its count says.
    Not,
    /// As a card counter's choice ([`CardCounter`]).
    CardCounter(CardCounter),
    /// As the choice of a player of make-up `player`, modelled by a search of
    /// `iterations` of theirs from each hand they may have held, its root
    /// visit shares as the chances, mixed with `noise` of random play (its
    /// sure win or exact solution alone where it has one).
    Search {
        player: &'static Makeup,
        iterations: u32,
        noise: f64,
    },
}

/// What sets one searching opponent apart from another; never what it may see.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Makeup {
    /// The chance of forgetting each card played (imperfect card memory).
    pub forget: f64,
    /// Refuse actions that lose the round for certain right away.
    pub safety: bool,
    /// How the opponent's last action is read ([`belief`]).
    pub reading: Reading,
    /// Solve exactly when nothing is hidden ([`solver`]).
    pub solver: bool,
    /// Play a sure win whenever the check finds one ([`sure`]).
    pub sure_wins: bool,
    /// The search's UCB exploration constant.
    pub exploration: f32,
    /// Expand the action the playout policy picks among the untried ones
    /// first, not one at random.
    pub expand_by_policy: bool,
    /// How much likelier the playouts advance than take another safe action.
    pub forward: f64,
}

impl Makeup {
    /// The search with nothing added: what each level changes.
    pub const PLAIN: Makeup = Makeup {
        forget: 0.0,
        safety: false,
        reading: Reading::Not,
        solver: false,
        sure_wins: false,
        exploration: 0.7,
        expand_by_policy: false,
        forward: 1.0,
    };

    /// The hard level's make-up (`levels.rs`), which hints and verdicts
    /// search with too (`advice.rs`): the opponent's last action read as a
    /// card counter's, exact solving, sure wins.
    pub const HARD: Makeup = Makeup {
        reading: Reading::CardCounter(CardCounter::SENSIBLE),
        solver: true,
        sure_wins: true,
        ..Makeup::PLAIN
    };
}

/// Information Set MCTS with informed rollouts, of a given make-up.
pub struct SearchOpponent {
    makeup: Makeup,
    search: Ismcts<Round>,
    rollout: InformedRollout,
    /// The reading's chances worked out so far.
    chances: Chances,
}

impl SearchOpponent {
    pub fn new(makeup: Makeup) -> SearchOpponent {
        let mut search = Ismcts::default();
        search.exploration = makeup.exploration;
        search.expand_by_policy = makeup.expand_by_policy;
        SearchOpponent {
            makeup,
            search,
            rollout: InformedRollout {
                forward: makeup.forward,
            },
            chances: Chances::default(),
        }
    }

    /// Searches from `obs` as this opponent sees it (its memory, its reading
    /// of the other side's actions this round, `past`) and returns every root
    /// action with its visits and mean value: what a decision, or a hint
    /// ([`super::advice`]), is made from.
    pub fn analyse(
        &mut self,
        obs: &Observation,
        past: &[PastAction],
        budget: Budget,
        rng: &mut GameRng,
    ) -> SearchResult<Action> {
        self.analyse_from(obs, past, None, budget, rng)
    }

    /// [`SearchOpponent::analyse`] with the first action decided: the whole
    /// budget goes to the value of `first` ([`Ismcts::search_committed`]).
    pub fn analyse_committed(
        &mut self,
        obs: &Observation,
        past: &[PastAction],
        first: Action,
        budget: Budget,
        rng: &mut GameRng,
    ) -> SearchResult<Action> {
        self.analyse_from(obs, past, Some(first), budget, rng)
    }

    fn analyse_from(
        &mut self,
        obs: &Observation,
        past: &[PastAction],
        first: Option<Action>,
        budget: Budget,
        rng: &mut GameRng,
    ) -> SearchResult<Action> {
        let view = if self.makeup.forget > 0.0 {
            forgetful(obs, self.makeup.forget, rng)
        } else {
            *obs
        };
        // Reading the opponent counts against the time cap (a move within the
        // time the level's description states).
        let start = web_time::Instant::now();
        let seen = belief::seen_before_last(past, view.opponent_last());
        let belief = match self.makeup.reading {
            Reading::Not => None,
            Reading::CardCounter(model) => {
                Belief::remembering(&view, seen, &model, &mut self.chances)
            }
            Reading::Search {
                player,
                iterations,
                noise,
            } => {
                // A small budget reads with a smaller simulated search: at
                // most a sixteenth of the budget for each hand.
                let iterations = budget
                    .iterations
                    .map_or(iterations, |n| iterations.min(n / 16));
                let model = Simulated {
                    player,
                    iterations,
                    noise,
                };
                Belief::remembering(&view, seen, &model, &mut self.chances)
            }
        };
        let budget = budget.after(start.elapsed());
        let search = &mut self.search;
        let rollout = &mut self.rollout;
        match (&belief, first) {
            (Some(b), None) => search.search(b, rollout, budget, rng),
            (Some(b), Some(a)) => search.search_committed(b, a, rollout, budget, rng),
            (None, None) => search.search(&view, rollout, budget, rng),
            (None, Some(a)) => search.search_committed(&view, a, rollout, budget, rng),
        }
    }
}

impl Opponent for SearchOpponent {
    fn decide(
        &mut self,
        obs: &Observation,
        past: &[PastAction],
        budget: Budget,
        rng: &mut GameRng,
    ) -> Decision {
        let legal = obs.legal_actions();
        if legal.len() == 1 {
            return Decision {
                action: legal[0],
                iterations: 0,
            };
        }
        // A win in every world the cards allow: play it.
        if self.makeup.sure_wins {
            if let Some(action) = sure::sure_win(obs, sure::NODES) {
                return Decision {
                    action,
                    iterations: 0,
                };
            }
        }
        // Nothing hidden: solve exactly.
        if self.makeup.solver {
            if let Some((action, _)) = solver::solve(obs) {
                return Decision {
                    action,
                    iterations: 0,
                };
            }
        }
        let result = self.analyse(obs, past, budget, rng);
        let mut action = result.action;
        if self.makeup.safety && safety::loss_rate(obs, action, rng) >= 1.0 {
            // Never walk into a loss that could be seen coming for certain:
            // the most visited action that is not a certain loss, else the
            // one that loses least often.
            let mut ranked: Vec<(Action, u32, f64)> = legal
                .iter()
                .map(|&a| {
                    let visits = result.root.iter().find(|r| r.0 == a).map_or(0, |r| r.1);
                    (a, visits, safety::loss_rate(obs, a, rng))
                })
                .collect();
            ranked.sort_by_key(|r| std::cmp::Reverse(r.1));
            action = match ranked.iter().find(|r| r.2 < 1.0) {
                Some(r) => r.0,
                None => ranked
                    .iter()
                    .min_by(|a, b| a.2.total_cmp(&b.2))
                    .map_or(action, |r| r.0),
            };
        }
        Decision {
            action,
            iterations: result.iterations,
        }
    }
}

/// A model of a player of some make-up: a short search of theirs from the
/// view they had ([`Reading::Search`]).
struct Simulated {
    player: &'static Makeup,
    iterations: u32,
    noise: f64,
}

impl ActionModel for Simulated {
    fn chance(&self, obs: &Observation, action: Action) -> f64 {
        let legal = obs.legal_actions();
        if !legal.contains(&action) {
            return 0.0;
        }
        let shares = self.shares(obs);
        let mine = shares.iter().find(|s| s.0 == action).map_or(0.0, |s| s.1);
        (1.0 - self.noise) * mine + self.noise / legal.len() as f64
    }

    fn key(&self) -> u32 {
        self.iterations
    }
}

impl Simulated {
    /// The player's choice from `obs`: each root action's share of the
    /// visits (its sure win alone where it has one, or the solver's action
    /// where nothing is hidden). The same seed every time, so the same view
    /// gives the same shares.
    fn shares(&self, obs: &Observation) -> Vec<(Action, f64)> {
        if self.player.sure_wins {
            if let Some(action) = sure::sure_win(obs, sure::NODES) {
                return vec![(action, 1.0)];
            }
        }
        if let Some((action, _)) = solver::solve(obs) {
            return vec![(action, 1.0)];
        }
        let mut player = SearchOpponent::new(*self.player);
        let mut rng = GameRng::seed_from_u64(u64::from(self.iterations));
        let root = player
            .analyse(obs, &[], Budget::iterations(self.iterations), &mut rng)
            .root;
        let total: f64 = root.iter().map(|r| f64::from(r.1)).sum();
        root.iter()
            .map(|r| (r.0, f64::from(r.1) / total.max(1.0)))
            .collect()
    }
}

/// The observation as a forgetful player holds it: each played card is
/// forgotten with chance `forget`, so it seems possibly still in the
/// opponent's hand or the draw pile.
fn forgetful(obs: &Observation, forget: f64, rng: &mut GameRng) -> Observation {
    let mut remembered = Hand::EMPTY;
    for card in obs.public().played.cards() {
        if !rng.random_bool(forget) {
            remembered.add(card, 1);
        }
    }
    obs.remembering_played(remembered)
}

mod safety {
    use crate::engine::{Action, Observation};
    use crate::GameRng;

    const SAMPLES: u32 = 96;

    /// The share of sampled worlds in which `action` loses the round at once:
    /// the round ends lost, or the opponent then has a reply that wins outright.
    /// Stops at the first world where it does not (the rate is then below 1).
    pub fn loss_rate(obs: &Observation, action: Action, rng: &mut GameRng) -> f64 {
        let me = obs.side();
        for n in 0..SAMPLES {
            let mut world = obs.sample(rng);
            world.play_unchecked(action);
            let loses = match world.result() {
                Some(r) => r.winner == Some(me.opponent()),
                None => {
                    world.to_act() != me
                        && world.legal_actions().iter().any(|&reply| {
                            let mut next = world;
                            next.play_unchecked(reply);
                            next.result()
                                .is_some_and(|r| r.winner == Some(me.opponent()))
                        })
                }
            };
            if !loses {
                // Every earlier world was lost.
                return f64::from(n) / f64::from(n + 1);
            }
        }
        1.0
    }
}
