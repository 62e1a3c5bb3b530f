//! Sure wins: actions that win the round in every world the player cannot
//! rule out, against every reply. Near a round's end the draw pile holds at
//! most three cards, so the worlds consistent with an observation can be
//! listed ([`solver::worlds`]); a proof is a plan of the player's own
//! decisions, each made from what it sees (its observation, not the world),
//! that wins in every world against every reply of an opponent who sees
//! everything, within `depth` decisions of the player (the first included).
//! A draw is not a win.
//!
//! Hard and expert play a sure win whenever the check finds one; hints and
//! the review use the same check; puzzles are positions with exactly one
//! (`crate::puzzle::prove`).

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};

use super::solver;
use crate::engine::{Action, Observation, Reason, Round, Side};

/// The depth of the opponent's and the page's check: the action and one
/// more decision of the player's, as in the shipped puzzles.
pub const DEPTH: u8 = 2;

/// The positions one check by the opponent or the page may visit before it
/// gives up (then the search decides, as without the check).
/// docs/OPPONENT.md gives its measured cost.
pub const NODES: u64 = 20_000;

/// A world in which an action does not win for sure: the round as it
/// really is, and the opponent's replies that show it (empty when the
/// action itself ends the round otherwise than won).
pub type Failure = (Round, Vec<Action>);

/// Every world consistent with `obs`, or `None` when there are too many
/// (more than three cards to draw, or [`solver::MAX_WORLDS`]).
pub fn worlds(obs: &Observation) -> Option<Vec<Round>> {
    solver::worlds(obs).map(|w| w.into_iter().map(|w| w.0).collect())
}

/// The actions that win the round for sure from `obs` (its side to act)
/// within [`DEPTH`] decisions, in the order of the legal actions; empty
/// when there is none, `None` when the check gave up (too many worlds, or
/// over `max_nodes` positions visited).
pub fn sure_wins(obs: &Observation, max_nodes: u64) -> Option<Vec<Action>> {
    let worlds = worlds(obs)?;
    let mut prover = Prover::new(obs.side(), max_nodes);
    let mut wins = Vec::new();
    for action in obs.legal_actions() {
        if prover.action_wins(&worlds, action, DEPTH)?.is_ok() {
            wins.push(action);
        }
    }
    Some(wins)
}

/// A sure win from `obs` within [`DEPTH`] decisions, if the check finds one
/// within `max_nodes` positions: the first that wins, trying attacks and
/// lunges first (they end rounds soonest). Several may win; any of them is
/// as good.
pub fn sure_win(obs: &Observation, max_nodes: u64) -> Option<Action> {
    let worlds = worlds(obs)?;
    let mut legal = obs.legal_actions().to_vec();
    legal.sort_by_key(|a| !matches!(a, Action::Attack { .. } | Action::Lunge { .. }));
    let mut prover = Prover::new(obs.side(), max_nodes);
    for action in legal {
        match prover.action_wins(&worlds, action, DEPTH) {
            None => return None,
            Some(Ok(())) => return Some(action),
            Some(Err(_)) => {}
        }
    }
    None
}

/// Hashing with fixed keys: the proof visits positions in the same order
/// in every run and process, so a seeded decision, the node limit included,
/// is the same natively and through `engarde bot`.
type Fixed = BuildHasherDefault<DefaultHasher>;

/// A state where the player decides next: the state, the world it came
/// from, and the opponent's replies on the way.
type Next = (Round, Round, Vec<Action>);

/// A number for a round, to put a set of worlds in one order.
fn fingerprint(round: &Round) -> u64 {
    Fixed::default().hash_one(round)
}

/// The proof's search: for sets of worlds alike to the player, whether a
/// plan wins in all of them.
pub struct Prover {
    me: Side,
    nodes: u64,
    max_nodes: u64,
    /// How rounds ended at the first level of the last action proven.
    ends: Vec<Reason>,
    /// Sets of worlds already decided (sorted), by depth.
    memo: HashMap<(Vec<Round>, u8), bool, Fixed>,
}

impl Prover {
    /// A prover for `me` that gives up past `max_nodes` positions.
    pub fn new(me: Side, max_nodes: u64) -> Prover {
        Prover {
            me,
            nodes: 0,
            max_nodes,
            ends: Vec::new(),
            memo: HashMap::default(),
        }
    }

    /// How rounds ended at once (before the player's next decision) after
    /// the last action [`Prover::action_wins`] proved.
    pub fn ends(&self) -> &[Reason] {
        &self.ends
    }

    /// Whether some action wins for sure from `worlds` (all alike to the
    /// player, which is to act) within `depth` decisions; `None` past the
    /// node limit.
    fn wins(&mut self, worlds: &[Round], depth: u8) -> Option<bool> {
        if depth == 0 {
            return Some(false);
        }
        let mut key: Vec<Round> = worlds.to_vec();
        key.sort_by_key(fingerprint);
        key.dedup();
        if let Some(&known) = self.memo.get(&(key.clone(), depth)) {
            return Some(known);
        }
        let legal = worlds[0].legal_actions();
        let mut found = false;
        for &action in &legal {
            if self.action_wins(&key, action, depth)?.is_ok() {
                found = true;
                break;
            }
        }
        self.memo.insert((key, depth), found);
        Some(found)
    }

    /// Whether `action` wins for sure in every one of `worlds`: the round is
    /// then won, or, against every reply, the player wins for sure again from
    /// each thing it may next see. `None` past the node limit; otherwise the
    /// failing world and replies.
    pub fn action_wins(
        &mut self,
        worlds: &[Round],
        action: Action,
        depth: u8,
    ) -> Option<Result<(), Failure>> {
        // The states where the player decides next, by what it sees then.
        let mut next: HashMap<Observation, Vec<Next>, Fixed> = HashMap::default();
        let mut ends = Vec::new();
        for world in worlds {
            let mut state = *world;
            if state.play(action).is_err() {
                return Some(Err((*world, Vec::new())));
            }
            let mut stack = vec![(state, Vec::new())];
            while let Some((state, replies)) = stack.pop() {
                self.nodes += 1;
                if self.nodes > self.max_nodes {
                    return None;
                }
                if let Some(result) = state.result() {
                    if result.winner != Some(self.me) {
                        return Some(Err((*world, replies)));
                    }
                    if !ends.contains(&result.reason) {
                        ends.push(result.reason);
                    }
                    continue;
                }
                if state.to_act() == self.me {
                    next.entry(state.observation(self.me))
                        .or_default()
                        .push((state, *world, replies));
                    continue;
                }
                for reply in state.legal_actions() {
                    let mut after = state;
                    after.play_unchecked(reply);
                    let mut line = replies.clone();
                    line.push(reply);
                    stack.push((after, line));
                }
            }
        }
        for group in next.values() {
            let states: Vec<Round> = group.iter().map(|g| g.0).collect();
            if !self.wins(&states, depth - 1)? {
                let (_, world, replies) = &group[0];
                return Some(Err((*world, replies.clone())));
            }
        }
        ends.sort_by_key(|r| r.name());
        self.ends = ends;
        Some(Ok(()))
    }
}
