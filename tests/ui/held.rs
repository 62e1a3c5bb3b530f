//! The matches a page holds, natively: one value changed only by its
//! actions. A match held again keeps its session; a connection's events go
//! to the match it carries, never after it was let go; a new match with
//! the same friend takes over a live connection; what went wrong while no
//! board watched is said to the next; the link shown follows the session.

use engarde::friend::game::FriendMatch;
use engarde::friend::wire::digest;
use engarde::ui::friend::live::event::{Effect, Event};
use engarde::ui::friend::live::frame::{Frame, Presence};
use engarde::ui::friend::live::held::{HeldAction, HeldMatches, Todo};
use engarde::ui::friend::live::sdp;
use engarde::ui::friend::Problem;
use engarde::{GameRng, Preset};
use rand::SeedableRng;

/// A host's match and the guest's, just accepted.
fn begun(seed: u64) -> (FriendMatch, FriendMatch) {
    let mut rng = GameRng::seed_from_u64(seed);
    let (host, invitation) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (guest, _) = FriendMatch::accept(&invitation, "Bo", &mut rng).unwrap();
    (host, guest)
}

fn hold(all: &mut HeldMatches, m: &FriendMatch) -> String {
    let todo = all.apply(HeldAction::Hold {
        m: m.clone(),
        acknowledged: None,
    });
    assert!(todo.is_empty(), "holding does nothing else");
    m.id().to_string()
}

fn presence(all: &HeldMatches, id: &str) -> Presence {
    all.get(id).unwrap().session.presence
}

/// Connection `n` carries match `id` and opens.
fn live(all: &mut HeldMatches, id: &str, n: u32) -> Vec<Todo> {
    assert!(all
        .apply(HeldAction::Connected(n, id.to_string()))
        .is_empty());
    all.apply(HeldAction::Channel(n, Event::Opened))
}

#[test]
fn a_match_held_again_keeps_its_session_and_only_a_new_one_takes_the_kept_acknowledgement() {
    let (_, guest) = begun(1);
    let mut all = HeldMatches::default();
    let acknowledged = Some([7; 16]);
    let id = guest.id().to_string();
    all.apply(HeldAction::Hold {
        m: guest.clone(),
        acknowledged,
    });
    assert_eq!(all.get(&id).unwrap().session.acknowledged, acknowledged);
    live(&mut all, &id, 1);
    assert_eq!(presence(&all, &id), Presence::Here);
    // Held again (rebuilt from the journal): the connection stays.
    all.apply(HeldAction::Hold {
        m: guest.clone(),
        acknowledged: None,
    });
    let h = all.get(&id).unwrap();
    assert_eq!(
        (h.session.presence, h.connection),
        (Presence::Here, Some(1))
    );
    assert_eq!(h.session.acknowledged, acknowledged);
    assert_eq!(all.ids(), [id]);
}

#[test]
fn a_connection_speaks_to_the_match_it_carries_and_not_once_let_go() {
    let ((one, _), (other, _)) = (begun(2), begun(12));
    let mut all = HeldMatches::default();
    let (a, b) = (hold(&mut all, &one), hold(&mut all, &other));
    let todo = live(&mut all, &b, 5);
    assert!(todo.iter().all(|(id, _)| *id == b), "{todo:?}");
    assert!(todo.contains(&(b.clone(), Effect::Beat(1))));
    assert_eq!(presence(&all, &a), Presence::Links);
    // A frame on connection 5 goes to `b` only.
    let text = Frame::Beat.text();
    all.apply(HeldAction::Channel(5, Event::Text { text, now: 10.0 }));
    assert_eq!(all.get(&b).unwrap().session.heard, Some(10.0));
    assert_eq!(all.get(&a).unwrap().session.heard, None);
    // An unknown connection says nothing to anyone.
    assert!(all.apply(HeldAction::Channel(9, Event::Closed)).is_empty());
    assert_eq!(presence(&all, &b), Presence::Here);
    // Closed: the friend left, the connection let go...
    let todo = all.apply(HeldAction::Channel(5, Event::Closed));
    assert!(todo.contains(&(b.clone(), Effect::Drop)));
    assert_eq!(presence(&all, &b), Presence::Left);
    assert_eq!(all.get(&b).unwrap().connection, None);
    // ...and a late word from it changes nothing.
    assert!(all.apply(HeldAction::Channel(5, Event::Opened)).is_empty());
    assert_eq!(presence(&all, &b), Presence::Left);
    // A match not held hears nothing.
    assert!(all
        .apply(HeldAction::Step("0000".into(), Event::Opened))
        .is_empty());
}

#[test]
fn a_new_match_with_the_same_friend_takes_over_a_live_connection_only() {
    let (host, _) = begun(3);
    let (again, _) = begun(4);
    let mut all = HeldMatches::default();
    let (old, new) = (hold(&mut all, &host), hold(&mut all, &again));
    let over = HeldAction::HandOver {
        from: old.clone(),
        to: new.clone(),
    };
    // Not live: nothing is handed over.
    assert!(all.apply(over.clone()).is_empty());
    assert_eq!(presence(&all, &new), Presence::Links);
    live(&mut all, &old, 2);
    let todo = all.apply(over);
    assert!(todo.contains(&(new.clone(), Effect::Beat(1))), "{todo:?}");
    assert_eq!(presence(&all, &old), Presence::Links);
    assert_eq!(presence(&all, &new), Presence::Here);
    assert_eq!(all.get(&old).unwrap().connection, None);
    // The connection's words go to the new match from now on.
    all.apply(HeldAction::Channel(2, Event::Closed));
    assert_eq!(presence(&all, &new), Presence::Left);
    assert_eq!(presence(&all, &old), Presence::Links);
}

#[test]
fn what_went_wrong_unwatched_is_said_to_the_next_board_once() {
    let (host, _) = begun(5);
    let mut all = HeldMatches::default();
    let id = hold(&mut all, &host);
    let told = |todo: Vec<Todo>| -> Vec<Option<Problem>> {
        todo.into_iter()
            .filter_map(|(_, e)| match e {
                Effect::Tell(p) => Some(p),
                _ => None,
            })
            .collect()
    };
    // A board that watches hears at once, with nothing wrong.
    assert_eq!(told(all.apply(HeldAction::Watched(id.clone()))), [None]);
    all.apply(HeldAction::Unsaid(id.clone(), Problem::Forged));
    assert_eq!(
        told(all.apply(HeldAction::Watched(id.clone()))),
        [Some(Problem::Forged)]
    );
    assert_eq!(told(all.apply(HeldAction::Watched(id))), [None], "once");
}

#[test]
fn the_link_shown_follows_the_session_and_no_route_is_said_once() {
    let (_, mut guest) = begun(6);
    let mut all = HeldMatches::default();
    let id = hold(&mut all, &guest);
    let code = guest.last_code().to_string();
    // A browser that can connect: held back while the offer is about to
    // be made; one that cannot says so on its link.
    assert_eq!(all.watched(&id, true).unwrap().link, None);
    let link = all.watched(&id, false).unwrap().link.unwrap();
    assert_eq!(link, format!("{code}.{}", sdp::UNABLE));
    all.apply(HeldAction::Step(
        id.clone(),
        Event::Prepare { available: false },
    ));
    assert_eq!(presence(&all, &id), Presence::NoRoute);
    // "No direct connection" only once, and not if said before a reload.
    assert!(!all.no_route_to_say(&id, true));
    assert!(all.no_route_to_say(&id, false));
    all.apply(HeldAction::SaidNoRoute(id.clone()));
    assert!(!all.no_route_to_say(&id, false));
    // The friend's page said it has the message: over the channel, the
    // link is no longer shown.
    live(&mut all, &id, 3);
    let received = Frame::Received(digest(&code)).text();
    all.apply(HeldAction::Channel(
        3,
        Event::Text {
            text: received,
            now: 0.0,
        },
    ));
    assert_eq!(all.watched(&id, true).unwrap().link, None);
    // A change of the match is held (the board sees a new value).
    let before = all.watched(&id, true).unwrap();
    guest.abandon().unwrap();
    all.apply(HeldAction::Changed(id.clone(), guest));
    assert_ne!(all.watched(&id, true).unwrap(), before);
}
