//! Reviewing a match: every state of the table, action by action, with all
//! cards face up, and the computer's verdict on each of the person's
//! decisions, judged from what the person could see then (R9, R10).
//! Pure here; `view` is the page, `graph` the chance across the match.

pub(crate) mod analysis;
pub(crate) mod graph;
pub mod model;
pub(crate) mod practise_this;
pub(crate) mod sharing;
pub(crate) mod stepper;
pub(crate) mod view;

use rand::SeedableRng;

use crate::ai::advice::Verdict;
use crate::ai::Difficulty;
use crate::engine::{Action, BySide, Match, Observation, Point, Round, Side, Special};
use crate::record::replay;
use crate::GameRng;

use super::i18n::Texts;
use crate::ui::play::save::{self, Help};
use crate::ui::play::seats::{Seats, Who};

/// A match to review, with who played it.
#[derive(Clone, Debug)]
pub struct Reviewed {
    pub the_match: Match,
    pub human: Side,
    pub level: Difficulty,
    pub help: Help,
    /// Two people played it on one device: their names.
    pub people: Option<BySide<String>>,
    /// Opened from a shared link: whoever looks may not be who played, so
    /// the player is named by their side, never "you".
    pub shared: bool,
}

impl From<save::Loaded> for Reviewed {
    fn from(l: save::Loaded) -> Reviewed {
        Reviewed {
            the_match: l.the_match,
            human: l.human,
            level: l.level,
            help: l.help,
            people: l.people,
            shared: false,
        }
    }
}

/// No names: each side is called by its colour.
static NO_NAMES: BySide<String> = BySide {
    white: String::new(),
    black: String::new(),
};

impl PartialEq for Reviewed {
    fn eq(&self, other: &Self) -> bool {
        self.code() == other.code()
    }
}

/// One state of the table: after the deal (`played: None`) or an action.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct ReviewStep {
    /// The round's index, from 0.
    pub round: usize,
    /// Actions played in the round so far.
    pub actions: usize,
    pub table: Round,
    pub score: BySide<u8>,
    pub played: Option<(Side, Action)>,
    /// The action before it in the round (how a parry is said).
    pub before: Option<Action>,
}

/// A decision of the person: what they saw and chose, and the step that
/// shows its result.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub at: Point,
    pub seen: Observation,
    pub chosen: Action,
    pub step: usize,
}

impl Reviewed {
    /// The match with who played it.
    fn seated(&self) -> save::Seated<'_> {
        save::Seated {
            the_match: &self.the_match,
            human: self.human,
            level: self.level,
            help: self.help,
            people: self.people.as_ref(),
        }
    }

    /// The match's link code (its name, too: see `history`), with the
    /// people's names if two people played it.
    pub fn code(&self) -> String {
        self.seated().code()
    }

    /// The match's record, as exported.
    pub fn text(&self) -> String {
        self.seated().text()
    }

    /// How the review's sentences name the players: two people by their
    /// names; a shared match's player by their side (and the computer as
    /// such only above its hand); else "you" and the computer.
    pub fn seats(&self) -> Seats<'_> {
        match (&self.people, self.shared) {
            (Some(names), _) => Seats::People(names),
            (None, true) => Seats::People(&NO_NAMES),
            (None, false) => Seats::Computer { human: self.human },
        }
    }

    /// The names the table's components take (`Seats::of`): the people's,
    /// no names for a shared match (each side by its colour), else none.
    pub fn names(&self) -> Option<BySide<String>> {
        match self.seats() {
            Seats::People(names) => Some(names.clone()),
            Seats::Computer { .. } => None,
        }
    }

    /// Whose decisions are judged, when not the person's own: their name
    /// (else their side).
    pub fn player<'a>(&'a self, t: &Texts) -> Option<&'a str> {
        match self.seats().who(self.human) {
            Who::Person { name: "", side } => Some(t.side(side)),
            Who::Person { name, .. } => Some(name),
            Who::You | Who::Computer => None,
        }
    }

    /// Every state of the table, round by round.
    pub fn steps(&self) -> Vec<ReviewStep> {
        let text = save::save_text(&self.the_match, self.human, self.level, self.help);
        let Ok(replayed) = replay(&text, true) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (r, (states, log)) in replayed
            .traces
            .iter()
            .zip(self.the_match.rounds())
            .enumerate()
        {
            for (i, &(table, score)) in states.iter().enumerate() {
                let at = |k: usize| log.actions.get(k).copied();
                out.push(ReviewStep {
                    round: r,
                    actions: i,
                    table,
                    score,
                    played: i.checked_sub(1).and_then(at),
                    before: i.checked_sub(2).and_then(at).map(|(_, a)| a),
                });
            }
        }
        out
    }

    /// The index of round `round`'s first step (its deal).
    pub(crate) fn round_start(steps: &[ReviewStep], round: usize) -> usize {
        steps.iter().position(|s| s.round == round).unwrap_or(0)
    }

    /// The person's decisions, in order, each with their observation then;
    /// one pass over the match (a long match is not replayed per decision).
    pub fn decisions(&self, steps: &[ReviewStep]) -> Vec<Decision> {
        // A Choice pick's observation holds no cards, so the shuffle is moot.
        let mut rng = GameRng::seed_from_u64(0);
        let rounds = self.the_match.rounds();
        // Each round's steps are its deal and then one per action.
        let mut starts = Vec::new();
        for (i, s) in steps.iter().enumerate() {
            if s.actions == 0 {
                starts.push(i);
            }
        }
        self.the_match
            .decisions_seen(self.human, &mut rng)
            .into_iter()
            .filter_map(|(at, seen)| {
                let log = rounds.get(at.round)?;
                let (chosen, shown) = match at.action {
                    Some(i) => (log.actions.get(i)?.1, i + 1),
                    None => (
                        Action::Choose(log.setup.special.unwrap_or(Special::Choice)),
                        0,
                    ),
                };
                let step = starts.get(at.round)? + shown;
                let shows = steps.get(step)?;
                (shows.round == at.round && shows.actions == shown).then_some(Decision {
                    at,
                    seen,
                    chosen,
                    step,
                })
            })
            .collect()
    }
}

/// How far the analysis is: a verdict per decision, as they come.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    pub verdicts: Vec<Option<Verdict>>,
    pub running: bool,
    /// The last run stopped as a verdict did not come in time.
    pub late: bool,
}

impl Analysis {
    pub fn done(&self) -> usize {
        self.verdicts.iter().flatten().count()
    }

    pub fn complete(&self) -> bool {
        !self.verdicts.is_empty() && self.verdicts.iter().all(Option::is_some)
    }
}
