//! Friend play's own tree (bin `friends`, `friends.js`): the friend
//! screens, and the review of a friend's match they open. Leaving goes back
//! to the page.

use std::rc::Rc;

use yew::prelude::*;

use super::view::{reviewed, Broken, ExtrasProps};
use super::{Back, Opened, ReviewOf};
use crate::ui::friend::view::Friends;
use crate::ui::i18n::Lang;
use crate::ui::review::{view::Review, Reviewed};

#[function_component]
pub fn FriendsExtras(props: &ExtrasProps) -> Html {
    // A friend's match under review, by its link code.
    let review = use_state(|| None::<ReviewOf>);
    let leave = props.on_back.reform(|()| Back::Left);
    let in_progress = props.in_progress;
    let body = match (&props.opened, &*review) {
        (Opened::Friends { .. }, Some(of)) => match reviewed(of) {
            Ok(r) => {
                let r = Reviewed { shared: true, ..r };
                html! { <Review key={of.text().to_string()} reviewed={Rc::new(r)} round={None::<usize>} on_close={leave} /> }
            }
            Err(problem) => html! { <Broken {problem} on_back={props.on_back.clone()} /> },
        },
        (Opened::Friends { code }, None) => {
            let on_review =
                Callback::from(move |code: String| review.set(Some(ReviewOf::Code(code))));
            html! { <Friends code={code.clone()} on_close={leave} {in_progress} {on_review} /> }
        }
        // The other extras are not here (`extras.js`).
        _ => html! {},
    };
    html! {
        <ContextProvider<Lang> context={props.lang}>
            { body }
        </ContextProvider<Lang>>
    }
}
