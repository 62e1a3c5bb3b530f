//! Friend play's own tree (bin `friends`, `friends.js`): the friend
//! screens. Leaving goes back to the page, and so does a finished match's
//! review, which the extras show ([`Back::Review`]).

use yew::prelude::*;

use super::view::ExtrasProps;
use super::{Back, Opened};
use crate::ui::friend::view::Friends;
use crate::ui::i18n::Lang;

#[function_component]
pub fn FriendsExtras(props: &ExtrasProps) -> Html {
    let leave = props.on_back.reform(|()| Back::Left);
    let on_review = props.on_back.reform(Back::Review);
    let body = match &props.opened {
        Opened::Friends { code } => html! {
            <Friends code={code.clone()} on_close={leave} in_progress={props.in_progress} {on_review} />
        },
        // The other extras are not here (the page's split-off module).
        _ => html! {},
    };
    html! {
        <ContextProvider<Lang> context={props.lang}>
            { body }
        </ContextProvider<Lang>>
    }
}
