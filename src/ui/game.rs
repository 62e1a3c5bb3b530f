//! The page: the match reducer, its callbacks, and the layout of the table's
//! components. The computer's turn and saving are hooks ([`super::hooks`]).

use rand::SeedableRng;
use yew::prelude::*;

use crate::engine::{Action, Card, Phase};
use crate::GameRng;

use super::action_bar::ActionBar;
use super::catalog;
use super::guide::RulesGuide;
use super::hand::{Hand, OpponentHand};
use super::hooks::{use_autosave, use_computer_turn};
use super::log::Log;
use super::menu::Menu;
use super::pile::Piles;
use super::round_summary::RoundSummary;
use super::save::{self, Settings};
use super::scores::ScoreTracks;
use super::selection::{Selection, Step, Target};
use super::settings::SettingsForm;
use super::state::{GameAction, GameState};
use super::storage::{self, Resume};
use super::summary;
use super::tracker::CardTracker;

fn seed() -> u64 {
    (js_sys::Math::random() * 9.0e15) as u64
}

fn start_state() -> GameState {
    let settings = storage::settings();
    match storage::resume(&settings, &mut GameRng::seed_from_u64(seed())) {
        Resume::Match(loaded) => GameState::loaded(loaded, seed(), None),
        Resume::Unreadable(msg) => GameState {
            notice: Some(msg),
            ..GameState::new(settings, seed())
        },
        Resume::Nothing => GameState::new(settings, seed()),
    }
}

#[function_component]
pub fn Game() -> Html {
    let settings = use_state(storage::settings);
    let show_settings = use_state(|| false);
    let state = use_reducer(start_state);
    use_computer_turn(&state);
    use_autosave(&state);

    let game = &state.game;
    let round = game.round();
    let p = round.public();
    let human = state.human;
    let actions = state.actions();
    let observation = game.observation(human);
    let selection = state.selection;
    let mine = state.human_to_act();

    // Targets of the picked cards.
    let targets = if mine {
        selection.targets(round)
    } else {
        vec![]
    };
    let squares: Vec<u8> = targets
        .iter()
        .filter_map(|(t, _)| match t {
            Target::Square(s) => Some(*s),
            Target::Opponent => None,
        })
        .collect();
    let opponent_target = targets.iter().find_map(|(t, s)| match (t, s) {
        (Target::Opponent, Step::Play(a)) => Some(catalog::target_opponent(*a)),
        _ => None,
    });
    let pickable: Vec<Card> = if mine && p.phase != Phase::Choose {
        Card::ALL
            .into_iter()
            .filter(|&c| selection.can_pick(round, c))
            .collect()
    } else {
        vec![]
    };
    let offered: Vec<Action> = if mine {
        selection.actions(round).into_iter().collect()
    } else {
        vec![]
    };
    let last = summary::last_cards(actions);
    let moved = last.as_ref().and_then(|(by, a, _)| {
        matches!(
            a,
            Action::Advance(_) | Action::Retreat(_) | Action::Lunge { .. }
        )
        .then_some(*by)
    });
    let results = summary::results(game);
    let bar_key = {
        let (g, r, a, w) = state.moment();
        format!("{g}.{r}.{a}.{w}")
    };
    let story = summary::story(round, actions).map(|s| catalog::story(&s, human));

    // The live region: the last action, then whose turn, or the outcome.
    let status = if let Some(w) = game.winner() {
        let s = game.score();
        catalog::match_won(w, s.white, s.black)
    } else if let Some(r) = round.result() {
        format!(
            "{}. {}",
            catalog::round_won(r.winner),
            story.clone().unwrap_or_default()
        )
    } else {
        let said = last
            .as_ref()
            .map(|&(by, a, _)| catalog::played(by, a, human) + " ")
            .unwrap_or_default();
        format!("{said}{}", catalog::turn(round.to_act(), human))
    };

    let dispatch = |make: fn(()) -> GameAction| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(make(())))
    };
    let on_pick = {
        let state = state.clone();
        Callback::from(move |c: Card| state.dispatch(GameAction::Pick(c)))
    };
    let on_target = {
        let state = state.clone();
        Callback::from(move |t: Target| state.dispatch(GameAction::Target(t)))
    };
    let on_play = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(GameAction::Play(a)))
    };
    let on_start = {
        let state = state.clone();
        let settings = settings.clone();
        let show_settings = show_settings.clone();
        Callback::from(move |s: Settings| {
            storage::save_settings(s);
            settings.set(s);
            show_settings.set(false);
            state.dispatch(GameAction::New(s, seed()));
        })
    };
    let on_rematch = {
        let state = state.clone();
        let settings = *settings;
        Callback::from(move |()| {
            let s = Settings {
                rules: state.game.rules(),
                side: state.human,
                level: state.level,
                ..settings
            };
            state.dispatch(GameAction::New(s, seed()));
        })
    };
    let open_settings = {
        let show = show_settings.clone();
        Callback::from(move |()| show.set(true))
    };
    let close_settings = {
        let show = show_settings.clone();
        Callback::from(move |()| show.set(false))
    };
    let on_toggle_tracker = {
        let settings = settings.clone();
        Callback::from(move |()| {
            let s = Settings {
                tracker: !settings.tracker,
                ..*settings
            };
            storage::save_settings(s);
            settings.set(s);
        })
    };
    let on_export = {
        let state = state.clone();
        Callback::from(move |()| {
            let text = save::save_text(&state.game, state.human, state.level);
            if let Err(e) = storage::download("engarde-match.json", &text) {
                state.dispatch(GameAction::Notice(Some(e)));
            }
        })
    };
    let on_import = {
        let state = state.clone();
        Callback::from(move |text: Result<String, String>| {
            let mut rng = GameRng::seed_from_u64(seed());
            match text.and_then(|t| save::load(&t, (state.human, state.level), &mut rng)) {
                Ok(loaded) => {
                    let notice = catalog::imported(loaded.game.rounds().len());
                    state.dispatch(GameAction::Load(Box::new(loaded), seed(), Some(notice)));
                }
                Err(why) => state.dispatch(GameAction::Notice(Some(catalog::import_failed(&why)))),
            }
        })
    };
    let on_key = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if key == "Escape" {
                state.dispatch(GameAction::Cancel);
            } else if let Some(c) = key.parse::<u8>().ok().and_then(Card::new) {
                state.dispatch(GameAction::Pick(c));
            }
        })
    };
    let dismiss = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(GameAction::Notice(None)))
    };

    let hint = match selection {
        _ if !mine => None,
        Selection::Cards { .. } => catalog::pick_target(
            !squares.is_empty(),
            opponent_target.is_some(),
            p.phase == Phase::Answer,
        ),
        Selection::Lunge { .. } => Some(catalog::PICK_LUNGE),
        Selection::None => None,
    };
    let expected = if round.is_over() {
        String::new()
    } else {
        catalog::expected(round, human)
    };
    let summary_panel = round.result().map(|r| {
        let over = game.is_over();
        let heading = match (over, game.winner()) {
            (true, Some(w)) => {
                let s = game.score();
                catalog::match_won(w, s.white, s.black)
            }
            _ => format!("{}: {}", catalog::ROUND_OVER, catalog::round_won(r.winner)),
        };
        html! {
            <RoundSummary heading={heading} story={story.clone().unwrap_or_default()}
                match_over={over} verdict={game.winner().map(|w| catalog::match_verdict(w, human))}
                on_next={dispatch(|()| GameAction::NextRound)}
                on_rematch={on_rematch.clone()} on_new={open_settings.clone()} />
        }
    });
    let past: Vec<String> = results
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.map(|r| catalog::past_round(i + 1, r.winner, r.reason, human)))
        .collect();
    let log: Vec<String> = actions
        .iter()
        .map(|&(by, a)| catalog::played(by, a, human))
        .collect();
    // Hands are shown when the round is over (the count is made face up).
    let open = observation
        .opponent_hand
        .or_else(|| round.is_over().then(|| round.hand(human.opponent())));
    let thinking = state.computer_to_act();

    html! {
        <>
        <header class="top">
            <h1>{ catalog::TITLE }</h1>
            <ScoreTracks score={game.score()} to_win={game.rules().points_to_win} {human} />
            <Menu on_new={open_settings.clone()} {on_export} {on_import} />
        </header>
        if let Some(n) = &state.notice {
            <div class="notice" role="alert">
                <p>{ n }</p>
                <button onclick={dismiss}>{ catalog::DISMISS }</button>
            </div>
        }
        <main class="table" onkeydown={on_key}>
            <p class="status" role="status" aria-live="polite">{ status }</p>
            <section class="opponent-area">
                <span class="label">{ catalog::opponent_label(human.opponent(), state.level) }</span>
                <OpponentHand size={observation.opponent_hand_len} {open} />
                if thinking { <span class="thinking" aria-hidden="true">{ catalog::THINKING }</span> }
            </section>
            <super::piste::Piste position={p.position} {human} {squares} {opponent_target}
                ghost={selection.ghost(round).filter(|_| mine)} {moved} on_target={on_target} />
            <div class="table-row">
                <Piles pile={round.pile().len()}
                    last={last.map(|(by, a, cards)| (cards, catalog::played(by, a, human)))}
                    special={p.special} />
                <CardTracker unseen={observation.unseen()} shown={settings.tracker} on_toggle={on_toggle_tracker} />
            </div>
            { for summary_panel }
            <Hand hand={round.hand(human)} picked={selection.picked()} {pickable} {on_pick} />
            if !round.is_over() {
                <ActionBar key={bar_key} {expected} {hint} actions={offered} can_cancel={mine && selection != Selection::None}
                    can_give_up={mine && p.phase != Phase::Choose}
                    {on_play} on_cancel={dispatch(|()| GameAction::Cancel)} />
            }
            <Log lines={log} {past} />
            <RulesGuide />
        </main>
        if *show_settings {
            <SettingsForm initial={*settings} {on_start} on_close={close_settings} />
        }
        </>
    }
}
