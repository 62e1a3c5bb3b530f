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
    /// What the player to act knows here that the other does not (their
    /// hand), as a small number: with [`Ismcts::private`] the search keeps
    /// that player's decisions apart by it. Equal numbers for equal knowledge.
    fn private_key(&self) -> u32 {
        0
    }
    /// How much chance is still to come (cards to draw): with
    /// [`Private::Late`] the search keeps the opponent's decisions apart by
    /// their hand only near the end.
    fn chance_left(&self) -> u32 {
        u32::MAX
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

    /// The same budget with its time cap divided by `slower` (at least 1): what
    /// a device `slower` times slower would reach within the full cap.
    #[must_use]
    pub fn cap_divided(self, slower: u32) -> Budget {
        Budget {
            iterations: self.iterations,
            time: self.time.map(|t| t / slower.max(1)),
        }
    }

    /// The same budget with `spent` already gone from its time cap (reading
    /// the opponent before the search counts against the same cap).
    #[must_use]
    pub fn after(self, spent: Duration) -> Budget {
        Budget {
            iterations: self.iterations,
            time: self.time.map(|t| t.saturating_sub(spent)),
        }
    }

    /// Whether a search of `iterations` stopped at the time cap before the
    /// iteration budget.
    pub fn cut(self, iterations: u32) -> bool {
        self.iterations.is_some_and(|n| iterations < n)
    }
}

const NONE: u32 = u32::MAX;

/// A node of the tree. A node's children sit side by side in the node list
/// (`first_child..first_child + len`, room for `room`), so that scanning them,
/// which every iteration does at every level, reads memory in order; when the
/// room is full they move, whole, to a larger place at the end of the list.
struct Node<A> {
    /// The action that led here (the root's is a placeholder, never read).
    action: A,
    /// The player who played `action`; rewards are kept from their view.
    actor: u8,
    len: u16,
    room: u16,
    first_child: u32,
    visits: u32,
    available: u32,
    reward: f32,
}

impl<A> Node<A> {
    /// A node not yet visited nor expanded.
    fn new(action: A, actor: u8) -> Node<A> {
        Node {
            action,
            actor,
            len: 0,
            room: 0,
            first_child: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }

    fn children(&self) -> std::ops::Range<u32> {
        self.first_child..self.first_child + u32::from(self.len)
    }
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
    /// Scratch: the nodes walked this iteration, root first.
    path: Vec<u32>,
    /// The player who moved before the root (its rewards are never read).
    root_actor: u8,
    /// UCB exploration constant (values are in [-1, 1]).
    pub exploration: f32,
    /// The exploration constant at the opponent's decisions, if not the same.
    pub opponent_exploration: Option<f32>,
    /// Whose decisions below the root are kept apart by what they privately
    /// know ([`Game::private_key`]), as in multiple-observer ISMCTS: a player
    /// then chooses by their own hand in each sampled world, not by an
    /// average over every hand they might hold (strategy fusion).
    pub private: Private,
    /// Expand the action the playout policy picks among the untried ones,
    /// not one at random: sensible replies are in the tree first.
    pub expand_by_policy: bool,
    /// The chance that the opponent, at a decision in the tree where every
    /// reply has been tried, plays what the playout policy picks with their
    /// sampled hand rather than the reply of highest UCB score: a player who
    /// chooses by their own hand, which fused statistics do not model.
    pub guide: f64,
    /// Scratch: the untried actions at the node being expanded.
    untried: Vec<G::Action>,
    /// Scratch: (node, private key) to the node that holds that player's
    /// choices there.
    keyed: std::collections::HashMap<u64, u32>,
}

/// Whose decisions [`Ismcts`] keeps apart by their private knowledge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Private {
    /// Nobody's: single-observer ISMCTS.
    #[default]
    Nobody,
    /// The opponent's.
    Opponent,
    /// The opponent's first reply only (at the root's children): their
    /// answer to each of our actions by their hand, without splitting every
    /// later decision.
    Reply,
    /// Both players' (the searcher's own after its draws, too).
    Both,
    /// The opponent's, once at most this many cards are left to draw: near
    /// the end, where their choice (the distance the count is made at, E3.3)
    /// hangs on their hand and few hands remain.
    Late(u32),
}

impl<G: Game> Default for Ismcts<G> {
    fn default() -> Self {
        Ismcts {
            nodes: Vec::new(),
            slots: Vec::new(),
            stamp: 0,
            child_of: Vec::new(),
            path: Vec::new(),
            root_actor: 0,
            exploration: 0.7,
            opponent_exploration: None,
            private: Private::Nobody,
            expand_by_policy: false,
            guide: 0.0,
            untried: Vec::new(),
            keyed: std::collections::HashMap::new(),
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
        self.keyed.clear();
        self.root_actor = (1 - me) as u8;
        let mut legal = Vec::with_capacity(64);
        let start = Instant::now();
        let max_iterations = budget.iterations.unwrap_or(u32::MAX);
        let mut iterations = 0;
        while iterations < max_iterations {
            if let Some(limit) = budget.time {
                if iterations % 32 == 0 && iterations > 0 && start.elapsed() >= limit {
                    break;
                }
            }
            let mut state = info.sample(rng);
            self.select_and_expand(&mut state, &mut legal, policy, rng);
            while state.value(0).is_none() {
                state.legal_actions(&mut legal);
                let action = policy.choose(&state, &legal, rng);
                state.apply(action);
            }
            self.backpropagate(&state);
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

    fn children(&self, node: u32) -> std::ops::Range<u32> {
        self.nodes.get(node as usize).map_or(0..0, Node::children)
    }

    /// Walks down the tree along actions legal in `state`, applying them, and
    /// expands one untried action. The nodes walked are left in `path`.
    fn select_and_expand<P: Policy<G>, R: Rng + ?Sized>(
        &mut self,
        state: &mut G,
        legal: &mut Vec<G::Action>,
        policy: &mut P,
        rng: &mut R,
    ) {
        if self.slots.len() != G::ACTION_INDICES {
            self.slots = vec![(0, 0); G::ACTION_INDICES];
            self.stamp = 0;
        }
        self.path.clear();
        let mut node = 0u32;
        loop {
            self.path.push(node);
            if state.value(0).is_some() {
                return;
            }
            state.legal_actions(legal);
            if self.nodes.is_empty() {
                // The root, made on the first walk: its action is never read.
                self.nodes.push(Node::new(legal[0], self.root_actor));
            }
            let player = state.player();
            let keep_apart = match self.private {
                Private::Nobody => false,
                Private::Opponent => player as u8 == self.root_actor,
                Private::Reply => player as u8 == self.root_actor && self.path.len() == 2,
                Private::Both => node != 0,
                Private::Late(n) => player as u8 == self.root_actor && state.chance_left() <= n,
            };
            if keep_apart {
                node = self.keyed_node(node, state.private_key(), legal[0]);
            }
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
            if untried > 0 {
                let action = if self.expand_by_policy {
                    self.untried.clear();
                    self.untried.extend(
                        legal
                            .iter()
                            .zip(&self.child_of)
                            .filter(|(_, &c)| c == NONE)
                            .map(|(a, _)| *a),
                    );
                    policy.choose(state, &self.untried, rng)
                } else {
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
                    action
                };
                let child = self.add_child(node, legal.len());
                self.nodes[child as usize] = Node {
                    available: 1,
                    ..Node::new(action, player as u8)
                };
                state.apply(action);
                self.path.push(child);
                return;
            }
            let guided = if self.guide > 0.0
                && player as u8 == self.root_actor
                && rng.random_bool(self.guide)
            {
                let pick = policy.choose(state, legal, rng);
                legal
                    .iter()
                    .position(|&a| a == pick)
                    .map(|i| self.child_of[i])
            } else {
                None
            };
            let c = match self.opponent_exploration {
                Some(c) if player as u8 == self.root_actor => c,
                _ => self.exploration,
            };
            let best = guided.unwrap_or_else(|| self.select_child(c));
            state.apply(self.nodes[best as usize].action);
            node = best;
        }
    }

    /// The node under `node` that holds the choices of the player to act
    /// when they know `key`, made on first use (outside `node`'s children).
    fn keyed_node(&mut self, node: u32, key: u32, placeholder: G::Action) -> u32 {
        let next = self.nodes.len() as u32;
        let k = *self
            .keyed
            .entry(u64::from(node) << 32 | u64::from(key))
            .or_insert(next);
        if k == next {
            let actor = self.nodes[node as usize].actor;
            self.nodes.push(Node::new(placeholder, actor));
        }
        k
    }

    /// A place for one more child of `node`, which has `legal` legal actions
    /// now: the next free one of its children's room, else a new room (its
    /// children move there, with their own children still where they were).
    fn add_child(&mut self, node: u32, legal: usize) -> u32 {
        let n = &self.nodes[node as usize];
        let (len, room, first) = (n.len, n.room, n.first_child);
        if len < room {
            self.nodes[node as usize].len += 1;
            return first + u32::from(len);
        }
        let new_room = (usize::from(room) * 2)
            .max(legal)
            .clamp(1, usize::from(u16::MAX));
        let new_first = self.nodes.len() as u32;
        for i in 0..u32::from(room) {
            let moved = Node {
                ..self.nodes[(first + i) as usize]
            };
            self.nodes.push(moved);
        }
        let filler = Node {
            ..self.nodes[node as usize]
        };
        self.nodes
            .resize_with(new_first as usize + new_room, || Node { ..filler });
        let n = &mut self.nodes[node as usize];
        n.first_child = new_first;
        n.room = new_room as u16;
        n.len += 1;
        new_first + u32::from(len)
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
        for c in self.nodes[node as usize].children() {
            let a = self.nodes[c as usize].action;
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
        }
    }

    /// The legal child (in `child_of`) with the highest UCB score.
    fn select_child(&self, exploration: f32) -> u32 {
        let mut best = NONE;
        let mut best_score = f32::NEG_INFINITY;
        for &c in &self.child_of {
            let n = &self.nodes[c as usize];
            let visits = n.visits.max(1) as f32;
            let score = n.reward / visits
                + exploration * ((n.available.max(1) as f32).ln() / visits).sqrt();
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }

    fn backpropagate(&mut self, end: &G) {
        let values = [end.value(0).unwrap_or(0.0), end.value(1).unwrap_or(0.0)];
        for &node in &self.path {
            if let Some(n) = self.nodes.get_mut(node as usize) {
                n.visits += 1;
                n.reward += values[usize::from(n.actor)];
            }
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
                .find(|&c| self.nodes[c as usize].action == *a)
            {
                Some(c) => node = c,
                None => return Vec::new(),
            }
        }
        // Newest child first (the order ties are broken in).
        self.children(node)
            .rev()
            .map(|c| {
                let n = &self.nodes[c as usize];
                let mean = n.reward / n.visits.max(1) as f32;
                (n.action, n.visits, mean, n.available)
            })
            .collect()
    }

    fn root_stats(&self) -> Vec<(G::Action, u32, f32)> {
        self.children(0)
            .rev()
            .map(|c| {
                let n = &self.nodes[c as usize];
                let mean = if n.visits > 0 {
                    n.reward / n.visits as f32
                } else {
                    0.0
                };
                (n.action, n.visits, mean)
            })
            .collect()
    }
}
