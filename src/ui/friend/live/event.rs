//! What happens to a held match's live session ([`Event`]) and what the
//! page then does ([`Effect`]): the words of its step ([`super::step`]).

use super::frame::Frame;
use super::peer::PeerEvent;
use super::sdp::Description;
use crate::ui::friend::arrival::Problem;

/// Where a message to take in came from, and so who hears once it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// Over the channel: acknowledged, and what this seat owes goes back.
    Channel,
    /// By a link, opened here or handed over by another tab: the waiter
    /// with this number hears.
    Link(u32),
}

/// What happens to a held match's session.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The channel opened.
    Opened,
    /// The channel closed, or the friend's page fell silent.
    Closed,
    /// The connection could not be made (refused).
    Failed,
    /// The connection did not open in time.
    TimedOut,
    /// A link is to be sent and no description rides on it yet; whether
    /// this browser can make a direct connection at all.
    Prepare { available: bool },
    /// This page's description was made (`None`: no candidate at all).
    Made(Option<Description>),
    /// The browser would not make a connection here.
    NoPeer,
    /// The friend's description that came with a link: a compact
    /// description, or [`super::sdp::UNABLE`].
    Described(String),
    /// A new match with the same friend took the open connection over.
    HandedOver,
    /// The page is going: its connection closes.
    Farewell,
    /// A frame's text came over the channel, at `now` (milliseconds, the
    /// page's clock).
    Text { text: String, now: f64 },
    /// A message of the friend's to take in, after those before it.
    Arrived { code: String, from: Arrival },
    /// The message being checked was taken in, or not: what went wrong.
    /// The match is as it then stands.
    Checked(Option<Problem>),
    /// The match changed here (the person played, a message was taken):
    /// its last message goes over the channel if the friend lacks it.
    Changed,
}

/// What the page does after a step, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Sends a frame over the channel.
    Send(Frame),
    /// Starts the open channel's heartbeat with this number (a newer one
    /// stops the older).
    Beat(u32),
    /// Keeps the friend's acknowledgement across a reload.
    KeepReceived([u8; 16]),
    /// Takes this message into the match, its proofs checked;
    /// [`Event::Checked`] follows.
    Check(String),
    /// The link's waiter with this number hears what went wrong.
    LinkTaken(u32, Option<Problem>),
    /// Makes a connection and its offer ([`Event::Made`] or
    /// [`Event::NoPeer`] follows).
    MakeOffer,
    /// Makes a connection that answers the friend's offer (as
    /// [`Effect::MakeOffer`]).
    MakeAnswer(Description),
    /// Gives the friend's answer to the connection ([`Event::Opened`], or
    /// [`Event::Failed`] / [`Event::TimedOut`], follows).
    TakeAnswer(Description),
    /// A new message came over the channel and was taken in (a chime, if
    /// it is now the person's turn and they asked for one).
    Heard,
    /// Lets the connection go.
    Drop,
    /// The board hears of a change, with what went wrong if anything.
    Tell(Option<Problem>),
}

/// Where the page sends an event: to the held match's session, by its id.
pub(crate) type Dispatch = fn(&str, Event);

impl Event {
    /// What the channel said, at `now` (milliseconds, the page's clock).
    pub fn of_channel(event: PeerEvent, now: f64) -> Event {
        match event {
            PeerEvent::Open => Event::Opened,
            PeerEvent::Closed => Event::Closed,
            PeerEvent::Text(text) => Event::Text { text, now },
        }
    }
}
