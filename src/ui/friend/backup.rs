//! A backup file of the friend matches kept here: written from them all,
//! and read back with every proof checked before anything of it is kept.

use serde::{Deserialize, Serialize};

use super::arrival::Problem;
use super::results::Kept;
use super::store::{key, list, load, note_waiting, set_kept};
use crate::friend::game::FriendMatch;

/// A backup file: every kept match.
#[derive(Serialize, Deserialize)]
struct Backup {
    engarde_friend_backup: u32,
    matches: Vec<Kept>,
}

/// The backup file's text.
pub fn backup() -> String {
    serde_json::to_string_pretty(&Backup {
        engarde_friend_backup: 1,
        matches: list(),
    })
    .unwrap_or_default()
}

/// The matches of a backup file, each rebuilt from its journal with every
/// proof checked, as if each message came now (the file is not this
/// page's own storage). A match of a retired construction is never played
/// on, so nothing in it is trusted beyond being shown and exported: it is
/// taken as the file gives it (its journal, its line, the record kept
/// beside it), read-only, its id read from its journal where it reads.
///
/// # Errors
/// [`Problem::BackupUnreadable`] for a file that is no backup or holds no
/// match; [`Problem::BackupUnchecked`] when any match of the current
/// construction does not check out (nothing of the file is taken).
pub fn read_backup(text: &str) -> Result<Vec<Kept>, Problem> {
    let backup: Backup = serde_json::from_str(text).map_err(|_| Problem::BackupUnreadable)?;
    if backup.matches.is_empty() {
        return Err(Problem::BackupUnreadable);
    }
    backup
        .matches
        .into_iter()
        .map(|k| {
            if !k.journal.secrets.is_current() {
                let id = k.journal.match_id().map(|id| id.to_string());
                return Ok(Kept {
                    summary: super::Summary {
                        id: id.unwrap_or(k.summary.id),
                        ..k.summary
                    },
                    restored: false,
                    ..k
                });
            }
            let m =
                FriendMatch::restore_checked(&k.journal).map_err(|_| Problem::BackupUnchecked)?;
            let mut kept = Kept::of(&m);
            kept.summary.last = k.summary.last;
            Ok(kept)
        })
        .collect()
}

/// What a backup file changes here, given what is kept (`kept`, by id):
/// each of its matches ([`read_backup`]) replaces the kept match of its id
/// only when its seed and beginning are the same and its journal goes on
/// from the kept one's. Returns the matches to write, marked restored (a
/// restored seat must be the only copy in play), and how many the file
/// holds.
///
/// # Errors
/// As [`read_backup`]; [`Problem::BackupForeign`] for a match with a kept
/// one's id and another seed or beginning, [`Problem::BackupBehind`] for
/// one behind the kept one or gone another way: then nothing is written.
pub fn backup_plan(
    text: &str,
    kept: impl Fn(&str) -> Option<Kept>,
) -> Result<(Vec<Kept>, usize), Problem> {
    let all = read_backup(text)?;
    let n = all.len();
    let mut write = Vec::new();
    for mut from_file in all {
        match kept(&from_file.summary.id) {
            Some(old)
                if old.journal.seed != from_file.journal.seed
                    || old.journal.begun != from_file.journal.begun =>
            {
                return Err(Problem::BackupForeign);
            }
            Some(old) if !from_file.journal.steps.starts_with(&old.journal.steps) => {
                return Err(Problem::BackupBehind);
            }
            Some(old) if old.journal.steps.len() == from_file.journal.steps.len() => {}
            _ => {
                from_file.restored = true;
                write.push(from_file);
            }
        }
    }
    Ok((write, n))
}

/// Keeps the matches of a backup file as [`backup_plan`] says; how many it
/// holds.
///
/// # Errors
/// As [`backup_plan`], or the browser refuses.
pub fn restore_backup(text: &str) -> Result<usize, Problem> {
    let (write, n) = backup_plan(text, load)?;
    for kept in write {
        let text = serde_json::to_string(&kept).map_err(|_| Problem::StorageRefused)?;
        set_kept(&key(&kept.summary.id), &text).map_err(|_| Problem::StorageRefused)?;
    }
    note_waiting();
    Ok(n)
}
