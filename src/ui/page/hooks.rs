//! The match's effects as hooks: the computer's turn and the hint in the
//! worker, saving the match on every action, and the history.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use wasm_bindgen::JsValue;
use yew::platform::spawn_local;
use yew::prelude::*;

use crate::ui::history::Entry;
use crate::ui::match_state::{GameAction, GameState};
use crate::ui::play::notice::Notice;
use crate::ui::play::save::IMPORTED_KEY;
use crate::ui::storage::{self, tabs};
use crate::ui::think::{channel, ThinkReply, ThinkRequest};

/// The computer's move stays on screen at least this long before play goes on.
const MIN_THINK: Duration = Duration::from_millis(450);
/// The person's attack or lunge is seen landing (the advance, the lunge, its
/// line in the status) at least this long before the computer's answer.
const MIN_ANSWER: Duration = Duration::from_millis(900);

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
fn usual_think(level: crate::ai::Difficulty) -> Option<Duration> {
    let millis = USUAL.with(Cell::get)[level as usize];
    (millis > 0.0).then(|| Duration::from_millis(millis as u64))
}

/// How long the page waits for the worker before deciding itself: a worker
/// that failed to load or stopped answering must not freeze the match.
const WORKER_PATIENCE: Duration = Duration::from_secs(8);

/// When the computer is to act, asks the worker with its observation only
/// (R9, R10) and plays the answer, unless the match moved on meanwhile. If the
/// worker has not answered within [`WORKER_PATIENCE`], the page answers with
/// the simple card counter and says so (a later answer is dropped; an
/// answer for a moment that has passed, the reducer drops).
#[hook]
pub(crate) fn use_computer_turn(state: &Rc<GameState>, dispatch: &Callback<GameAction>) {
    let (state, dispatch) = (state.clone(), dispatch.clone());
    use_effect_with(state.moment(), move |&moment| {
        if state.computer_to_act() {
            let side = state.the_match.round().to_act();
            let seed = state.think_seed();
            let observation = state.the_match.observation(side);
            let request = ThinkRequest::Move {
                observation,
                past: state.the_match.round_history(),
                level: state.level,
                seed,
                slower: 1,
            };
            let difficulty = state.level;
            let level = difficulty.name();
            let shown = if state.the_match.round().public().pending.is_some() {
                MIN_ANSWER
            } else {
                MIN_THINK
            };
            spawn_local(async move {
                let started = web_time::Instant::now();
                let Some(ThinkReply::Move { action, millis, .. }) =
                    channel::ask_within(request, WORKER_PATIENCE).await
                else {
                    // The reducer's card counter (the search stays out of
                    // the page's code): the worker has not answered in time,
                    // or could not (it failed, or is of another build).
                    web_sys::console::warn_1(&JsValue::from_str(
                        "the opponent's worker did not answer: deciding on the page",
                    ));
                    dispatch.emit(GameAction::ComputerFallback(moment));
                    return;
                };
                crate::ui::shell::note_time("__engardeThinkMs", level, millis);
                note_think(difficulty, millis);
                if let Some(rest) = shown.checked_sub(started.elapsed()) {
                    yew::platform::time::sleep(rest).await;
                }
                dispatch.emit(GameAction::Computer(action, moment));
            });
        }
    });
}

/// Saves the match on every action (and hint), in the game record format,
/// while this tab holds it (`tabs`). A refusal is said once, until a save
/// succeeds again.
#[hook]
pub(crate) fn use_autosave(state: &Rc<GameState>, dispatch: &Callback<GameAction>) {
    let (state, dispatch) = (state.clone(), dispatch.clone());
    let refused = use_mut_ref(|| false);
    let mounted = use_mut_ref(|| false);
    use_effect_with((state.moment(), state.help), move |_| {
        let save = move || {
            if !tabs::owns() {
                return;
            }
            let text = state.save_text();
            let ok = storage::save_match(&text).is_ok();
            if ok && state.played_here {
                storage::remove(IMPORTED_KEY);
            } else if ok {
                let _ = storage::set(IMPORTED_KEY, "1");
            }
            if !ok && !*refused.borrow() {
                dispatch.emit(GameAction::Notice(Some(Notice::StorageFailed)));
            }
            *refused.borrow_mut() = !ok;
        };
        // The match as the page opens is not written: it was just read (an
        // unreadable save stays as it was until the first action) or just
        // dealt, unseen. Every later moment is saved at once.
        if mounted.replace(true) {
            save();
        }
    });
}

/// When the person asks for a hint, the worker searches from the person's
/// own observation (R9, R10) and the page shows the answer, unless play has
/// moved on meanwhile. A hint that has not come within [`WORKER_PATIENCE`]
/// is given up (the person may ask again; it is counted once). The time is
/// kept for the end-to-end tests (`window.__engardeHintMs`).
#[hook]
pub(crate) fn use_hint(state: &Rc<GameState>, dispatch: &Callback<GameAction>) {
    let (state, dispatch) = (state.clone(), dispatch.clone());
    use_effect_with(state.hint_asked, move |&asked| {
        let Some(moment) = asked else {
            return;
        };
        let request = ThinkRequest::Hint {
            observation: state.the_match.observation(state.human),
            seed: state.think_seed(),
        };
        spawn_local(async move {
            let started = web_time::Instant::now();
            let Some(ThinkReply::Hint(advice)) =
                channel::ask_within(request, WORKER_PATIENCE).await
            else {
                dispatch.emit(GameAction::HintLate(moment));
                return;
            };
            crate::ui::shell::note_time(
                "__engardeHintMs",
                "hint",
                started.elapsed().as_secs_f64() * 1000.0,
            );
            dispatch.emit(GameAction::Hint(advice, moment));
        });
    });
}

/// When a match ends, keeps it in the history (once: a reload of the
/// finished match does not add it again). A refusal is reported.
#[hook]
pub(crate) fn use_history(state: &Rc<GameState>, dispatch: &Callback<GameAction>) {
    let (state, dispatch) = (state.clone(), dispatch.clone());
    use_effect_with(state.moment(), move |_| {
        // The history keeps matches against the computer played here (its
        // statistics are by level); two people's matches are in their save
        // and export, an imported one in its file; another tab that holds
        // the match keeps it.
        if state.people.is_some() || !state.played_here || !tabs::owns() {
            return;
        }
        if !state.the_match.is_over() {
            return;
        }
        let date = js_sys::Date::now() as u64;
        let (game, human, level, help) = (&state.the_match, state.human, state.level, state.help);
        let record = crate::ui::play::save::record(game, human, level, help);
        let entry = move |code| Entry::named(code, &state.the_match, human, level, help, date);
        spawn_local(async move {
            let Some(code) = channel::link_code(&record).await else {
                dispatch.emit(GameAction::Notice(Some(Notice::WorkerFailed)));
                return;
            };
            let Some(entry) = entry(code) else {
                return;
            };
            if crate::ui::history::store::add(&entry).is_err() {
                dispatch.emit(GameAction::Notice(Some(Notice::StorageFailed)));
            }
        });
    });
}

/// How long the thinking bar takes to fill: twice the level's usual think
/// on this device (the bar, easing out, is then about four fifths full when
/// the move usually comes); before its first think here, the level's longest
/// (its time cap). Never shorter than a move is shown, nor longer than the cap.
pub(crate) fn think_bar_ms(level: crate::ai::Difficulty) -> u32 {
    let cap = level.budget().time.unwrap_or_default().max(MIN_THINK);
    let ms = usual_think(level)
        .map_or(cap, |usual| (usual * 2).clamp(MIN_THINK, cap))
        .as_millis();
    // (A u32 of milliseconds: no 128-bit formatting in the page.)
    u32::try_from(ms).unwrap_or(u32::MAX)
}
