//! One seat's state of a match, and what it shows.

use super::errors::{Cheat, FriendError};
use super::journal::{Journal, JournalEntry};
use crate::engine::{Action, BySide, Match, Observation, PublicState, Rules, Side};
use crate::engine::{Phase, RoundResult, Special};
use crate::friend::commit::Commitment;
use crate::friend::masked::{DeckKey, Keys};
use crate::friend::round::RoundState;
use crate::friend::wire::{Chain, Item, MatchId, Seat};
use ed25519_dalek::SigningKey;

/// One seat's state of a match with a friend.
#[derive(Clone, Debug)]
pub struct FriendMatch {
    pub(super) seat: Seat,
    pub(super) rules: Rules,
    pub(super) names: BySide<String>,
    pub(super) chain: Chain,
    /// The number of the next message this seat sends.
    pub(super) next_number: u32,
    /// This seat sends the next message (the friend waits for it).
    pub(super) sends_next: bool,
    /// The digest of the message being taken in (what a secret derived per
    /// message answers).
    pub(super) answering: [u8; 16],
    /// This seat's signing key, and the friend's, once announced: every
    /// later message of theirs must be signed with it.
    pub(super) signing: SigningKey,
    pub(super) their_key: Option<[u8; 32]>,
    /// The deck keys: this seat's, and both once the friend's came.
    pub(super) deck_key: DeckKey,
    pub(super) keys: Option<Keys>,
    /// The rounds dealt so far (the proofs' context names the round).
    pub(super) dealt: u16,
    /// The friend's commitment to its value for the round in play.
    pub(super) their_next: Option<Commitment>,
    /// Round 1's chance: this seat's value; the host's commitment (guest).
    pub(super) value: [u8; 32],
    pub(super) their_commit: Option<Commitment>,
    /// The audited rounds as the engine replays them (`None` before the
    /// first round's audit).
    pub(super) played: Option<Match>,
    /// The current round's public start, and this seat's state of it.
    pub(super) start: Option<PublicState>,
    pub(super) round: Option<RoundState>,
    /// This seat's hand of the round in play has gone (at the round's end
    /// with its round value, or with a resignation).
    pub(super) hand_sent: bool,
    /// The friend's round value, revealed at the round's end.
    pub(super) their_value: Option<[u8; 32]>,
    pub(super) shown_sent: bool,
    pub(super) resigned: Option<Side>,
    /// The friend's page cheated: the match is void.
    pub(super) void: Option<Cheat>,
    /// The person marked the match abandoned: the friend stopped answering.
    pub(super) abandoned: bool,
    /// To go with the next message.
    pub(super) out: Vec<Item>,
    /// The last message sent, as a link's code.
    pub(super) last_code: String,
    /// How this seat's state came to be, to rebuild it after a reload.
    pub(super) journal: Journal,
}

pub(super) fn side_of(seat: Seat) -> Side {
    match seat {
        Seat::Host => Side::White,
        Seat::Guest => Side::Black,
    }
}

impl FriendMatch {
    /// What to keep to rebuild this state ([`FriendMatch::restore`]).
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The match's id, as its messages name it.
    pub fn id(&self) -> MatchId {
        self.chain.game
    }

    /// The last message this seat sent, as a link's code (the invitation
    /// until the friend answers).
    pub fn last_code(&self) -> &str {
        &self.last_code
    }

    /// This seat sends the next message: the friend waits for it.
    pub fn sends_next(&self) -> bool {
        self.sends_next
    }

    /// Who resigned, if anyone did.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// This seat's side.
    pub fn side(&self) -> Side {
        side_of(self.seat)
    }

    /// The match's rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The players' names (White the host's).
    pub fn names(&self) -> &BySide<String> {
        &self.names
    }

    /// The audited rounds as the engine replays them.
    pub fn played(&self) -> Option<&Match> {
        self.played.as_ref()
    }

    /// The current round's public start (its starter, R7, and special
    /// card) once drawn; for round 1 drawn by lot from both pages' values.
    pub fn round_start(&self) -> Option<&PublicState> {
        self.start.as_ref()
    }

    /// The round in play's actions so far, both sides' (none between
    /// rounds).
    pub fn actions(&self) -> &[(Side, Action)] {
        self.round.as_ref().map_or(&[], RoundState::actions)
    }

    /// The match is over (won, resigned, or void).
    pub fn is_over(&self) -> bool {
        self.void.is_some()
            || self.abandoned
            || self.resigned.is_some()
            || self.played.as_ref().is_some_and(Match::is_over)
    }

    /// What the friend's page sent that made the match void, if it did.
    pub fn void(&self) -> Option<Cheat> {
        self.void
    }

    /// The person marks the match abandoned while the friend's answer is
    /// awaited (they stopped answering): it is over, the rounds played
    /// (audited) are kept, and no later message is taken.
    ///
    /// # Errors
    /// [`FriendError::NotYourTurn`] when the person holds the turn (they
    /// may resign instead), [`FriendError::Over`] once the match is over.
    pub fn abandon(&mut self) -> Result<(), FriendError> {
        if self.is_over() {
            return Err(FriendError::Over);
        }
        if self.sends_next {
            return Err(FriendError::NotYourTurn);
        }
        self.abandoned = true;
        self.journal.steps.push(JournalEntry::Abandoned);
        Ok(())
    }

    /// Whether the person marked the match abandoned.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// This seat's view of the round in play, if its cards are open.
    pub fn observation(&self) -> Option<Observation> {
        self.round.as_ref()?.observation().ok()
    }

    /// The round in play is over by its public actions, this seat's hand
    /// and value have gone and the friend's have not come: its result, not
    /// audited yet, when it is this seat's win. A page that withholds its
    /// hand or value cannot hide the win its friend's actions made public,
    /// and never wins a round it did not let be audited.
    pub fn unaudited_result(&self) -> Option<RoundResult> {
        if !self.hand_sent || self.sends_next || self.resigned.is_some() || self.void.is_some() {
            return None;
        }
        let me = self.side();
        let result = self.round.as_ref()?.observation().ok()?.public().result()?;
        (result.winner == Some(me)).then_some(result)
    }

    /// This seat's view of the round in play while cards it drew wait for
    /// the friend's tokens: the position after every action, the hand short
    /// of those cards (none before the round's first action).
    pub fn observation_so_far(&self) -> Option<Observation> {
        let round = self.round.as_ref()?;
        if round.actions().is_empty() {
            return None;
        }
        round.observation_so_far().ok()
    }

    /// The special cards the person may pick from when it is theirs to
    /// pick now (S4: the Choice card turned, this side starts): before the
    /// deal, so before any card is open.
    pub fn choice(&self) -> Option<[Special; 4]> {
        let start = self.round.as_ref()?.start();
        let due = self.sends_next
            && !self.is_over()
            && start.phase() == Phase::Choose
            && start.starter() == self.side();
        due.then_some(Special::CHOICES)
    }

    /// The person's view when it is theirs to play now.
    pub fn to_play(&self) -> Option<Observation> {
        if !self.sends_next || self.is_over() || self.choice().is_some() {
            return None;
        }
        let obs = self.observation()?;
        (!obs.public().is_over() && obs.public().to_act() == self.side()).then_some(obs)
    }
}

/// The item that carries a played card's token.
pub(super) fn played_item((position, token): (usize, Vec<u8>)) -> Item {
    let position = u8::try_from(position).unwrap_or(u8::MAX);
    Item::Played { position, token }
}

/// The item that carries a token opening a card.
pub(super) fn token_item((position, token): (usize, Vec<u8>)) -> Item {
    let position = u8::try_from(position).unwrap_or(u8::MAX);
    Item::Token { position, token }
}
