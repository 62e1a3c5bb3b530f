//! Notices and what is wrong with a record or a link, in words: every
//! error that reaches the person is a value (`Notice`, `RecordProblem`,
//! the record reader's `Problem`) said here.

use crate::engine::{IllegalAction, RulesError};
use crate::record::link::LinkError;
use crate::record::Problem;
use crate::ui::play::notice::{Notice, RecordProblem};
use crate::ui::play::save::CodeProblem;

use crate::ui::i18n::{fill, plural, Texts};

impl Texts {
    /// A count message (`{n}`) in the form its count takes.
    pub fn count(&self, forms: [&str; 2], n: usize) -> String {
        fill(forms[plural(self.code, n)], &[("n", &n)])
    }

    /// A notice for the person.
    pub fn notice(&self, notice: &Notice) -> String {
        match notice {
            Notice::SaveUnreadable(p) => {
                fill(self.save_unreadable, &[("why", &self.record_problem(p))])
            }
            Notice::ImportFailed(p) => {
                fill(self.import_failed, &[("why", &self.record_problem(p))])
            }
            Notice::Imported(n) => self.count(self.imported, *n),
            Notice::WorkerFailed => self.worker_failed.into(),
            Notice::ComputerRefused => self.computer_refused.into(),
            Notice::HintLate => self.hint_late.into(),
            Notice::LinkTooLong => {
                self.count(self.link_too_long, crate::record::link::MAX_CODE_CHARS)
            }
            Notice::SettingsInvalid(e) => {
                let why = match e {
                    RulesError::PointsToWin(n) => fill(self.bad_points, &[("n", n)]),
                };
                fill(self.settings_invalid, &[("why", &why)])
            }
            Notice::Refused(action, why) => {
                let pending = match *why {
                    IllegalAction::MustAnswer { pending, .. }
                    | IllegalAction::CannotParry { pending, .. } => Some(pending),
                    _ => None,
                };
                let what = fill(self.refused, &[("action", &self.action(*action, pending))]);
                format!("{what} {}", self.refusal(*why))
            }
            Notice::DownloadFailed => self.download_failed.into(),
            Notice::StorageFailed => self.storage_failed.into(),
            Notice::Link(said) => said.clone(),
            Notice::Copied => self.copied.into(),
            Notice::CopyFailed => self.copy_failed.into(),
        }
    }

    /// What is wrong with a record, and where, in words.
    pub(crate) fn record_problem(&self, problem: &RecordProblem) -> String {
        let e = match problem {
            RecordProblem::NoFile => return self.file_missing.into(),
            RecordProblem::Unreadable => return self.file_unreadable.into(),
            RecordProblem::Record(e) => e,
        };
        let what = match e.problem {
            Problem::Json { line, column } => {
                fill(self.bad_json, &[("line", &line), ("column", &column)])
            }
            Problem::Shape { field } => fill(self.bad_shape, &[("field", &field)]),
            Problem::Format => self.bad_format.into(),
            Problem::Rules => self.bad_rules.into(),
            Problem::NoRounds => self.no_rounds.into(),
            Problem::Setup => self.bad_setup.into(),
            Problem::WrongTurn => self.wrong_turn.into(),
            Problem::RoundOver => self.round_over.into(),
            Problem::Illegal(_) => self.illegal.into(),
            Problem::TooLong { limit } => self.count(self.record_too_long, limit),
            Problem::TooManyRounds { limit } => self.count(self.too_many_rounds, limit),
            Problem::TooManyActions { limit } => self.count(self.too_many_actions, limit),
        };
        match (e.round, e.action) {
            (Some(r), Some(a)) => fill(
                self.at_action,
                &[("round", &(r + 1)), ("n", &(a + 1)), ("problem", &what)],
            ),
            (Some(r), None) => fill(self.at_setup, &[("round", &(r + 1)), ("problem", &what)]),
            _ => what,
        }
    }

    /// Why a shared link does not open: the link, or the record it holds.
    pub(crate) fn code_problem(&self, problem: &CodeProblem) -> String {
        match problem {
            CodeProblem::Link(e) => self.link_error(*e),
            CodeProblem::Record(e) => fill(
                self.link_record,
                &[(
                    "why",
                    &self.record_problem(&RecordProblem::Record(e.clone())),
                )],
            ),
        }
    }

    fn link_error(&self, e: LinkError) -> String {
        match e {
            LinkError::Empty => self.link_empty.into(),
            LinkError::Character(n) => fill(self.link_character, &[("n", &(n + 1))]),
            LinkError::Version(_) => self.link_version.into(),
            LinkError::Damaged => self.link_damaged.into(),
            LinkError::Content(n) => fill(self.link_content, &[("n", &n)]),
            LinkError::TooLong { limit } => self.count(self.link_too_long, limit),
        }
    }
}
