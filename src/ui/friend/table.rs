//! The table of a match with a friend, on screen whenever the match is
//! open ([`Shown`]): the round in play, where the person chooses as in a
//! match; the last round at its end (between rounds, and the final
//! position); before the first deal, the piste alone with the fencers on
//! their starting squares (R3): no hand, dealt or empty.

use yew::prelude::*;

use super::Shown;
use crate::engine::{Action, BySide, Side};
use crate::ui::table::picker::Picker;
use crate::ui::table::piste::Piste;

#[derive(Properties, PartialEq)]
pub(crate) struct FriendTableProps {
    pub shown: Shown,
    /// The person's side.
    pub side: Side,
    /// The person may choose now.
    pub active: bool,
    pub on_choose: Callback<Action>,
    /// The players' names (the friend's hand and the fencers are theirs).
    pub names: BySide<String>,
    /// The round's actions so far, the last one shown landing.
    pub actions: Vec<(Side, Action)>,
}

#[function_component]
pub(crate) fn FriendTable(props: &FriendTableProps) -> Html {
    let names = props.names.clone();
    match props.shown {
        Shown::Playing(at) => html! {
            <Picker {at} side={props.side} active={props.active} on_choose={props.on_choose.clone()}
                names={names} actions={props.actions.clone()} />
        },
        Shown::Ended(at) => html! {
            <Picker {at} side={props.side} active={false} on_choose={props.on_choose.clone()}
                names={names} />
        },
        // The position only: no hand is dealt yet.
        Shown::Bare => html! {
            <div class="friend-bare">
                <Piste position={BySide::new(1, 23)} human={props.side} squares={Vec::new()}
                    opponent_target={None::<String>} ghost={None::<u8>} on_target={Callback::noop()}
                    explain={false} names={Some(names)} />
            </div>
        },
    }
}
