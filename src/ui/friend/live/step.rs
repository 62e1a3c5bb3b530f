//! A held match's live session as data, and the one step that changes it,
//! `(session, event) -> (session, effects)`: the handshake, the frames,
//! the friend's messages received one at a time. No browser, clock or
//! global is read here; the page runs the effects and feeds back what
//! comes of them, so every sequence of events is tested natively.

use std::collections::VecDeque;

use super::event::{Arrival, Effect, Event};
use super::frame::{Frame, Presence};
use super::sdp::{self, Description, Kind};
use crate::friend::game::{match_of, FriendMatch};
use crate::friend::wire::digest;
use crate::ui::friend::arrival::Problem;

/// A held match's live session: where the connection stands, what the
/// friend's page said it has, and the friend's messages waiting.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Session {
    pub presence: Presence,
    /// This page's description, to ride on the next link.
    pub ours: Option<Description>,
    /// The digest of the last message the friend's page said it kept.
    pub acknowledged: Option<[u8; 16]>,
    /// Another match the friend's page offered over the connection: its
    /// invitation's code.
    pub offered: Option<String>,
    /// "No direct connection" is said once a match.
    pub said_no_route: bool,
    /// No description could be made here (no candidate): links only.
    pub unable: bool,
    /// The friend left (their channel closed or fell silent): said until
    /// they are here again.
    pub left: bool,
    /// When the friend's page was last heard, once it beats; pages that
    /// never beat are not timed.
    pub heard: Option<f64>,
    /// The current connection's heartbeat.
    pub beat: u32,
    /// The message being checked, and where it came from.
    pub checking: Option<(String, Arrival)>,
    /// The friend's messages waiting to be checked, in order of arrival.
    pub inbox: VecDeque<(String, Arrival)>,
}

impl Session {
    /// A fresh session, with the acknowledgement kept before a reload.
    pub fn new(acknowledged: Option<[u8; 16]>) -> Session {
        Session {
            acknowledged,
            ..Session::default()
        }
    }

    /// The session after `event`, with what the page is to do, for the
    /// match `m` as it stands.
    #[must_use]
    pub fn step(self, event: Event, m: &FriendMatch) -> (Session, Vec<Effect>) {
        let before = self.shown();
        let (after, mut effects) = self.next(event, m);
        // What the board shows changed: it hears, whatever the event (it
        // shows the session as last told).
        let told = effects.iter().any(|e| matches!(e, Effect::Tell(_)));
        if !told && after.shown() != before {
            effects.push(Effect::Tell(None));
        }
        (after, effects)
    }

    /// What a board shows of the session: where the connection stands, a
    /// message being checked, another match offered, and what rides on the
    /// link to send (or holds it back).
    fn shown(&self) -> impl PartialEq {
        (
            self.presence,
            self.left,
            self.checking.is_some(),
            self.offered.clone(),
            self.acknowledged,
            self.ours.clone(),
            self.unable,
        )
    }

    fn next(mut self, event: Event, m: &FriendMatch) -> (Session, Vec<Effect>) {
        let mut effects = Vec::new();
        match event {
            Event::Opened => {
                self.presence = Presence::Here;
                self.left = false;
                self.ours = None;
                self.beat = self.beat.wrapping_add(1);
                self.heard = None;
                effects.push(Effect::Beat(self.beat));
                self.owed(m, &mut effects);
            }
            Event::Closed => match self.presence {
                Presence::Here => {
                    self.lost();
                    effects.push(Effect::Drop);
                }
                Presence::Connecting => self.failed(&mut effects),
                _ => {}
            },
            Event::Failed => self.failed(&mut effects),
            Event::TimedOut => {
                if self.presence == Presence::Connecting {
                    self.failed(&mut effects);
                }
            }
            // A link is to be sent: no direct connection here (links, said
            // once), or an offer to ride on it, if none is made or forming.
            Event::Prepare { available: false } => {
                self.unable = true;
                self.presence = Presence::NoRoute;
            }
            Event::Prepare { .. } => {
                if self.idle() && self.ours.is_none() && !self.unable {
                    self.presence = Presence::Preparing;
                    effects.push(Effect::MakeOffer);
                }
            }
            Event::Made(ours) => {
                self.unable = ours.is_none();
                self.presence = if ours.is_some() {
                    Presence::Invited
                } else {
                    effects.push(Effect::Drop);
                    Presence::NoRoute
                };
                self.ours = ours;
            }
            Event::NoPeer => {
                if self.presence == Presence::Preparing {
                    self.presence = Presence::Links;
                }
                self.unable = true;
            }
            Event::Described(part) => self.described(&part, &mut effects),
            Event::HandedOver => {
                self.presence = Presence::Links;
                self.offered = None;
            }
            Event::Farewell => self.presence = Presence::Links,
            Event::Text { text, now } => {
                let Ok(frame) = Frame::read(&text) else {
                    // Not a frame: nothing changes.
                    return (self, effects);
                };
                if self.heard.is_some() || frame == Frame::Beat {
                    self.heard = Some(now);
                }
                match frame {
                    Frame::Received(d) => {
                        self.acknowledged = Some(d);
                        effects.push(Effect::KeepReceived(d));
                    }
                    Frame::Message(code) => self.message(code, m, &mut effects),
                    Frame::Beat => {}
                }
            }
            Event::Arrived { code, from } => self.arrived(code, from, &mut effects),
            Event::Checked(problem) => {
                if let Some((code, from)) = self.checking.take() {
                    self.checked(&code, from, problem, m, &mut effects);
                }
                if let Some(next) = self.inbox.pop_front() {
                    effects.push(Effect::Check(next.0.clone()));
                    self.checking = Some(next);
                }
            }
            Event::Changed => self.owed(m, &mut effects),
        }
        (self, effects)
    }

    /// The channel is gone under an open connection: the friend left.
    pub fn lost(&mut self) {
        self.presence = Presence::Left;
        self.left = true;
        self.ours = None;
    }

    /// No connection, none forming, no description being made.
    pub fn idle(&self) -> bool {
        matches!(
            self.presence,
            Presence::Links | Presence::Left | Presence::NoRoute
        )
    }

    /// A message of the friend's is being checked.
    pub fn is_checking(&self) -> bool {
        self.checking.is_some()
    }

    /// The friend's description: an offer is answered (the answer rides on
    /// this page's next link); an answer to this page's offer completes the
    /// connection; a page that can make none says so (links, said once).
    fn described(&mut self, part: &str, effects: &mut Vec<Effect>) {
        if part == sdp::UNABLE {
            self.unable = true;
            if !matches!(self.presence, Presence::NoRoute | Presence::Here) {
                self.presence = Presence::NoRoute;
                self.ours = None;
                effects.push(Effect::Drop);
            }
            return;
        }
        let Ok(theirs) = Description::decode(part) else {
            return;
        };
        match theirs.kind {
            Kind::Answer => {
                let offered = self.ours.as_ref().is_some_and(|d| d.kind == Kind::Offer);
                if self.presence == Presence::Invited && offered {
                    self.presence = Presence::Connecting;
                    self.ours = None;
                    effects.push(Effect::TakeAnswer(theirs));
                }
            }
            // Live already, or no candidate here: nothing to answer.
            Kind::Offer => {
                if self.presence != Presence::Here && !self.unable {
                    self.presence = Presence::Preparing;
                    self.ours = None;
                    effects.push(Effect::MakeAnswer(theirs));
                }
            }
        }
    }

    fn failed(&mut self, effects: &mut Vec<Effect>) {
        self.presence = Presence::NoRoute;
        self.ours = None;
        effects.push(Effect::Drop);
    }

    /// The match's last message, if the channel is open and the friend's
    /// page has not said it has it.
    fn owed(&self, m: &FriendMatch, effects: &mut Vec<Effect>) {
        let code = m.last_code();
        let owed = self.presence == Presence::Here
            && !m.sends_next()
            && !code.is_empty()
            && self.acknowledged != Some(digest(code));
        if owed {
            effects.push(Effect::Send(Frame::Message(code.to_string())));
        }
    }

    /// A message over the channel: an invitation to another match ("Play
    /// again") is kept for the person to accept; any other is taken in.
    fn message(&mut self, code: String, m: &FriendMatch, effects: &mut Vec<Effect>) {
        let other = match_of(&code).is_ok_and(|id| id != m.id());
        if other && FriendMatch::read_invitation(&code).is_ok() {
            effects.push(Effect::Send(Frame::received(&code)));
            self.offered = Some(code);
            return;
        }
        self.arrived(code, Arrival::Channel, effects);
    }

    fn arrived(&mut self, code: String, from: Arrival, effects: &mut Vec<Effect>) {
        if self.checking.is_some() {
            self.inbox.push_back((code, from));
            return;
        }
        // The board says it is being checked.
        effects.extend([Effect::Tell(None), Effect::Check(code.clone())]);
        self.checking = Some((code, from));
    }

    /// Who hears once a message is taken in. A message already kept (it
    /// came again after a reconnection) is acknowledged too; only a new
    /// one is news.
    fn checked(
        &mut self,
        code: &str,
        from: Arrival,
        problem: Option<Problem>,
        m: &FriendMatch,
        effects: &mut Vec<Effect>,
    ) {
        match from {
            Arrival::Channel => {
                if matches!(problem, None | Some(Problem::Old)) && self.presence == Presence::Here {
                    effects.push(Effect::Send(Frame::received(code)));
                }
                self.owed(m, effects);
                if problem.is_none() {
                    effects.push(Effect::Heard);
                }
                effects.push(Effect::Tell(problem.filter(|p| *p != Problem::Old)));
            }
            Arrival::Link(waiter) => effects.push(Effect::LinkTaken(waiter, problem)),
        }
    }
}
