//! Live play (issue 39): when both pages are open, messages travel over a
//! direct browser connection (a WebRTC data channel) instead of links — the
//! same codes, checks, chain and journal ([`frame`]); only the transport
//! differs. The connection's offer rides on a link, its answer on the link
//! that answers it ([`sdp`]); no server of ours is asked, and a public STUN
//! server only if Settings allow it ([`peer::STUN`]).
//!
//! This page keeps each open match here, with its connection: the board
//! shows it, the channel brings the friend's messages into it, and a link
//! opened in another tab is handed to the tab that holds the match
//! ([`tabs`]).

pub(crate) mod chime;
pub mod frame;
pub(crate) mod peer;
pub mod sdp;
pub(crate) mod tabs;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

use yew::platform::spawn_local;
use yew::Callback;

use self::frame::{Frame, Presence};
use self::peer::{Peer, PeerEvent};
use self::sdp::{Description, Kind};
use super::{hex, store, Problem};
use crate::friend::game::FriendMatch;
use crate::friend::wire::digest;

/// How long a connection may take to open once both descriptions are given.
const CONNECTING: Duration = Duration::from_secs(12);

/// A match held by the page (the board changes it in place).
#[derive(Clone)]
pub(crate) struct Held(pub Rc<RefCell<FriendMatch>>);

impl PartialEq for Held {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

struct Session {
    held: Held,
    peer: Option<Rc<Peer>>,
    /// The match the connection's events go to (changed when a new match
    /// with the same friend takes the connection over).
    route: Rc<RefCell<String>>,
    /// Another match the friend's page offered over the connection: its
    /// invitation's code.
    offered: Option<String>,
    presence: Presence,
    /// This page's description, to ride on the next link.
    ours: Option<Description>,
    /// The digest of the last message the friend's page said it kept.
    acknowledged: Option<[u8; 16]>,
    /// "No direct connection" is said once a match.
    said_no_route: bool,
    /// No description could be made here (no candidate): links only.
    unable: bool,
    /// The board showing the match: told of every change (with what went
    /// wrong with a message that came, if anything).
    watcher: Option<Callback<Option<Problem>>>,
}

impl Session {
    /// A channel that closed without a word (its connection closed under
    /// it) is gone: the friend left.
    fn check(&mut self) {
        let open = self.peer.as_ref().is_some_and(|p| p.is_open());
        if self.presence == Presence::Here && !open {
            self.presence = Presence::Left;
            self.peer = None;
            self.ours = None;
        }
    }

    /// No connection, none forming, no description being made.
    fn idle(&self) -> bool {
        matches!(
            self.presence,
            Presence::Links | Presence::Left | Presence::NoRoute
        )
    }
}

thread_local! {
    static SESSIONS: RefCell<HashMap<String, Session>> = RefCell::new(HashMap::new());
}

fn with<T>(id: &str, f: impl FnOnce(&mut Session) -> T) -> Option<T> {
    SESSIONS.with(|s| s.borrow_mut().get_mut(id).map(f))
}

fn tell(id: &str, problem: Option<Problem>) {
    if let Some(Some(cb)) = with(id, |s| s.watcher.clone()) {
        cb.emit(problem);
    }
}

/// Where the last acknowledgement of match `id` is kept.
fn ack_key(id: &str) -> String {
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
pub(crate) fn held(id: &str) -> Option<Held> {
    with(id, |s| s.held.clone())
}

/// Holds `m` (replacing what was held under its id): the board shows it.
pub(crate) fn hold(m: FriendMatch) -> Held {
    let id = hex(m.id());
    let held = Held(Rc::new(RefCell::new(m)));
    tabs::listen();
    SESSIONS.with(|all| {
        let mut all = all.borrow_mut();
        match all.get_mut(&id) {
            Some(s) => s.held = held.clone(),
            None => {
                all.insert(
                    id.clone(),
                    Session {
                        held: held.clone(),
                        peer: None,
                        route: Rc::new(RefCell::new(id.clone())),
                        offered: None,
                        presence: Presence::Links,
                        ours: None,
                        acknowledged: acknowledged_before(&id),
                        said_no_route: false,
                        unable: false,
                        watcher: None,
                    },
                );
            }
        }
    });
    held
}

/// The board showing match `id` hears of its changes (`None`: it is gone).
pub(crate) fn watch(id: &str, watcher: Option<Callback<Option<Problem>>>) {
    with(id, |s| s.watcher = watcher);
}

pub(crate) fn presence(id: &str) -> Presence {
    with(id, |s| {
        s.check();
        s.presence
    })
    .unwrap_or(Presence::Links)
}

/// "No direct connection" is to be said now (once a match).
pub(crate) fn say_no_route(id: &str) -> bool {
    with(id, |s| {
        // (Said to name the friend: not before they accepted.)
        let named = s.held.0.try_borrow().is_ok_and(|m| {
            let me = m.side();
            !m.names()[me.opponent()].is_empty()
        });
        // Once a match: remembered across reloads (each link opens the page).
        let key = format!("engarde.live.said.{id}");
        let said = s.said_no_route || crate::ui::storage::get(&key).is_some();
        let say = s.presence == Presence::NoRoute && !said && named;
        if say {
            let _ = crate::ui::storage::set(&key, "1");
        }
        s.said_no_route |= say;
        say
    })
    .unwrap_or(false)
}

/// The link's text for the match's last message (its code, and this page's
/// description riding on it), or `None` while it is held back: the
/// description is being made, or the channel carries the message.
pub(crate) fn link_text(id: &str, code: &str) -> Option<String> {
    with(id, |s| {
        let acknowledged = s.acknowledged == Some(digest(code));
        // An offer is about to be made for it (the board asks, see `prepare`).
        let about_to = s.idle() && s.ours.is_none() && !s.unable && peer::available();
        (!s.presence.holds_link(acknowledged) && !about_to)
            .then(|| sdp::join(code, s.ours.as_ref()))
    })
    .unwrap_or_else(|| Some(code.to_string()))
}

/// A link is to be sent and no description rides on it yet: this page
/// makes an offer (when it can), and the board hears when it is ready.
pub(crate) fn prepare(id: &str) {
    let start = with(id, |s| {
        let start = s.idle() && s.ours.is_none() && !s.unable && peer::available();
        if start {
            s.presence = Presence::Preparing;
        }
        start
    });
    if start != Some(true) {
        return;
    }
    let Some(peer) = connect(id) else {
        with(id, |s| {
            s.presence = Presence::Links;
            s.unable = true;
        });
        return;
    };
    let id = id.to_string();
    spawn_local(async move {
        let offer = peer.offer().await;
        with(&id, |s| {
            // No candidate at all (a network that allows none): links,
            // said once.
            s.unable = offer.is_none();
            s.presence = if offer.is_some() {
                Presence::Invited
            } else {
                Presence::NoRoute
            };
            s.ours = offer;
            s.peer = s.ours.as_ref().map(|_| peer);
        });
        tell(&id, None);
    });
}

/// A new connection for match `id`, its events handled here.
fn connect(id: &str) -> Option<Rc<Peer>> {
    let route = with(id, |s| s.route.clone())?;
    let peer = Peer::new(crate::ui::storage::stun_allowed(), move |event| {
        let id = route.borrow().clone();
        on_event(&id, event);
    })?;
    Some(Rc::new(peer))
}

/// A new match with the same friend (`to`, just begun here) takes over the
/// connection of match `from`, if it is live: its messages go over it at
/// once. True if it did.
pub(crate) fn carry_over(from: &str, to: &str) -> bool {
    let taken = with(from, |s| {
        if s.presence != Presence::Here {
            return None;
        }
        s.presence = Presence::Links;
        s.offered = None;
        let peer = s.peer.take()?;
        let fresh = Rc::new(RefCell::new(from.to_string()));
        Some((peer, std::mem::replace(&mut s.route, fresh)))
    })
    .flatten();
    let Some((peer, route)) = taken else {
        return false;
    };
    *route.borrow_mut() = to.to_string();
    with(to, |s| {
        s.peer = Some(peer);
        s.route = route;
        s.presence = Presence::Here;
    });
    sent(to);
    true
}

/// The other match the friend's page offered over the connection of match
/// `id`, if any: its invitation's code.
pub(crate) fn offered(id: &str) -> Option<String> {
    with(id, |s| s.offered.clone()).flatten()
}

/// The friend's description that came with a link of match `id`: an offer
/// is answered (the answer rides on this page's next link); an answer to
/// this page's offer completes the connection.
pub(crate) fn described(id: &str, part: &str) {
    let Ok(theirs) = Description::decode(part) else {
        return;
    };
    let id = id.to_string();
    match theirs.kind {
        Kind::Answer => {
            let Some(Some(peer)) = with(&id, |s| {
                (s.presence == Presence::Invited
                    && s.ours.as_ref().is_some_and(|d| d.kind == Kind::Offer))
                .then(|| s.peer.clone())
                .flatten()
            }) else {
                return;
            };
            with(&id, |s| {
                s.presence = Presence::Connecting;
                s.ours = None;
            });
            spawn_local(async move {
                if peer.remote(&theirs).await.is_none() {
                    failed(&id);
                }
                time_out(id);
            });
        }
        Kind::Offer => {
            // Live already, or no candidate here: nothing to answer.
            let live = with(&id, |s| {
                s.check();
                s.presence == Presence::Here || s.unable
            });
            if live != Some(false) {
                return;
            }
            let Some(peer) = connect(&id) else { return };
            with(&id, |s| {
                s.presence = Presence::Preparing;
                s.ours = None;
                s.peer = Some(peer.clone());
            });
            spawn_local(async move {
                let answer = peer.answer(&theirs).await;
                with(&id, |s| {
                    s.unable = answer.is_none();
                    s.presence = if answer.is_some() {
                        Presence::Invited
                    } else {
                        Presence::NoRoute
                    };
                    s.ours = answer;
                });
                tell(&id, None);
            });
        }
    }
}

/// A connection not open in time has no route.
fn time_out(id: String) {
    spawn_local(async move {
        yew::platform::time::sleep(CONNECTING).await;
        if with(&id, |s| s.presence == Presence::Connecting) == Some(true) {
            failed(&id);
        }
    });
}

fn failed(id: &str) {
    with(id, |s| {
        s.presence = Presence::NoRoute;
        s.peer = None;
        s.ours = None;
    });
    tell(id, None);
}

fn send(id: &str, frame: &Frame) -> bool {
    with(id, |s| {
        let sent = s.peer.as_ref().is_some_and(|p| p.send(&frame.text()));
        s.check();
        sent
    })
    .unwrap_or(false)
}

/// After a change to match `id`: its last message goes over the channel if
/// it is open (and the friend's page has not said it has it).
pub(crate) fn sent(id: &str) {
    let Some(Some(code)) = with(id, |s| {
        let m = s.held.0.borrow();
        let code = m.last_code().to_string();
        let owed = !m.is_holding() && !code.is_empty() && s.acknowledged != Some(digest(&code));
        owed.then_some(code)
    }) else {
        return;
    };
    send(id, &Frame::Message(code));
}

fn on_event(id: &str, event: PeerEvent) {
    match event {
        PeerEvent::Open => {
            with(id, |s| {
                s.presence = Presence::Here;
                s.ours = None;
            });
            sent(id);
            tell(id, None);
        }
        PeerEvent::Closed => {
            let was = with(id, |s| {
                let was = s.presence;
                if was == Presence::Here {
                    s.presence = Presence::Left;
                    s.peer = None;
                    s.ours = None;
                }
                was
            });
            match was {
                Some(Presence::Here) => tell(id, None),
                Some(Presence::Connecting) => failed(id),
                _ => {}
            }
        }
        PeerEvent::Text(text) => match Frame::read(&text) {
            Ok(Frame::Received(d)) => {
                with(id, |s| s.acknowledged = Some(d));
                // Kept across a reload: the link the friend has is not shown again.
                let _ = crate::ui::storage::set(&ack_key(id), &Frame::Received(d).text());
                tell(id, None);
            }
            Ok(Frame::Message(code)) => arrived(id, &code),
            // Not a frame: nothing changes.
            Err(_) => {}
        },
    }
}

/// A message from the channel: taken as a link's would be, acknowledged,
/// and what this seat owes goes back at once. An invitation to another
/// match ("Play again") is kept for the person to accept.
fn arrived(id: &str, code: &str) {
    let Some(held) = held(id) else { return };
    let other = crate::friend::game::match_of(code).is_ok_and(|m| hex(m) != id);
    if other && FriendMatch::read_invitation(code).is_ok() {
        with(id, |s| s.offered = Some(code.to_string()));
        send(id, &Frame::received(code));
        tell(id, None);
        return;
    }
    let problem = store::take(&mut held.0.borrow_mut(), code);
    // A message already kept is acknowledged too (it came again after a
    // reconnection); only a new one is news.
    let kept = matches!(problem, None | Some(Problem::Old));
    if kept {
        send(id, &Frame::received(code));
    }
    sent(id);
    // The person's turn while they look elsewhere: a chime, if they asked.
    let turn =
        problem.is_none() && super::standing(&mut held.0.borrow_mut()) == super::Standing::Yours;
    if turn && chime::hidden() && crate::ui::storage::chime_wanted() {
        chime::ring();
    }
    tell(id, problem.filter(|p| *p != Problem::Old));
}

/// A link of match `id` that came in (opened in this tab, or handed over
/// by another): its message taken into the held match as any message is,
/// and the friend's connection description that rides on it; what went
/// wrong, if anything.
pub(crate) fn take_link(id: &str, link: &str) -> Option<Problem> {
    let (code, part) = sdp::split(link);
    let held = held(id)?;
    let problem = store::take(&mut held.0.borrow_mut(), code);
    // A message already kept (sent again) may still bring a new description.
    if let (None | Some(Problem::Old), Some(part)) = (problem, part) {
        described(id, part);
    }
    sent(id);
    problem
}
