//! The heartbeat: while the channel is open each page says it is still
//! there every [`EVERY`]; a page that beat and fell silent for [`SILENT`]
//! is gone (a crash, a cut network, a closed lid), as a closed channel is,
//! seen within [`LOOK`] more.
//! A page closing closes its channels first, so the friend's page hears it
//! at once.

use std::cell::Cell;
use std::time::Duration;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use super::event::{Dispatch, Event};
use super::frame::{Frame, Presence};
use super::session::{all_ids, lend_peer, read};

/// How often a page beats while the channel is open.
pub const EVERY: Duration = Duration::from_millis(400);
/// How often a page looks whether the friend's fell silent.
pub const LOOK: Duration = Duration::from_millis(200);
/// How long a page that beats may be silent before it counts as gone
/// (beats of a hidden page come about once a second).
pub const SILENT: Duration = Duration::from_millis(1_600);

/// Whether the friend's page, last heard at `heard` (none: it never beat),
/// is gone at `now` (milliseconds).
pub fn silent(heard: Option<f64>, now: f64) -> bool {
    heard.is_some_and(|at| now - at > SILENT.as_secs_f64() * 1000.0)
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The channel of match `id` opened, its heartbeat numbered `beat`: it
/// beats until it goes (or another connection takes over), and a friend's
/// page that falls silent is gone.
pub(super) fn start(id: &str, beat: u32, send: fn(&str, &Frame), dispatch: Dispatch) {
    let id = id.to_string();
    let beats_every = (EVERY.as_millis() / LOOK.as_millis()).max(1);
    yew::platform::spawn_local(async move {
        for look in 0.. {
            let on = read(&id, |h| {
                h.session.beat == beat && h.session.presence == Presence::Here
            });
            if on != Some(true) {
                return;
            }
            if look % beats_every == 0 {
                send(&id, &Frame::Beat);
            }
            if read(&id, |h| silent(h.session.heard, now())) == Some(true) {
                dispatch(&id, Event::Closed);
                return;
            }
            yew::platform::time::sleep(LOOK).await;
        }
    });
}

thread_local! {
    static LISTENING: Cell<bool> = const { Cell::new(false) };
}

/// Once a page: as it goes (closed, reloaded, navigated away), it closes
/// its channels, which the friend's page hears at once.
pub(super) fn farewell(dispatch: Dispatch) {
    if LISTENING.with(|l| l.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let bye = Closure::<dyn FnMut()>::new(move || {
        for id in all_ids() {
            if let Some(peer) = lend_peer(&id, None) {
                peer.close();
            }
            dispatch(&id, Event::Farewell);
        }
    });
    let _ = window.add_event_listener_with_callback("pagehide", bye.as_ref().unchecked_ref());
    bye.forget();
}
