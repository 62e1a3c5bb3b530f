//! A link opened in a new tab goes to the tab of this browser that holds its
//! match, if one does: that tab keeps the connection the link's answer is
//! for, and a match is changed in one tab only. Tabs speak over a
//! `BroadcastChannel`: "who holds this match?", "this tab", "take this link".

use std::cell::RefCell;
use std::time::Duration;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent};

use super::sdp::split;
use super::session::held;
use crate::friend::game::match_of;

const NAME: &str = "engarde.friend";
/// How long a new tab waits for a tab that holds the match.
const WAIT: Duration = Duration::from_millis(300);

struct Tab {
    channel: BroadcastChannel,
    /// This tab's name among tabs.
    name: String,
    _on: Closure<dyn FnMut(MessageEvent)>,
}

thread_local! {
    static TAB: RefCell<Option<Tab>> = const { RefCell::new(None) };
    /// The tab that said it holds the match asked about: (match, tab).
    static HOLDER: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

fn post(text: &str) {
    TAB.with(|t| {
        if let Some(t) = t.borrow().as_ref() {
            let _ = t.channel.post_message(&text.into());
        }
    });
}

fn name() -> String {
    TAB.with(|t| t.borrow().as_ref().map(|t| t.name.clone()))
        .unwrap_or_default()
}

/// What a tab does with a link handed to it: (its match's id, the link).
pub(super) type Take = fn(String, String);

fn heard(text: &str, take: Take) {
    let mut words = text.splitn(3, ' ');
    match (words.next(), words.next(), words.next()) {
        (Some("who"), Some(id), None) if held(id).is_some() => {
            post(&format!("here {id} {}", name()));
        }
        (Some("here"), Some(id), Some(tab)) => {
            HOLDER.with(|h| *h.borrow_mut() = Some((id.to_string(), tab.to_string())));
        }
        (Some("take"), Some(tab), Some(link)) if tab == name() => {
            if let Ok(id) = match_of(split(link).0) {
                take(id.to_string(), link.to_string());
            }
        }
        _ => {}
    }
}

/// This tab answers other tabs (once set up, it stays); a link handed to
/// it goes to `take`.
pub(super) fn listen(take: Take) {
    if TAB.with(|t| t.borrow().is_some()) {
        return;
    }
    let Ok(channel) = BroadcastChannel::new(NAME) else {
        return;
    };
    let on = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        if let Some(text) = e.data().as_string() {
            heard(&text, take);
        }
    });
    channel.set_onmessage(Some(on.as_ref().unchecked_ref()));
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    TAB.with(|t| {
        *t.borrow_mut() = Some(Tab {
            channel,
            name: bytes.iter().map(|b| format!("{b:02x}")).collect(),
            _on: on,
        });
    });
}

/// Hands `link` to the tab that holds its match; true if one took it.
/// (This tab listens from then on, a link handed to it going to `take`.)
pub(super) async fn hand_over(link: &str, take: Take) -> bool {
    let Ok(id) = match_of(split(link).0).map(|id| id.to_string()) else {
        return false;
    };
    listen(take);
    HOLDER.with(|h| *h.borrow_mut() = None);
    post(&format!("who {id}"));
    let step = Duration::from_millis(25);
    let mut waited = Duration::ZERO;
    while waited < WAIT {
        yew::platform::time::sleep(step).await;
        waited += step;
        let holder = HOLDER
            .with(|h| h.borrow().clone())
            .filter(|(of, _)| *of == id);
        if let Some((_, tab)) = holder {
            post(&format!("take {tab} {link}"));
            return true;
        }
    }
    false
}
