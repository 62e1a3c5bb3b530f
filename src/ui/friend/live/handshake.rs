//! The connection's handshake over links, as the session's step asks it
//! ([`super::step`]): a connection made with this page's offer or its
//! answer to the friend's, the friend's answer given to it; one that does
//! not open in time has no route. What comes of each goes back to the step
//! through `dispatch`.

use std::rc::Rc;
use std::time::Duration;

use yew::platform::spawn_local;

use super::event::{Dispatch, Event};
use super::held::HeldAction;
use super::peer::Peer;
use super::sdp::Description;
use super::session::{apply, lend_peer, number, peer_of};

/// How long a connection may take to open once both descriptions are given.
const CONNECTING: Duration = Duration::from_secs(12);

/// Makes a connection for match `id` and its description: an offer, or
/// the answer to the friend's offer `theirs`; it rides on the next link.
pub(super) fn make(
    id: &str,
    theirs: Option<Description>,
    dispatch: Dispatch,
    on_channel: fn(u32, Event),
) {
    let Some(peer) = connect(id, on_channel) else {
        dispatch(id, Event::NoPeer);
        return;
    };
    lend_peer(id, Some(peer.clone()));
    let id = id.to_string();
    spawn_local(async move {
        let ours = match &theirs {
            Some(theirs) => peer.answer(theirs).await,
            None => peer.offer().await,
        };
        dispatch(&id, Event::Made(ours));
    });
}

/// A new connection for match `id`, numbered: its events go to the match
/// it carries (a new match with the same friend may take it over).
fn connect(id: &str, on_channel: fn(u32, Event)) -> Option<Rc<Peer>> {
    let n = number();
    let peer = Peer::new(crate::ui::storage::stun_allowed(), move |event| {
        on_channel(n, Event::of_channel(event, js_sys::Date::now()));
    })?;
    // (Nothing to run: a connection's number is only noted.)
    let _ = apply(HeldAction::Connected(n, id.to_string()));
    Some(Rc::new(peer))
}

/// The friend's answer `theirs` to this page's offer completes the
/// connection, or it fails; one not open in time has no route.
pub(super) fn take_answer(id: &str, theirs: Description, dispatch: Dispatch) {
    let Some(peer) = peer_of(id) else {
        dispatch(id, Event::Failed);
        return;
    };
    let id = id.to_string();
    spawn_local(async move {
        if peer.remote(&theirs).await.is_none() {
            dispatch(&id, Event::Failed);
        }
        yew::platform::time::sleep(CONNECTING).await;
        dispatch(&id, Event::TimedOut);
    });
}
