//! Hints for a person: the hard level's search, run from the person's own
//! observation (it sees no hidden card, R9, R10), its best actions with the
//! estimated chance to win the round, and for each a reason from counting
//! the unseen cards, which the page puts into words. Where an action wins
//! the round for sure ([`sure`]), hints offer only such actions and the
//! review marks another choice a blunder, as hard and expert play them.

use serde::{Deserialize, Serialize};

use super::opponent::{Makeup, SearchOpponent};
use super::search::Budget;
use super::sure;
use crate::engine::{Action, Card, Observation, Phase, RulesLevel};
use crate::GameRng;

/// How many actions a hint offers: the best and two alternatives.
pub const OFFERED: usize = 3;

/// One suggested action.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    pub action: Action,
    /// The search's estimate of winning the round after it, 0 to 1 (a draw
    /// counts half).
    pub chance: f32,
    pub reason: Why,
}

/// Why an action is worth considering, from what the person can count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    /// Fewer cards of the attack's value are unseen than it uses: the
    /// opponent cannot parry (R17).
    Unparryable { card: Card, count: u8, unseen: u8 },
    /// A parry is possible: `unseen` cards of the value are not accounted for.
    Parryable { card: Card, count: u8, unseen: u8 },
    /// After the move the distance is `distance`, and `unseen` cards of
    /// that value could strike directly (at most 5).
    Distance { distance: u8, unseen: u8 },
    /// After the move the distance is out of a direct attack's reach but
    /// within a lunge's (R20).
    LungeReach { distance: u8 },
    /// After the move no attack reaches (`Rules::reach`).
    OutOfReach { distance: u8 },
    /// The move's refill takes the draw pile's last card: the round ends at
    /// `distance` (E3), decided by `end`.
    LastCard { distance: u8, end: PileEnd },
    /// Parrying keeps the round going (R17).
    Parry,
    /// Retreating escapes the lunge (R21).
    Escape { distance: u8 },
    /// The special card picked (S4).
    Choose,
}

/// What decides a round whose draw pile ran out after a move (E3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PileEnd {
    /// The other player may still hit with one card (step 2), else position.
    Strike,
    /// The cards equal to the distance are counted (step 3), then position.
    Count,
    /// Position alone (step 4).
    Position,
}

impl Why {
    /// The reason as four small numbers (its kind, then its fields), for
    /// the worker's reply: compact on the wire and in the page's code.
    pub fn code(self) -> [u8; 4] {
        match self {
            Why::Unparryable {
                card,
                count,
                unseen,
            } => [0, card.value(), count, unseen],
            Why::Parryable {
                card,
                count,
                unseen,
            } => [1, card.value(), count, unseen],
            Why::Distance { distance, unseen } => [2, distance, unseen, 0],
            Why::LungeReach { distance } => [3, distance, 0, 0],
            Why::OutOfReach { distance } => [4, distance, 0, 0],
            Why::LastCard { distance, end } => [5, distance, end as u8, 0],
            Why::Parry => [6, 0, 0, 0],
            Why::Escape { distance } => [7, distance, 0, 0],
            Why::Choose => [8, 0, 0, 0],
        }
    }

    /// The reason [`Why::code`] wrote, if `code` is one.
    pub fn from_code(code: [u8; 4]) -> Option<Why> {
        let [kind, a, b, c] = code;
        let card = Card::new(a);
        Some(match kind {
            0 => Why::Unparryable {
                card: card?,
                count: b,
                unseen: c,
            },
            1 => Why::Parryable {
                card: card?,
                count: b,
                unseen: c,
            },
            2 => Why::Distance {
                distance: a,
                unseen: b,
            },
            3 => Why::LungeReach { distance: a },
            4 => Why::OutOfReach { distance: a },
            5 => Why::LastCard {
                distance: a,
                end: [PileEnd::Strike, PileEnd::Count, PileEnd::Position]
                    .get(usize::from(b))
                    .copied()?,
            },
            6 => Why::Parry,
            7 => Why::Escape { distance: a },
            8 => Why::Choose,
            _ => return None,
        })
    }
}

/// The reason for `action`, counted from `obs`.
pub fn reason(obs: &Observation, action: Action) -> Why {
    let unseen = obs.unseen();
    let p = &obs.public();
    let attack = |card: Card, count: u8| {
        let n = unseen.count(card);
        if n < count {
            Why::Unparryable {
                card,
                count,
                unseen: n,
            }
        } else {
            Why::Parryable {
                card,
                count,
                unseen: n,
            }
        }
    };
    let at = |distance: u8, action: Action| {
        if obs.takes_last_card(action) {
            let end = match p.rules {
                r if r.final_strike && r.level == RulesLevel::Basic => PileEnd::Strike,
                r if r.final_count => PileEnd::Count,
                _ => PileEnd::Position,
            };
            return Why::LastCard { distance, end };
        }
        match Card::new(distance) {
            Some(c) => Why::Distance {
                distance,
                unseen: unseen.count(c),
            },
            None if distance <= p.rules.reach() => Why::LungeReach { distance },
            None => Why::OutOfReach { distance },
        }
    };
    match action {
        Action::Attack { card, count } | Action::Lunge { card, count, .. } => attack(card, count),
        Action::Parry => Why::Parry,
        Action::Retreat(c) if p.phase == Phase::Answer => Why::Escape {
            distance: p.distance_after(c, false),
        },
        Action::Advance(c) => at(p.distance_after(c, true), action),
        Action::Retreat(c) => at(p.distance_after(c, false), action),
        Action::Choose(_) | Action::Forfeit => Why::Choose,
    }
}

/// The iterations of a hint's or a verdict's search: the hard level's search
/// with the budget hard itself had before the levels' ladder (its own is in
/// [`Difficulty::budget`](super::Difficulty::budget)), so that the ranking
/// of close actions is steadier than in play.
pub const ITERATIONS: u32 = 48_000;

/// A hint's budget: [`ITERATIONS`], capped at 250 ms so that a hint shows
/// within half a second (the e2e tests report the time from asking to
/// showing, worker start and messages included).
pub fn budget() -> Budget {
    Budget {
        iterations: Some(ITERATIONS),
        time: Some(web_time::Duration::from_millis(250)),
    }
}

/// The best actions for the observing side, best first (at most
/// [`OFFERED`]), with their chances ([`Candidates`]). Giving up the round is
/// never suggested; where some action wins for sure, only sure wins are
/// (each with a chance of 1).
pub fn advise(obs: &Observation, budget: Budget, rng: &mut GameRng) -> Vec<Advice> {
    Candidates::find(obs, budget, rng)
        .ranked
        .into_iter()
        .map(|(action, chance)| Advice {
            action,
            chance,
            reason: reason(obs, action),
        })
        .collect()
}

/// What hints and verdicts are made from, the same way for both so that they
/// agree: a search ranks the actions by visits (half the budget); the first
/// [`OFFERED`] are then each valued by a search of their own (a sixth of the
/// budget each: the whole of it on that one action, as a chess engine
/// searches the move it judges), since an action the ranking visited little
/// has a noisy value, biased low.
struct Candidates {
    search: SearchOpponent,
    /// The candidates with their chances, best first.
    ranked: Vec<(Action, f32)>,
    /// The budget of one candidate's own search.
    each: Budget,
}

impl Candidates {
    /// No candidates yet, for a search of `budget`.
    fn new(budget: Budget) -> Candidates {
        Candidates {
            // The hard level's search (`Difficulty::Hard.opponent()`).
            search: SearchOpponent::new(Makeup::HARD),
            ranked: Vec::new(),
            each: share(budget, 2 * OFFERED as u32),
        }
    }

    fn find(obs: &Observation, budget: Budget, rng: &mut GameRng) -> Candidates {
        let mut candidates = Candidates::new(budget);
        let wins = sure::sure_wins(obs, sure::NODES).unwrap_or_default();
        if !wins.is_empty() {
            candidates.ranked = wins.iter().take(OFFERED).map(|&a| (a, 1.0)).collect();
            return candidates;
        }
        let mut root = candidates
            .search
            .analyse(obs, &[], share(budget, 2), rng)
            .root;
        root.retain(|r| r.0 != Action::Forfeit);
        root.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        if root.len() == 1 {
            candidates.ranked.push((root[0].0, chance(root[0].2)));
        }
        for &(action, _, value) in root.iter().take(OFFERED).filter(|_| root.len() > 1) {
            let own = candidates
                .value_of(obs, action, rng)
                .unwrap_or(chance(value));
            candidates.ranked.push((action, own));
        }
        candidates.ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        candidates
    }

    /// `action`'s chance from a search of its own.
    fn value_of(&mut self, obs: &Observation, action: Action, rng: &mut GameRng) -> Option<f32> {
        self.search
            .analyse_committed(obs, &[], action, self.each, rng)
            .root
            .iter()
            .find(|r| r.0 == action)
            .map(|r| chance(r.2))
    }
}

/// `budget` divided by `parts` (iterations and time alike).
fn share(budget: Budget, parts: u32) -> Budget {
    Budget {
        iterations: budget.iterations.map(|n| (n / parts).max(1)),
        time: budget.time.map(|t| t / parts),
    }
}

/// How much a decision lowered the chance to win the round, in the
/// review's words: like chess sites, three marks by the size of the drop.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The smallest drop of the chance to win the round (0 to 1) that earns
    /// the mark. Wider than the search's noise at the review's budget.
    pub fn threshold(self) -> f32 {
        match self {
            Mark::Inaccuracy => 0.06,
            Mark::Mistake => 0.12,
            Mark::Blunder => 0.25,
        }
    }
}

/// The computer's verdict on one decision, from the deciding side's
/// observation at the time (R9, R10).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// The search's choice.
    pub best: Action,
    /// The chance to win the round before the decision (with the best
    /// action), 0 to 1.
    pub before: f32,
    /// The chance after the action chosen (`None` if the search did not
    /// try it, which the budget makes rare).
    pub after: Option<f32>,
    /// `best` wins the round for sure and the action chosen does not: a
    /// blunder, whatever the chances say.
    #[serde(default)]
    pub missed_sure_win: bool,
}

impl Verdict {
    /// How much the choice lowered the chance (never below 0).
    pub fn drop(&self) -> f32 {
        self.after.map_or(0.0, |a| (self.before - a).max(0.0))
    }

    /// The mark the drop earns, if any; missing a sure win is a blunder.
    pub fn mark(&self) -> Option<Mark> {
        if self.missed_sure_win {
            return Some(Mark::Blunder);
        }
        Mark::ALL
            .into_iter()
            .rev()
            .find(|m| self.drop() >= m.threshold())
    }
}

/// The hard level's search judges `chosen` at `obs`: the best action's
/// chance and the chosen one's, found as for a hint ([`Candidates`]); a
/// chosen action that is not among the candidates is valued by a search of
/// its own like them. Where some action wins for sure, the best is a sure
/// win (the chosen one if it is one), with a chance of 1.
pub fn judge(obs: &Observation, chosen: Action, budget: Budget, rng: &mut GameRng) -> Verdict {
    let wins = sure::sure_wins(obs, sure::NODES).unwrap_or_default();
    if let Some(&first) = wins.first() {
        let missed = !wins.contains(&chosen);
        let after = if missed {
            Candidates::new(budget).value_of(obs, chosen, rng)
        } else {
            Some(1.0)
        };
        return Verdict {
            best: if missed { first } else { chosen },
            before: 1.0,
            after,
            missed_sure_win: missed,
        };
    }
    let mut candidates = Candidates::find(obs, budget, rng);
    let Some(&(best, before)) = candidates.ranked.first() else {
        // No legal action but giving up: nothing to choose.
        return Verdict {
            best: chosen,
            before: 0.5,
            after: Some(0.5),
            missed_sure_win: false,
        };
    };
    if obs.legal_actions().len() < 2 {
        return Verdict {
            best: chosen,
            before,
            after: Some(before),
            missed_sure_win: false,
        };
    }
    let after = match candidates.ranked.iter().find(|c| c.0 == chosen) {
        Some(&(_, chance)) => Some(chance),
        None => candidates.value_of(obs, chosen, rng),
    };
    Verdict {
        best,
        before,
        after: after.map(|a| a.min(before)),
        missed_sure_win: false,
    }
}

/// A search's value for the searcher, -1 to 1, as the chance to win the
/// round, 0 to 1 (a draw counts half).
fn chance(value: f32) -> f32 {
    ((value + 1.0) / 2.0).clamp(0.0, 1.0)
}
