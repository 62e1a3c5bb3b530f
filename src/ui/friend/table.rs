//! The table of a match with a friend, on screen whenever the match is
//! open ([`Shown`]): the round in play, where the person chooses as in a
//! match; the last round at its end (between rounds, and the final
//! position); before the first deal, the piste with the fencers on their
//! starting squares (R3) and no card yet.

use yew::prelude::*;

use super::Shown;
use crate::engine::{Action, BySide, Hand as Cards, Side};
use crate::ui::i18n::use_extra_texts;
use crate::ui::table::hand::{Hand, OpponentHand};
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
    let x = use_extra_texts();
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
        Shown::Bare => {
            let friend = names[props.side.opponent()].trim().to_string();
            let label = (!friend.is_empty()).then(|| AttrValue::from(x.hand_of(&friend)));
            html! {
                <div class="friend-bare">
                    <section class="opponent-area">
                        <OpponentHand size={0} open={None::<Cards>} {label} />
                    </section>
                    <Piste position={BySide::new(1, 23)} human={props.side} squares={Vec::new()}
                        opponent_target={None::<String>} ghost={None::<u8>} on_target={Callback::noop()}
                        explain={false} names={Some(names)} />
                    <Hand hand={Cards::default()} picked={Vec::new()} pickable={Vec::new()}
                        on_pick={Callback::noop()} />
                </div>
            }
        }
    }
}
