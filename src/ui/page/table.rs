//! The match on the table: the status line, the opponent's hand, the
//! piste, the round's summary, the person's hand and actions, the piles,
//! the card tracker and the log. Its words come from the view model
//! ([`super::model`]); every change goes up as a [`PageAction`].

use std::rc::Rc;

use yew::prelude::*;

use crate::engine::{Action, Card};
use crate::ui::i18n::use_texts;
use crate::ui::match_state::{GameAction, GameState};
use crate::ui::play::selection::{Selection, Target};
use crate::ui::play::summary;
use crate::ui::table::action_bar::ActionBar;
use crate::ui::table::fencer::Pose;
use crate::ui::table::hand::{Hand, OpponentHand};
use crate::ui::table::log::Log;
use crate::ui::table::pile::Piles;
use crate::ui::table::piste::Piste;
use crate::ui::table::round_summary::RoundSummary;
use crate::ui::table::tracker::CardTracker;

use super::model;
use super::page_state::PageAction;

#[derive(Properties)]
pub(crate) struct TableProps {
    pub game: Rc<GameState>,
    /// The action previewed now, if any.
    pub preview: Option<Action>,
    /// The card tracker is shown.
    pub tracker: bool,
    /// How long the thinking bar takes to fill, in ms.
    pub think_ms: u32,
    pub dispatch: Callback<PageAction>,
    /// The review of the match so far, from round `n` (`None`: the end).
    pub on_review: Callback<Option<usize>>,
}

impl PartialEq for TableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && (self.preview, self.tracker, self.think_ms)
                == (other.preview, other.tracker, other.think_ms)
            && self.dispatch == other.dispatch
            && self.on_review == other.on_review
    }
}

#[function_component]
pub(crate) fn Table(props: &TableProps) -> Html {
    let t = use_texts();
    let state = &*props.game;
    let (game, human, seats) = (&state.the_match, state.human, state.seats());
    let round = game.round();
    let p = round.public();
    let actions = state.actions();
    let observation = game.observation(human);
    let mine = state.human_to_act();
    let send = |a: fn() -> PageAction| {
        let d = props.dispatch.clone();
        Callback::from(move |_| d.emit(a()))
    };
    let play = |f: fn(GameAction) -> PageAction| {
        let d = props.dispatch.clone();
        move |a: GameAction| d.emit(f(a))
    };
    let game_cb = |make: fn(()) -> GameAction| {
        let emit = play(PageAction::Game);
        Callback::from(move |()| emit(make(())))
    };
    let on_pick = {
        let emit = play(PageAction::Game);
        Callback::from(move |c: Card| emit(GameAction::Pick(c)))
    };
    let on_target = {
        let emit = play(PageAction::Game);
        Callback::from(move |t: Target| emit(GameAction::Target(t)))
    };
    let on_play = {
        let emit = play(PageAction::Game);
        Callback::from(move |a: Action| emit(GameAction::Play(a)))
    };
    let on_preview = props.dispatch.reform(PageAction::Preview);
    let on_key = {
        let emit = play(PageAction::Game);
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if key == "Escape" {
                emit(GameAction::Cancel);
            } else if let Some(c) = key.parse::<u8>().ok().and_then(Card::new) {
                emit(GameAction::Pick(c));
            }
        })
    };
    let (squares, opponent_target) = model::targets(t, state);
    let advice = model::advice(t, state);
    let beat = game.round_number() * 1000 + actions.len();
    let selection = state.selection;
    let summary_panel = model::round_over(t, state).map(|over| {
        // Between two people there is no review ("you" would be one of them).
        let number = game.round_number();
        let on_replay = state.people.is_none().then(|| {
            let at = (!over.match_over).then(|| number - 1);
            props.on_review.reform(move |()| at)
        });
        // The status line says who won; the panel says how.
        html! {
            <RoundSummary heading={over.heading} lines={over.lines}
                match_over={over.match_over} verdict={over.verdict}
                on_next={game_cb(|()| GameAction::NextRound)}
                on_rematch={props.dispatch.reform(|()| PageAction::Rematch(crate::ui::shell::seed()))}
                on_new={props.dispatch.reform(|()| PageAction::ShowSettings(true))}
                {on_replay} />
        }
    });
    // Hands are shown when the round is over (the count is made face up).
    let open = observation
        .opponent_hand()
        .or_else(|| round.is_over().then(|| round.hand(human.opponent())));
    let previewed = props.preview.filter(|_| mine).and_then(|a| p.landing(a));
    let last = summary::last_cards(actions)
        .map(|(by, _, cards)| (cards, model::last_words(t, state), by == human));
    let bar_key = {
        let (g, r, a, w) = state.moment();
        format!("{g}.{r}.{a}.{w}")
    };

    html! {
        <main class="table" onkeydown={on_key} data-moment={model::moment_name(state)}>
            <p class="status" role="status" aria-live="polite" tabindex="-1">{ model::status(t, state) }</p>
            <section class="opponent-area">
                <span class="label">{ t.opponent_label(seats, human.opponent(), state.level) }</span>
                <OpponentHand size={observation.opponent_hand_len()} {open} />
                if state.computer_to_act() {
                    <span class="think-bar" role="progressbar" aria-label={t.thinking}
                        style={format!("--think: {}ms", props.think_ms)}>
                        <span></span>
                    </span>
                }
            </section>
            <Piste position={p.position} {human} {squares} {opponent_target}
                ghost={selection.ghost(round).filter(|_| mine).or(previewed)}
                poses={Pose::after(actions.last().copied(), model::hit(state))} {beat} {on_target}
                names={state.people.clone()}
                explain={mine && selection != Selection::None}
                suggested={advice.first().and_then(|(a, ..)| p.landing(*a))} />
            { for summary_panel }
            <Hand hand={round.hand(human)} picked={selection.picked()} pickable={model::pickable(state)} {on_pick}
                suggested={advice.first().map(|(a, ..)| a.cards(p.pending).values().collect::<Vec<Card>>()).unwrap_or_default()} />
            if !round.is_over() {
                <ActionBar key={bar_key} text={model::bar_text(t, state)} actions={model::offered(t, state)}
                    can_cancel={mine && selection != Selection::None}
                    can_give_up={mine && p.phase != crate::engine::Phase::Choose}
                    give_up_question={t.give_up_question(seats, human.opponent())}
                    {advice} asking={state.hint_asked == Some(state.moment())}
                    on_hint={game_cb(|()| GameAction::AskHint)} {on_preview}
                    {on_play} on_cancel={game_cb(|()| GameAction::Cancel)} />
            }
            if model::can_take_back(state) {
                <div class="take-back">
                    <button onclick={send(|| PageAction::Game(GameAction::TakeBack))}>{ t.take_back }</button>
                </div>
            }
            <div class="table-row">
                <Piles pile={round.pile().len()} {last} {beat} special={p.special} pile_low={t.pile_low(round)} />
                <CardTracker unseen={observation.unseen()} shown={props.tracker}
                    on_toggle={props.dispatch.reform(|()| PageAction::ToggleTracker)} />
            </div>
            <Log lines={model::log(t, state)} past={model::past(t, state)} />
        </main>
    }
}
