//! Game records, format `engarde/1` (docs/FORMATS.md, game record): reading a record into a
//! match, with errors that say where and what, and writing a match back out.
//!
//! ```
//! let text = r#"{"format": "engarde/1", "rules": "advanced", "rounds": [{"setup": {
//!     "starter": "white",
//!     "hands": {"white": [2, 3, 3, 4, 5], "black": [1, 1, 2, 5, 5]},
//!     "deck": [4, 3, 1, 2, 5, 4, 1, 2, 3, 4, 5, 1, 2, 3, 4]},
//!   "actions": [{"by": "white", "do": "advance", "card": 3},
//!               {"by": "black", "do": "advance", "card": 4}]}]}"#;
//! let err = engarde::record::replay(text, false).unwrap_err();
//! assert_eq!((err.round, err.action), (Some(0), Some(1)));
//! assert!(err.message.contains("does not hold one 4"));
//! ```

/// The English detail of a record's problem (`RecordError::message`), for
/// the command line and the tests. The page says each problem in its own
/// words from [`Problem`], so its WebAssembly builds no detail (and carries
/// none of their text).
macro_rules! detail {
    ($($arg:tt)*) => {{
        #[cfg(not(target_arch = "wasm32"))]
        let detail = format!($($arg)*);
        // The arguments stay used (a closure never called, compiled away).
        #[cfg(target_arch = "wasm32")]
        let detail = {
            let _ = || {
                let _ = format_args!($($arg)*);
            };
            String::new()
        };
        detail
    }};
}

pub mod codec;
pub mod format;
pub mod link;
pub mod parse;
pub mod write;

use std::fmt;

use rand::{Rng, SeedableRng};
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use crate::engine::{Action, BySide, IllegalAction, Match, Phase, Round, Side};
use crate::GameRng;
use format::{ActionRecord, RawRecord, RawRound, SetupRecord, FORMAT};

/// What is wrong with a record, and where: the round and action indexes
/// (0-based), `None` when the error is not inside one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub round: Option<usize>,
    pub action: Option<usize>,
    /// What is wrong, as a value (the page says it in the person's language).
    pub problem: Problem,
    /// What is wrong, in English words (the command line's text).
    pub message: String,
}

/// The kinds of problem a record can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not JSON at all; where the reader stopped (1-based).
    Json { line: usize, column: usize },
    /// A part is missing, unknown, or of the wrong type: which part.
    Shape { field: &'static str },
    /// `format` is not `engarde/1`.
    Format,
    /// The rules are not a known preset or a valid set of options.
    Rules,
    /// No rounds (and no pick awaited).
    NoRounds,
    /// A round's deal is impossible.
    Setup,
    /// An action by the side that is not to act.
    WrongTurn,
    /// An action after the round's end.
    RoundOver,
    /// An action the rules forbid.
    Illegal(IllegalAction),
    /// Longer than [`MAX_RECORD_BYTES`]: refused before it is read.
    TooLong { limit: usize },
    /// More rounds than [`MAX_ROUNDS`].
    TooManyRounds { limit: usize },
    /// A round with more actions than [`MAX_ACTIONS`].
    TooManyActions { limit: usize },
}

/// The longest record read, in bytes of text: a match of [`MAX_ROUNDS`]
/// rounds, written out in full, is well under it.
pub const MAX_RECORD_BYTES: usize = 1_000_000;
/// The most rounds a record may have. Drawn rounds score nothing (R8), so
/// points to win alone does not bound a match; real matches have a few dozen.
pub const MAX_ROUNDS: usize = 200;
/// The most actions a round may have: every action but a pick plays at least
/// one card of a deck of 25 (R1), so a round has far fewer.
pub const MAX_ACTIONS: usize = 100;

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.round, self.action) {
            (Some(r), Some(a)) => write!(f, "round {r}, action {a}: {}", self.message),
            (Some(r), None) => write!(f, "round {r}, setup: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for RecordError {}

/// Where an error is: the round and action indexes.
#[derive(Copy, Clone)]
struct At(Option<usize>, Option<usize>);

impl At {
    /// Makes errors of this place and kind from their English text.
    fn err(self, problem: Problem) -> impl Fn(String) -> RecordError {
        move |message| RecordError {
            round: self.0,
            action: self.1,
            problem,
            message,
        }
    }

    /// A part of the record that does not have the expected shape.
    fn shape(self, field: &'static str) -> impl Fn(String) -> RecordError {
        self.err(Problem::Shape { field })
    }
}

/// One part of a record, read from its raw JSON text.
fn from_raw<T: DeserializeOwned>(v: &RawValue, what: &str) -> Result<T, String> {
    serde_json::from_str(v.get()).map_err(|e| detail!("{what}: {e}"))
}

/// A replayed record: the match as it stands at the record's end, and, when
/// asked for, every state of each round (its setup, then after each action)
/// with the score at that moment.
#[derive(Clone, Debug)]
pub struct Replay {
    pub the_match: Match,
    /// The record's `players` (an extension), if it names them.
    pub players: Option<BySide<String>>,
    pub traces: Vec<Vec<(Round, BySide<u8>)>>,
    /// The record ended with the Choice card turned for the next round, its
    /// pick awaited (an extension): `the_match` stands at that pick.
    pub awaiting_choice: bool,
    /// How many hints the person asked for (an extension; 0 when absent).
    pub hints: u32,
    /// How many times the person took a move back (an extension; 0 when absent).
    pub takebacks: u32,
}

/// Reads and replays a record.
///
/// # Errors
/// The first problem found, with its round and action index: malformed JSON,
/// wrong types or unknown fields, impossible setups, actions by the wrong side,
/// illegal actions (naming the rule broken), rounds after the match's end.
pub fn replay(text: &str, trace: bool) -> Result<Replay, RecordError> {
    replay_with(text, trace, &mut GameRng::seed_from_u64(0))
}

/// [`replay`], shuffling with `rng` the cards of a round whose Choice pick
/// the record ends waiting for (`awaiting_choice`), which are dealt after it.
///
/// # Errors
/// As [`replay`].
pub fn replay_with<R: Rng + ?Sized>(
    text: &str,
    trace: bool,
    rng: &mut R,
) -> Result<Replay, RecordError> {
    let top = At(None, None);
    if text.len() > MAX_RECORD_BYTES {
        return Err(top.err(Problem::TooLong {
            limit: MAX_RECORD_BYTES,
        })(detail!(
            "the record is longer than {MAX_RECORD_BYTES} bytes"
        )));
    }
    let raw: RawRecord = serde_json::from_str(text).map_err(|e| {
        if e.is_data() {
            top.shape("record")(detail!("record: {e}"))
        } else {
            top.err(Problem::Json {
                line: e.line(),
                column: e.column(),
            })(detail!("malformed JSON: {e}"))
        }
    })?;
    if from_raw::<String>(&raw.format, "format").ok().as_deref() != Some(FORMAT) {
        return Err(top.err(Problem::Format)(detail!(
            "unsupported format {}: expected \"{FORMAT}\"",
            raw.format
        )));
    }
    let rules = parse::rules_value(raw.rules.as_deref())
        .map_err(|e| top.err(Problem::Rules)(detail!("rules: {e}")))?;
    let players = match &raw.players {
        None => None,
        Some(v) => {
            from_raw::<Option<BySide<String>>>(v, "players").map_err(top.shape("players"))?
        }
    };
    let awaiting_choice = match &raw.awaiting_choice {
        None => false,
        Some(v) => from_raw::<Option<bool>>(v, "awaiting_choice")
            .map_err(|_| {
                top.shape("awaiting_choice")(detail!(
                    "awaiting_choice: expected true or false, not {v}"
                ))
            })?
            .unwrap_or(false),
    };
    let count = |v: &Option<Box<RawValue>>, field: &'static str| match v {
        None => Ok(0),
        Some(v) => from_raw::<Option<u32>>(v, field)
            .map(Option::unwrap_or_default)
            .map_err(|_| top.shape(field)(detail!("{field}: expected a count, not {v}"))),
    };
    let hints = count(&raw.hints, "hints")?;
    let takebacks = count(&raw.takebacks, "takebacks")?;
    if raw.rounds.is_empty() && awaiting_choice {
        // Saved before the first round's pick: nothing else has happened.
        let game = Match::new_with_choice(rules, Side::White, rng)
            .map_err(|e| top.err(Problem::Rules)(detail!("awaiting_choice: {e}")))?;
        return Ok(Replay {
            the_match: game,
            players,
            traces: Vec::new(),
            awaiting_choice,
            hints,
            takebacks,
        });
    }
    if raw.rounds.is_empty() {
        return Err(top.err(Problem::NoRounds)(
            "a record needs at least one round".into(),
        ));
    }
    if raw.rounds.len() > MAX_ROUNDS {
        return Err(top.err(Problem::TooManyRounds { limit: MAX_ROUNDS })(
            detail!("the record has more than {MAX_ROUNDS} rounds"),
        ));
    }
    let mut game: Option<Match> = None;
    let mut traces = Vec::new();
    for (r, round) in raw.rounds.iter().enumerate() {
        let here = At(Some(r), None);
        let RawRound { setup, actions } = from_raw(round, "round").map_err(here.shape("round"))?;
        if actions.len() > MAX_ACTIONS {
            return Err(here.err(Problem::TooManyActions { limit: MAX_ACTIONS })(
                detail!("the round has more than {MAX_ACTIONS} actions"),
            ));
        }
        let setup: SetupRecord = from_raw(&setup, "setup").map_err(here.shape("setup"))?;
        let (starter, score) = game.as_ref().map_or((Side::White, BySide::default()), |m| {
            (m.next_starter(), m.score())
        });
        let bad_setup = here.err(Problem::Setup);
        let setup = parse::setup(rules, &setup, starter, score).map_err(&bad_setup)?;
        match game.as_mut() {
            None => game = Some(Match::from_setup(&setup).map_err(|e| bad_setup(detail!("{e}")))?),
            Some(m) => m
                .start_round(&setup)
                .map_err(|e| bad_setup(detail!("{e}")))?,
        }
        let m = game.as_mut().expect("set just above");
        let mut states = Vec::new();
        if trace {
            states.push((*m.round(), m.score()));
        }
        for (i, value) in actions.iter().enumerate() {
            let here = At(Some(r), Some(i));
            let record: ActionRecord = from_raw(value, "action").map_err(here.shape("action"))?;
            let (by, action) = parse::action(&record).map_err(here.shape("action"))?;
            let by = by.ok_or_else(|| here.shape("by")("the action has no \"by\" field".into()))?;
            check_actor(m.round(), by, &record).map_err(|(p, e)| here.err(p)(e))?;
            m.play(action).map_err(|e| {
                let problem = match e {
                    IllegalAction::RoundOver => Problem::RoundOver,
                    _ => Problem::Illegal(e),
                };
                here.err(problem)(detail!("{e}"))
            })?;
            if trace {
                states.push((*m.round(), m.score()));
            }
        }
        traces.push(states);
    }
    let mut game = game.expect("at least one round");
    if awaiting_choice {
        game.start_choice_round(rng)
            .map_err(|e| top.err(Problem::Rules)(detail!("awaiting_choice: {e}")))?;
    }
    Ok(Replay {
        the_match: game,
        players,
        traces,
        awaiting_choice,
        hints,
        takebacks,
    })
}

/// `by` must be the side to act; a parry that repeats `card`/`count` must match
/// the pending attack.
fn check_actor(round: &Round, by: Side, record: &ActionRecord) -> Result<(), (Problem, String)> {
    let p = round.public();
    if round.is_over() {
        let why = p.result.map_or("", |r| r.reason.name());
        return Err((
            Problem::RoundOver,
            detail!("the round is over ({why}): no further action"),
        ));
    }
    if by != p.to_act {
        return Err((
            Problem::WrongTurn,
            detail!(
                "{by} cannot act now: {} is to {}",
                p.to_act,
                match p.phase {
                    Phase::Answer => "answer the attack",
                    Phase::Choose => "pick the special card",
                    _ => "play a turn",
                }
            ),
        ));
    }
    if let (Some(pending), "parry") = (p.pending, record.act.as_str()) {
        let card_ok = record.card.is_none_or(|c| c == pending.card.value());
        let count_ok = record.count.is_none_or(|n| n == pending.count);
        if !(card_ok && count_ok) {
            return Err((
                Problem::Shape { field: "action" },
                detail!(
                    "the parry must match the pending {} of {} × {} (R17)",
                    pending.kind.name(),
                    pending.count,
                    pending.card
                ),
            ));
        }
    }
    Ok(())
}

/// The legal actions at the end of a replayed record, with `by`.
pub fn legal(game: &Match) -> Vec<ActionRecord> {
    let round = game.round();
    round
        .legal_actions()
        .iter()
        .map(|&a: &Action| write::action(Some(round.to_act()), a))
        .collect()
}
