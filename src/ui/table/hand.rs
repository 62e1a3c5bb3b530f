//! Hands: the person's cards as buttons ("Card 3"); the computer's as card
//! backs, or faces under Open hands (S7).

use yew::prelude::*;

use crate::engine::{Card, Hand as Cards};

use crate::ui::i18n::use_texts;

/// A card's face: its value large in the corner and value-many pips.
pub fn face(card: Card) -> Html {
    let v = card.value();
    html! {
        <>
            <span class="value">{ v }</span>
            <span class="pips" aria-hidden="true">{ for (0..v).map(|_| html! { <i></i> }) }</span>
        </>
    }
}

#[derive(Properties, PartialEq)]
pub struct HandProps {
    pub hand: Cards,
    /// How many of each value are picked (raised).
    pub picked: Vec<(Card, u8)>,
    /// Values that can be picked now; the others stay clickable (marked
    /// `aria-disabled`) so that the page can say why not.
    pub pickable: Vec<Card>,
    pub on_pick: Callback<Card>,
    /// Values a hint suggests playing (outlined).
    #[prop_or_default]
    pub suggested: Vec<Card>,
    /// Whose hand, when not the person's own (a shared match's review,
    /// two people's): "White's hand"; else "Your hand".
    #[prop_or_default]
    pub title: Option<AttrValue>,
}

#[function_component]
pub fn Hand(props: &HandProps) -> Html {
    let t = use_texts();
    let mut seen = [0u8; 6];
    let cards = props.hand.cards().map(|card| {
        let v = card.value();
        seen[v as usize] += 1;
        let picked = props
            .picked
            .iter()
            .any(|&(c, n)| c == card && seen[v as usize] <= n);
        let can = props.pickable.contains(&card);
        let on_pick = props.on_pick.clone();
        let onclick = Callback::from(move |_| on_pick.emit(card));
        html! {
            <li>
                <button class={classes!("card", format!("v{v}"), picked.then_some("picked"), props.suggested.contains(&card).then_some("suggested"))}
                    aria-label={t.card(card)} aria-pressed={picked.to_string()}
                    aria-disabled={(!can).to_string()} {onclick}>
                    { face(card) }
                </button>
            </li>
        }
    });
    let title = props
        .title
        .clone()
        .unwrap_or(AttrValue::Static(t.your_hand));
    html! {
        <section class="hand-area">
            <h2>{ title.clone() }</h2>
            <ul class="hand" aria-label={title}>{ for cards }</ul>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub(crate) struct OpponentHandProps {
    pub size: u8,
    /// The faces, under Open hands.
    pub open: Option<Cards>,
    /// Whose hand, for a screen reader (default: the computer's).
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

#[function_component]
pub(crate) fn OpponentHand(props: &OpponentHandProps) -> Html {
    let t = use_texts();
    let cards: Html = match props.open {
        Some(hand) => hand
            .cards()
            .map(|c| html! { <li class={classes!("card", "small", format!("v{}", c.value()))} aria-label={t.card(c)}>{ face(c) }</li> })
            .collect(),
        None => (0..props.size)
            .map(|_| html! { <li class="card small back" aria-label={t.hidden_card}></li> })
            .collect(),
    };
    html! {
        <ul class="hand opponent" aria-label={props.label.clone().unwrap_or(AttrValue::Static(t.computer_hand))}>{ cards }</ul>
    }
}
