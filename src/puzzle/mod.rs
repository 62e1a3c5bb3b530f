//! Puzzles: positions where exactly one action wins the round for sure,
//! proven against every hidden state the solver cannot rule out, by the
//! opponent's own check ([`crate::ai::sure`]: a plan of the solver's
//! decisions, each made from what it sees, that wins in every world against
//! every reply). The game knows nothing of puzzles; this module asks it for
//! legal actions and plays them.

pub mod file;
pub mod play;
pub mod practice;

use crate::ai::sure::{self, Prover};
use crate::engine::{Action, Card, Observation, Reason, Round, Side};

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
    let Some(worlds) = sure::worlds(obs) else {
        return Verdict::TooHard;
    };
    let mut prover = Prover::new(obs.side(), MAX_NODES);
    let legal = obs.legal_actions();
    let mut wins = Vec::new();
    let mut refutations = Vec::new();
    let mut ends = Vec::new();
    for &action in &legal {
        match prover.action_wins(&worlds, action, depth) {
            None => return Verdict::TooHard,
            Some(Ok(())) => {
                wins.push(action);
                ends = prover.ends().to_vec();
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
        if matches!(answer, Action::Attack { .. })
            && p.rules().level == crate::engine::RulesLevel::Basic
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
            if matches!(answer, Action::Attack { .. }) && level == crate::engine::RulesLevel::Basic
            {
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

/// What the opponent would need to strike directly at the distance a move
/// leaves (R16: a direct attack uses cards equal to the distance), and
/// where the five cards of that value are as the solver sees them after
/// the move: unseen, in the solver's hand, played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Need {
    pub distance: u8,
    pub card: Card,
    pub unseen: u8,
    pub held: u8,
    pub played: u8,
}

impl Need {
    /// The need after `answer` at `obs`, when it is a move that leaves the
    /// fencers within a direct attack's reach.
    pub fn after(obs: &Observation, answer: Action) -> Option<Need> {
        let p = obs.public();
        let (moved, forward) = match answer {
            Action::Advance(c) => (c, true),
            Action::Retreat(c) => (c, false),
            _ => return None,
        };
        let distance = p.distance_after(moved, forward);
        let card = Card::new(distance)?;
        let spent = u8::from(moved == card);
        Some(Need {
            distance,
            card,
            unseen: obs.unseen().count(card),
            held: obs.hand().count(card) - spent,
            played: p.played().count(card) + spent,
        })
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
