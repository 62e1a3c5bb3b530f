//! The browser entry. The loading note of index.html is the page's shell: it
//! says what the page is while the WebAssembly loads. The app mounts in a task
//! after the note has been painted (so the start-up work is not one long task
//! and the note is seen), and then removes the note.
use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::{closure::Closure, JsCast};

/// Mounts the app if it is not mounted yet.
fn mount(mounted: &Cell<bool>) {
    if mounted.replace(true) {
        return;
    }
    if let Some(note) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        note.remove();
    }
    yew::Renderer::<engarde::ui::App>::new().render();
}

/// Runs `f` in a new task after `millis` ms; false if it could not be queued.
fn later(millis: i32, f: impl FnOnce() + 'static) -> bool {
    let f = Closure::once_into_js(f);
    web_sys::window().is_some_and(|w| {
        w.set_timeout_with_callback_and_timeout_and_arguments_0(f.unchecked_ref(), millis)
            .is_ok()
    })
}

/// Runs `f` at the next animation frame; false if it could not be asked for.
fn next_frame(f: impl FnOnce() + 'static) -> bool {
    let f = Closure::once_into_js(f);
    web_sys::window().is_some_and(|w| w.request_animation_frame(f.unchecked_ref()).is_ok())
}

fn main() {
    let mounted = Rc::new(Cell::new(false));
    // Two animation frames, then a task: by then the note's paint is on screen.
    let m = mounted.clone();
    next_frame(move || {
        next_frame(move || {
            later(0, move || mount(&m));
        });
    });
    // Frames wait while the tab is hidden (and a step may fail to queue):
    // the app does not wait for them long.
    let m = mounted.clone();
    if !later(200, move || mount(&m)) {
        mount(&mounted);
    }
}
