//! The rules of En Garde (docs/RULES.md), and nothing else: no search, no I/O.

mod action;
mod card;
mod error;
mod legal;
mod match_play;
mod observation;
mod round;
mod rules;
mod setup;

pub use action::{Action, ActionList, AttackKind, Pending, MAX_ACTIONS};
pub use card::{
    BySide, Card, DrawPile, Hand, Side, Square, CENTRE_SQUARE, FIRST_SQUARE, LAST_SQUARE,
};
pub use error::IllegalAction;
pub use match_play::{Match, MatchError, Point, RoundLog};
pub use observation::{HistoryError, Observation, ObservationError, PastAction};
pub use round::{squares_behind, Phase, PublicState, Reason, Round, RoundResult};
pub use rules::{Preset, Rules, RulesError, RulesLevel, Special, StarterRule};
pub use setup::{PublicError, PublicParts, RoundSetup, SetupError};
