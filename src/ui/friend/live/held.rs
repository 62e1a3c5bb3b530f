//! The matches this page holds, as one value: each match as it stands, its
//! live session ([`Session`]), what went wrong while no board watched, and
//! which connection carries its events. It changes only by a
//! [`HeldAction`] ([`HeldMatches::apply`]), which says what the page is then
//! to do; what the browser lends (the connections themselves, the board's
//! callback, a link's waiter) is kept apart ([`super::session`]).

use std::collections::BTreeMap;
use std::rc::Rc;

use super::event::{Effect, Event};
use super::frame::Presence;
use super::sdp;
use super::step::Session;
use crate::friend::game::FriendMatch;
use crate::friend::wire::digest;
use crate::ui::friend::arrival::Problem;
use crate::ui::friend::standing::link_owed;

/// One match this page holds.
#[derive(Clone, Debug)]
pub struct Held {
    /// The match as it stands (a new value at each change).
    pub held: Rc<FriendMatch>,
    pub session: Session,
    /// What went wrong while no board watched, said to the next one.
    pub unsaid: Option<Problem>,
    /// The connection whose events go to this match, by its number.
    pub connection: Option<u32>,
}

/// The matches this page holds, by id.
#[derive(Clone, Debug, Default)]
pub struct HeldMatches {
    matches: BTreeMap<String, Held>,
}

/// What changes the matches held.
#[derive(Clone, Debug)]
pub enum HeldAction {
    /// Holds `m`, replacing the match held under its id (its session,
    /// connection and what is unsaid kept); a match not held yet starts a
    /// session with `acknowledged`, the digest the friend's page last said
    /// it kept (as kept before a reload).
    Hold {
        m: FriendMatch,
        acknowledged: Option<[u8; 16]>,
    },
    /// The held match `id` as it now stands (a move made, a message taken
    /// in).
    Changed(String, FriendMatch),
    /// Match `id`'s session steps ([`Session::step`]).
    Step(String, Event),
    /// Connection `n` said something: the match it carries hears it.
    Channel(u32, Event),
    /// Connection `n` now carries match `id`'s events.
    Connected(u32, String),
    /// A new match with the same friend (`to`) takes over the open
    /// connection of match `from`.
    HandOver { from: String, to: String },
    /// What went wrong with match `id` while no board watched.
    Unsaid(String, Problem),
    /// A board watches match `id`: it hears at once, with what went wrong
    /// meanwhile.
    Watched(String),
    /// "No direct connection" was said for match `id`.
    SaidNoRoute(String),
}

/// What the page does after an action: an effect of a held match's
/// session, in order.
pub type Todo = (String, Effect);

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

impl HeldMatches {
    /// Match `id` as held, if it is.
    pub fn get(&self, id: &str) -> Option<&Held> {
        self.matches.get(id)
    }

    /// The ids of every match held.
    pub fn ids(&self) -> Vec<String> {
        self.matches.keys().cloned().collect()
    }

    /// The matches after `action`, and what the page is then to do.
    pub fn apply(&mut self, action: HeldAction) -> Vec<Todo> {
        match action {
            HeldAction::Hold { m, acknowledged } => {
                let id = m.id().to_string();
                let held = Rc::new(m);
                match self.matches.get_mut(&id) {
                    Some(h) => h.held = held,
                    None => {
                        let h = Held {
                            held,
                            session: Session::new(acknowledged),
                            unsaid: None,
                            connection: None,
                        };
                        self.matches.insert(id, h);
                    }
                }
                Vec::new()
            }
            HeldAction::Changed(id, m) => {
                if let Some(h) = self.matches.get_mut(&id) {
                    h.held = Rc::new(m);
                }
                Vec::new()
            }
            HeldAction::Step(id, event) => self.step(&id, event),
            HeldAction::Channel(n, event) => {
                let carried = self.matches.iter().find(|(_, h)| h.connection == Some(n));
                // (A connection let go says nothing to any match.)
                match carried.map(|(id, _)| id.clone()) {
                    Some(id) => self.step(&id, event),
                    None => Vec::new(),
                }
            }
            HeldAction::Connected(n, id) => {
                if let Some(h) = self.matches.get_mut(&id) {
                    h.connection = Some(n);
                }
                Vec::new()
            }
            HeldAction::HandOver { from, to } => self.hand_over(&from, &to),
            HeldAction::Unsaid(id, problem) => {
                if let Some(h) = self.matches.get_mut(&id) {
                    h.unsaid = Some(problem);
                }
                Vec::new()
            }
            HeldAction::Watched(id) => match self.matches.get_mut(&id) {
                Some(h) => vec![(id, Effect::Tell(h.unsaid.take()))],
                None => Vec::new(),
            },
            HeldAction::SaidNoRoute(id) => {
                if let Some(h) = self.matches.get_mut(&id) {
                    h.session.said_no_route = true;
                }
                Vec::new()
            }
        }
    }

    fn step(&mut self, id: &str, event: Event) -> Vec<Todo> {
        let Some(h) = self.matches.get_mut(id) else {
            return Vec::new();
        };
        let (session, effects) = std::mem::take(&mut h.session).step(event, &h.held);
        h.session = session;
        if effects.contains(&Effect::Drop) {
            h.connection = None;
        }
        effects.into_iter().map(|e| (id.to_string(), e)).collect()
    }

    /// The open connection of `from` carries `to`'s events from now on;
    /// `from` goes back to links, `to` is live at once.
    fn hand_over(&mut self, from: &str, to: &str) -> Vec<Todo> {
        let live = self
            .matches
            .get(from)
            .is_some_and(|h| h.session.presence == Presence::Here && h.connection.is_some());
        if !live || !self.matches.contains_key(to) || from == to {
            return Vec::new();
        }
        let mut todo = self.step(from, Event::HandedOver);
        let connection = self.matches.get_mut(from).and_then(|h| h.connection.take());
        if let Some(h) = self.matches.get_mut(to) {
            h.connection = connection;
        }
        todo.extend(self.step(to, Event::Opened));
        todo
    }

    /// What the board shows of match `id`, if it is held; `available`:
    /// whether this browser can make a direct connection at all.
    pub fn watched(&self, id: &str, available: bool) -> Option<Watched> {
        let h = self.matches.get(id)?;
        let s = &h.session;
        let presence = match s.presence {
            Presence::Here => Presence::Here,
            _ if s.left => Presence::Left,
            other => other,
        };
        let checking = s.is_checking();
        let owed = link_owed(&h.held) && !checking;
        Some(Watched {
            held: h.held.clone(),
            presence,
            checking,
            offered: s.offered.clone(),
            link: owed
                .then(|| link_of(s, h.held.last_code(), available))
                .flatten(),
        })
    }

    /// Whether "no direct connection" is to be said now for match `id`:
    /// once a match (`said_before`: it was, before a reload), and only once
    /// the friend is named (not before they accepted).
    pub fn no_route_to_say(&self, id: &str, said_before: bool) -> bool {
        self.matches.get(id).is_some_and(|h| {
            let m = &h.held;
            let named = !m.names()[m.side().opponent()].is_empty();
            let said = h.session.said_no_route || said_before;
            h.session.presence == Presence::NoRoute && !said && named
        })
    }
}

/// The link's text for the match's last message `code` (with this page's
/// description riding on it), or `None` while it is held back: the
/// description is being made, or the channel carries the message.
fn link_of(s: &Session, code: &str, available: bool) -> Option<String> {
    let acknowledged = s.acknowledged == Some(digest(code));
    // An offer is about to be made for it (the board asks, see `prepare`).
    let about_to = s.idle() && s.ours.is_none() && !s.unable && available;
    (!s.presence.withholds_link(acknowledged) && !about_to).then(|| {
        // A page that cannot connect says so on its links.
        if s.unable || !available {
            format!("{code}.{}", sdp::UNABLE)
        } else {
            sdp::join(code, s.ours.as_ref())
        }
    })
}
