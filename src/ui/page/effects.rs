//! The page's state as the browser keeps it: each effect follows a part of
//! [`Page`] and writes it to storage, or sends the record out, when it
//! changes. Callbacks only dispatch; nothing here decides.

use yew::prelude::*;

use crate::ui::match_state::GameAction;
use crate::ui::play::notice::Notice;
use crate::ui::settings::store::{save_names, save_settings};
use crate::ui::shell::{later, share};
use crate::ui::storage;

use super::page_state::{Mode, Page, PageAction, Reveal};

/// The remembered settings and names, the start screen left, the shared
/// link's fragment once the page it opened (its review, or the start screen
/// saying what is wrong) is left.
#[hook]
pub(crate) fn use_remembered(page: &Page) {
    // (As the page opens, they are what was just read: written again after
    // the first screen.)
    use_effect_with(page.settings, |&s| later(move || save_settings(s)));
    use_effect_with(page.names.clone(), |n| {
        let n = n.clone();
        later(move || save_names(&n));
    });
    use_effect_with(page.welcomed, |&welcomed| {
        if welcomed {
            storage::welcomed();
        }
    });
    // Only a link the page opened from: a fragment set later (a link
    // pasted into this tab) is for the reload that follows it.
    use_effect_with(
        (page.from_link, page.mode == Mode::Table),
        |&(link, table)| {
            if link && table {
                share::clear_fragment();
            }
        },
    );
}

/// Exports or copies the record once asked (and confirmed); a refusal is
/// said as a notice.
#[hook]
pub(crate) fn use_outgoing(page: &Page, dispatch: &Callback<PageAction>) {
    let (game, dispatch) = (page.game.clone(), dispatch.clone());
    use_effect_with(page.outgoing, move |out| {
        let Some((_, what)) = *out else {
            return;
        };
        let text = game.save_text();
        let said = move |n: Notice| dispatch.emit(PageAction::Game(GameAction::Notice(Some(n))));
        match what {
            Reveal::Export => {
                if crate::ui::storage::files::download("engarde-match.json", &text).is_err() {
                    said(Notice::DownloadFailed);
                }
            }
            Reveal::Copy => yew::platform::spawn_local(async move {
                said(match share::copy(&text).await {
                    Ok(()) => Notice::Copied,
                    Err(_) => Notice::CopyFailed,
                });
            }),
        }
    });
}
