//! What the friend screens show (a [`Screen`]) and how they get there: a
//! link read (here, or handed to the tab that holds its match; the first
//! one that opened the page, and each one pasted into it later; a part of
//! one collected until all are in), a match
//! begun, another match with the same friend.

use yew::platform::spawn_local;
use yew::prelude::*;

use super::forms::secret_rng;
use super::live::{self, sdp};
use super::moves::{self, Move};
use super::parts::Collected;
use super::standing::link_owed;
use super::state::{FriendScreens, FriendsAction, Screen};
use super::{incoming, settle, store, Incoming, Problem, PREFIX};
use crate::friend::game::FriendMatch;
use crate::ui::shell::share::clear_fragment_of;

/// A kept match as this page holds it (rebuilt if it did not hold it).
pub(super) fn open_kept(id: &str) -> Result<String, Problem> {
    if live::held(id).is_some() {
        return Ok(id.to_string());
    }
    let kept = store::load(id).ok_or(Problem::Kept)?;
    let m = store::restore(&kept).map_err(Problem::from)?;
    Ok(live::hold(m))
}

/// The person's move `mv` in match `id`, made and kept ([`moves::make`]);
/// what the seat then owes goes out. What came of it, for the screens.
pub(super) fn make_move(id: &str, mv: Move) -> FriendsAction {
    let outcome = live::change(id, |m| moves::make(m, mv)).unwrap_or(Err(Problem::NotHeld));
    if outcome.is_ok() {
        live::sent(id);
    }
    FriendsAction::Moved(outcome, live::watched(id))
}

/// A link owes match `id`'s last message and no offer rides on it yet:
/// this page makes one, if it can ([`live::prepare`]).
pub(super) fn prepare(watched: &live::Watched) {
    if link_owed(&watched.held) && !watched.checking {
        live::prepare(&watched.held.id().to_string());
    }
}

/// A new match is kept and shown; the friend's connection offer that came
/// with the invitation, if any, is answered.
pub(super) fn begin(mut m: FriendMatch, offer: Option<&str>) -> (Screen, Option<Problem>) {
    settle(&mut m);
    match store::save(&m) {
        Ok(_) => {
            let id = live::hold(m);
            if let Some(offer) = offer {
                live::described(&id, offer);
            }
            (Screen::Match(id), None)
        }
        // No link goes out that is not kept.
        Err(p) => (Screen::List, Some(p)),
    }
}

/// The person's name in match `m`, the friend's, and the match's id.
fn who_of(m: &FriendMatch) -> (String, String, String) {
    let me = m.side();
    let friend = store::load(&m.id().to_string())
        .map(|k| super::names_shown(m, &k.summary.friend)[me.opponent()].clone())
        .unwrap_or_else(|| m.names()[me.opponent()].clone());
    (m.names()[me].clone(), friend, m.id().to_string())
}

/// Another match with the same friend, this person inviting (the rules and
/// names of match `id`'s): over the connection if it is live, else by its link.
pub(super) fn again(id: &str) -> (Screen, Option<Problem>) {
    let Some(held) = live::held(id) else {
        return (Screen::List, Some(Problem::NotHeld));
    };
    let rules = held.rules();
    let (name, friend, old) = who_of(&held);
    let Some(mut rng) = secret_rng(&name) else {
        return (Screen::List, None);
    };
    let (m, _) = FriendMatch::invite(rules, &name, &mut rng);
    carried(begin(m, None), &old, &friend)
}

/// The friend's invitation to another match, offered over the connection of
/// match `id`, accepted under the same name. When `id` is this page's
/// own invitation, made as the friend made theirs, it gives way: it is
/// removed (the friend's page plays the one accepted here).
pub(super) fn accept_again(id: &str, code: &str) -> (Screen, Option<Problem>) {
    let Some(held) = live::held(id) else {
        return (Screen::List, Some(Problem::NotHeld));
    };
    let (name, friend, old) = who_of(&held);
    let Some(mut rng) = secret_rng(&name) else {
        return (Screen::List, None);
    };
    let mine = super::unanswered(&held);
    match FriendMatch::accept(code, &name, &mut rng) {
        Ok((m, _)) => {
            let begun = carried(begin(m, None), &old, &friend);
            if mine && matches!(begun.0, Screen::Match(_)) {
                store::remove(&old);
            }
            begun
        }
        Err(e) => (Screen::List, Some(Problem::from(e))),
    }
}

/// The new match shown takes over the old one's connection, if live, and
/// names the friend (`friend`) until they accept.
fn carried(begun: (Screen, Option<Problem>), old: &str, friend: &str) -> (Screen, Option<Problem>) {
    if let Screen::Match(id) = &begun.0 {
        store::name_friend(id, friend);
        live::carry_over(old, id);
    }
    begun
}

/// What a link that came in opens, and what is wrong with it if anything.
/// For a kept match's next message, the caller takes it in afterwards
/// ([`live::receive_link`]), the board shown meanwhile.
fn arrive(link: &str) -> (Screen, Option<Problem>) {
    let (code, part) = sdp::split(link);
    match incoming(code, &store::ids()) {
        Incoming::Invitation { rules, host } => (
            Screen::Invitation {
                code: code.to_string(),
                offer: part.map(str::to_string),
                rules,
                host,
            },
            None,
        ),
        Incoming::Continues(id) => match open_kept(&id) {
            Ok(id) => (Screen::Match(id), None),
            Err(p) => (Screen::List, Some(p)),
        },
        Incoming::NotHeld => (Screen::List, Some(Problem::NotHeld)),
        Incoming::Broken(p) => (Screen::List, Some(p)),
    }
}

/// Reads `link`: it goes to the tab that holds its match, if another does;
/// else it is read here, and a kept match's message taken in.
pub(super) async fn read_link(link: String, dispatch: UseReducerDispatcher<FriendScreens>) {
    let link = match super::parts::collect(link) {
        Collected::Whole(link) => link,
        Collected::Waiting(progress, p) => {
            let screen = progress.map_or(Screen::List, Screen::Parts);
            return dispatch.dispatch(FriendsAction::Show(screen, p));
        }
    };
    let here = crate::friend::game::match_of(sdp::split(&link).0)
        .is_ok_and(|id| live::held(&id.to_string()).is_some());
    if !here && live::hand_over(&link).await {
        dispatch.dispatch(FriendsAction::Show(Screen::Elsewhere, None));
        return;
    }
    // Read here: this tab holds the page's match from now on.
    crate::ui::shell::call("engardeClaim", &[]);
    // Timed for the benchmark (e2e/bench-friend.mjs): a deck's
    // message (a round set up) is the long kind; the page's
    // own thread, and the message taken in.
    let began = web_time::Instant::now();
    let arrived = arrive(&link);
    let held = match &arrived.0 {
        Screen::Match(id) => Some(id.clone()),
        _ => None,
    };
    let kind = if link.len() > 800 { "deck" } else { "move" };
    let millis = began.elapsed().as_secs_f64() * 1000.0;
    crate::ui::shell::note_time("__engardeFriendOpenMs", kind, millis);
    dispatch.dispatch(FriendsAction::Show(arrived.0, arrived.1));
    if let Some(id) = held {
        live::receive_link(&id, &link).await;
        let millis = began.elapsed().as_secs_f64() * 1000.0;
        crate::ui::shell::note_time("__engardeFriendMs", kind, millis);
    }
}

/// While the friend screens are open, a friend's link pasted into this tab
/// (`hashchange`) is read here; the shell then does not reload
/// (`engardeFriendsOpen`, web/loading.js). Dropped: no longer.
pub(super) struct Pasted {
    listener: Option<wasm_bindgen::closure::Closure<dyn FnMut()>>,
}

pub(super) fn pasted_links(dispatch: UseReducerDispatcher<FriendScreens>) -> Pasted {
    use wasm_bindgen::JsCast;
    let Some(window) = web_sys::window() else {
        return Pasted { listener: None };
    };
    let listener = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || {
        let hash = web_sys::window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let Some(link) = hash.strip_prefix(PREFIX) else {
            return;
        };
        let link = link.to_string();
        clear_fragment_of(PREFIX);
        spawn_local(read_link(link, dispatch.clone()));
    });
    let _ =
        window.add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
    let _ = js_sys::Reflect::set(&window, &"engardeFriendsOpen".into(), &true.into());
    Pasted {
        listener: Some(listener),
    }
}

impl Drop for Pasted {
    fn drop(&mut self) {
        use wasm_bindgen::JsCast;
        let (Some(window), Some(listener)) = (web_sys::window(), self.listener.take()) else {
            return;
        };
        let _ = window
            .remove_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
        let _ = js_sys::Reflect::delete_property(&window, &"engardeFriendsOpen".into());
    }
}
