//! Live play: when both pages are open, messages travel over a
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

pub mod beat;
pub(crate) mod chime;
pub mod frame;
mod handshake;
mod inbox;
pub(crate) mod peer;
pub mod sdp;
mod session;
pub(crate) mod tabs;

pub(crate) use self::handshake::{carry_over, described, prepare};
pub(crate) use self::session::{
    checking, held, hold, link_text, offered, presence, say_no_route, tell, watch, Held,
};

use self::frame::{Frame, Presence};
use self::handshake::failed;
use self::peer::PeerEvent;
use self::session::{ack_key, with};
use super::Problem;
use crate::friend::game::FriendMatch;
use crate::friend::wire::digest;

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

pub(super) fn on_event(id: &str, event: PeerEvent) {
    match event {
        PeerEvent::Open => {
            with(id, |s| {
                s.presence = Presence::Here;
                s.left = false;
                s.ours = None;
            });
            beat::start(id);
            sent(id);
            tell(id, None);
        }
        PeerEvent::Closed => {
            let was = with(id, |s| {
                let was = s.presence;
                if was == Presence::Here {
                    s.presence = Presence::Left;
                    s.left = true;
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
        PeerEvent::Text(text) => match Frame::read(&text).inspect(|f| beat::heard(id, f)) {
            Ok(Frame::Received(d)) => {
                with(id, |s| s.acknowledged = Some(d));
                // Kept across a reload: the link the friend has is not shown again.
                let _ = crate::ui::storage::set(&ack_key(id), &Frame::Received(d).text());
                tell(id, None);
            }
            Ok(Frame::Message(code)) => arrived(id, &code),
            Ok(Frame::Beat) => {}
            // Not a frame: nothing changes.
            Err(_) => {}
        },
    }
}

/// A message from the channel: taken as a link's would be, acknowledged,
/// and what this seat owes goes back at once. An invitation to another
/// match ("Play again") is kept for the person to accept.
fn arrived(id: &str, code: &str) {
    if held(id).is_none() {
        return;
    }
    let other = crate::friend::game::match_of(code).is_ok_and(|m| m.to_string() != id);
    if other && FriendMatch::read_invitation(code).is_ok() {
        with(id, |s| s.offered = Some(code.to_string()));
        send(id, &Frame::received(code));
        tell(id, None);
        return;
    }
    let (id, frame) = (id.to_string(), Frame::received(code));
    inbox::take(
        &id.clone(),
        code.to_string(),
        Box::new(move |problem| {
            // A message already kept is acknowledged too (it came again
            // after a reconnection); only a new one is news.
            if matches!(problem, None | Some(Problem::Old)) {
                send(&id, &frame);
            }
            sent(&id);
            // The person's turn while they look elsewhere: a chime, if they asked.
            let turn = problem.is_none()
                && held(&id).is_some_and(|h| {
                    super::standing(&mut h.0.borrow_mut()) == super::Standing::Yours
                });
            if turn && chime::hidden() && crate::ui::storage::chime_wanted() {
                chime::ring();
            }
            tell(&id, problem.filter(|p| *p != Problem::Old));
        }),
    );
}

/// A link of match `id` that came in (opened in this tab, or handed over
/// by another): its message taken into the held match as any message is
/// (after those before it), and the friend's connection description that
/// rides on it; the board is told what went wrong, if anything.
pub(crate) async fn take_link(id: &str, link: &str) {
    let (code, part) = sdp::split(link);
    let problem = inbox::taken(id, code.to_string()).await;
    // A message already kept (sent again) may still bring a new description.
    if let (None | Some(Problem::Old), Some(part)) = (problem, part) {
        described(id, part);
    }
    sent(id);
    tell(id, problem);
}
