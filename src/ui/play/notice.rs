//! What reaches the person when something goes wrong or is done: values,
//! said in their language by the catalog (`i18n`), never text.

use crate::engine::{Action, IllegalAction, RulesError};
use crate::record::RecordError;

/// What the page's own steps with a record can fail with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// A save or an imported file that does not read as a record.
    Record(RecordError),
    /// No file was chosen.
    NoFile,
    /// The chosen file could not be read as text.
    Unreadable,
}

/// A message for the person, said in their language by the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The saved match could not be read; it was set aside.
    SaveUnreadable(RecordProblem),
    /// An imported file was refused.
    ImportFailed(RecordProblem),
    /// A record was imported: its number of rounds.
    Imported(usize),
    /// The opponent's worker did not answer; the page played for it.
    WorkerFailed,
    /// The engine refused the computer's move; the card counter's was played.
    ComputerRefused,
    /// A hint did not come within its time; it can be asked again.
    HintLate,
    /// A shared link longer than the cap: refused before it is read.
    LinkTooLong,
    /// The remembered settings' rules do not work: the defaults play.
    SettingsInvalid(RulesError),
    /// The engine refused an action (a stale control, say): nothing changed.
    Refused(Action, IllegalAction),
    /// The browser did not save the exported file.
    DownloadFailed,
    /// The browser refused to store something (full, or a private window):
    /// the match goes on, kept in the page only.
    StorageFailed,
    /// A shared link could not be opened: what is wrong with it, as the
    /// extras said it (they read links; the page's first load does not).
    Link(String),
    /// The record was copied to the clipboard.
    Copied,
    /// The clipboard refused the record.
    CopyFailed,
}
