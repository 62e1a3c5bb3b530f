//! Single-observer Information Set MCTS (Cowling, Powley & Whitehouse 2012).
//!
//! The search knows the game only through [`Game`] and [`InfoSet`]: legal
//! actions, apply, terminal values, and a way to sample a full state consistent
//! with what the searching player knows. Each iteration samples such a state
//! (a determinization), walks the tree restricted to the actions legal in it,
//! expands one node, finishes the game with a rollout policy and backs the
//! result up. Child selection uses UCB with availability counts.

use rand::Rng;
use web_time::{Duration, Instant};

/// A two-player, zero-sum game with perfect information once determinized.
pub trait Game: Copy {
    type Action: Copy + PartialEq + std::fmt::Debug;
    /// The player to act: 0 or 1.
    fn player(&self) -> usize;
    /// The legal actions, into `out` (cleared first). Empty only at the end.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// Applies a legal action.
    fn apply(&mut self, action: Self::Action);
    /// At the end, the value for `player` in [-1, 1]; `None` before.
    fn value(&self, player: usize) -> Option<f32>;
    /// The size of the range of [`Game::action_index`].
    const ACTION_INDICES: usize = 1;
    /// A small number for `action`, below [`Game::ACTION_INDICES`], with which
    /// the search finds a node's children among the legal actions quickly.
    /// Distinct actions should get distinct numbers; collisions are allowed
    /// (only slower).
    fn action_index(_action: &Self::Action) -> usize {
        0
    }
}

/// What the searching player knows: it can produce full states consistent with it.
pub trait InfoSet {
    type State: Game;
    fn player(&self) -> usize;
    /// A full state, hidden parts sampled consistently with the information.
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Self::State;
}

/// Chooses rollout actions (with the full determinized state in view).
pub trait Policy<G: Game> {
    fn choose<R: Rng + ?Sized>(&mut self, state: &G, legal: &[G::Action], rng: &mut R)
        -> G::Action;
}

/// Uniformly random rollouts.
pub struct RandomPolicy;

impl<G: Game> Policy<G> for RandomPolicy {
    fn choose<R: Rng + ?Sized>(&mut self, _: &G, legal: &[G::Action], rng: &mut R) -> G::Action {
        legal[rng.random_range(0..legal.len())]
    }
}

/// How long to search: an iteration count, a wall-clock time, or both (the
/// first reached stops the search). Iterations make a search deterministic.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Budget {
    pub iterations: Option<u32>,
    pub time: Option<Duration>,
}

impl Budget {
    pub const fn iterations(n: u32) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }

    pub const fn time(t: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(t),
        }
    }
}

const NONE: u32 = u32::MAX;

struct Node<A> {
    action: Option<A>,
    /// The player who played `action`; rewards are kept from their view.
    actor: usize,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    available: u32,
    reward: f32,
}

/// What a search found: the action, and the statistics behind it.
#[derive(Clone, Debug)]
pub struct SearchResult<A> {
    pub action: A,
    pub iterations: u32,
    /// Each root action with its visits and mean value for the searcher.
    pub root: Vec<(A, u32, f32)>,
}

/// The search itself; keep one to reuse its memory across decisions.
pub struct Ismcts<G: Game> {
    nodes: Vec<Node<G::Action>>,
    /// Scratch: for each action index, (stamp, position in the legal list).
    slots: Vec<(u32, u32)>,
    stamp: u32,
    /// Scratch: for each legal action, its child at the current node or `NONE`.
    child_of: Vec<u32>,
    /// UCB exploration constant (values are in [-1, 1]).
    pub exploration: f32,
}

impl<G: Game> Default for Ismcts<G> {
    fn default() -> Self {
        Ismcts {
            nodes: Vec::new(),
            slots: Vec::new(),
            stamp: 0,
            child_of: Vec::new(),
            exploration: 0.7,
        }
    }
}

impl<G: Game> Ismcts<G> {
    /// Searches from `info` and returns the most visited root action.
    ///
    /// # Panics
    /// If the sampled state has no legal action (the game is over).
    pub fn search<I, P, R>(
        &mut self,
        info: &I,
        policy: &mut P,
        budget: Budget,
        rng: &mut R,
    ) -> SearchResult<G::Action>
    where
        I: InfoSet<State = G>,
        P: Policy<G>,
        R: Rng + ?Sized,
    {
        let me = info.player();
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            actor: 1 - me,
            parent: NONE,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        let start = Instant::now();
        let max_iterations = budget.iterations.unwrap_or(u32::MAX);
        let mut legal = Vec::with_capacity(64);
        let mut iterations = 0;
        while iterations < max_iterations {
            if let Some(limit) = budget.time {
                if iterations % 32 == 0 && iterations > 0 && start.elapsed() >= limit {
                    break;
                }
            }
            let mut state = info.sample(rng);
            let leaf = self.select_and_expand(&mut state, &mut legal, rng);
            while state.value(0).is_none() {
                state.legal_actions(&mut legal);
                let action = policy.choose(&state, &legal, rng);
                state.apply(action);
            }
            self.backpropagate(leaf, &state);
            iterations += 1;
        }
        let root = self.root_stats();
        let action = root
            .iter()
            .max_by(|a, b| a.1.cmp(&b.1).then(a.2.total_cmp(&b.2)))
            .map(|r| r.0)
            .unwrap_or_else(|| {
                let state = info.sample(rng);
                state.legal_actions(&mut legal);
                legal[0]
            });
        SearchResult {
            action,
            iterations,
            root,
        }
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut next = self.nodes[node as usize].first_child;
        std::iter::from_fn(move || {
            if next == NONE {
                return None;
            }
            let current = next;
            next = self.nodes[current as usize].next_sibling;
            Some(current)
        })
    }

    /// Walks down the tree along actions legal in `state`, applying them, and
    /// expands one untried action. Returns the last node reached.
    fn select_and_expand<R: Rng + ?Sized>(
        &mut self,
        state: &mut G,
        legal: &mut Vec<G::Action>,
        rng: &mut R,
    ) -> u32 {
        if self.slots.len() != G::ACTION_INDICES {
            self.slots = vec![(0, 0); G::ACTION_INDICES];
            self.stamp = 0;
        }
        let mut node = 0u32;
        loop {
            if state.value(0).is_some() {
                return node;
            }
            state.legal_actions(legal);
            self.match_children(node, legal);
            // Every legal child was available this time.
            let mut untried = 0;
            for &c in &self.child_of {
                if c == NONE {
                    untried += 1;
                } else {
                    self.nodes[c as usize].available += 1;
                }
            }
            let player = state.player();
            if untried > 0 {
                let mut pick = rng.random_range(0..untried);
                let mut action = legal[0];
                for (i, &c) in self.child_of.iter().enumerate() {
                    if c == NONE {
                        if pick == 0 {
                            action = legal[i];
                            break;
                        }
                        pick -= 1;
                    }
                }
                let child = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let sibling = parent.first_child;
                parent.first_child = child;
                self.nodes.push(Node {
                    action: Some(action),
                    actor: player,
                    parent: node,
                    first_child: NONE,
                    next_sibling: sibling,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                });
                state.apply(action);
                return child;
            }
            let best = self.select_child();
            let action = self.nodes[best as usize]
                .action
                .expect("child has an action");
            state.apply(action);
            node = best;
        }
    }

    /// Fills `child_of`: for each legal action, its child of `node` or `NONE`.
    fn match_children(&mut self, node: u32, legal: &[G::Action]) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill((0, 0));
            self.stamp = 1;
        }
        for (i, a) in legal.iter().enumerate() {
            if let Some(slot) = self.slots.get_mut(G::action_index(a)) {
                *slot = (self.stamp, i as u32);
            }
        }
        self.child_of.clear();
        self.child_of.resize(legal.len(), NONE);
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            let a = n.action.expect("child has an action");
            let hinted = self
                .slots
                .get(G::action_index(&a))
                .filter(|s| s.0 == self.stamp && legal[s.1 as usize] == a)
                .map(|s| s.1 as usize);
            // A collision of indices: look the action up.
            let found = hinted.or_else(|| legal.iter().position(|&l| l == a));
            if let Some(i) = found {
                self.child_of[i] = c;
            }
            c = n.next_sibling;
        }
    }

    /// The legal child (in `child_of`) with the highest UCB score.
    fn select_child(&self) -> u32 {
        let mut best = NONE;
        let mut best_score = f32::NEG_INFINITY;
        for &c in &self.child_of {
            let n = &self.nodes[c as usize];
            let visits = n.visits.max(1) as f32;
            let score = n.reward / visits
                + self.exploration * ((n.available.max(1) as f32).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    fn backpropagate(&mut self, leaf: u32, end: &G) {
        let values = [end.value(0).unwrap_or(0.0), end.value(1).unwrap_or(0.0)];
        let mut node = leaf;
        while node != NONE {
            let n = &mut self.nodes[node as usize];
            n.visits += 1;
            n.reward += values[n.actor];
            node = n.parent;
        }
    }

    /// The statistics of the children of the node reached by `path` from the
    /// root of the last search: action, visits, mean value for its player,
    /// availability. Empty if the path was not explored.
    pub fn children_stats(&self, path: &[G::Action]) -> Vec<(G::Action, u32, f32, u32)> {
        let mut node = 0u32;
        for a in path {
            match self
                .children(node)
                .find(|&c| self.nodes[c as usize].action == Some(*a))
            {
                Some(c) => node = c,
                None => return Vec::new(),
            }
        }
        self.children(node)
            .map(|c| {
                let n = &self.nodes[c as usize];
                let mean = n.reward / n.visits.max(1) as f32;
                (
                    n.action.expect("child has an action"),
                    n.visits,
                    mean,
                    n.available,
                )
            })
            .collect()
    }

    fn root_stats(&self) -> Vec<(G::Action, u32, f32)> {
        self.children(0)
            .map(|c| {
                let n = &self.nodes[c as usize];
                let mean = if n.visits > 0 {
                    n.reward / n.visits as f32
                } else {
                    0.0
                };
                (n.action.expect("child has an action"), n.visits, mean)
            })
            .collect()
    }
}
