//! The table where a person chooses one action, as in a match: the
//! opponent's hand, the piste, the piles, the person's hand, and the action
//! bar (cards picked from the hand, then a square or the opponent; or a
//! button for each legal action agreeing with what is picked; Cancel). The
//! puzzles and a match with a friend choose their actions here.

use yew::prelude::*;

use crate::engine::{Action, BySide, Hand as Cards, Round, Side};
use crate::record::write;
use crate::ui::i18n::{use_extra_texts, use_texts};
use crate::ui::play::seats::Seats;
use crate::ui::play::selection::{PickStep, Selection, Target};
use crate::ui::play::summary::last_cards;
use crate::ui::table::fencer::Pose;
use crate::ui::table::hand::{Hand, OpponentHand};
use crate::ui::table::pile::Piles;
use crate::ui::table::piste::Piste;

#[derive(Properties, PartialEq)]
pub(crate) struct PickerProps {
    /// Where the choice is made: the person's hand and the public state
    /// (the opponent's cards may be stand-ins: only their number shows).
    pub at: Round,
    /// What the table shows once the choice is over (default: `at`), and
    /// the opponent's hand if it is open there.
    #[prop_or_default]
    pub shown: Option<Round>,
    #[prop_or_default]
    pub open: Option<Cards>,
    /// The person's side.
    pub side: Side,
    /// The person may choose now.
    pub active: bool,
    pub on_choose: Callback<Action>,
    /// The action bar's buttons while the person may not choose.
    #[prop_or_default]
    pub children: Html,
    /// Two people's names (a friend's match): the opponent's hand and the
    /// fencers are named by them, not as the computer's.
    #[prop_or_default]
    pub names: Option<BySide<String>>,
    /// The round's actions so far: the last one is shown landing (the
    /// fencer's pose, its cards laid on the discard), as in a match.
    #[prop_or_default]
    pub actions: Vec<(Side, Action)>,
}

#[function_component]
pub(crate) fn Picker(props: &PickerProps) -> Html {
    let t = use_texts();
    let x = use_extra_texts();
    let selection = use_state(|| Selection::None);
    let at = props.at;
    let round = props.shown.unwrap_or(at);
    let public = round.public();
    let picking = if props.active {
        *selection
    } else {
        Selection::None
    };
    let choose = {
        let (selection, on_choose) = (selection.clone(), props.on_choose.clone());
        Callback::from(move |a: Action| {
            selection.set(Selection::None);
            on_choose.emit(a);
        })
    };
    let on_pick = {
        let selection = selection.clone();
        Callback::from(move |c| selection.set(selection.pick(&at, c)))
    };
    let on_target = {
        let (selection, choose) = (selection.clone(), choose.clone());
        Callback::from(move |target: Target| match selection.at(&at, target) {
            Some(PickStep::Play(a)) => choose.emit(a),
            Some(PickStep::Select(s)) => selection.set(s),
            None => {}
        })
    };
    let buttons = picking.actions(&at).into_iter().map(|a| {
        let choose = choose.clone();
        let onclick = Callback::from(move |_| choose.emit(a));
        let data = serde_json::to_string(&write::action(None, a)).unwrap_or_default();
        html! {
            <button class="action" data-action={data} {onclick}>
                { t.action(a, at.public().pending) }
            </button>
        }
    });
    let cancel = {
        let selection = selection.clone();
        Callback::from(move |_| selection.set(Selection::None))
    };
    let side = props.side;
    let played = &props.actions;
    let beat = played.len();
    let seats = match &props.names {
        Some(names) => Seats::People(names),
        None => Seats::Computer { human: side },
    };
    let last = last_cards(played).map(|(by, _, cards)| {
        // The person's own action is told to them ("You advance 5.").
        let told = if by == side {
            Seats::Computer { human: side }
        } else {
            seats
        };
        (cards, t.played_at(told, played, beat - 1), by == side)
    });
    let poses = Pose::after(played.last().copied(), None);
    let hand_label = props
        .names
        .as_ref()
        .map(|n| n[side.opponent()].trim())
        .filter(|name| !name.is_empty())
        .map(|name| AttrValue::from(x.hand_of(name)));
    html! {
        <>
            <section class="opponent-area">
                <OpponentHand size={round.hand(side.opponent()).len()} open={props.open} label={hand_label} />
            </section>
            <Piste position={public.position} human={side} squares={picking.squares(&at)}
                opponent_target={picking.at_opponent(&at).map(|a| t.target_opponent(a, at.public().pending))}
                ghost={picking.ghost(&at)} {on_target} explain={picking != Selection::None}
                names={props.names.clone()} {poses} {beat} />
            <Piles pile={round.pile().len()} {last} {beat} special={public.special} pile_low={t.pile_low(&round)} />
            <Hand hand={round.hand(side)} picked={picking.picked()}
                pickable={if props.active { picking.pickable(&at) } else { Vec::new() }} {on_pick} />
            <section class="action-bar" aria-label={t.actions}>
                if props.active {
                    <p class="hint" aria-live="polite">{ t.hint(picking, &at).unwrap_or_default() }</p>
                }
                <div class="buttons">
                    if props.active {
                        { for buttons }
                        if picking != Selection::None {
                            <button class="action cancel" onclick={cancel}>{ t.cancel }</button>
                        }
                    } else {
                        { props.children.clone() }
                    }
                </div>
            </section>
        </>
    }
}
