//! The connection's handshake over links: this page's offer made for its
//! next link, the friend's offer answered, the friend's answer taken; a
//! connection that does not open in time has no route; a new match with
//! the same friend takes over a live connection.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use yew::platform::spawn_local;

use super::frame::Presence;
use super::peer::{self, Peer};
use super::sdp::{Description, Kind};
use super::session::{tell, with};
use super::{on_event, sent};

/// How long a connection may take to open once both descriptions are given.
const CONNECTING: Duration = Duration::from_secs(12);

/// A link is to be sent and no description rides on it yet: this page
/// makes an offer (when it can), and the board hears when it is ready.
pub(crate) fn prepare(id: &str) {
    // No WebRTC here: links, said once.
    if !peer::available() {
        let now = with(id, |s| {
            let first = !s.unable;
            s.unable = true;
            s.presence = Presence::NoRoute;
            first
        });
        if now == Some(true) {
            tell(id, None);
        }
        return;
    }
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
        made(&id, offer, peer);
    });
}

/// This page's description is made (`None`: no candidate at all, a network
/// that allows none: links, said once): it rides on the next link.
fn made(id: &str, ours: Option<Description>, peer: Rc<Peer>) {
    with(id, |s| {
        s.unable = ours.is_none();
        s.presence = if ours.is_some() {
            Presence::Invited
        } else {
            Presence::NoRoute
        };
        s.peer = ours.as_ref().map(|_| peer);
        s.ours = ours;
    });
    tell(id, None);
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
    super::beat::start(to);
    sent(to);
    true
}

/// The friend's description that came with a link of match `id`: an offer
/// is answered (the answer rides on this page's next link); an answer to
/// this page's offer completes the connection.
pub(crate) fn described(id: &str, part: &str) {
    // The friend's page can make no direct connection: links, said once.
    if part == super::sdp::UNABLE {
        let waiting = with(id, |s| {
            let waiting = s.presence != Presence::NoRoute && s.presence != Presence::Here;
            s.unable = true;
            if waiting {
                s.presence = Presence::NoRoute;
                s.peer = None;
                s.ours = None;
            }
            waiting
        });
        if waiting == Some(true) {
            tell(id, None);
        }
        return;
    }
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
                made(&id, answer, peer);
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

pub(super) fn failed(id: &str) {
    with(id, |s| {
        s.presence = Presence::NoRoute;
        s.peer = None;
        s.ours = None;
    });
    tell(id, None);
}
