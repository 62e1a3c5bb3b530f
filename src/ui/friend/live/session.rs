//! Where the page keeps the matches it holds ([`HeldMatches`], changed only
//! by its actions) and what the browser lends them: each match's
//! connection, the board that watches it, the links waiting for their
//! message to be taken in. The friend screens are loaded on first use and
//! may close while a connection lives, so both sit with the module, not
//! with a component.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use yew::Callback;

use super::frame::{Frame, Presence};
use super::held::{Held, HeldAction, HeldMatches, Todo, Watched};
use super::peer::{self, Peer};
use crate::friend::game::FriendMatch;
use crate::ui::friend::arrival::Problem;

/// What a link's arrival does once its message is taken in.
pub(super) type Waiter = Box<dyn FnOnce(Option<Problem>)>;

/// What the browser lends the matches held, by match id.
#[derive(Default)]
struct Lent {
    peers: HashMap<String, Rc<Peer>>,
    /// The board showing each match: told of every change (with what went
    /// wrong with a message that came, if anything).
    watchers: HashMap<String, Callback<Option<Problem>>>,
    /// Who waits for a link's message to be taken in, by number.
    waiters: HashMap<u32, Waiter>,
    /// The last number given to a waiter or a connection.
    numbered: u32,
}

thread_local! {
    static HELD: RefCell<HeldMatches> = RefCell::new(HeldMatches::default());
    static LENT: RefCell<Lent> = RefCell::new(Lent::default());
}

/// The matches held after `action`: what the page is then to do.
pub(super) fn apply(action: HeldAction) -> Vec<Todo> {
    HELD.with(|h| h.borrow_mut().apply(action))
}

/// What `f` reads of match `id`, if it is held.
pub(super) fn read<T>(id: &str, f: impl FnOnce(&Held) -> T) -> Option<T> {
    HELD.with(|h| h.borrow().get(id).map(f))
}

fn lent<T>(f: impl FnOnce(&mut Lent) -> T) -> T {
    LENT.with(|l| f(&mut l.borrow_mut()))
}

/// A new number, for a waiter or a connection.
pub(super) fn number() -> u32 {
    lent(|l| {
        l.numbered = l.numbered.wrapping_add(1);
        l.numbered
    })
}

/// Match `id`'s connection, if it has one.
pub(super) fn peer_of(id: &str) -> Option<Rc<Peer>> {
    lent(|l| l.peers.get(id).cloned())
}

/// `peer` is match `id`'s connection from now on (`None`: it has none).
pub(super) fn lend_peer(id: &str, peer: Option<Rc<Peer>>) -> Option<Rc<Peer>> {
    lent(|l| match peer {
        Some(peer) => l.peers.insert(id.to_string(), peer),
        None => l.peers.remove(id),
    })
}

/// Keeps `waiter` until its number's link is taken in.
pub(super) fn wait(waiter: Waiter) -> u32 {
    let n = number();
    lent(|l| l.waiters.insert(n, waiter));
    n
}

/// The waiter with number `n`, no longer kept.
pub(super) fn waiter(n: u32) -> Option<Waiter> {
    lent(|l| l.waiters.remove(&n))
}

/// Whether match `id`'s channel is open under it.
pub(super) fn is_open(id: &str) -> bool {
    peer_of(id).is_some_and(|p| p.is_open())
}

/// The board watching match `id` hears `problem`; with none watching,
/// what went wrong is kept for the next.
pub(super) fn tell(id: &str, problem: Option<Problem>) -> Vec<Todo> {
    match lent(|l| l.watchers.get(id).cloned()) {
        Some(cb) => {
            cb.emit(problem);
            Vec::new()
        }
        None => match problem {
            Some(p) => apply(HeldAction::Unsaid(id.to_string(), p)),
            None => Vec::new(),
        },
    }
}

/// The board showing match `id` hears of its changes (`None`: it is gone),
/// and at once of where the match stands, with what went wrong while none
/// did (told at once, so that a change between the board's first showing
/// and its watching, a message checked meanwhile, is not missed).
pub(super) fn watch(id: &str, watcher: Option<Callback<Option<Problem>>>) -> Vec<Todo> {
    let watching = watcher.is_some();
    lent(|l| match watcher {
        Some(cb) => l.watchers.insert(id.to_string(), cb),
        None => l.watchers.remove(id),
    });
    if watching {
        apply(HeldAction::Watched(id.to_string()))
    } else {
        Vec::new()
    }
}

/// Where the last acknowledgement of match `id` is kept.
pub(super) fn ack_key(id: &str) -> String {
    format!("engarde.live.ack.{id}")
}

/// The digest the friend's page last said it kept, as kept before a reload.
pub(super) fn acknowledged_before(id: &str) -> Option<[u8; 16]> {
    let text = crate::ui::storage::get(&ack_key(id))?;
    match Frame::read(&text) {
        Ok(Frame::Received(d)) => Some(d),
        _ => None,
    }
}

/// The match with id `id` as this page holds it, if it does.
pub(crate) fn held(id: &str) -> Option<Rc<FriendMatch>> {
    read(id, |h| h.held.clone())
}

/// Changes the match held under `id` with `f` (a copy, held once changed):
/// what `f` returns, `None` if no match is held there.
pub(crate) fn change<T>(id: &str, f: impl FnOnce(&mut FriendMatch) -> T) -> Option<T> {
    let mut m = FriendMatch::clone(&*held(id)?);
    let out = f(&mut m);
    apply(HeldAction::Changed(id.to_string(), m));
    Some(out)
}

/// What the board shows of match `id` now, if it is held.
pub(crate) fn watched(id: &str) -> Option<Watched> {
    HELD.with(|h| h.borrow().watched(id, peer::available()))
}

/// Every match this page holds (to close their connections as it goes).
pub(super) fn all_ids() -> Vec<String> {
    HELD.with(|h| h.borrow().ids())
}

/// "No direct connection" is to be said now (once a match, remembered
/// across reloads: each link opens the page).
pub(crate) fn say_no_route(id: &str) -> bool {
    let key = format!("engarde.live.said.{id}");
    let before = crate::ui::storage::get(&key).is_some();
    let say = HELD.with(|h| h.borrow().no_route_to_say(id, before));
    if say {
        let _ = crate::ui::storage::set(&key, "1");
        apply(HeldAction::SaidNoRoute(id.to_string()));
    }
    say
}

/// Whether match `id` is live (its friend here over the channel).
pub(super) fn is_here(id: &str) -> bool {
    read(id, |h| h.session.presence == Presence::Here).unwrap_or(false)
}
