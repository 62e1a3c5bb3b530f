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
pub mod event;
pub mod frame;
mod handshake;
pub mod held;
mod inbox;
pub(crate) mod peer;
pub mod sdp;
mod session;
pub mod step;
pub(crate) mod tabs;

pub use self::held::Watched;
pub(crate) use self::session::{change, held, say_no_route};

use self::event::{Effect, Event};
use self::frame::Frame;
use self::held::{HeldAction, Todo};
use self::session::{ack_key, apply};
use super::arrival::Problem;
use super::standing::{standing, Standing};
use crate::friend::game::FriendMatch;

/// Holds `m` (replacing what was held under its id): the board shows it,
/// other tabs may hand its links here, and its connection closes as the
/// page goes.
pub(crate) fn hold(m: FriendMatch) -> String {
    let id = m.id().to_string();
    let acknowledged = session::acknowledged_before(&id);
    run_all(apply(HeldAction::Hold { m, acknowledged }));
    tabs::listen(receive_handed);
    beat::farewell(dispatch);
    id
}

/// Hands `link` to the tab that holds its match; true if one took it.
pub(crate) async fn hand_over(link: &str) -> bool {
    tabs::hand_over(link, receive_handed).await
}

fn receive_handed(id: String, link: String) {
    yew::platform::spawn_local(async move { receive_link(&id, &link).await });
}

/// Feeds `event` to match `id`'s session ([`step`]) and does what it asks.
fn dispatch(id: &str, event: Event) {
    run_all(apply(HeldAction::Step(id.to_string(), event)));
}

/// Feeds what connection `n` said to the match it carries.
fn on_channel(n: u32, event: Event) {
    run_all(apply(HeldAction::Channel(n, event)));
}

fn run_all(todo: Vec<Todo>) {
    for (id, effect) in todo {
        run(&id, effect);
    }
}

fn run(id: &str, effect: Effect) {
    match effect {
        Effect::Send(frame) => send(id, &frame),
        Effect::Beat(beat) => beat::start(id, beat, send, dispatch),
        Effect::KeepReceived(d) => {
            // Kept across a reload: the link the friend has is not shown again.
            let _ = crate::ui::storage::set(&ack_key(id), &Frame::Received(d).text());
        }
        Effect::Check(code) => inbox::check(id, code, dispatch),
        Effect::LinkTaken(waiter, problem) => inbox::answer(waiter, problem),
        Effect::MakeOffer => handshake::make(id, None, dispatch, on_channel),
        Effect::MakeAnswer(theirs) => handshake::make(id, Some(theirs), dispatch, on_channel),
        Effect::TakeAnswer(theirs) => handshake::take_answer(id, theirs, dispatch),
        Effect::Heard => {
            // The person's turn while they look elsewhere: a chime, if they asked.
            let turn = held(id).is_some_and(|m| standing(&m) == Standing::Yours);
            if turn && chime::hidden() && crate::ui::storage::chime_wanted() {
                chime::ring();
            }
        }
        Effect::Drop => {
            session::lend_peer(id, None);
        }
        Effect::Tell(problem) => tell(id, problem),
    }
}

/// The board watching match `id` hears `problem` (kept for the next one
/// while none watches).
pub(crate) fn tell(id: &str, problem: Option<Problem>) {
    run_all(session::tell(id, problem));
}

/// The board showing match `id` hears of its changes (`None`: it is gone),
/// and at once of where it stands.
pub(crate) fn watch(id: &str, watcher: Option<yew::Callback<Option<Problem>>>) {
    run_all(session::watch(id, watcher));
}

/// What the board shows of match `id` now, if it is held (a channel that
/// closed under it seen first).
pub(crate) fn watched(id: &str) -> Option<Watched> {
    notice_closed(id);
    session::watched(id)
}

/// A channel that closed without a word (its connection closed under it)
/// is gone: the friend left.
fn notice_closed(id: &str) {
    if session::is_here(id) && !session::is_open(id) {
        dispatch(id, Event::Closed);
    }
}

fn send(id: &str, frame: &Frame) {
    if let Some(peer) = session::peer_of(id) {
        peer.send(&frame.text());
    }
    notice_closed(id);
}

/// After a change to match `id`: its last message goes over the channel if
/// it is open (and the friend's page has not said it has it).
pub(crate) fn sent(id: &str) {
    dispatch(id, Event::Changed);
}

/// A link is to be sent and no description rides on it yet: this page
/// makes an offer (when it can), and the board hears when it is ready.
pub(crate) fn prepare(id: &str) {
    let available = peer::available();
    dispatch(id, Event::Prepare { available });
}

/// The friend's description that came with a link of match `id`
/// ([`Event::Described`]).
pub(crate) fn described(id: &str, part: &str) {
    // (A channel that closed under it is seen first.)
    notice_closed(id);
    dispatch(id, Event::Described(part.to_string()));
}

/// A new match with the same friend (`to`, just begun here) takes over the
/// connection of match `from`, if it is live: its messages go over it at
/// once. True if it did.
pub(crate) fn carry_over(from: &str, to: &str) -> bool {
    if !session::is_here(from) || session::peer_of(from).is_none() {
        return false;
    }
    let peer = session::lend_peer(from, None);
    session::lend_peer(to, peer);
    run_all(apply(HeldAction::HandOver {
        from: from.to_string(),
        to: to.to_string(),
    }));
    true
}

/// A link of match `id` that came in (opened in this tab, or handed over
/// by another): its message taken into the held match as any message is
/// (after those before it), and the friend's connection description that
/// rides on it; the board is told what went wrong, if anything.
pub(crate) async fn receive_link(id: &str, link: &str) {
    let (code, part) = sdp::split(link);
    let problem = inbox::received(id, code.to_string(), dispatch).await;
    // A message already kept (sent again) may still bring a new description.
    if let (None | Some(Problem::Old), Some(part)) = (problem, part) {
        described(id, part);
    }
    sent(id);
    tell(id, problem);
}
