//! One owner per match: of the page's tabs (windows, the installed app), the
//! one that opened last holds the match. The shell (web/loading.js) names
//! each tab and claims the match for it as it opens; a tab that hears
//! another claim (the `storage` event) says the match goes on elsewhere,
//! with "Continue here", which claims it back and reloads onto the save.
//! Here: only the holder saves, and history entries this tab added are
//! handed to the shell, which adds them again should another tab's write
//! drop one.

use crate::ui::play::save::OWNER_KEY;
use crate::ui::storage;

/// This tab's name, given by the shell (`window.engardeTab`).
fn tab() -> Option<String> {
    crate::ui::shell::value("engardeTab")?.as_string()
}

/// Whether this tab may save the match: it holds it, or no tab does.
pub(crate) fn owns() -> bool {
    match (storage::get(OWNER_KEY), tab()) {
        (Some(owner), Some(tab)) => owner == tab,
        _ => true,
    }
}

/// A history line this tab wrote, for the shell to keep (it adds the line
/// again should another tab's write drop it).
pub(crate) fn wrote_history(line: &str) {
    crate::ui::shell::call("engardeWroteHistory", &[line.into()]);
}
