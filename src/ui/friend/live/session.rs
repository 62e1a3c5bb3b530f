//! The matches this page holds, each with its live connection: where it
//! stands, this page's description to ride on the next link, what the
//! friend's page said it kept, and the board that shows it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use yew::Callback;

use super::frame::{Frame, Presence};
use super::peer::{self, Peer};
use super::sdp;
use super::step::Session;
use crate::friend::game::FriendMatch;
use crate::friend::wire::digest;
use crate::ui::friend::arrival::Problem;
use crate::ui::friend::standing::link_owed;

/// A held match's entry: its session ([`Session`], changed by its step,
/// and here only where the page finds its channel closed under it or says
/// "no direct connection") and what the browser lends it.
pub(super) struct Entry {
    /// The match as it stands (a new value at each change).
    pub(super) held: Rc<FriendMatch>,
    pub(super) session: Session,
    pub(super) peer: Option<Rc<Peer>>,
    /// The match the connection's events go to (changed when a new match
    /// with the same friend takes the connection over).
    pub(super) route: Rc<RefCell<String>>,
    /// The board showing the match: told of every change (with what went
    /// wrong with a message that came, if anything).
    pub(super) watcher: Option<Callback<Option<Problem>>>,
    /// What went wrong while no board watched, said to the next one.
    pub(super) unsaid: Option<Problem>,
    /// Who waits for a link's message to be taken in, by number.
    pub(super) waiters: HashMap<u32, Waiter>,
    pub(super) next_waiter: u32,
}

/// What a link's arrival does once its message is taken in.
pub(super) type Waiter = Box<dyn FnOnce(Option<Problem>)>;

impl Entry {
    /// A channel that closed without a word (its connection closed under
    /// it) is gone: the friend left.
    pub(super) fn check(&mut self) {
        let open = self.peer.as_ref().is_some_and(|p| p.is_open());
        if self.session.presence == Presence::Here && !open {
            self.session.lost();
            self.peer = None;
        }
    }
}

thread_local! {
    static SESSIONS: RefCell<HashMap<String, Entry>> = RefCell::new(HashMap::new());
}

pub(super) fn with<T>(id: &str, f: impl FnOnce(&mut Entry) -> T) -> Option<T> {
    SESSIONS.with(|s| s.borrow_mut().get_mut(id).map(f))
}

pub(crate) fn tell(id: &str, problem: Option<Problem>) {
    let watcher = with(id, |s| {
        if s.watcher.is_none() && problem.is_some() {
            s.unsaid = problem;
        }
        s.watcher.clone()
    });
    if let Some(Some(cb)) = watcher {
        cb.emit(problem);
    }
}

/// Where the last acknowledgement of match `id` is kept.
pub(super) fn ack_key(id: &str) -> String {
    format!("engarde.live.ack.{id}")
}

/// The digest the friend's page last said it kept, as kept before a reload.
fn acknowledged_before(id: &str) -> Option<[u8; 16]> {
    let text = crate::ui::storage::get(&ack_key(id))?;
    match Frame::read(&text) {
        Ok(Frame::Received(d)) => Some(d),
        _ => None,
    }
}

/// The match with id `id` as this page holds it, if it does.
pub(crate) fn held(id: &str) -> Option<Rc<FriendMatch>> {
    with(id, |s| s.held.clone())
}

/// Changes the match held under `id` with `f` (which must not reach the
/// page's sessions): what `f` returns, `None` if no match is held there.
pub(crate) fn change<T>(id: &str, f: impl FnOnce(&mut FriendMatch) -> T) -> Option<T> {
    with(id, |s| f(Rc::make_mut(&mut s.held)))
}

/// Holds `m` (replacing what was held under its id): the board shows it.
pub(crate) fn hold(m: FriendMatch) -> String {
    let id = m.id().to_string();
    let held = Rc::new(m);
    SESSIONS.with(|all| {
        let mut all = all.borrow_mut();
        match all.get_mut(&id) {
            Some(s) => s.held = held,
            None => {
                all.insert(
                    id.clone(),
                    Entry {
                        held,
                        session: Session::new(acknowledged_before(&id)),
                        peer: None,
                        route: Rc::new(RefCell::new(id.clone())),
                        watcher: None,
                        unsaid: None,
                        waiters: HashMap::new(),
                        next_waiter: 0,
                    },
                );
            }
        }
    });
    id
}

/// The board showing match `id` hears of its changes (`None`: it is gone),
/// and at once of where the match stands, with what went wrong while none
/// did.
pub(crate) fn watch(id: &str, watcher: Option<Callback<Option<Problem>>>) {
    let unsaid = with(id, |s| {
        s.watcher.clone_from(&watcher);
        s.unsaid.take()
    })
    .flatten();
    // Told at once, so that a change between the board's first showing
    // and its watching (a message checked meanwhile) is not missed.
    if let Some(cb) = watcher {
        cb.emit(unsaid);
    }
}

/// What the board shows of a held match: the match, where its connection
/// stands, whether a message of the friend's is being checked, the
/// friend's other match offered, and the link to send.
#[derive(Clone, Debug)]
pub struct Watched {
    pub held: Rc<FriendMatch>,
    /// Once the friend left, "left" until they are here again (while a new
    /// offer is made).
    pub presence: Presence,
    /// A message of the friend's is being taken in (its proofs checked):
    /// nothing to send or do meanwhile.
    pub checking: bool,
    /// The other match the friend's page offered over the connection: its
    /// invitation's code.
    pub offered: Option<String>,
    /// The last message's link (its code, and this page's description
    /// riding on it) while it is owed ([`link_owed`]), unless held back:
    /// the description is being made, or the channel carries the message.
    pub link: Option<String>,
}

impl PartialEq for Watched {
    fn eq(&self, other: &Watched) -> bool {
        Rc::ptr_eq(&self.held, &other.held)
            && (self.presence, self.checking) == (other.presence, other.checking)
            && (&self.offered, &self.link) == (&other.offered, &other.link)
    }
}

/// What the board shows of match `id` now, if it is held.
pub(crate) fn watched(id: &str) -> Option<Watched> {
    with(id, |s| {
        s.check();
        let presence = match s.session.presence {
            Presence::Here => Presence::Here,
            _ if s.session.left => Presence::Left,
            other => other,
        };
        let checking = s.session.is_checking();
        let owed = link_owed(&s.held) && !checking;
        Watched {
            held: s.held.clone(),
            presence,
            checking,
            offered: s.session.offered.clone(),
            link: owed
                .then(|| link_of(&s.session, s.held.last_code()))
                .flatten(),
        }
    })
}

/// Every match this page holds (to close their connections as it goes).
pub(super) fn all_ids() -> Vec<String> {
    SESSIONS.with(|s| s.borrow().keys().cloned().collect())
}

/// "No direct connection" is to be said now (once a match).
pub(crate) fn say_no_route(id: &str) -> bool {
    with(id, |s| {
        // (Said to name the friend: not before they accepted.)
        let named = {
            let m = &s.held;
            let me = m.side();
            !m.names()[me.opponent()].is_empty()
        };
        // Once a match: remembered across reloads (each link opens the page).
        let key = format!("engarde.live.said.{id}");
        let said = s.session.said_no_route || crate::ui::storage::get(&key).is_some();
        let say = s.session.presence == Presence::NoRoute && !said && named;
        if say {
            let _ = crate::ui::storage::set(&key, "1");
        }
        s.session.said_no_route |= say;
        say
    })
    .unwrap_or(false)
}

/// The link's text for the match's last message `code` (with this page's
/// description riding on it), or `None` while it is held back: the
/// description is being made, or the channel carries the message.
fn link_of(s: &Session, code: &str) -> Option<String> {
    let acknowledged = s.acknowledged == Some(digest(code));
    // An offer is about to be made for it (the board asks, see `prepare`).
    let about_to = s.idle() && s.ours.is_none() && !s.unable && peer::available();
    (!s.presence.withholds_link(acknowledged) && !about_to).then(|| {
        // A page that cannot connect says so on its links.
        if s.unable || !peer::available() {
            format!("{code}.{}", sdp::UNABLE)
        } else {
            sdp::join(code, s.ours.as_ref())
        }
    })
}
