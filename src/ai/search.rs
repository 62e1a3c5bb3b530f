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
    /// Expand the action the playout policy picks among the untried ones,
    /// not one at random: sensible replies are in the tree first.
    pub expand_by_policy: bool,
    /// The root's one action in a [`Ismcts::search_committed`].
    first: Option<G::Action>,
    /// Scratch: the untried actions at the node being expanded.
    untried: Vec<G::Action>,
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
            expand_by_policy: false,
            first: None,
            untried: Vec::new(),
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
        self.search_from(info, None, policy, budget, rng)
    }

    /// [`Ismcts::search`] with the first action decided: every iteration
    /// plays `first` at the root (where legal), so the whole budget goes to
    /// the value of that one action, as a chess engine searches the move
    /// played to judge it.
    ///
    /// # Panics
    /// As [`Ismcts::search`].
    pub fn search_committed<I, P, R>(
        &mut self,
        info: &I,
        first: G::Action,
        policy: &mut P,
        budget: Budget,
        rng: &mut R,
    ) -> SearchResult<G::Action>
    where
        I: InfoSet<State = G>,
        P: Policy<G>,
        R: Rng + ?Sized,
    {
        self.search_from(info, Some(first), policy, budget, rng)
    }

    fn search_from<I, P, R>(
        &mut self,
        info: &I,
        first: Option<G::Action>,
        policy: &mut P,
        budget: Budget,
        rng: &mut R,
    ) -> SearchResult<G::Action>
    where
        I: InfoSet<State = G>,
        P: Policy<G>,
        R: Rng + ?Sized,
    {
        self.first = first;
        let me = info.player();
        self.nodes.clear();
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
            if let (0, Some(first)) = (node, self.first) {
                if legal.contains(&first) {
                    legal.clear();
                    legal.push(first);
                }
            }
            if self.nodes.is_empty() {
                // The root, made on the first walk: its action is never read.
                self.nodes.push(Node::new(legal[0], self.root_actor));
            }
            let player = state.player();
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
            let best = self.select_child(self.exploration);
            state.apply(self.nodes[best as usize].action);
            node = best;
        }
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
