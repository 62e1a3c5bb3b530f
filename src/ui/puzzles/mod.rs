//! Puzzles on the page: a position of the shipped set
//! (`puzzles.json`, fetched when puzzles are first opened), the person's
//! action judged against its proof, then the round played out or the world
//! that refutes the action, and the person's practice (rating, streak) kept.
//! The logic is here, natively tested; `view` only shows it.

mod board;
pub(crate) mod store;
pub(crate) mod view;
mod words;

use rand::SeedableRng;

use crate::ai::advice::Mark;
use crate::engine::{Action, Card, Hand, Match, Observation, Point, Round, Side};
use crate::puzzle::file::PuzzleRecord;
use crate::puzzle::play;
use crate::puzzle::practice::{self, Practice, KEEP};
use crate::puzzle::Theme;
use crate::record::parse;
use crate::GameRng;

/// The most bytes a puzzle set may have (the shipped one has about 415 kB):
/// a larger file is refused before it is read.
pub const MAX_SET_BYTES: usize = 4_000_000;

/// Why no puzzle can be shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetProblem {
    /// The file could not be fetched (offline before a first visit).
    Unavailable,
    /// The file holds no readable puzzle.
    Unreadable,
}

/// The puzzle set from its file: the puzzles that read (one that does not
/// is left out, not the set).
///
/// # Errors
/// A file over [`MAX_SET_BYTES`], not a list, or without a readable puzzle.
pub fn read_set(text: &str) -> Result<Vec<PuzzleRecord>, SetProblem> {
    if text.len() > MAX_SET_BYTES {
        return Err(SetProblem::Unreadable);
    }
    let items: Vec<&serde_json::value::RawValue> =
        serde_json::from_str(text).map_err(|_| SetProblem::Unreadable)?;
    let set: Vec<PuzzleRecord> = items
        .into_iter()
        .filter_map(|v| serde_json::from_str(v.get()).ok())
        .collect();
    if set.is_empty() {
        return Err(SetProblem::Unreadable);
    }
    Ok(set)
}

/// Every theme, in the order the filter offers them.
pub const THEMES: [Theme; 7] = [
    Theme::Hit,
    Theme::Count,
    Theme::Parry,
    Theme::Lunge,
    Theme::Escape,
    Theme::EndOfPile,
    Theme::SpecialCard,
];

/// A practice as kept, or a fresh one if what is kept is not a practice
/// (garbage in storage: a rating that is not a number in range, too many
/// attempts).
pub fn checked(practice: Option<Practice>) -> Practice {
    practice
        .filter(|p| {
            let sane = |x: f64, lo: f64, hi: f64| x.is_finite() && (lo..=hi).contains(&x);
            sane(p.rating, 0.0, 5000.0)
                && sane(p.deviation, 0.0, 1000.0)
                && sane(p.volatility, 0.0, 1.0)
                && p.attempts.len() <= KEEP
        })
        .unwrap_or_default()
}

/// Which puzzles are drawn from: the shipped set (of one theme, or all),
/// or the person's own mistakes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Filter {
    Theme(Option<Theme>),
    Mistakes,
}

/// The most puzzles kept from the person's own matches ("Your mistakes");
/// the oldest goes first.
pub const MAX_MISTAKES: usize = 50;

/// The proof's depth for a person's own position: the shipped set's (the
/// answer and one more decision).
const DEPTH: u8 = 2;

/// Whether a decision may be offered as a puzzle ("Practise this"): a
/// mistake or a blunder, near the round's end (three cards or fewer to
/// draw, where the prover can list every hidden state), with a choice.
pub fn may_practise(seen: &Observation, mark: Option<Mark>) -> bool {
    matches!(mark, Some(Mark::Mistake | Mark::Blunder))
        && seen.pile_len() <= 3
        && seen.legal_actions().len() > 1
}

/// What "Practise this" did with a decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Practised {
    /// Proven a puzzle and kept in "Your mistakes".
    Kept,
    /// It is kept already.
    AlreadyKept,
    /// No single action wins there for sure: not a puzzle.
    NotAPuzzle,
}

/// "Practise this": `side`'s decision at `at` in `game` as a puzzle, kept
/// in `mistakes` when the prover makes it one.
pub fn practise(
    game: &Match,
    at: Point,
    side: Side,
    mistakes: &mut Vec<PuzzleRecord>,
) -> Practised {
    // A Choice pick's round would be dealt afresh: no such decision here.
    let rewound = at
        .action
        .and_then(|_| game.rewound(at, &mut GameRng::seed_from_u64(0)));
    let Some(found) = rewound.and_then(|m| practice::practise(&m, side, DEPTH)) else {
        return Practised::NotAPuzzle;
    };
    let record = PuzzleRecord::of(String::new(), &found, Vec::new(), 0);
    if mistakes
        .iter()
        .any(|m| m.code == record.code && m.side == record.side)
    {
        return Practised::AlreadyKept;
    }
    // The link code ends with its checksum: a name for the position.
    let id = format!(
        "mine-{}",
        &record.code[record.code.len().saturating_sub(6)..]
    );
    mistakes.push(PuzzleRecord { id, ..record });
    if mistakes.len() > MAX_MISTAKES {
        mistakes.remove(0);
    }
    Practised::Kept
}

/// One puzzle in play: its match at the position, the person's side, and
/// the answer (all read from its record, by which it compares).
#[derive(Clone, Debug)]
pub struct Puzzle {
    pub record: PuzzleRecord,
    pub the_match: Match,
    pub side: Side,
    pub answer: Action,
}

impl PartialEq for Puzzle {
    fn eq(&self, other: &Self) -> bool {
        self.record == other.record
    }
}

/// A line of actions, each with who played it.
pub type Line = Vec<(Side, Action)>;

/// The person's action, judged.
#[derive(Clone, Debug, PartialEq)]
pub enum Tried {
    /// The answer: the rest of the round played out, and the round at its
    /// end (won).
    Right { line: Line, end: Round },
    /// Another action, and the world that refutes it.
    Wrong(Refuted),
}

/// A world in which the person's action does not win for sure: the
/// opponent's hand and the draw pile there, what happens after the action,
/// and the round after that (over, or no longer a sure win).
#[derive(Clone, Debug, PartialEq)]
pub struct Refuted {
    pub hand: Hand,
    pub pile: Vec<Card>,
    pub line: Line,
    pub end: Round,
}

/// `actions` played from `round` on, each with who played it.
fn played(round: &Round, actions: impl IntoIterator<Item = Action>) -> Option<(Line, Round)> {
    let mut state = *round;
    let mut line = Vec::new();
    for a in actions {
        let by = state.to_act();
        state.play(a).ok()?;
        line.push((by, a));
    }
    Some((line, state))
}

impl Puzzle {
    /// The puzzle `record` sets, if it reads.
    pub fn of(record: &PuzzleRecord) -> Option<Puzzle> {
        let (game, side, answer) = record.position().ok()?;
        (game.round().to_act() == side && game.round().result().is_none()).then(|| Puzzle {
            record: record.clone(),
            the_match: game,
            side,
            answer,
        })
    }

    pub fn round(&self) -> &Round {
        self.the_match.round()
    }

    /// The round's actions before the position, each with who played it.
    pub fn before(&self) -> Line {
        self.the_match
            .round_history()
            .iter()
            .map(|p| (p.before.to_act(), p.action))
            .collect()
    }

    /// The edition, if the rules are one.
    pub fn preset(&self) -> Option<crate::engine::Preset> {
        crate::engine::Preset::ALL
            .into_iter()
            .find(|p| p.rules() == self.the_match.rules())
    }

    /// The person's choices: every legal action at the position.
    pub fn actions(&self) -> Vec<Action> {
        self.the_match
            .observation(self.side)
            .legal_actions()
            .to_vec()
    }

    /// Judges `action`: the answer is played out (the opponent's most
    /// stubborn defence); another action meets its refutation's world.
    /// `None` for an action that is not a choice here, or a puzzle whose
    /// proof data does not hold.
    pub fn try_action(&self, action: Action) -> Option<Tried> {
        if action == self.answer {
            let actions = play::play_out(self.round(), self.side, action, self.record.depth)?;
            let (line, end) = played(self.round(), actions)?;
            return Some(Tried::Right { line, end });
        }
        let refutation = self
            .record
            .refutations
            .iter()
            .find(|r| parse::action(&r.action).is_ok_and(|(_, a)| a == action))?;
        let cards = |v: &[u8]| -> Vec<Card> { v.iter().filter_map(|&v| Card::new(v)).collect() };
        let hand = Hand::from_cards(cards(&refutation.opponent_hand));
        let pile = cards(&refutation.pile);
        let world = play::world(&self.the_match.observation(self.side), hand, &pile)?;
        let replies = refutation
            .replies
            .iter()
            .map(|r| parse::action(r).map(|(_, a)| a).ok())
            .collect::<Option<Vec<Action>>>()?;
        let (line, end) = played(&world, std::iter::once(action).chain(replies))?;
        Some(Tried::Wrong(Refuted {
            hand,
            pile,
            line,
            end,
        }))
    }
}
