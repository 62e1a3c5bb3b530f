//! Puzzles (issue 34): positions where one action wins the round for sure,
//! proven against every hidden state the solver cannot rule out. Near a
//! round's end the draw pile holds at most three cards, so the worlds
//! consistent with an observation can be listed ([`solver::worlds`]); a proof
//! is a plan of the solver's own decisions, each made from what it sees (its
//! observation), that wins in every world against every reply of an opponent
//! who sees everything. The game knows nothing of puzzles; this module asks
//! it for legal actions and plays them.

pub mod file;
pub mod play;
pub mod practice;

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

use crate::ai::solver;
use crate::engine::{Action, Observation, Reason, Round, Side};

/// The most positions one proof may visit, so that a hard position gives up
/// instead of taking long.
pub const MAX_NODES: u64 = 2_000_000;

/// A world in which an action does not win for sure, with the opponent's
/// replies that show it (empty when the action itself ends the round
/// otherwise than won).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub action: Action,
    /// The world: the round as it really is.
    pub world: Round,
    /// The opponent's replies in it after `action`, up to where the solver
    /// no longer wins for sure.
    pub replies: Vec<Action>,
}

/// What a proof found for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one action wins for sure within the depth; every other has a
    /// refutation.
    Puzzle {
        answer: Action,
        refutations: Vec<Refutation>,
        /// How the round ends at once after the answer and the replies
        /// (before the solver's next decision), in any world: what the
        /// explanation speaks of.
        ends: Vec<Reason>,
    },
    /// No action wins for sure within the depth.
    NoWin,
    /// More than one action wins for sure.
    ManyWins(Vec<Action>),
    /// Too many worlds, or the proof needed more than [`MAX_NODES`].
    TooHard,
}

/// Proves `obs` (its side to act): which actions win the round for sure
/// within `depth` of its own decisions (the first included).
pub fn prove(obs: &Observation, depth: u8) -> Verdict {
    let Some(worlds) = solver::worlds(obs) else {
        return Verdict::TooHard;
    };
    let worlds: Vec<Round> = worlds.into_iter().map(|w| w.0).collect();
    let mut prover = Prover {
        me: obs.side(),
        nodes: 0,
        ends: Vec::new(),
        memo: HashMap::new(),
    };
    let legal = obs.legal_actions();
    let mut wins = Vec::new();
    let mut refutations = Vec::new();
    let mut ends = Vec::new();
    for &action in &legal {
        prover.ends.clear();
        match prover.action_wins(&worlds, action, depth) {
            None => return Verdict::TooHard,
            Some(Ok(())) => {
                wins.push(action);
                ends = prover.ends.clone();
            }
            Some(Err((world, replies))) => refutations.push(Refutation {
                action,
                world,
                replies,
            }),
        }
    }
    match wins.as_slice() {
        [] => Verdict::NoWin,
        [answer] => Verdict::Puzzle {
            answer: *answer,
            refutations,
            ends,
        },
        _ => Verdict::ManyWins(wins),
    }
}

/// A failure: the world and the opponent's replies that show it.
type Failure = (Round, Vec<Action>);

/// A number for a round, to put a set of worlds in one order.
fn fingerprint(round: &Round) -> u64 {
    thread_local! {
        static STATE: RandomState = RandomState::new();
    }
    STATE.with(|s| s.hash_one(round))
}

struct Prover {
    me: Side,
    nodes: u64,
    /// How rounds ended at the first level of the last action tried.
    ends: Vec<Reason>,
    /// Sets of worlds already decided (sorted), by depth.
    memo: HashMap<(Vec<Round>, u8), bool>,
}

impl Prover {
    /// Whether some action wins for sure from `worlds` (all alike to the
    /// solver, which is to act) within `depth` decisions; `None` past the
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
    /// then won, or, against every reply, the solver wins for sure again from
    /// each thing it may next see. `None` past the node limit; otherwise the
    /// failing world and replies.
    fn action_wins(
        &mut self,
        worlds: &[Round],
        action: Action,
        depth: u8,
    ) -> Option<Result<(), Failure>> {
        // The states where the solver decides next, by what it sees then.
        let mut next: HashMap<Observation, Vec<(Round, Round, Vec<Action>)>> = HashMap::new();
        let mut ends = Vec::new();
        for world in worlds {
            let mut state = *world;
            if state.play(action).is_err() {
                return Some(Err((*world, Vec::new())));
            }
            let mut stack = vec![(state, Vec::new())];
            while let Some((state, replies)) = stack.pop() {
                self.nodes += 1;
                if self.nodes > MAX_NODES {
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

/// What a puzzle is about, for people to filter by.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Theme {
    /// An attack that hits at once (Basic, R15).
    Hit,
    /// An attack the unseen cards cannot parry (R17).
    Count,
    Parry,
    Lunge,
    /// Escaping a lunge by retreating (R21).
    Escape,
    /// The next draw may end the round: the card count decides (E3).
    EndOfPile,
    /// A special card is in force (§7).
    SpecialCard,
}

impl Theme {
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Hit => "hit",
            Theme::Count => "count",
            Theme::Parry => "parry",
            Theme::Lunge => "lunge",
            Theme::Escape => "escape",
            Theme::EndOfPile => "end_of_pile",
            Theme::SpecialCard => "special_card",
        }
    }

    /// The themes of `answer` at `obs`.
    pub fn of(obs: &Observation, answer: Action) -> Vec<Theme> {
        let p = obs.public();
        let mut themes = Vec::new();
        if matches!(answer, Action::Attack { .. }) && p.rules().level == crate::engine::Level::Basic
        {
            themes.push(Theme::Hit);
        } else if let Action::Attack { card, count } | Action::Lunge { card, count, .. } = answer {
            if obs.unseen().count(card) < count {
                themes.push(Theme::Count);
            }
        }
        match answer {
            Action::Parry => themes.push(Theme::Parry),
            Action::Lunge { .. } => themes.push(Theme::Lunge),
            Action::Retreat(_) if p.phase() == crate::engine::Phase::Answer => {
                themes.push(Theme::Escape)
            }
            _ => {}
        }
        if obs.pile_len() <= 1 {
            themes.push(Theme::EndOfPile);
        }
        if p.special().is_some() {
            themes.push(Theme::SpecialCard);
        }
        themes
    }
}

/// Why the answer wins, in the game's terms, for the page to put into words.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Explanation {
    /// In Basic an attack hits at once (R15).
    HitsAtOnce,
    /// Fewer cards of the attack's value are unseen than it uses: it cannot
    /// be parried (R17).
    Unparryable { card: u8, count: u8, unseen: u8 },
    /// The lunge can be neither parried nor escaped (R21).
    LungeHome,
    /// The draw pile runs out and the card count is won (E3 step 3).
    CardCount,
    /// The draw pile runs out and the fencer farther forward wins (E3 step 4).
    Ground,
    /// The opponent is left with no legal action (E2).
    NoLegalAction,
    /// Every reply leaves a sure win at the next decision.
    Forced,
}

impl Explanation {
    /// Why `answer` wins at `obs`, from the proof's `ends`.
    pub fn of(obs: &Observation, answer: Action, ends: &[Reason]) -> Explanation {
        let level = obs.public().rules().level;
        if let Action::Attack { card, count } | Action::Lunge { card, count, .. } = answer {
            if matches!(answer, Action::Attack { .. }) && level == crate::engine::Level::Basic {
                return Explanation::HitsAtOnce;
            }
            let unseen = obs.unseen().count(card);
            if unseen < count {
                return Explanation::Unparryable {
                    card: card.value(),
                    count,
                    unseen,
                };
            }
        }
        if ends.contains(&Reason::CardCount) {
            Explanation::CardCount
        } else if ends.contains(&Reason::Position) {
            Explanation::Ground
        } else if ends.contains(&Reason::NoLegalAction) {
            Explanation::NoLegalAction
        } else if ends.contains(&Reason::Hit) && matches!(answer, Action::Lunge { .. }) {
            Explanation::LungeHome
        } else {
            Explanation::Forced
        }
    }
}

/// A puzzle found in a match: the match up to the position, the solver's
/// side, and the proof.
#[derive(Clone, Debug)]
pub struct Found {
    pub game: crate::engine::Match,
    pub side: Side,
    pub answer: Action,
    pub refutations: Vec<Refutation>,
    /// How the round ends at once after the answer ([`Verdict::Puzzle`]).
    pub ends: Vec<Reason>,
    pub depth: u8,
}

/// How a search for puzzles went: positions looked at, and why the others
/// were not puzzles.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mined {
    /// Decisions near a round's end with a choice (pile of three or fewer).
    pub examined: u32,
    pub puzzles: u32,
    pub no_win: u32,
    pub many_wins: u32,
    pub too_hard: u32,
    /// The same position as a puzzle found before.
    pub repeated: u32,
}

/// Looks for puzzles in `matches` matches under `rules`, both sides played
/// by the hard level's search with `iterations` (deterministic for a seed),
/// proving every decision near a round's end within `depth` decisions.
pub fn mine(
    rules: crate::engine::Rules,
    matches: u32,
    seed: u64,
    iterations: u32,
    depth: u8,
    mut found: impl FnMut(Found),
) -> Mined {
    use crate::ai::{Budget, Difficulty, Opponent};
    use rand::SeedableRng;
    let mut mined = Mined::default();
    let mut seen = std::collections::HashSet::new();
    let mut rng = crate::GameRng::seed_from_u64(seed);
    for m in 0..matches {
        let starter = if m % 2 == 0 { Side::White } else { Side::Black };
        let Ok(mut game) = crate::engine::Match::new(rules, starter, &mut rng) else {
            return mined;
        };
        let mut players = [Difficulty::Hard.opponent(), Difficulty::Hard.opponent()];
        while !game.is_over() {
            if game.round().is_over() {
                if game.start_next_round(&mut rng).is_err() {
                    break;
                }
                continue;
            }
            let side = game.round().to_act();
            let obs = game.observation(side);
            if obs.pile_len() <= 3 && obs.legal_actions().len() > 1 {
                mined.examined += 1;
                match prove(&obs, depth) {
                    Verdict::Puzzle {
                        answer,
                        refutations,
                        ends,
                    } => {
                        if seen.insert(obs.after(None)) {
                            mined.puzzles += 1;
                            found(Found {
                                game: game.clone(),
                                side,
                                answer,
                                refutations,
                                ends,
                                depth,
                            });
                        } else {
                            mined.repeated += 1;
                        }
                    }
                    Verdict::NoWin => mined.no_win += 1,
                    Verdict::ManyWins(_) => mined.many_wins += 1,
                    Verdict::TooHard => mined.too_hard += 1,
                }
            }
            let past = game.round_history();
            let player = &mut players[usize::from(side == Side::Black)];
            let action = player
                .decide(&obs, &past, Budget::iterations(iterations), &mut rng)
                .action;
            if game.play(action).is_err() {
                break;
            }
        }
    }
    mined
}
