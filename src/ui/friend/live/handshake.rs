//! The connection's handshake over links, as the session's step asks it
//! ([`super::step`]): a connection made with this page's offer or its
//! answer to the friend's, the friend's answer given to it; one that does
//! not open in time has no route. What comes of each goes back to the step
//! through `dispatch`.

use std::rc::Rc;
use std::time::Duration;

use yew::platform::spawn_local;

use super::event::{Dispatch, Event};
use super::peer::Peer;
use super::sdp::Description;
use super::session::with;

/// How long a connection may take to open once both descriptions are given.
const CONNECTING: Duration = Duration::from_secs(12);

/// Makes a connection for match `id` and its description: an offer, or
/// the answer to the friend's offer `theirs`; it rides on the next link.
pub(super) fn make(id: &str, theirs: Option<Description>, dispatch: Dispatch) {
    let Some(peer) = connect(id, dispatch) else {
        dispatch(id, Event::NoPeer);
        return;
    };
    with(id, |s| s.peer = Some(peer.clone()));
    let id = id.to_string();
    spawn_local(async move {
        let ours = match &theirs {
            Some(theirs) => peer.answer(theirs).await,
            None => peer.offer().await,
        };
        dispatch(&id, Event::Made(ours));
    });
}

/// A new connection for match `id`, its events going to the match its
/// route names (a new match with the same friend may take it over).
fn connect(id: &str, dispatch: Dispatch) -> Option<Rc<Peer>> {
    let route = with(id, |s| s.route.clone())?;
    let peer = Peer::new(crate::ui::storage::stun_allowed(), move |event| {
        let id = route.borrow().clone();
        dispatch(&id, Event::of_channel(event, js_sys::Date::now()));
    })?;
    Some(Rc::new(peer))
}

/// The friend's answer `theirs` to this page's offer completes the
/// connection, or it fails; one not open in time has no route.
pub(super) fn take_answer(id: &str, theirs: Description, dispatch: Dispatch) {
    let Some(Some(peer)) = with(id, |s| s.peer.clone()) else {
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
