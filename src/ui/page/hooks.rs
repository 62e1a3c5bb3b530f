//! The page's effects as hooks: the computer's turn in the worker, and saving
//! the match on every action.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use rand::SeedableRng;

use wasm_bindgen::{JsCast, JsValue};
use yew::platform::spawn_local;
use yew::prelude::*;
use yew_agent::oneshot::use_oneshot_runner;

use super::history::Entry;
use super::save::SAVE_KEY;
use super::state::{GameAction, GameState, Notice};
use super::storage;
use super::think::{Think, ThinkRequest};
use crate::ai::heuristic;
use crate::GameRng;

/// The computer's move stays on screen at least this long before play goes on.
pub(crate) const MIN_THINK: Duration = Duration::from_millis(450);

/// Keeps a time where the end-to-end tests can read it (`window[key]`, a
/// list of `[label, milliseconds]`): the computer's think times
/// (`__engardeThinkMs`, by level) and the hints' (`__engardeHintMs`).
fn note_time(key: &str, label: &str, millis: f64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str(key);
    let list = match js_sys::Reflect::get(&window, &key).map(JsCast::dyn_into::<js_sys::Array>) {
        Ok(Ok(list)) => list,
        _ => {
            let list = js_sys::Array::new();
            let _ = js_sys::Reflect::set(&window, &key, &list);
            list
        }
    };
    list.push(&js_sys::Array::of2(&label.into(), &millis.into()));
}

thread_local! {
    /// The computer's usual think time on this device, by level (an average
    /// of its latest, each new one weighing half), in milliseconds; 0: it
    /// has not thought here yet. What the thinking bar expects.
    static USUAL: Cell<[f64; crate::ai::Difficulty::ALL.len()]> =
        const { Cell::new([0.0; crate::ai::Difficulty::ALL.len()]) };
}

fn note_think(level: crate::ai::Difficulty, millis: f64) {
    USUAL.with(|usual| {
        let mut all = usual.get();
        let old = all[level as usize];
        all[level as usize] = if old > 0.0 {
            (old + millis) / 2.0
        } else {
            millis
        };
        usual.set(all);
    });
}

/// The level's usual think time on this device, if it has thought here yet.
pub(crate) fn usual_think(level: crate::ai::Difficulty) -> Option<Duration> {
    let millis = USUAL.with(Cell::get)[level as usize];
    (millis > 0.0).then(|| Duration::from_millis(millis as u64))
}

/// How long the page waits for the worker before deciding itself: a worker
/// that failed to load or stopped answering must not freeze the match.
const WORKER_PATIENCE: Duration = Duration::from_secs(8);

/// When the computer is to act, asks the worker with its observation only
/// (R9, R10) and plays the answer, unless the match moved on meanwhile. If the
/// worker has not answered within [`WORKER_PATIENCE`], the page answers with
/// the simple card counter and says so (the first answer played wins; the
/// reducer drops the other, as its moment has passed).
#[hook]
pub fn use_computer_turn(state: &UseReducerHandle<GameState>) {
    let runner = use_oneshot_runner::<Think>();
    let state = state.clone();
    use_effect_with(state.moment(), move |&moment| {
        if state.computer_to_act() {
            let side = state.game.round().to_act();
            let request = ThinkRequest {
                observation: state.game.observation(side),
                past: state.game.round_history(),
                level: state.level,
                seed: state.think_seed(),
                hint: false,
                judge: None,
                slower: 1,
            };
            let difficulty = state.level;
            let level = difficulty.name();
            let answered = Rc::new(Cell::new(false));
            {
                let (state, answered, request) = (state.clone(), answered.clone(), request.clone());
                spawn_local(async move {
                    yew::platform::time::sleep(WORKER_PATIENCE).await;
                    if !answered.replace(true) {
                        web_sys::console::warn_1(&JsValue::from_str(&format!(
                            "the opponent's worker did not answer within {} s: deciding on the page",
                            WORKER_PATIENCE.as_secs()
                        )));
                        // The card counter only: the search stays out of the page's code.
                        let mut rng = GameRng::seed_from_u64(request.seed);
                        let action = heuristic::choose(&request.observation, &mut rng);
                        state.dispatch(GameAction::Notice(Some(Notice::WorkerFailed)));
                        state.dispatch(GameAction::Computer(action, moment));
                    }
                });
            }
            spawn_local(async move {
                let started = web_time::Instant::now();
                let reply = runner.run(request).await;
                if answered.get() {
                    return;
                }
                note_time("__engardeThinkMs", level, reply.millis);
                note_think(difficulty, reply.millis);
                if let Some(rest) = MIN_THINK.checked_sub(started.elapsed()) {
                    yew::platform::time::sleep(rest).await;
                }
                if !answered.replace(true) {
                    state.dispatch(GameAction::Computer(reply.action, moment));
                }
            });
        }
    });
}

/// Saves the match on every action (and hint), in the game record format.
/// A refusal is said once, until a save succeeds again.
#[hook]
pub fn use_autosave(state: &UseReducerHandle<GameState>) {
    let state = state.clone();
    let refused = use_mut_ref(|| false);
    use_effect_with((state.moment(), state.help), move |_| {
        let text = state.save_text();
        let ok = storage::set(SAVE_KEY, &text).is_ok();
        if !ok && !*refused.borrow() {
            state.dispatch(GameAction::Notice(Some(Notice::StorageFailed)));
        }
        *refused.borrow_mut() = !ok;
    });
}

/// When the person asks for a hint, the worker searches from the person's
/// own observation (R9, R10) and the page shows the answer, unless play has
/// moved on meanwhile. The time is kept for the end-to-end tests
/// (`window.__engardeHintMs`).
#[hook]
pub fn use_hint(state: &UseReducerHandle<GameState>) {
    let runner = use_oneshot_runner::<Think>();
    let state = state.clone();
    use_effect_with(state.hint_asked, move |&asked| {
        let Some(moment) = asked else {
            return;
        };
        let request = ThinkRequest {
            observation: state.game.observation(state.human),
            past: Vec::new(),
            level: crate::ai::Difficulty::Hard,
            seed: state.think_seed(),
            hint: true,
            judge: None,
            slower: 1,
        };
        spawn_local(async move {
            let started = web_time::Instant::now();
            let reply = runner.run(request).await;
            note_time(
                "__engardeHintMs",
                "hint",
                started.elapsed().as_secs_f64() * 1000.0,
            );
            state.dispatch(GameAction::Hint(reply.advice, moment));
        });
    });
}

/// When a match ends, keeps it in the history (once: a reload of the
/// finished match does not add it again). A refusal is reported.
#[hook]
pub fn use_history(state: &UseReducerHandle<GameState>) {
    let state = state.clone();
    use_effect_with(state.moment(), move |_| {
        // The history keeps matches against the computer (its statistics
        // are by level); two people's matches are in their save and export.
        if state.people.is_some() {
            return;
        }
        let date = js_sys::Date::now() as u64;
        if let Some(entry) = Entry::of(&state.game, state.human, state.level, state.help, date) {
            if storage::add_to_history(&entry).is_err() {
                state.dispatch(GameAction::Notice(Some(Notice::StorageFailed)));
            }
        }
    });
}
