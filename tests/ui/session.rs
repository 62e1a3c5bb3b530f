//! A held match's live session, natively: its step over scripted events
//! (the handshake by links; the channel opens, closes, fails; frames lost, doubled or garbage;
//! links while a message is checked; another match offered), and two pages
//! whose only link is what their steps send playing a match to its end,
//! the journal the truth.

use std::collections::VecDeque;

use engarde::friend::game::FriendMatch;
use engarde::friend::wire::digest;
use engarde::ui::friend::live::event::{Arrival, Effect, Event};
use engarde::ui::friend::live::frame::{Frame, Presence};
use engarde::ui::friend::live::sdp::{self, Description, Kind};
use engarde::ui::friend::live::step::Session;
use engarde::ui::friend::{settle, Problem};
use engarde::{GameRng, Preset};
use rand::{Rng, SeedableRng};

/// A page: its seat, its session, and what its steps asked for.
struct Page {
    m: FriendMatch,
    session: Session,
    /// Frames on their way to the other page.
    out: VecDeque<Frame>,
    told: Vec<Option<Problem>>,
    answered: Vec<(u32, Option<Problem>)>,
    heard: usize,
    checks: usize,
}

impl Page {
    fn new(m: FriendMatch) -> Page {
        Page {
            m,
            session: Session::new(None),
            out: VecDeque::new(),
            told: Vec::new(),
            answered: Vec::new(),
            heard: 0,
            checks: 0,
        }
    }

    /// Feeds `event` and runs what the step asks, as the page does: a
    /// message to check is taken into the match (`receive`, then what the
    /// seat owes), and the step hears how that went.
    /// Every change of what the board shows is told to it, whatever the
    /// event: the board shows the session as last told.
    fn on(&mut self, event: Event) {
        let session = std::mem::take(&mut self.session);
        let (before, what) = (shown(&session), format!("{event:?}"));
        let (session, effects) = session.step(event, &self.m);
        if shown(&session) != before {
            let told = effects.iter().any(|e| matches!(e, Effect::Tell(_)));
            assert!(told, "a change the board shows is told: {what}");
        }
        self.session = session;
        for effect in effects {
            match effect {
                Effect::Send(frame) => self.out.push_back(frame),
                Effect::Check(code) => {
                    self.checks += 1;
                    let problem = self.m.receive(&code).map(|()| settle(&mut self.m));
                    self.on(Event::Checked(problem.err().map(Problem::from)));
                }
                Effect::LinkTaken(waiter, problem) => self.answered.push((waiter, problem)),
                Effect::Heard => self.heard += 1,
                Effect::Tell(problem) => self.told.push(problem),
                _ => {}
            }
        }
    }

    /// Frames that arrive over the channel.
    fn hear(&mut self, frames: impl IntoIterator<Item = Frame>) {
        for frame in frames {
            self.on(Event::Text {
                text: frame.text(),
                now: 0.0,
            });
        }
    }
}

/// What a board shows of a session (with the match): where the
/// connection stands, a message being checked, another match offered, and
/// what rides on the link or holds it back.
#[allow(clippy::type_complexity)]
fn shown(
    s: &Session,
) -> (
    Presence,
    bool,
    bool,
    Option<String>,
    Option<[u8; 16]>,
    Option<Description>,
    bool,
) {
    (
        s.presence,
        s.left,
        s.is_checking(),
        s.offered.clone(),
        s.acknowledged,
        s.ours.clone(),
        s.unable,
    )
}

fn begun(seed: u64) -> (Page, Page, GameRng) {
    let mut rng = GameRng::seed_from_u64(seed);
    let (host, invitation) = FriendMatch::invite(Preset::Advanced.rules(), "Ann", &mut rng);
    let (guest, _) = FriendMatch::accept(&invitation, "Bo", &mut rng).unwrap();
    (Page::new(host), Page::new(guest), rng)
}

/// The seat's person plays what they may now (random legal actions); the
/// page's session hears of the change.
fn play_turn(page: &mut Page, rng: &mut GameRng) {
    let mut played = false;
    loop {
        let action = if let Some(choices) = page.m.choice() {
            engarde::Action::Choose(choices[rng.random_range(0..choices.len())])
        } else if let Some(obs) = page.m.to_play() {
            let legal = obs.legal_actions();
            legal[rng.random_range(0..legal.len())]
        } else {
            break;
        };
        page.m.play(action).unwrap();
        played = true;
    }
    if played {
        settle(&mut page.m);
        page.on(Event::Changed);
    }
}

/// Each page hears what the other sent; `lose(n)` frames are lost on the way.
fn carry(a: &mut Page, b: &mut Page, n: &mut usize, lose: &impl Fn(usize) -> bool) {
    let to_b: Vec<Frame> = a.out.drain(..).collect();
    let to_a: Vec<Frame> = b.out.drain(..).collect();
    for (to, frames) in [(&mut *b, to_b), (&mut *a, to_a)] {
        for frame in frames {
            *n += 1;
            if !lose(*n) {
                to.hear([frame]);
            }
        }
    }
}

/// A whole match over the channel between two pages, frames lost where
/// `lose` says; when nothing moves the channel closes and opens again.
/// The two seats' records, and how many reconnections it took.
fn over_the_channel(seed: u64, lose: impl Fn(usize) -> bool) -> (String, usize) {
    let (mut host, mut guest, mut rng) = begun(seed);
    // The acceptance went by link: the host takes it, the guest knows it sent it.
    let accepted = guest.m.last_code().to_string();
    host.on(Event::Arrived {
        code: accepted,
        from: Arrival::Link(1),
    });
    assert_eq!(host.answered, [(1, None)]);
    host.on(Event::Opened);
    guest.on(Event::Opened);
    let (mut n, mut reconnections) = (0, 0);
    for _ in 0..20_000 {
        if host.m.is_over() && guest.m.is_over() {
            break;
        }
        play_turn(&mut host, &mut rng);
        play_turn(&mut guest, &mut rng);
        if host.out.is_empty() && guest.out.is_empty() {
            // Stuck: a message or its acknowledgement was lost.
            reconnections += 1;
            for page in [&mut host, &mut guest] {
                page.on(Event::Closed);
                assert_eq!(page.session.presence, Presence::Left);
                page.on(Event::Opened);
            }
        }
        carry(&mut host, &mut guest, &mut n, &lose);
    }
    assert!(host.m.is_over() && guest.m.is_over(), "the match ends");
    for page in [&host, &guest] {
        assert!(!page.session.is_checking());
        assert!(page.heard > 0);
        // No message was refused but copies sent again.
        assert!(
            page.told.iter().all(Option::is_none),
            "{:?}",
            page.told.iter().flatten().collect::<Vec<_>>()
        );
    }
    let (a, b) = (host.m.played().unwrap(), guest.m.played().unwrap());
    let record = engarde::record::write::record_json(a);
    assert_eq!(record, engarde::record::write::record_json(b));
    (record, reconnections)
}

#[test]
fn two_pages_play_a_match_to_its_end_by_their_steps_alone() {
    let (whole, reconnections) = over_the_channel(11, |_| false);
    assert_eq!(reconnections, 0, "nothing lost, nothing to send again");
    // Every seventh frame lost (messages and acknowledgements alike): the
    // pages reconnect, what is owed goes again, copies are old.
    let (lossy, reconnections) = over_the_channel(11, |n| n % 7 == 0);
    assert!(reconnections > 0);
    assert!(!whole.is_empty() && !lossy.is_empty());
    assert!(engarde::record::replay(&lossy, false)
        .unwrap()
        .the_match
        .is_over());
}

#[test]
fn a_message_that_came_twice_is_acknowledged_again_and_not_news() {
    let (mut host, guest, _) = begun(5);
    let accepted = guest.m.last_code().to_string();
    host.on(Event::Opened);
    host.hear([Frame::Message(accepted.clone())]);
    assert_eq!(host.heard, 1);
    let ack = Frame::received(&accepted);
    assert!(host.out.contains(&ack));
    let steps = host.m.journal().steps.len();
    host.out.clear();
    host.told.clear();
    // Its acknowledgement was lost: the friend's page sends it again.
    host.hear([Frame::Message(accepted)]);
    assert_eq!(host.out.front(), Some(&ack), "acknowledged again");
    assert_eq!(host.heard, 1, "not news");
    assert_eq!(host.m.journal().steps.len(), steps);
    assert!(host.told.iter().all(Option::is_none), "{:?}", host.told);
}

#[test]
fn messages_that_come_while_one_is_checked_wait_their_turn() {
    let (host, guest, _) = begun(6);
    let session = Session::new(None);
    let m = &host.m;
    let (session, effects) = session.step(
        Event::Arrived {
            code: "first".into(),
            from: Arrival::Link(1),
        },
        m,
    );
    assert_eq!(effects, [Effect::Tell(None), Effect::Check("first".into())]);
    assert!(session.is_checking());
    let (session, effects) = session.step(
        Event::Text {
            text: Frame::Message("second".into()).text(),
            now: 1.0,
        },
        m,
    );
    assert!(effects.is_empty(), "waits: {effects:?}");
    let (session, effects) = session.step(
        Event::Arrived {
            code: "third".into(),
            from: Arrival::Link(2),
        },
        m,
    );
    assert!(effects.is_empty());
    // The first's proofs did not hold (or the worker was gone and the page
    // could not read it): its waiter hears, the next is checked.
    let (session, effects) = session.step(Event::Checked(Some(Problem::Damaged)), m);
    assert_eq!(
        effects,
        [
            Effect::LinkTaken(1, Some(Problem::Damaged)),
            Effect::Check("second".into())
        ]
    );
    // Over the channel, but the channel is not open: no acknowledgement.
    let (session, effects) = session.step(Event::Checked(Some(Problem::Misfit)), m);
    assert_eq!(
        effects,
        [
            Effect::Tell(Some(Problem::Misfit)),
            Effect::Check("third".into())
        ]
    );
    let (session, effects) = session.step(Event::Checked(None), m);
    assert_eq!(effects, [Effect::LinkTaken(2, None), Effect::Tell(None)]);
    assert!(!session.is_checking() && session.inbox.is_empty());
    // A stray answer with nothing checked changes nothing.
    let (after, effects) = session.clone().step(Event::Checked(None), &guest.m);
    assert_eq!(after, session);
    assert!(effects.is_empty(), "{effects:?}");
}

#[test]
fn the_connection_goes_left_no_route_or_nowhere_by_where_it_stood() {
    let (host, _, _) = begun(7);
    let m = &host.m;
    // Closed under an open channel: the friend left.
    let (here, effects) = Session::new(None).step(Event::Opened, m);
    assert_eq!(here.presence, Presence::Here);
    assert_eq!(effects.first(), Some(&Effect::Beat(1)));
    let (left, effects) = here.clone().step(Event::Closed, m);
    assert_eq!((left.presence, left.left), (Presence::Left, true));
    assert_eq!(effects, [Effect::Drop, Effect::Tell(None)]);
    // Opened again: here, a new heartbeat.
    let (again, effects) = left.step(Event::Opened, m);
    assert_eq!((again.presence, again.left), (Presence::Here, false));
    assert_eq!(effects.first(), Some(&Effect::Beat(2)));
    // Closed while forming: no route.
    let connecting = Session {
        presence: Presence::Connecting,
        ..Session::new(None)
    };
    let (failed, effects) = connecting.step(Event::Closed, m);
    assert_eq!(failed.presence, Presence::NoRoute);
    assert_eq!(effects, [Effect::Drop, Effect::Tell(None)]);
    // Closed with no connection: nothing.
    let (links, effects) = Session::new(None).step(Event::Closed, m);
    assert_eq!(links, Session::new(None));
    assert!(effects.is_empty());
}

#[test]
fn frames_that_do_not_read_change_nothing_and_only_a_beating_page_is_timed() {
    let (host, guest, _) = begun(8);
    let m = &host.m;
    let (here, _) = Session::new(None).step(Event::Opened, m);
    for garbage in ["", "x", "r00", "\u{1F93A}"] {
        let (after, effects) = here.clone().step(
            Event::Text {
                text: garbage.into(),
                now: 5.0,
            },
            m,
        );
        assert_eq!(after, here, "{garbage:?}");
        assert!(effects.is_empty(), "{garbage:?}");
    }
    let code = guest.m.last_code();
    let received = |s: Session, now| {
        s.step(
            Event::Text {
                text: Frame::received(code).text(),
                now,
            },
            m,
        )
    };
    let (s, effects) = received(here, 10.0);
    assert_eq!(s.heard, None, "a page that never beat is not timed");
    assert_eq!(s.acknowledged, Some(digest(code)));
    assert_eq!(
        effects,
        [Effect::KeepReceived(digest(code)), Effect::Tell(None)]
    );
    let (s, _) = s.step(
        Event::Text {
            text: Frame::Beat.text(),
            now: 20.0,
        },
        m,
    );
    assert_eq!(s.heard, Some(20.0));
    let (s, _) = received(s, 30.0);
    assert_eq!(s.heard, Some(30.0));
}

#[test]
fn an_invitation_to_another_match_is_offered_not_taken() {
    let (mut host, _, mut rng) = begun(9);
    let (_, invitation) = FriendMatch::invite(Preset::Standard.rules(), "Bo", &mut rng);
    host.on(Event::Opened);
    let steps = host.m.journal().steps.len();
    host.hear([Frame::Message(invitation.clone())]);
    assert_eq!(host.session.offered.as_deref(), Some(invitation.as_str()));
    assert_eq!(host.checks, 0);
    assert_eq!(host.m.journal().steps.len(), steps);
    assert!(host.out.contains(&Frame::received(&invitation)));
}

#[test]
fn the_handshake_goes_offer_answer_open_and_no_route_when_it_cannot() {
    let (host, guest, _) = begun(10);
    let (hm, gm) = (&host.m, &guest.m);
    let offer = Description::from_sdp(Kind::Offer, super::live::CHROMIUM_OFFER).unwrap();
    let answer = Description::from_sdp(Kind::Answer, super::live::FIREFOX_ANSWER).unwrap();
    let prepare = Event::Prepare { available: true };
    // The host has a link to send: an offer is made to ride on it, once.
    let (h, effects) = Session::new(None).step(prepare.clone(), hm);
    assert_eq!(h.presence, Presence::Preparing);
    assert_eq!(effects, [Effect::MakeOffer, Effect::Tell(None)]);
    let (h, effects) = h.step(prepare.clone(), hm);
    assert!(effects.is_empty(), "one offer at a time: {effects:?}");
    let (h, effects) = h.step(Event::Made(Some(offer.clone())), hm);
    assert_eq!(
        (h.presence, h.ours.as_ref()),
        (Presence::Invited, Some(&offer))
    );
    assert_eq!(effects, [Effect::Tell(None)]);
    // The guest's page answers the offer that came on the link.
    let (g, effects) = Session::new(None).step(Event::Described(offer.encode()), gm);
    assert_eq!(g.presence, Presence::Preparing);
    let offered = Description::decode(&offer.encode()).unwrap();
    assert_eq!(effects, [Effect::MakeAnswer(offered), Effect::Tell(None)]);
    let (g, _) = g.step(Event::Made(Some(answer.clone())), gm);
    assert_eq!(g.presence, Presence::Invited);
    // The host takes the answer: the connection forms, once.
    let (h, effects) = h.step(Event::Described(answer.encode()), hm);
    assert_eq!(h.presence, Presence::Connecting);
    let answered = Description::decode(&answer.encode()).unwrap();
    assert_eq!(effects, [Effect::TakeAnswer(answered), Effect::Tell(None)]);
    let (again, effects) = h.clone().step(Event::Described(answer.encode()), hm);
    assert_eq!((again, effects), (h.clone(), vec![]));
    // Not open in time: no route, said.
    let (late, effects) = h.clone().step(Event::TimedOut, hm);
    assert_eq!(late.presence, Presence::NoRoute);
    assert_eq!(effects, [Effect::Drop, Effect::Tell(None)]);
    // Open: a stale time-out, another offer, a garbage description change nothing.
    let (open, _) = h.step(Event::Opened, hm);
    for event in [
        Event::TimedOut,
        Event::Described(offer.encode()),
        Event::Described("not a description".into()),
        prepare.clone(),
    ] {
        let (after, effects) = open.clone().step(event.clone(), hm);
        assert_eq!(after, open, "{event:?}");
        assert!(effects.is_empty(), "{event:?}");
    }
    // The friend's page can make no connection while this one invites:
    // no route, said once; no offer is made after.
    let (invited, _) = Session::new(None).step(Event::Made(Some(offer.clone())), hm);
    let (unable, effects) = invited.step(Event::Described(sdp::UNABLE.into()), hm);
    assert_eq!((unable.presence, unable.unable), (Presence::NoRoute, true));
    assert_eq!(effects, [Effect::Drop, Effect::Tell(None)]);
    let (_, effects) = unable.step(prepare.clone(), hm);
    assert!(effects.is_empty());
    // No WebRTC here: no route, said once.
    let none = Event::Prepare { available: false };
    let (s, effects) = Session::new(None).step(none.clone(), hm);
    assert_eq!(
        (s.presence, effects),
        (Presence::NoRoute, vec![Effect::Tell(None)])
    );
    let (_, effects) = s.step(none.clone(), hm);
    assert!(effects.is_empty(), "said once");
    // No candidate at all, or no connection from the browser: links.
    let (preparing, _) = Session::new(None).step(prepare.clone(), hm);
    let (s, effects) = preparing.clone().step(Event::Made(None), hm);
    assert_eq!((s.presence, s.unable), (Presence::NoRoute, true));
    assert_eq!(effects, [Effect::Drop, Effect::Tell(None)]);
    let (s, effects) = preparing.step(Event::NoPeer, hm);
    assert_eq!((s.presence, s.unable), (Presence::Links, true));
    assert_eq!(effects, [Effect::Tell(None)], "the link goes out now");
    // The friend's offer came, but no connection could be made to answer
    // it (no WebRTC here): once a link is to be sent, no route, said.
    let (s, effects) = Session::new(None).step(Event::Described(offer.encode()), hm);
    assert!(matches!(
        effects[..],
        [Effect::MakeAnswer(_), Effect::Tell(None)]
    ));
    let (s, _) = s.step(Event::NoPeer, hm);
    let (s, effects) = s.step(none.clone(), hm);
    assert_eq!(
        (s.presence, effects),
        (Presence::NoRoute, vec![Effect::Tell(None)])
    );
    let (_, effects) = s.step(none, hm);
    assert!(effects.is_empty(), "said once");
}

#[test]
fn the_same_link_twice_or_from_another_tab_is_old_and_changes_nothing() {
    let (mut host, guest, _) = begun(12);
    let accepted = guest.m.last_code().to_string();
    // Opened here, then again (or handed over by another tab where the
    // person opened it too) while the channel brings the same message.
    host.on(Event::Opened);
    host.on(Event::Arrived {
        code: accepted.clone(),
        from: Arrival::Link(1),
    });
    let steps = host.m.journal().steps.len();
    host.on(Event::Arrived {
        code: accepted.clone(),
        from: Arrival::Link(2),
    });
    host.hear([Frame::Message(accepted.clone())]);
    assert_eq!(
        host.answered,
        [(1, None), (2, Some(Problem::Old))],
        "the second says it is old"
    );
    assert_eq!(host.m.journal().steps.len(), steps, "nothing changed");
    assert_eq!(host.heard, 0, "no news over the channel");
    // The channel's copy is acknowledged all the same.
    assert!(host.out.contains(&Frame::received(&accepted)));
    assert!(host.told.iter().all(Option::is_none), "{:?}", host.told);
    assert!(!host.session.is_checking());
}
