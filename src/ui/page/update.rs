//! The banner of a new version (the check and the reload:
//! [`crate::ui::shell::update`]).

use yew::prelude::*;

use crate::ui::i18n::Texts;
use crate::ui::shell::update::reload;

/// "A new version is ready" and "Reload", at the foot of the window, shown
/// once a new version is announced (styles/update.css).
pub(crate) fn banner(t: &Texts) -> Html {
    html! {
        <div class="update" role="status">
            <p>{ t.update_ready }</p>
            <button class="primary" onclick={|_| reload()}>{ t.reload }</button>
        </div>
    }
}
