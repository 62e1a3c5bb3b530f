//! What the page asks of the match: the person's clicks, the computer's
//! answers, and where the match stands when they were asked.

use crate::ai::advice::Advice;
use crate::engine::{Action, BySide, Card};

use crate::ui::play::notice::Notice;
use crate::ui::play::save::{Loaded, Settings};
use crate::ui::play::selection::Target;

/// Where the match stands: changes with every match, round and action, and
/// when a round begins with the Choice pick (S4), which is not yet a listed
/// round. A computer answer for an older position is recognised and dropped,
/// and the page's effects (the computer's turn, the save) run on each change.
pub(crate) type Moment = (u32, usize, usize, bool);

pub enum GameAction {
    New(Settings, u64),
    /// A match between two people on one device, with their names.
    NewPeople(Settings, BySide<String>, u64),
    /// The next player holds the device: the privacy screen goes.
    HandOver,
    Load(Box<Loaded>, u64, Option<Notice>),
    Pick(Card),
    Target(Target),
    Cancel,
    /// The person's action (from the action bar).
    Play(Action),
    /// The computer's answer for the moment it was asked at.
    Computer(Action, Moment),
    /// The worker did not answer for this moment: the card counter decides
    /// on the page, and the person is told.
    ComputerFallback(Moment),
    NextRound,
    Notice(Option<Notice>),
    /// The person asks for a hint (on their turn).
    AskHint,
    /// The search's hint for the moment it was asked at.
    Hint(Vec<Advice>, Moment),
    /// The hint asked at this moment did not come in time.
    HintLate(Moment),
    /// Back to the person's previous decision (undoing the computer's reply).
    TakeBack,
}
